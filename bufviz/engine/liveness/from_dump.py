"""Live ranges and the peak recomputed from a buffer-assignment dump alone (no HLO module):
times from the InstructionSequence, positions and uses from "Used values", shapes from the
`from instruction:` text. Without the module, computation boundaries are unknown, so values of
called computations are treated like entry values; which values share a buffer is inferred
from the allocations."""
from __future__ import annotations

from ...dumps.records import Allocation, BufferAssignmentDump, LiveRangeDump, ValueRecord
from ...hlo.lines import LineSyntaxError, parse_instruction_line
from ...hlo.shapes import ShapeSyntaxError, parse_shape
from .liveness import PeakResult, compute_peak, normalize_aliased
from .peak import LiveValue, check_total
from ..dataflow.unionfind import UnionFind


def kind_of_allocation(alloc: Allocation | None) -> str:
    """One kind for a value from its allocation's attributes."""
    if alloc is None:
        return "temp"
    kinds = alloc.kinds
    for kind in ("parameter", "output", "constant", "thread-local"):
        if kind in kinds:
            return kind
    return "temp"


def recompute_from_dump(ba: BufferAssignmentDump, live_range: LiveRangeDump,
                        old_normalization: bool, values_path: str) -> PeakResult:
    values = ba.values or []
    time = {name: t for t, name in enumerate(live_range.sequence)}
    end_of_schedule = live_range.schedule_end
    assert end_of_schedule is not None  # (recomputed only from live ranges that were printed)
    alloc_of = {v.id: a for a in ba.allocations for v in a.values}
    root = entry_root(ba, live_range)

    live: list[LiveValue] = []
    records: dict[int, tuple[ValueRecord, LiveValue]] = {}
    for record in values:
        if record.name not in time:
            continue  # thread-local computations are not in the schedule
        opcode, shape = _instruction_of(record)
        alloc = alloc_of.get(record.id)
        entry_param = opcode == "parameter" and (alloc is None or alloc.parameter is not None)
        start = 0 if entry_param else time[record.name]
        end = end_of_schedule if record.name == root else time[record.name]
        for instr, _ in record.positions[1:]:
            if instr == root:
                end = end_of_schedule
            elif instr in time:
                end = max(end, time[instr])
        donated = alloc is not None and alloc.maybe_live_out
        if entry_param and not donated:
            end = end_of_schedule  # read-only arguments live for the whole program
        else:
            for user, _, _ in record.uses or ():
                if user in time:
                    end = max(end, time[user])
        index = record.index or ()
        instr_bytes, value_bytes, value_shape = _sizes(shape, index, alloc, record.id)
        value = LiveValue(record.name, index, start, end, instr_bytes, value_bytes, record.id,
                          value_shape, opcode, kind_of_allocation(alloc))
        live.append(value)
        records[record.id] = (record, value)

    check_total(live, values_path)
    groups = _buffers(ba, records, root)
    for group in groups:
        normalize_aliased(group, old_normalization)
    notes = ["recomputed from the dump alone (no HLO module): computation boundaries inside "
             "called computations are unknown, so their values may differ from XLA's"]
    result = compute_peak("dump", live, end_of_schedule, notes)
    result.sequence = list(live_range.sequence)  # the dump's own schedule
    result.buffers = [sorted(lv.order for lv in group) for group in groups]
    return result


def _instruction_of(record: ValueRecord):
    try:
        _, _, shape_text, opcode, _, _ = parse_instruction_line(record.instruction)
        return opcode, parse_shape(shape_text)
    except (LineSyntaxError, ShapeSyntaxError):
        return "", None


def _sizes(shape, index, alloc: Allocation | None, value_id: int):
    if shape is not None:
        try:
            sub = shape.subshape(index)
            return shape.byte_size(), sub.byte_size(), sub.text
        except KeyError:
            pass
    for v in alloc.values if alloc else ():  # fall back on the size the allocation printed
        if v.id == value_id:
            return v.size, v.size, v.shape
    return 0, 0, ""


def entry_root(ba: BufferAssignmentDump, lr: LiveRangeDump) -> str:
    """The entry ROOT: the latest position of the value XLA put in the `output shape is` allocation."""
    time = {name: t for t, name in enumerate(lr.sequence)}
    values = ba.values or []
    output_ids = {v.id for a in ba.allocations if a.output_shape is not None for v in a.values}
    best = None
    for record in values:
        if record.id in output_ids:
            for instr, index in record.positions:
                if not index and instr in time and (best is None or time[instr] > time[best]):
                    best = instr
    return best if best is not None else (lr.sequence[-1] if lr.sequence else "")


def _buffers(ba: BufferAssignmentDump, records: dict, root: str) -> list[list[LiveValue]]:
    """Values that must share one buffer: a donated parameter with the output that reuses it, and
    values at one offset of one allocation whose ranges overlap by more than a touch."""
    uf = UnionFind()
    for alloc in ba.allocations:
        members = [records[v.id] for v in alloc.values if v.id in records]
        if alloc.parameter is not None and alloc.maybe_live_out:
            params = [lv for rec, lv in members if lv.kind == "parameter" and lv.opcode == "parameter"]
            outputs = [lv for rec, lv in members if any(p == root for p, _ in rec.positions)]
            for p in params:
                for o in outputs:
                    uf.union(id(p), id(o))
        by_offset: dict[int, list[LiveValue]] = {}
        offsets = {v.id: v.offset for v in alloc.values}
        for rec, lv in members:
            by_offset.setdefault(offsets[rec.id], []).append(lv)
        for group in by_offset.values():
            group.sort(key=lambda lv: (lv.start, lv.end))
            reach = group[0]  # the value reaching furthest so far
            for b in group[1:]:
                if b.start < reach.end or b.start == reach.start:
                    uf.union(id(reach), id(b))
                if b.end > reach.end:
                    reach = b
    by_id = {id(lv): lv for _, lv in records.values()}
    return [[by_id[i] for i in group] for group in uf.groups() if len(group) > 1]
