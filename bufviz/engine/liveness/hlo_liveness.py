"""Live ranges and the peak recomputed from the HLO module (HloLiveRange, docs/rules.md §3)."""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import cast

from ...hlo.module import Module
from ...timings import count
from ...hlo.shapes import ArrayShape, format_index
from ..dataflow.aliasing import Buffers, InPlacePairs, fusion_tracing
from ..dataflow.callgraph import CallGraph
from ..dataflow.dataflow import Dataflow, Value
from .liveness import PeakResult, compute_peak, normalize_aliased, split_by_memory_space
from .peak import LiveValue, check_total
from .schedule import FlatSchedule, flatten
from ..target.sizes import color_of
from .stack_trace import stack_breakdown
from ..target.target import Target


@dataclass
class ModuleAnalysis:
    """Everything the HLO-side analyses share: later steps (buffer assignment) reuse it."""
    module: Module
    graph: CallGraph
    flat: FlatSchedule
    dataflow: Dataflow
    buffers: Buffers
    live: dict[int, LiveValue]     # value id -> its live range (values of flattened instructions)
    target: Target


def analyze_module(module: Module, target: Target, sequences: dict | None = None,
                   algorithm: str | None = None, chosen_by: str | None = None) -> ModuleAnalysis:
    """The target picks the size function (TPU arrays count their tile padding, docs/rules.md §4.1) and
    the rules that changed over XLA's versions. `sequences` (computation -> instructions) is a
    schedule to use instead of the module's own."""
    graph = CallGraph(module)
    flat = flatten(graph, sequences)
    flat.algorithm, flat.chosen_by = algorithm or flat.algorithm, chosen_by
    count("dataflow passes")
    return _live_ranges(module, target, graph, flat, Dataflow(graph))


def analyze_donated(base: ModuleAnalysis, module: Module) -> ModuleAnalysis:
    """The analysis of `module`, which differs from `base.module` only by more input_output_alias
    entries (a donation what-if): the call graph, the schedule and the dataflow do not depend on
    them and are reused; the buffers and live ranges they merge are worked out again."""
    return _live_ranges(module, base.target, base.graph, base.flat, base.dataflow)


def _live_ranges(module: Module, target: Target, graph: CallGraph, flat: FlatSchedule,
                 dataflow: Dataflow) -> ModuleAnalysis:
    count("live-range passes")
    vintage = target.vintage
    buffers = Buffers(module, graph, dataflow, InPlacePairs(module, fusion_tracing(vintage)))
    donated = module.donated
    live_out = _live_out_buffers(module, buffers)
    live: dict[int, LiveValue] = {}
    counts_call_uses = vintage.counts_call_uses
    from_async_start = vintage.async_values_from_start
    ends = flat.ends()
    for value in dataflow.value_list():
        bounds = _range(value, flat, ends, donated, counts_call_uses, from_async_start)
        if bounds is None:
            continue
        instr = value.instruction
        shape = instr.shape
        sub = shape.subshape(value.index)
        # XLA's live ranges count ByteSizeOf on every backend (the TPU's tile padding aside)
        padded = target.pads_tiles and isinstance(sub, ArrayShape) and sub.layout is not None and sub.layout.tiles
        live[value.id] = LiveValue(instr.name, value.index, bounds[0], bounds[1], shape.byte_size(),
                                   sub.byte_size(), value.id, sub.text,
                                   instr.opcode, _kind(value, module, buffers.buffer_of[value.id] in live_out),
                                   color_of(sub), cast(ArrayShape, sub).padded_byte_size() if padded else None)
    check_total(live.values(), module.path)
    for buffer in buffers.aliased_groups():
        members = [live[v.id] for v in buffer if v.id in live]
        normalize_aliased(members, vintage.old_normalization)
    return ModuleAnalysis(module, graph, flat, dataflow, buffers, live, target)


def hlo_peak(module: Module, target: Target) -> PeakResult:
    return peak_of(analyze_module(module, target))


SCHEDULER_NAMES = {"dfs": "XLA's DFS memory scheduler", "bfs": "XLA's BFS scheduler",
                   "list": "XLA's List scheduler", "postorder": "XLA's PostOrder scheduler"}


def _unscheduled_note(platform: str, algorithm: str | None, chosen_by: str | None) -> str:
    """Which scheduler ordered an unscheduled module, and how sure that is XLA's order: XLA:CPU
    ran DFS before 2024-06 and BFS since; other backends add passes of their own."""
    name = SCHEDULER_NAMES.get(algorithm or "dfs", algorithm)
    assert name is not None  # (without an algorithm, "dfs": a name it has)
    if chosen_by:
        name += f" ({chosen_by})"
    head = f"the module is not scheduled (no is_scheduled=true): it was ordered with {name}"
    if platform == "cpu":
        return head
    backend = f"XLA:{platform.upper()}" if platform != "unknown" else "the backend that compiles it"
    return head + f"; {backend} may choose another order, so times and the peak are an estimate"


def peak_of(analysis: ModuleAnalysis) -> PeakResult:
    module = analysis.module
    notes = []
    if analysis.flat.recomputed:
        notes.append(_unscheduled_note(analysis.target.platform, analysis.flat.algorithm, analysis.flat.chosen_by))
    values = list(analysis.live.values())
    result = compute_peak("hlo", values, analysis.flat.end, notes)
    spaces = sorted({v.memory_space for v in values})
    if len(spaces) > 1:
        # Each memory space on its own, by its true maximum of live bytes; HBM (space 0) is the
        # headline. XLA's all-spaces peak stays for comparing with what XLA printed.
        result = split_by_memory_space(result, spaces)
    by_id = analysis.dataflow.values
    xla_peak = result.all_spaces or result  # XLA breaks down its own (all-space) peak
    rows = [(v.bytes, by_id[v.order].instruction, v.index) for v in xla_peak.live]
    result.stack_trace = stack_breakdown(rows, analysis.graph, analysis.target.vintage.async_values_from_start)
    result.parameters = parameter_aliasing(module)
    result.sequence = [i.name for i in analysis.flat.sequence]
    return result


def _range(value: Value, flat: FlatSchedule, ends: dict, donated: set,
           counts_call_uses: bool, from_async_start: bool) -> tuple[int, int] | None:
    """CalculateBufferStartEndMap for one value: inclusive [start, end], or None if its
    instruction is not in the flattened schedule. `ends` is flat.ends()."""
    instr = value.instruction
    time = flat.time
    start = time.get(instr)
    if start is None:
        return None
    assert instr.computation is not None   # (an instruction of the module)
    if instr.opcode == "parameter":
        comp = instr.computation
        start = flat.span[comp][0]
        if comp.is_entry and (instr.parameter_number, value.index) not in donated:
            return start, flat.end  # read-only arguments live for the whole program
    caller = flat.async_start.get(instr.computation) if from_async_start and instr.is_root else None
    if caller is not None and caller in time:
        start = max(start, time[caller])   # an async computation's result: made by the op that runs it
    end = ends[instr]
    done = flat.async_done.get(instr.computation)
    if done is not None and done in time:
        end = max(end, time[done])  # values of an async computation live until its done
    for position, _ in itertools.islice(value.positions, 1, None):
        at = ends.get(position)
        if at is not None and at > end:
            end = at
    for user, _, _ in value.uses:
        op = user.opcode
        if op == "call" and not counts_call_uses:
            continue  # the callee's parameter positions and uses cover it (XLA ≥ 2024-01-08)
        if op == "while":
            body = user.called_body(("body",))
            params = body.parameters if body is not None else []
            user = params[0] if params else user  # a while use counts at the body parameter
        at = time.get(user)
        if at is not None and at > end:
            end = at
    return start, end


def _live_out_buffers(module: Module, buffers: Buffers) -> set[int]:
    assert module.entry is not None  # (a parsed module has its entry)
    root = module.entry.root
    return {buffers.buffer_of[v.id] for values in buffers.dataflow.sets.get(root, {}).values() for v in values}


def _kind(value: Value, module: Module, live_out: bool) -> str:
    instr = value.instruction
    if instr.opcode == "parameter" and instr.computation is module.entry:
        return "parameter"
    if live_out:
        return "output"
    return "constant" if instr.opcode == "constant" else "temp"


def parameter_aliasing(module: Module) -> list[dict]:
    """Each entry parameter leaf: its bytes, and the output it is aliased with (donated), if any."""
    aliases = {(number, tuple(index)): (tuple(out), kind) for out, number, index, kind in module.input_output_alias}
    donors = {(number, tuple(index)) for number, index in module.buffer_donors}
    out = []
    assert module.entry is not None  # (a parsed module has its entry)
    for param in module.entry.parameters:
        for index, sub in param.shape.subshapes():
            if sub.is_tuple:
                continue
            alias = aliases.get((param.parameter_number, index))
            out.append({"number": param.parameter_number, "name": param.name, "index": format_index(index),
                        "bytes": sub.byte_size(), "aliased_output": format_index(alias[0]) if alias else None,
                        "alias_kind": alias[1] if alias else None,
                        "donor": (param.parameter_number, index) in donors})
    return out
