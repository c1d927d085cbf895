"""jax 0.12's new memory_analysis() numbers (total_allocation_bytes, peak_unpadded_heap_bytes,
indefinite_allocations) are read, checked by `verify` under jax's own names, and named beside the
headline. Each is compared with what jax itself reported, read here from memory_analysis.json."""
from __future__ import annotations

import json

import pytest

from conftest import case_id, corpus_cases, hlo_file, run, run_json

NAMED = ("total_allocation_bytes", "peak_unpadded_heap_bytes", "indefinite_allocations")
CASES = [c for c in corpus_cases() if "total_allocation_bytes" in
         json.loads((c / "memory_analysis.json").read_text() if (c / "memory_analysis.json").exists() else "{}")]


def test_bundled_jax_012_programs_are_there():
    assert len(CASES) >= 3


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_verify_checks_jax_012_numbers_under_their_names(case):
    jax = json.loads((case / "memory_analysis.json").read_text())
    report = run_json("verify", case)
    checks = {c["quantity"]: c for c in report["checks"]}
    for name in NAMED:
        assert checks[name]["xla"] == jax[name]
        assert checks[name]["recomputed"] == jax[name], name
        assert checks[name]["ok"]
    # total_allocation_bytes is bufviz's headline, memory needed
    assert run_json("peak", hlo_file(case))["memory"]["needed_bytes"] == jax["total_allocation_bytes"]


@pytest.mark.parametrize("case", CASES[:1], ids=case_id)
def test_a_changed_jax_number_is_a_mismatch(case, tmp_path):
    """A memory_analysis.json whose total_allocation_bytes is off by 8 is not 'all match'."""
    for f in case.iterdir():
        (tmp_path / f.name).write_bytes(f.read_bytes())
    jax = json.loads((case / "memory_analysis.json").read_text())
    jax["total_allocation_bytes"] += 8
    (tmp_path / "memory_analysis.json").write_text(json.dumps(jax))
    code, out, _ = run("verify", tmp_path, "--format", "json")
    assert code == 1   # (verify fails on any difference)
    assert [m["quantity"] for m in json.loads(out)["mismatches"]] == ["total_allocation_bytes"]
    code, out, _ = run("verify", tmp_path, "--no-color")
    assert code == 1 and "total_allocation_bytes" in out and "match XLA" not in out


@pytest.mark.parametrize("case", CASES[:1], ids=case_id)
def test_peak_names_jax_012_numbers_beside_the_headline(case):
    jax = json.loads((case / "memory_analysis.json").read_text())
    rows = {r["name"]: r for r in run_json("peak", hlo_file(case))["memory"]["other_numbers"]}
    for name in NAMED:
        assert rows[f"jax {name}"]["bytes"] == jax[name]
    assert "same as memory needed" in rows["jax total_allocation_bytes"]["reason"]
    code, out, _ = run("peak", hlo_file(case), "--no-color", "--no-advice")
    assert code == 0
    for name in NAMED:
        assert f"jax {name}" in out
