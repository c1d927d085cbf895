"""Numbers on one screen never contradict each other: temp fragmentation is never negative and
the lower bound never exceeds the total it bounds (storage counted once, checked against XLA's
own allocations and live ranges); XLA's date window is never inverted."""
from __future__ import annotations

import re

import pytest

import xla_text
from xla_text import storage_peak
from conftest import SEEDS, WILD, case_id, corpus_cases, dump_text, hlo_file, run, run_json

CASES = corpus_cases()




@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_temp_storage_and_fragmentation_agree_with_xla(case):
    report = run_json("peak", hlo_file(case))
    ours = report["recomputed"]
    text = dump_text(case)
    temp_size = sum(a["size"] for a in xla_text.allocations(text) if a["temp"])
    assert ours["temp_in_use_peak_bytes"] == storage_peak(text)
    assert 0 <= ours["temp_free_at_peak_bytes"] == temp_size - storage_peak(text)
    lower_bound = ours["total_bytes_used"] - ours["temp_free_at_peak_bytes"]
    assert lower_bound <= xla_text.total_bytes_used(text)


@pytest.mark.parametrize("seed", ["000", "002", "003", "004"])
def test_seeds_show_no_negative_fragmentation(seed):
    path = next(SEEDS.glob(f"{seed}_*.txt"))
    ours = run_json("peak", path)["recomputed"]
    assert ours["temp_free_at_peak_bytes"] >= 0
    assert ours["temp_in_use_peak_bytes"] <= ours["temp_bytes"]
    code, out, _ = run("allocations", path, "--no-color")
    lower = re.search(r"lower bound \(no fragmentation\)\s+.*\(([\d,]+) B\)", out)
    total = re.search(r"total bytes used\s+.*\(([\d,]+) B\)", out)
    assert int(lower.group(1).replace(",", "")) <= int(total.group(1).replace(",", ""))
    assert not re.search(r"temp fragmentation\s+.*-\d", out)


def _every_input():
    paths = [hlo_file(c) for c in CASES] + sorted(SEEDS.glob("00*.txt"))
    if WILD.exists():
        paths += sorted(p for p in WILD.glob("*.txt") if not p.name.startswith(("gpu-oom", "tpu-oom", "tpu-compile")))
    return paths


@pytest.mark.parametrize("path", _every_input(), ids=lambda p: p.name[:60])
def test_date_window_is_never_inverted(path):
    vintage = run_json("peak", path)["vintage"]
    if vintage["earliest"] and vintage["latest"]:
        assert vintage["earliest"] <= vintage["latest"] or vintage["conflicting"]
    code, out, _ = run("peak", path, "--no-color")
    window = re.search(r"text printed by XLA of (\d{4}-\d\d-\d\d) … (\d{4}-\d\d-\d\d)", out.splitlines()[0])
    assert window is None or window.group(1) <= window.group(2)


def test_an_excerpt_of_live_ranges_is_dated_by_its_own_rows():
    """A live-range section cut out of an old combined dump: its `name: N bytes` peak rows date
    it before 2025-04; nothing in a lone excerpt says XLA wrote it in a file of its own."""
    path = WILD / "live-range-lorrax-solve-w.txt"
    if not path.exists():
        pytest.skip("needs ../shared/corpus/wild")
    text = path.read_text()
    assert re.search(r"^\s+\S+: \d+ bytes$", text, re.M)   # the old row style
    vintage = run_json("peak", path)["vintage"]
    assert not vintage["conflicting"] and vintage["latest"] <= "2025-04-14"


@pytest.mark.parametrize("path", [hlo_file(c) for c in CASES[::7]] + sorted(SEEDS.glob("00*.txt")),
                         ids=lambda p: p.parent.name + "/" + p.name[:24])
def test_no_fragmentation_is_negative_in_json(path):
    """XLA's own stat subtracts a peak that counts a value taking over another's chunk twice;
    bufviz's JSON gives the free bytes of each heap at its busiest tick instead."""
    ours = run_json("peak", path)["recomputed"]
    assert ours["fragmentation_bytes"] >= 0
    assert ours["total_fragmentation_bytes"] is None or ours["total_fragmentation_bytes"] >= 0
    assert ours["fragmentation_bytes"] <= ours["temp_bytes"]
