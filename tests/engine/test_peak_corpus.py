"""`bufviz peak` on every real dump case: the `xla` section equals what XLA printed, read
independently here (tests/xla_text.py)."""
from __future__ import annotations

import pytest

import xla_text
from bufviz.units import human_bytes
from conftest import case_id, corpus_cases, dump_text, hlo_file, run, run_json, usage_report_text

CASES = corpus_cases()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_xla_numbers_equal_the_dump(case):
    report = run_json("peak", hlo_file(case))
    text = dump_text(case)
    xla = report["xla"]
    assert xla["total_bytes_used"] == xla_text.total_bytes_used(text)
    assert xla["schedule_end"] == xla_text.schedule_end(text)
    assert xla["peak_time"] == xla_text.peak_time(text)
    rows = xla_text.peak_rows(text)
    assert xla["peak_bytes"] == sum(b for _, b in rows)
    printed = [(r["name"] if xla["peak_rows"] == "instruction" else f"{r['name']}{{{r['index']}}}", r["bytes"])
               for r in xla["live_at_peak"]]
    assert printed == rows
    ranges = {(r["name"], r["index"]): (r["start"], r["end"]) for r in xla["live_ranges"]}
    assert ranges == xla_text.live_ranges(text)
    assert {a["index"]: a["size"] for a in xla["allocations"]} == xla_text.allocation_sizes(text)
    values = {a["index"]: [(v["id"], v["size"], v["offset"]) for v in a["values"]] for a in xla["allocations"]}
    assert values == xla_text.allocation_values(text)
    report_text = usage_report_text(case)
    if report_text is not None:
        assert xla["memory_usage_report"]["total_bytes_used"] == xla_text.total_bytes_used(report_text)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_discovery_reads_every_file_of_the_case(case):
    """From any optimized file of the case (an XLA:GPU folder's second text, written when the
    executable was loaded from jax's cache, included), the files XLA wrote with its dump."""
    stem = hlo_file(case).name[:-len(".txt")]
    dump_files = sorted(str(p) for p in case.iterdir() if p.name.startswith(stem))
    stats = [str(case / "memory_analysis.json")] if (case / "memory_analysis.json").exists() else []
    for start in sorted(p for p in case.iterdir() if "after_optimizations" in p.name):
        report = run_json("peak", start)
        assert sorted(set(p for p in report["inputs"].values() if p)) == sorted(dump_files + stats)
        assert report["platform"] == ("gpu" if case.parent.name.endswith("-gpu") else "cpu")
        assert report["module"] in hlo_file(case).name


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_text_report_leads_with_memory_needed_and_names_xlas_numbers(case):
    """The headline is every allocation XLA made, thread-local scratch aside, each once; XLA's
    Total bytes used is shown under its own name."""
    text = dump_text(case)
    needed = sum(a["size"] for a in xla_text.allocations(text) if not a["thread_local"])
    code, out, err = run("peak", case, "--no-color")
    assert code == 0, err
    first = next(line for line in out.splitlines() if line.startswith("Memory needed"))
    assert human_bytes(needed) in first and (needed < 1024 or f"({needed:,} B)" in first)
    total = xla_text.total_bytes_used(text)
    row = next(line for line in out.splitlines() if line.startswith("XLA's Total bytes used"))
    assert human_bytes(total) in row
