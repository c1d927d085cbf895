"""The liveness engine: from the HLO module alone, bufviz reproduces XLA's schedule, every
live range, the peak moment, the values live there (and their bytes where XLA printed value
sizes) and the stack-trace breakdown, for every real dump case."""
from __future__ import annotations

import json
import re
import shutil

import pytest

import xla_text
from conftest import SAMPLES, WILD, case_id, corpus_cases, dump_text, hlo_file, run, run_json

CASES = corpus_cases()


def alone(case, tmp_path):
    """The case's HLO module copied into an empty folder: no dump to lean on."""
    copy = tmp_path / hlo_file(case).name
    shutil.copy(hlo_file(case), copy)
    return copy


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_recomputed_from_the_module_alone_equals_xla(case, tmp_path):
    report = run_json("peak", alone(case, tmp_path))
    assert report["xla"] is None and report["inputs"]["buffer_assignment"] is None
    ours = report["recomputed"]
    text = dump_text(case)
    assert ours["schedule_end"] == xla_text.schedule_end(text)
    if ours["unplaced_tuple_reads"]:
        # The text folds tuple reads into operands (`%x#N`) and does not say where XLA scheduled
        # them: the printed instructions keep XLA's order, and the report says times may differ.
        printed = set(re.findall(r"^\s+(?:ROOT\s+)?%?([\w.\-]+) = ", hlo_file(case).read_text(), re.M))
        assert [n for n in ours["instruction_sequence"] if n in printed] == \
            [n for n in xla_text.instruction_sequence(text) if n in printed]
        assert any("does not say where XLA scheduled them" in w for w in report["warnings"])
        return
    assert ours["instruction_sequence"] == xla_text.instruction_sequence(text)
    assert {(r["name"], r["index"]): (r["start"], r["end"]) for r in ours["live_ranges"]} == \
        xla_text.live_ranges(text)
    assert ours["peak_time"] == xla_text.peak_time(text)
    printed = xla_text.peak_rows(text)
    if printed and "{" in printed[0][0]:  # value rows (jax >= 0.6): names, indices, bytes, XLA's order
        assert [(f"{r['name']}{{{r['index']}}}", r["bytes"]) for r in ours["live_at_peak"]] == printed
        assert ours["peak_bytes"] == sum(b for _, b in printed)
        assert ours["live_at_peak"][-1]["cumulative"] == ours["peak_bytes"]
    else:  # instruction rows: names with the instruction's bytes
        assert sorted(r["name"] for r in ours["live_at_peak"]) == sorted(n for n, _ in printed)
        assert ours["peak_instruction_bytes"] == sum(b for _, b in printed)
    rows = xla_text.stack_trace_rows(text)
    if rows:
        assert [(n["name"], n["total"], n["current"]) for n in ours["stack_trace"]["nodes"]] == rows


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_verify_passes_on_every_case(case):
    code, out, err = run("verify", hlo_file(case), "--no-color")
    assert code == 0, out + err
    assert "✓ all" in out


def test_verify_reports_a_difference_and_exits_1(tmp_path):
    case = next(c for c in CASES if c.name == "while_tuple_carry" and "0.10.2" in str(c))
    for p in case.iterdir():
        shutil.copy(p, tmp_path / p.name)
    lr = next(tmp_path.glob("*-live-range.txt"))
    text = lr.read_text()
    first = next(line for line in text.split("\n") if line.startswith("    ") and "{" in line and "-" in line)
    name, bounds = first.strip().rsplit(":", 1)
    start, end = bounds.split("-")
    lr.write_text(text.replace(first, f"    {name}:{start}-{int(end) + 1}", 1))
    code, out, _ = run("verify", tmp_path, "--no-color")
    assert code == 1 and "✗ 1 of" in out and name in out
    code, out, _ = run("verify", tmp_path, "--format", "json")
    data = json.loads(out)
    assert code == 1 and data["verified"] is False
    assert data["mismatches"] == [{"quantity": f"live_range {name}", "xla": f"{start}-{int(end) + 1}",
                                   "recomputed": f"{start}-{end}"}]


def test_seed_001_verifies_from_the_dump_alone():
    code, out, err = run("verify", SAMPLES / "001_04aa0d3336074bf8.txt", "--no-color")
    assert code == 0 and "✓ all" in out


def test_verify_needs_a_dump(tmp_path):
    case = CASES[0]
    code, out, err = run("verify", alone(case, tmp_path))
    assert code == 2 and "expected XLA's live ranges" in err


def test_parameters_report_their_aliasing():
    case = next(c for c in CASES if c.name == "mlp_train_donated" and "0.10.2" in str(c))
    report = run_json("peak", hlo_file(case))
    header = hlo_file(case).read_text().split("\n", 1)[0]
    donated = header.count("may-alias") + header.count("must-alias")
    params = report["recomputed"]["parameters"]
    assert sum(p["aliased_output"] is not None for p in params) == donated > 0


PAIRS = [("hlo-lorrax-cpu-batched-chol.txt", "buffer-assignment-lorrax-cpu-batched-chol.txt", "cpu"),
         ("hlo-lorrax-gpu-full-run-large.txt", "buffer-assignment-lorrax-gpu-full-run-large.txt", "gpu"),
         ("hlo-lorrax-gpu-kernel-async-collectives.txt",
          "buffer-assignment-lorrax-gpu-kernel-async-collectives.txt", "gpu"),
         ("hlo-lorrax-gpu-reshard-production.txt", "buffer-assignment-lorrax-gpu-reshard-production.txt", "gpu"),
         ("hlo-lorrax-gpu-scan-window-while-cond.txt", "buffer-assignment-lorrax-gpu-scan-window.txt", "gpu"),
         ("hlo-lorrax-gpu-solve-w-alias-while.txt", "buffer-assignment-lorrax-gpu-solve-w.txt", "gpu")]


@pytest.mark.parametrize("hlo,ba,platform", PAIRS, ids=[p[0] for p in PAIRS])
def test_published_dumps_verify(hlo, ba, platform):
    if not WILD.exists():
        pytest.skip("needs ../shared/corpus/wild")
    code, out, err = run("verify", WILD / hlo, WILD / ba, "--platform", platform, "--no-color")
    assert code == 0, out + err
    text = (WILD / ba).read_text()
    report = run_json("peak", WILD / hlo, WILD / ba, "--platform", platform)
    assert report["recomputed"]["peak_time"] == xla_text.peak_time(text)
    assert {(r["name"], r["index"]): (r["start"], r["end"]) for r in report["recomputed"]["live_ranges"]} == \
        xla_text.live_ranges(text)


@pytest.mark.parametrize("case", [c for c in CASES if any(c.glob("*-live-range.txt"))], ids=case_id)
def test_stack_trace_breakdown_is_printed_as_xla_prints_it(case, tmp_path):
    from bufviz.engine.liveness.stack_trace import render_breakdown
    printed = next(case.glob("*-live-range.txt")).read_text()
    printed = [line.rstrip() for line in printed[printed.index("  Stack trace breakdown"):].rstrip().split("\n")]
    report = run_json("peak", alone(case, tmp_path))
    if report["recomputed"]["unplaced_tuple_reads"]:   # XLA's schedule of them is in the dump
        report = run_json("peak", hlo_file(case))
    assert render_breakdown(report["recomputed"]["stack_trace"]) == printed


def _dataflow_facts(module_path, settle: bool, pass_parameters: bool = True):
    """Every instruction's value sets, and every value's positions and uses, by name; the
    opcodes of what was settled before the worklist; and the parameters left out of it."""
    from bufviz.engine.dataflow import dataflow
    from bufviz.engine.dataflow.callgraph import CallGraph
    from bufviz.hlo.parser import parse_module
    module = parse_module(module_path.read_text(), str(module_path))
    original, original_passed = dataflow.Dataflow._settle, dataflow._passed_parameters
    settled, passed = [], []

    def recorded(self, priority):
        found = original(self, priority) if settle else set()
        settled.extend(found)
        return found

    def recorded_passed(graph):
        found = original_passed(graph) if pass_parameters else {}
        passed.extend(p for comp in found for p in comp.parameters)
        return found

    dataflow.Dataflow._settle, dataflow._passed_parameters = recorded, recorded_passed
    try:
        df = dataflow.Dataflow(CallGraph(module))
    finally:
        dataflow.Dataflow._settle, dataflow._passed_parameters = original, original_passed
    sets = {(i.computation.name, i.name): {k: [v.id for v in vs] for k, vs in s.items()} for i, s in df.sets.items()}
    values = {v.id: ([(p.name, i) for p, i in v.positions], [(u.name, k, i) for u, k, i in v.uses])
              for v in df.value_list()}
    return sets, values, {i.opcode for i in settled}, passed


def test_instructions_settled_before_the_worklist_get_the_worklists_sets():
    """Call-wrapped fusions (XLA:CPU), their parameters and the forwarding instructions whose
    inputs never change are set before the dataflow worklist runs, and the parameters nothing
    reads are left out of it; without either step the worklist gives every instruction the
    same values, positions and uses."""
    settled_kinds = set()
    passed = 0
    for case in CASES:
        path = hlo_file(case)
        shortcuts = _dataflow_facts(path, settle=True)
        without = _dataflow_facts(path, settle=False, pass_parameters=False)
        assert shortcuts[:2] == without[:2], case_id(case)
        assert _dataflow_facts(path, settle=False)[:2] == without[:2], case_id(case)
        settled_kinds |= shortcuts[2]
        passed += len(shortcuts[3])
    assert {"call", "get-tuple-element"} <= settled_kinds
    assert passed  # (XLA:CPU wraps fusions in calls in the corpus of 2024-2025)


@pytest.mark.parametrize("spelling", ["parameter(01)", "parameter(0)"])
def test_passed_parameters_numbered_otherwise_hold_their_own_operand(tmp_path, spelling):
    """A wrapper's parameter numbered other than XLA prints it (`parameter(01)`), or a number
    given twice (text XLA would refuse), still takes the operand of its own number."""
    case = next(c for c in CASES if "0.4.13" in str(c) and c.name == "mlp_train")
    text = hlo_file(case).read_text()
    start = text.index("\nparallel_fusion")
    end = text.index("\n}", start)
    edited = tmp_path / hlo_file(case).name
    edited.write_text(text[:start] + text[start:end].replace("parameter(1)", spelling) + text[end:])
    assert edited.read_text() != text
    passing = _dataflow_facts(edited, settle=True)
    assert passing[3]
    assert passing[:2] == _dataflow_facts(edited, settle=False, pass_parameters=False)[:2]


def test_positions_and_uses_are_where_the_sets_hold_a_value():
    """Aliasing reads values from the sets of the few instructions that alias, not from every
    value's positions and uses: that holds because a value is at a position exactly where an
    instruction's set holds it, and used by exactly the operand slots whose operand's set holds
    it (tuple, domain, get-tuple-element and copy users aside, which never alias)."""
    from bufviz.engine.dataflow.aliasing import FusionTracing, InPlacePairs
    from bufviz.engine.dataflow.callgraph import CallGraph
    from bufviz.engine.dataflow.dataflow import Dataflow
    from bufviz.hlo.parser import parse_module
    checked = set()
    for case in CASES:
        path = hlo_file(case)
        df = Dataflow(CallGraph(parse_module(path.read_text(), str(path))))
        live = set(df.values)
        held = {(v.id, instr, index) for instr, sets in df.sets.items() for index, vs in sets.items()
                for v in vs if v.id in live}
        assert held == {(v.id, p, i) for v in df.values.values() for p, i in v.positions}, case_id(case)
        read = {(v.id, user, k, index) for user in df.sets if user.opcode not in ("tuple", "domain",
                                                                                  "get-tuple-element", "copy")
                for k, operand in enumerate(user.operands) for index, vs in df.sets.get(operand, {}).items()
                for v in vs if v.id in live}
        assert read == {(v.id, *use) for v in df.values.values() for use in v.uses
                        if use[0].opcode not in ("tuple", "domain", "get-tuple-element", "copy")}, case_id(case)
        pairs = InPlacePairs(df.graph.module, FusionTracing())
        checked |= {instr.opcode + (" in place" if pairs(instr) else "") for instr in df.sets}
    assert {"while", "call", "tuple", "get-tuple-element", "fusion in place"} <= checked
