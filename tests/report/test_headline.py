"""The headline (memory needed), the storage at the peak moment and its groups, on every real
case: checked against XLA's own allocations, live ranges and jax's memory_analysis()."""
from __future__ import annotations

import json

import pytest

import xla_text
from conftest import SEEDS, WILD, case_id, corpus_cases, dump_text, hlo_file, run, run_json
from xla_text import storage_peak

CASES = corpus_cases()
BY = ("source", "op", "kind", "category")


def sums_hold(report: dict) -> dict:
    memory = report["memory"]
    needed = memory["needed_bytes"]
    assert sum(r["bytes"] for r in memory["at_peak"]) == needed
    for by in BY:
        assert sum(g["bytes"] for g in report["groups"][by]) == needed, by
    assert memory["fragmentation_bytes"] >= 0
    slices = [(r["allocation"], r["offset"]) for r in memory["at_peak"] if r["kind"] != "free"]
    assert len(slices) == len(set(slices))   # no storage row counted twice
    parts = (memory["argument_bytes"] + memory["output_bytes"] + memory["temp_bytes"] + memory["constant_bytes"]
             + memory["scratch_bytes"] - memory["alias_bytes"])   # (scratch: libtpu's thread-local, held)
    assert parts == needed
    return memory


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_memory_needed_against_xla_and_jax(case):
    report = run_json("peak", case)
    memory = sums_hold(report)
    text = dump_text(case)
    allocations = xla_text.allocations(text)
    assert memory["needed_bytes"] == sum(a["size"] for a in allocations if not a["thread_local"])
    assert memory["needed_bytes"] <= xla_text.total_bytes_used(text)
    stats_path = case / "memory_analysis.json"
    if stats_path.exists():
        stats = json.loads(stats_path.read_text())
        jax = stats["argument_size_in_bytes"] + stats["output_size_in_bytes"] + stats["temp_size_in_bytes"] \
            - stats["alias_size_in_bytes"]
        constants = sum(a["size"] for a in allocations if a["constant"])
        if jax:   # jax 0.4.13 on CPU reported zeros
            assert memory["needed_bytes"] == jax + constants
    # The peak moment: when XLA's temp allocation holds the most live bytes, and what runs then.
    assert memory["temp_in_use_bytes"] == storage_peak(text)
    sequence = xla_text.instruction_sequence(text)
    if sequence:
        assert memory["peak_instruction"] == sequence[memory["peak_time"]]


def _other_inputs():
    paths = sorted(SEEDS.glob("00*.txt"))
    if WILD.exists():
        paths += sorted(WILD.glob("buffer-assignment-*.txt")) + sorted(WILD.glob("hlo-*.txt"))
    return paths


@pytest.mark.parametrize("path", _other_inputs(), ids=lambda p: p.name[:50])
def test_seeds_and_published_dumps(path):
    report = run_json("peak", path)
    memory = sums_hold(report)
    text = path.read_text()
    if "BufferAssignment:" in text:   # XLA's allocations are the truth where it printed them
        allocations = xla_text.allocations(text)
        assert memory["needed_bytes"] == sum(a["size"] for a in allocations if not a["thread_local"])
        assert memory["needed_bytes"] <= xla_text.total_bytes_used(text)
        assert memory["estimate"] is False
    else:
        total = report["recomputed"]["total_bytes_used"]
        assert memory["needed_bytes"] <= total


@pytest.mark.parametrize("path", [hlo_file(c) for c in CASES] + sorted(SEEDS.glob("00*.txt")),
                         ids=lambda p: str(p)[-40:])
def test_by_groups_render(path):
    report = run_json("peak", path)
    for by in BY:
        code, out, err = run("peak", path, "--by", by, "--no-color")
        assert code == 0, err
        if report["memory"] is not None:
            assert "Storage at the peak by" in out


def test_tpu_headline_is_an_estimate():
    report = run_json("peak", next(SEEDS.glob("004_*.txt")))
    assert report["memory"]["estimate"] is True
    code, out, _ = run("peak", next(SEEDS.glob("004_*.txt")), "--no-color")
    assert "(estimate)" in out.split("\n\n")[1]


def test_other_numbers_account_for_their_difference():
    """Each reason's figures add up: XLA's live-range peak = needed + counted again − left out."""
    case = next(c for c in CASES if c.name == "mlp_train" and "0.10.2" in str(c))
    report = run_json("peak", case)
    text = dump_text(case)
    rows = {r["name"]: r for r in report["memory"]["other_numbers"]}
    live = rows["XLA's live-range peak"]
    assert live["bytes"] == sum(b for _, b in xla_text.peak_rows(text))
    total = rows["XLA's Total bytes used"]
    assert total["bytes"] == xla_text.total_bytes_used(text)
    local = sum(a["size"] for a in xla_text.allocations(text) if a["thread_local"])
    assert f"{local} B of thread-local" in total["reason"]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_peak_moment_says_when_temporaries_are_negligible(case):
    """Under 1% of memory needed in XLA's temp allocations: what holds memory lives all run."""
    allocations = xla_text.allocations(dump_text(case))
    needed = sum(a["size"] for a in allocations if not a["thread_local"])
    temp = sum(a["size"] for a in allocations if a["temp"])
    code, out, _ = run("peak", case, "--no-color")
    assert code == 0
    assert ("temporaries are under 1% of memory needed" in out) == (temp * 100 < needed)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_row_shows_the_value_in_it_with_its_own_bytes(case):
    """A slot may be larger than the value in it at the peak: the row gives both, the value's
    bytes as XLA sized it."""
    sizes = {(v, i): s for a in xla_text.allocations(dump_text(case)) for (v, i), (_, s) in a["values"].items()}
    for r in run_json("peak", case)["memory"]["at_peak"]:
        if r["kind"] != "free":
            assert r["value_bytes"] == sizes[(r["name"], r["index"])] <= r["bytes"]


@pytest.mark.parametrize("seed", ["003", "004"])
def test_memory_spaces_are_never_added_together(seed):
    """TPU: memory needed is HBM's (libtpu's thread-local scratch in it); each on-chip space has
    a line of its own, and no space's most-in-use exceeds what it reserves."""
    report = run_json("peak", next(SEEDS.glob(f"{seed}_*.txt")))
    memory = report["memory"]
    device = report["recomputed"]["allocations"]
    assert memory["needed_bytes"] == sum(a["size"] for a in device if a["color"] == 0)
    spaces = {s["memory_space"]: s for s in memory["memory_spaces"]}
    assert set(spaces) == {a["color"] for a in device} - {0}
    for space, s in spaces.items():
        assert s["needed_bytes"] == sum(a["size"] for a in device if a["color"] == space)
        assert 0 < s["in_use_bytes"] <= s["needed_bytes"]
    code, out, _ = run("peak", next(SEEDS.glob(f"{seed}_*.txt")), "--no-color")
    assert "on-chip, apart: S(1) VMEM" in out
