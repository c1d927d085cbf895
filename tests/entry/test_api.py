"""The Python API on real dumps: analyze (a dump, a folder, module text, a compiled object),
load, check and diff, each checked against jax's memory_analysis() and XLA's dumps."""
from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

import bufviz
from conftest import DATA
from conftest import BIG, SMALL, xla_needed

STATS = json.loads((SMALL / "memory_analysis.json").read_text())
HLO = next(SMALL.glob("*after_optimizations.txt"))


def test_analyze_a_dump_folder():
    r = bufviz.analyze(SMALL)
    assert r.module == "jit_update" and r.platform == "cpu"
    assert r.needed_bytes == xla_needed(SMALL)
    assert (r.argument_bytes, r.output_bytes, r.temp_bytes, r.alias_bytes) == (
        STATS["argument_size_in_bytes"], STATS["output_size_in_bytes"], STATS["temp_size_in_bytes"],
        STATS["alias_size_in_bytes"])
    assert sum(s.bytes for s in r.at_peak) == r.needed_bytes
    assert r.largest(3) == [s for s in r.at_peak if s.kind != "free"][:3]
    assert r.xla["total_bytes_used"] and r.mismatches == []
    assert "Memory needed" in r.text() and str(r) == "jit_update: memory needed 6.00 MiB"


def test_analyze_module_text_as_compiled_as_text_gives_it():
    r = bufviz.analyze(HLO.read_text())   # no dump: bufviz assigns the buffers itself
    assert r.needed_bytes == xla_needed(SMALL) and r.report["memory"]["allocations_from"] == "bufviz"


def test_analyze_compiled_uses_as_text_and_memory_analysis():
    compiled = SimpleNamespace(as_text=HLO.read_text,
                               memory_analysis=lambda: SimpleNamespace(**STATS))
    r = bufviz.analyze_compiled(compiled)
    assert r.needed_bytes == xla_needed(SMALL)
    assert r.xla["memory_stats"]["temp_bytes"] == STATS["temp_size_in_bytes"]
    with pytest.raises(bufviz.BufvizError, match="as_text"):
        bufviz.analyze_compiled(SimpleNamespace(as_text=lambda: b"bytes"))


def test_results_round_trip_through_json(tmp_path):
    r = bufviz.analyze(SMALL)
    again = bufviz.load(r.to_json())
    assert again.needed_bytes == r.needed_bytes and again.at_peak == r.at_peak
    saved = tmp_path / "r.json"
    saved.write_text(r.to_json())
    assert bufviz.load(saved).at_peak == r.at_peak == bufviz.analyze(saved).at_peak
    assert bufviz.load(json.loads(r.to_json())).groups == r.groups


def test_check_and_diff_as_the_commands():
    small, big = bufviz.analyze(SMALL), bufviz.analyze(BIG)
    assert bufviz.check(SMALL, budget=xla_needed(SMALL)).ok
    assert not bufviz.check(small, budget=xla_needed(SMALL) - 1)
    verdict = bufviz.check(big, baseline=small, max_increase="5%")
    assert not verdict.ok and verdict.results[0]["delta"] == xla_needed(BIG) - xla_needed(SMALL)
    assert "| program |" in verdict.markdown() and json.loads(verdict.to_json())["ok"] is False
    d = bufviz.diff(small, BIG)
    assert d.needed_bytes == {"old": xla_needed(SMALL), "new": xla_needed(BIG),
                              "delta": xla_needed(BIG) - xla_needed(SMALL)}
    assert d.top_changes and "grew" in d.verdict
    with pytest.raises(bufviz.BufvizError, match="unknown metric"):
        bufviz.check(SMALL, budget="1GiB", metrics=["peak"])


def test_bad_input_raises_bufviz_error():
    with pytest.raises(bufviz.BufvizError):
        bufviz.analyze(DATA / "no-such-dump")
    with pytest.raises(bufviz.BufvizError, match="schema_version"):
        bufviz.load('{"schema_version": 7, "module": "m"}')
