"""The device's word: every XLA:GPU program of the corpus was also run once on an H100, and the
allocator's peak during the run was recorded (`measured.json`, see ../shared/corpus/README.md).
Those runs grew the allocator's pool on demand (XLA_PYTHON_CLIENT_PREALLOCATE=false): the peak
is then at least what XLA planned (memory needed, read from XLA's own allocations here) and,
the pool handing out whole free chunks, at most 1.8 times it. jax's solver calls (`cusolver_*`
custom calls) take workspace from the allocator while they run, outside XLA's plan."""
from __future__ import annotations

import json
import re

import pytest

import xla_text
from conftest import case_id, corpus_cases, dump_text, hlo_file, run_json

MEASURED = [c for c in corpus_cases() if (c / "measured.json").exists()]
GROWN_POOL_AT_MOST = 1.8   # the corpus README: preallocation off, whole free chunks handed out


def test_the_bundled_data_holds_measured_runs():
    assert any("tests/data" in str(c) for c in MEASURED)


@pytest.mark.parametrize("case", MEASURED, ids=case_id)
def test_memory_needed_agrees_with_the_allocators_measured_peak(case):
    measured = json.loads((case / "measured.json").read_text())["after_run"]["peak_bytes_in_use"]
    xla_needed = sum(a["size"] for a in xla_text.allocations(dump_text(case)) if not a["thread_local"])
    report = run_json("peak", case)
    needed = report["memory"]["needed_bytes"]
    assert needed == xla_needed
    assert needed <= measured
    if not re.search(r'custom_call_target="cusolver', hlo_file(case).read_text()):
        assert measured <= GROWN_POOL_AT_MOST * needed
