"""Buffer assignment recomputed from a dump alone (no HLO module).

The dump quotes the defining instruction of every assigned value and lists its positions and
uses, so the pieces the assigner needs can be rebuilt: one stand-in computation holding the
scheduled instructions, values and their buffers, live ranges (recomputed from the dump),
and value ids standing in for XLA's post order (ids are handed out in that order). Fusion
bodies are not in a dump: a loop fusion is assumed elementwise on operands of its own shape.
Values of reduction regions are the dump's values that are not scheduled; values linked by
uses form one region."""
from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, cast

from ..target.target import Target
from ...dumps.records import BufferAssignmentDump, LiveRangeDump
from ...errors import BufvizError, found
from ...hlo.lines import LineSyntaxError, operand_names, parse_instruction_line
from ...hlo.model import Computation, Instruction, digits
from ...hlo.module import Module
from ...hlo.shapes import ShapeSyntaxError, format_index, parse_shape
from ..dataflow.dataflow import Value
from ..liveness.from_dump import entry_root
from ..liveness.hlo_liveness import ModuleAnalysis
from ..liveness.liveness import PeakResult
from ..liveness.schedule import FlatSchedule
from ..dataflow.unionfind import UnionFind

if TYPE_CHECKING:
    from ..dataflow.aliasing import Buffers
    from ..dataflow.callgraph import CallGraph
    from ..dataflow.dataflow import Dataflow


def analysis_from_dump(ba: BufferAssignmentDump, live_range: LiveRangeDump, result: PeakResult,
                       values_path: str, target: Target) -> tuple[ModuleAnalysis, list[Value]]:
    """Stand-ins for the module analysis, and the values of thread-local computations."""
    root_name = entry_root(ba, live_range)
    module = Module("dump", ba.path, "")
    entry = Computation("entry", True, 0, "", None, module, (0, 0), 0)
    module.computations = {"entry": entry}
    module.entry = entry
    records = {r.id: r for r in ba.values or []}
    builder = _Instructions(entry, records, values_path)
    for name in live_range.sequence:
        builder.get(name)
    values: dict[int, Value] = {}
    for r in records.values():
        instr = builder.get(r.name)
        try:
            instr.shape.subshape(r.index or ())
        except KeyError:
            raise BufvizError(f"expected value {r.name}{{{format_index(r.index or ())}}} to lie inside the shape "
                              f"of its instruction, found {instr.shape.text}", values_path, r.line) from None
        value = Value(r.id, instr, r.index or ())
        value.positions = [(builder.get(n), i or ()) for n, i in r.positions]
        value.uses = [(builder.get(u), k, i or ()) for u, k, i in r.uses or ()]
        values[r.id] = value
    builder.finish(root_name)
    scheduled = set(live_range.sequence)
    live = {v.order: v for v in result.values}
    global_values = {i: v for i, v in values.items() if v.name in scheduled}
    sets: dict[Instruction, dict[tuple, list[Value]]] = {}
    for v in global_values.values():
        for instr, index in v.positions:
            sets.setdefault(instr, {}).setdefault(index, []).append(v)
    dataflow = SimpleNamespace(values=global_values, sets=sets,
                               values_at=lambda instr, index: sets.get(instr, {}).get(index, []),
                               value_list=lambda: [global_values[k] for k in sorted(global_values)])
    groups = _buffers(result, global_values)
    buffers = SimpleNamespace(buffers=groups, buffer_of={v.id: b for b, g in enumerate(groups) for v in g},
                              dataflow=dataflow)
    module.input_output_alias = _donations(ba, values, root_name)
    sequence = [builder.get(n) for n in live_range.sequence]
    flat = FlatSchedule(sequence, {i: t for t, i in enumerate(sequence)}, {entry: (0, len(sequence))})
    # XLA numbers values in post order, so ids order the scheduled instructions the same way.
    first_id: dict[Instruction, int] = {}
    for v in sorted(global_values.values(), key=lambda v: v.id):
        first_id.setdefault(v.instruction, v.id)
    post_order = sorted(entry.instructions, key=lambda i: first_id.get(i, float("inf")))
    graph = SimpleNamespace(module=module, computations=[entry], callsites={}, post_order=lambda c: post_order,
                            callees=lambda i: [])
    # (the SimpleNamespaces stand in for what the assigner reads of the real ones)
    analysis = ModuleAnalysis(module, cast("CallGraph", graph), flat, cast("Dataflow", dataflow),
                              cast("Buffers", buffers), live, target)
    return analysis, _thread_local_order([v for i, v in values.items() if i not in global_values])


class _Instructions:
    """Instructions named in the dump: parsed from `from instruction:` text where the dump
    quotes them; otherwise (no value of their own) a stand-in with the forwarded value's shape."""

    def __init__(self, entry: Computation, records: dict, path: str):
        self.entry = entry
        self.path = path
        self.by_name: dict[str, Instruction] = {}
        self.texts = {r.name: r.instruction for r in records.values()}
        self.lines = {r.name: r.line for r in records.values()}
        self.shapes: dict[str, tuple[str, tuple]] = {}
        for r in records.values():
            for name, index in r.positions:
                if not index:
                    self.shapes.setdefault(name, (r.name, r.index or ()))

    def get(self, name: str) -> Instruction:
        instr = self.by_name.get(name)
        if instr is not None:
            return instr
        parsed = None
        if name in self.texts:
            try:
                parsed = parse_instruction_line(self.texts[name])
                parse_shape(parsed[2])
            except (LineSyntaxError, ShapeSyntaxError):
                parsed = None
        if parsed is not None:
            _, _, shape, opcode, args, attrs = parsed
            instr = Instruction(name, opcode, shape, args, attrs, False, 0)
            self._check_numbers(instr)
        else:
            instr = Instruction(name, "unknown", self._shape_of(name), "", "", False, 0)
        instr.computation = self.entry
        self.by_name[name] = instr
        if parsed is not None:
            try:
                names = operand_names(instr.opcode, instr.args)
            except LineSyntaxError:
                names = []
            instr.operands = [self.get(n) for n in names]
        return instr

    def _check_numbers(self, instr: Instruction) -> None:
        """The numbers the passes read of a quoted instruction, read as a module's are (model.py)."""
        line = self.lines[instr.name]
        number = {"parameter": instr.args, "get-tuple-element": instr.attr("index") or ""}.get(instr.opcode)
        if number is not None and digits(number) is None:
            raise BufvizError(f"expected {instr.opcode} of a number from 0 to 2^63-1, found "
                              f"{found(self.texts[instr.name])}", self.path, line)
        try:
            instr.output_to_operand_aliasing
        except BufvizError as e:
            raise BufvizError(e.message, self.path, line) from None

    def _shape_of(self, name: str) -> str:
        source = self.shapes.get(name)
        if source is None or source[0] == name or source[0] not in self.texts:
            return "f32[]"
        defining = self.get(source[0])
        try:
            return defining.shape.subshape(source[1]).text
        except KeyError:
            return "f32[]"

    def finish(self, root_name: str) -> None:
        instructions = list(self.by_name.values())
        for instr in instructions:
            for op in dict.fromkeys(instr.operands):
                op.users.append(instr)
        root = self.by_name.get(root_name, instructions[-1] if instructions else None)
        if root is not None:
            root.is_root = True
        self.entry.adopt(instructions, root)


def _buffers(result: PeakResult, values: dict[int, Value]) -> list[list[Value]]:
    """The buffers the live-range recomputation found, and every other value on its own."""
    grouped = [[values[i] for i in ids if i in values] for ids in result.buffers or []]
    taken = {v.id for g in grouped for v in g}
    groups = [g for g in grouped if g] + [[v] for i, v in values.items() if i not in taken]
    return sorted(groups, key=lambda g: g[0].id)


def _donations(ba: BufferAssignmentDump, values: dict[int, Value], root_name: str) -> list[tuple]:
    """(output index, parameter, parameter index, kind) for parameter allocations that also hold
    an output: the input_output_alias the module header would have said."""
    out = []
    for alloc in ba.allocations:
        if alloc.parameter is None or not alloc.maybe_live_out:
            continue
        for x in alloc.values:
            v = values.get(x.id)
            for p, index in (v.positions if v is not None else ()):
                if p.name == root_name:
                    out.append((index, alloc.parameter, alloc.parameter_index or (), None))
    return out


def _thread_local_order(values: list[Value]) -> list[Value]:
    """Regions (values linked by uses) in reverse id order, values by id within: XLA's
    post-order position over thread-local computations in reverse printed order."""
    uf = UnionFind()
    names = {v.name: v for v in values}
    for v in values:
        uf.find(v.id)
        for user, _, _ in v.uses:
            if user.name in names:
                uf.union(v.id, names[user.name].id)
    by_id = {v.id: v for v in values}
    groups = [sorted((by_id[i] for i in g), key=lambda v: v.id) for g in uf.groups()]
    groups.sort(key=lambda g: -g[0].id)
    return [v for g in groups for v in g]
