"""Live ranges and the peak recomputed from the HLO module (HloLiveRange, spec §3.2)."""
from __future__ import annotations

from ..hlo.model import Module
from .dataflow import Dataflow, Value
from .liveness import PeakResult, compute_peak, normalize_aliased
from .peak import LiveValue
from .schedule import FlatSchedule, flatten
from .unionfind import UnionFind
from .vintage import Vintage


def hlo_peak(module: Module, vintage: Vintage) -> PeakResult:
    flat = flatten(module)
    dataflow = Dataflow(flat)
    entry = module.entry
    entry_root = entry.root
    donated = {(p, tuple(i)) for _, p, i, _ in module.input_output_alias}
    live: dict[int, LiveValue] = {}
    for value in dataflow.values:
        start, end = _range(value, flat, donated, vintage)
        instr = value.instruction
        shape = instr.shape
        sub = shape.subshape(value.index)
        live[value.id] = LiveValue(instr.name, value.index, start, end, shape.byte_size(),
                                   sub.byte_size(), value.id, sub.text, instr.opcode,
                                   _kind(value, entry, entry_root))
    for group in _aliased_groups(module, dataflow):
        normalize_aliased([live[v.id] for v in group], vintage.old_normalization)
    notes = []
    if not module.is_scheduled:
        notes.append("the module is not scheduled (no is_scheduled=true): its printed instruction "
                     "order was used as the schedule")
    return compute_peak("hlo", list(live.values()), flat.end, notes)


def _range(value: Value, flat: FlatSchedule, donated: set, vintage: Vintage) -> tuple[int, int]:
    """CalculateBufferStartEndMap for one value: inclusive [start, end]."""
    instr = value.instruction
    comp = instr.computation
    span_start, span_end = flat.span[comp]
    start = span_start if instr.opcode == "parameter" else flat.time[instr]
    end = span_end if instr.is_root else flat.time[instr]
    done = flat.async_done.get(comp)
    if done is not None and done in flat.time:
        end = max(end, flat.time[done])
    for position, _ in value.positions[1:]:
        if position in flat.time:
            end = max(end, flat.span[position.computation][1] if position.is_root else flat.time[position])
    if (comp.is_entry and instr.opcode == "parameter"
            and (instr.parameter_number, value.index) not in donated):
        return start, flat.end  # read-only arguments live for the whole program
    for user, _, _ in value.uses:
        if user not in flat.time:
            continue
        if user.opcode == "call" and not vintage.counts_call_uses:
            continue  # the callee's parameter positions and uses cover it (XLA ≥ 2024-01-08)
        if user.opcode == "while":
            body = user.computation.module.computations.get(user.callee_names(("body",))[0])
            params = body.parameters if body is not None else []
            if params and params[0] in flat.time:
                end = max(end, flat.time[params[0]])  # a while use counts at the body parameter
                continue
        end = max(end, flat.time[user])
    return start, end


def _kind(value: Value, entry, entry_root) -> str:
    instr = value.instruction
    if instr.opcode == "parameter" and instr.computation is entry:
        return "parameter"
    if any(p is entry_root for p, _ in value.positions):
        return "output"
    if instr.opcode == "constant":
        return "constant"
    return "temp"


def _aliased_groups(module: Module, dataflow: Dataflow) -> list[list[Value]]:
    """Values that share a buffer through input_output_alias (parameter p at q and output O)."""
    if not module.input_output_alias:
        return []
    entry = module.entry
    params = {p.parameter_number: p for p in entry.parameters}
    root_sets = dataflow.value_sets.get(entry.root, {})
    uf = UnionFind()
    for output_index, number, param_index, _ in module.input_output_alias:
        param = params.get(number)
        if param is None or param not in dataflow.value_sets:
            continue
        for p in dataflow.value_sets[param].get(tuple(param_index), []):
            for o in root_sets.get(tuple(output_index), []):
                uf.union(p.id, o.id)
    by_id = {v.id: v for v in dataflow.values}
    return [[by_id[i] for i in g] for g in uf.groups() if len(g) > 1]
