"""`bufviz explain`: the facts about one buffer, checked against XLA's own dump."""
from __future__ import annotations

import pytest

import xla_text
from conftest import SEEDS, case_id, corpus_cases, dump_text, run, run_json

CASES = corpus_cases()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_explain_the_largest_buffer_at_the_peak(case):
    report = run_json("explain", case)
    facts = report["explain"]
    at_peak = run_json("peak", case)["memory"]["at_peak"]
    assert facts["bytes"] == max(r["bytes"] for r in at_peak if r["kind"] != "free")
    text = dump_text(case)
    ranges = xla_text.live_ranges(text)
    if facts["kind"] == "temp":
        assert (facts["start"], facts["end"]) == ranges[(facts["name"], facts["index"])]
        assert facts["live_at_peak"]
        sequence = xla_text.instruction_sequence(text)
        if sequence:
            assert facts["born_at"] == sequence[facts["start"]]
    offsets = {(a["index"], v) : o for a in xla_text.allocations(text) for v, (o, _) in a["values"].items()}
    sizes = {(a["index"], v): size for a in xla_text.allocations(text) for v, (_, size) in a["values"].items()}
    key = (facts["allocation"], (facts["name"], facts["index"]))
    assert offsets[key] == facts["offset"]
    assert sizes[key] == facts["value_bytes"] <= facts["bytes"]   # its own bytes, in a slot maybe larger
    assert facts["kept_alive_by"]


@pytest.mark.parametrize("seed", ["000", "001", "002", "003", "004"])
def test_explain_runs_on_every_seed(seed):
    path = next(SEEDS.glob(f"{seed}_*.txt"))
    code, out, err = run("explain", path, "--no-color")
    assert code == 0, err
    assert "kept alive" in out


def test_explain_a_named_parameter_and_an_unknown_name():
    case = next(c for c in CASES if c.name == "mlp_train" and "0.10.2" in str(c))
    hlo = next(case.glob("*after_optimizations.txt")).read_text()
    entry = hlo[hlo.index("\nENTRY"):]
    name = next(line.split("=")[0].strip().lstrip("%") for line in entry.splitlines() if " parameter(0)" in line)
    facts = run_json("explain", case, name)["explain"]
    assert facts["name"] == name and "not donated" in facts["kept_alive_by"]
    code, out, err = run("explain", case, "no_such_value")
    assert code == 2 and "no buffer named 'no_such_value'" in err


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_timeline_maximum_is_the_peak_moment(case):
    report = run_json("timeline", case)
    curve = report["timeline"]["temp_in_use"]
    assert max(curve) == report["memory"]["temp_in_use_bytes"] == curve[report["memory"]["peak_time"]]
    from xla_text import storage_peak
    assert max(curve) == storage_peak(dump_text(case))
    code, out, err = run("timeline", case, "--no-color")
    assert code == 0 and "◀ peak" in out


@pytest.mark.parametrize("seed", ["000", "001", "002", "003", "004"])
def test_timeline_runs_on_every_seed(seed):
    code, out, err = run("timeline", next(SEEDS.glob(f"{seed}_*.txt")), "--no-color")
    assert code == 0, err
    assert "◀ peak" in out
