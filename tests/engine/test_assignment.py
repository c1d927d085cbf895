"""Buffer assignment recomputed from the HLO module alone (`--no-discover`): allocations, offsets,
indices, kinds and totals against XLA's own dump and jax's memory_analysis(), read here
independently of bufviz's readers."""
from __future__ import annotations

import json
import re

import pytest

import xla_text
from xla_text import assert_allocations_equal, ours_by_content
from conftest import DATA, SAMPLES, case_id, corpus_cases, dump_text, hlo_file, run, run_json, usage_report_text, wild

CASES = corpus_cases()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_allocations_from_the_module_alone_equal_xlas(case):
    report = run_json("peak", hlo_file(case), "--no-discover")
    text = dump_text(case)
    assert_allocations_equal(report, text)
    assert report["recomputed"]["total_bytes_used"] == xla_text.total_bytes_used(text)


@pytest.mark.parametrize("case", [c for c in CASES if "transformer" in c.name or "mlp" in c.name], ids=case_id)
def test_heap_offsets_equal_xlas_when_the_time_index_uses_its_trees(case, monkeypatch):
    """The heap's time index scans every committed chunk while there are few and switches to
    its trees past SCAN_LIMIT: with the trees from the first chunk, offsets still equal XLA's."""
    from bufviz.engine.assignment import heap

    monkeypatch.setattr(heap._Placed, "SCAN_LIMIT", 1)
    assert_allocations_equal(run_json("peak", hlo_file(case), "--no-discover"), dump_text(case))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_totals_from_the_module_alone_equal_jax_memory_analysis(case):
    path = case / "memory_analysis.json"
    if not path.exists():
        pytest.skip("no memory_analysis.json")
    jax = json.loads(path.read_text())
    if not any(jax.get(k) for k in ("argument_size_in_bytes", "output_size_in_bytes", "temp_size_in_bytes")):
        pytest.skip("this jax reports zeros on CPU: compared with the dump only")
    ours = run_json("peak", hlo_file(case), "--no-discover")["recomputed"]
    for mine, theirs in (("argument_bytes", "argument_size_in_bytes"), ("output_bytes", "output_size_in_bytes"),
                         ("alias_bytes", "alias_size_in_bytes"), ("temp_bytes", "temp_size_in_bytes"),
                         ("peak_memory_bytes", "peak_memory_in_bytes")):
        if theirs in jax:
            assert ours[mine] == jax[theirs], mine


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_memory_usage_report_is_regenerated(case):
    text = usage_report_text(case)
    if text is None:
        pytest.skip("this XLA wrote no memory-usage report")
    ours = run_json("peak", case)["recomputed"]["memory_usage_report"]
    if text.startswith("Memory Space:"):
        assert ours["text"] == text  # the new layout is deterministic: byte for byte
    else:
        assert tie_free(ours["text"]) == tie_free(text)


def tie_free(report: str) -> list:
    """Before 2025-10-27 XLA printed rows of equal size and the shapes of a row in hash order:
    keep each row's positional columns, and compare the rest of equal-size rows as a multiset."""
    out, run = [], []
    for line in report.splitlines() + [""]:
        m = re.match(r"(\s*\S+\(\s*\d+%\);\s*(\S+);)\s*(\d+);\s*(\d+); (.*)$", line)
        if m and (not run or run[-1][1] == m.group(2)):
            run.append((m.group(1), m.group(2), (int(m.group(3)), int(m.group(4)), sorted(m.group(5).split(", ")))))
            continue
        if run:
            cut = line.strip().startswith("The rest")
            out.append(([h for h, _, _ in run], None if cut else sorted(r for _, _, r in run)))
            run = []
        if m:
            run.append((m.group(1), m.group(2), (int(m.group(3)), int(m.group(4)), sorted(m.group(5).split(", ")))))
        else:
            out.append(line)
    return out


def test_seed_001_temp_allocation_from_the_dump_alone():
    """Spec §6.4: the old GPU dump without its module; temps at the offsets XLA printed."""
    seed = SAMPLES / "001_04aa0d3336074bf8.txt"
    text = seed.read_text()
    report = run_json("peak", seed)
    temp = next(t for t in xla_text.allocations(text) if t["temp"])
    ours = ours_by_content(report)[frozenset(temp["values"])]
    assert ours["size"] == temp["size"] == 13456
    offsets = {(v["name"], v["index"]): v["offset"] for v in ours["values"]}
    assert len(offsets) == 16 and offsets == {k: off for k, (off, _) in temp["values"].items()}
    assert offsets[("fusion.5", "")] == 13440
    assert_allocations_equal(report, text)
    code, _, _ = run("verify", seed)
    assert code == 0


LORRAX = [("cpu-batched-chol", "cpu-batched-chol"), ("gpu-full-run-large", "gpu-full-run-large"),
          ("gpu-kernel-async-collectives", "gpu-kernel-async-collectives"),
          ("gpu-reshard-production", "gpu-reshard-production"),
          ("gpu-scan-window-while-cond", "gpu-scan-window"), ("gpu-solve-w-alias-while", "gpu-solve-w")]


@pytest.mark.parametrize("hlo,dump", LORRAX, ids=[d for _, d in LORRAX])
def test_published_a100_and_cpu_pairs(hlo, dump):
    module = wild(f"hlo-lorrax-{hlo}.txt")
    assignment = wild(f"buffer-assignment-lorrax-{dump}.txt")
    report = run_json("peak", module, assignment, "--no-discover")
    text = assignment.read_text()
    assert_allocations_equal(report, text)
    assert report["recomputed"]["total_bytes_used"] == xla_text.total_bytes_used(text)


@pytest.mark.parametrize("case", CASES[:8], ids=case_id)
def test_stats_block_totals_as_xla_prints_them(case):
    """The `BufferAssignment stats:` block's total is the human-readable size XLA printed."""
    text = dump_text(case)
    printed = re.search(r"^Total bytes used: \d+ \((.+)\)$", text, re.M).group(1)
    stats = run_json("peak", hlo_file(case), "--no-discover")["recomputed"]["stats"]
    assert re.search(r"^ +total allocation: +(\S+)$", stats, re.M).group(1) == printed
    assert stats.startswith("BufferAssignment stats:\n             parameter allocation: ")


MLP = DATA / "corpus/xla-jax-0.10.2/mlp_train"


def test_allocations_command_pairs_every_allocation_with_xlas():
    report = run_json("allocations", MLP)
    theirs = xla_text.allocations(dump_text(MLP))
    assert sorted(p["xla"]["index"] for p in report["allocations"]) == sorted(t["index"] for t in theirs)
    assert all(p["same"] for p in report["allocations"])
    assert report["recomputed"]["total_bytes_used"] == xla_text.total_bytes_used(dump_text(MLP))


def test_allocations_command_selects_by_kind_and_index():
    theirs = xla_text.allocations(dump_text(MLP))
    temps = [t["index"] for t in theirs if t["temp"]]
    report = run_json("allocations", MLP, "--kind", "temp")
    assert [p["xla"]["index"] for p in report["allocations"]] == temps
    code, out, err = run("allocations", MLP, "--allocation", str(temps[0]), "--no-color", "--values", "0")
    assert code == 0, err
    heap = next(t for t in theirs if t["temp"])
    assert f"allocation {temps[0]} " in out and out.count("allocation ") == 1
    for (name, index), (offset, _) in heap["values"].items():
        assert re.search(rf"^ *{offset:,} .*{re.escape(name)}", out, re.M), name


def test_allocations_command_needs_something_to_show():
    live_range = next(MLP.glob("*-live-range.txt"))
    code, out, err = run("allocations", live_range, "--no-discover")
    assert code == 2 and out == "" and err.startswith(f"bufviz: error: {live_range}")


@pytest.mark.parametrize("case", [c for c in CASES if DATA in c.parents], ids=case_id)
def test_the_temporal_placement_is_skipped_only_where_it_cannot_win(case, monkeypatch):
    """The heap is never smaller than the chunks in use at one tick: where the spatial placement
    reaches that, the temporal one is not run; and the temporal one gives up once it is as
    large as the spatial one. Both are run in full here for every heap: the bound holds under
    each, giving up happens only where the full temporal heap is not smaller, and the heap
    chosen is XLA's (total bytes used)."""
    import bufviz.engine.assignment.heap as heap
    sizes, bounds, gave_up = [], [], []
    place, bound = heap._place, heap._most_live_at_once

    def placed(*args, **kwargs):
        sizes.append(place(*args, **{**kwargs, "give_up_at": None})[0])
        result = place(*args, **kwargs)
        if result is None:
            gave_up.append((sizes[-1], kwargs["give_up_at"]))
        return result

    monkeypatch.setattr(heap, "_most_live_at_once", lambda *a: bounds.append(bound(*a)) or -1)
    monkeypatch.setattr(heap, "_place", placed)
    report = run_json("peak", hlo_file(case), "--no-discover")
    assert report["recomputed"]["total_bytes_used"] == xla_text.total_bytes_used(dump_text(case))
    assert len(sizes) == 2 * len(bounds)
    for k, most in enumerate(bounds):
        assert most <= min(sizes[2 * k], sizes[2 * k + 1])
    assert all(full >= spatial for full, spatial in gave_up)


def _thread_local_by_parsing_every_body(module, graph) -> list[str]:
    """The reference for ThreadLocalValues' computations: a breadth-first walk from the global
    computations' callers, each computation classed by its first caller (a fusion's body or
    not), every body reached parsed to follow what it calls."""
    from bufviz.engine.assignment.thread_local import THREAD_LOCAL_CALLERS

    def callees(instr):
        return [module.computations[n] for n in instr.callee_names() if n in module.computations]

    queue = [(i, c) for comp in graph.computations for i in comp.instructions
             if i.opcode in THREAD_LOCAL_CALLERS for c in callees(i)]
    found = {}
    while queue:
        caller, comp = queue.pop(0)
        if comp in found or comp in graph.callsites or comp is module.entry:
            continue
        found[comp] = caller.opcode == "fusion"
        queue.extend((i, c) for i in comp.instructions for c in callees(i))
    order = list(module.computations.values())
    return [c.name for c in sorted((c for c, fusion in found.items() if not fusion), key=order.index)]


def test_thread_local_computations_need_fusion_bodies_searched_only_until_all_are_reached():
    """ThreadLocalValues stops searching fusion bodies for calls once every computation is
    reached (what a body calls would then be reached first through another caller): the same
    computations as parsing every body, on every module, and some body that calls something
    was left unparsed."""
    from pathlib import Path

    from bufviz.engine.assignment.thread_local import ThreadLocalValues
    from bufviz.engine.dataflow.callgraph import CallGraph
    from bufviz.hlo.parser import parse_module
    from conftest import SHARED

    files = sorted(SAMPLES.rglob("*.txt")) + sorted(DATA.rglob("*after_optimizations.txt"))
    files += sorted((SHARED / "corpus").glob("xla-*/*/*after_optimizations.txt"))
    skipped = 0
    for path in files:
        text = Path(path).read_text()
        if not text.lstrip().startswith("HloModule"):
            continue
        module = parse_module(text, str(path))
        graph = CallGraph(module)
        ours = [c.name for c in ThreadLocalValues(graph, 0).computations]
        unparsed = [c for c in module.computations.values() if not c.parsed]
        reference = parse_module(text, str(path))
        assert ours == _thread_local_by_parsing_every_body(reference, CallGraph(reference)), path
        skipped += sum(1 for c in unparsed if reference.computations[c.name].parsed
                       and any(i.callee_names() for i in reference.computations[c.name].instructions))
    assert skipped
