"""The logical buffers XLA's memory schedulers reason about (TuplePointsToAnalysis, docs/rules.md
§6.1): which buffers each instruction defines, with their sizes, and which it may read."""
from __future__ import annotations

from ...hlo.model import Computation, Instruction
from ...hlo.opcodes import PASS_THROUGH, POINTS_TO_DEFINED_INDICES


class PointsTo:
    """For one computation: `defined[instr]` the sizes of the buffers it defines, `uses[instr]` the
    buffers its operands may point to, `live_out` the buffers the root may point to."""

    def __init__(self, comp: Computation, post_order: list[Instruction], pass_through=PASS_THROUGH):
        self.pass_through = pass_through
        self.sets: dict[Instruction, dict[tuple, frozenset]] = {}
        self.size: dict[tuple, int] = {}
        self.defined: dict[Instruction, list[tuple]] = {}
        for instr in post_order:
            self.sets[instr] = self._points_to(instr)
        self.uses = {instr: frozenset(b for op in dict.fromkeys(instr.operands)
                                      for s in self.sets[op].values() for b in s) for instr in post_order}
        root = comp.root
        self.live_out = frozenset(b for s in self.sets[root].values() for b in s)

    def _define(self, instr: Instruction, index: tuple, sub) -> frozenset:
        key = (instr, index)
        self.size[key] = sub.byte_size()
        self.defined.setdefault(instr, []).append(key)
        return frozenset((key,))

    def _points_to(self, instr: Instruction) -> dict[tuple, frozenset]:
        op, ops = instr.opcode, instr.operands
        self.defined.setdefault(instr, [])
        if op == "get-tuple-element" and ops:
            k = instr.tuple_index
            source = self.sets[ops[0]]
            return {index[1:]: s for index, s in source.items() if index[:1] == (k,)}
        if op in self.pass_through and ops:
            return dict(self.sets[ops[0]])
        if op == "copy-done" and ops:
            source = self.sets[ops[0]]
            return {index[1:]: s for index, s in source.items() if index[:1] == (0,)}
        if op == "async-done" and ops:   # its result is the one the async-start allocated
            source = self.sets[ops[0]]
            return {index[1:]: s for index, s in source.items() if index[:1] == (1,)}
        if op == "async-update" and ops:
            return dict(self.sets[ops[0]])
        only = POINTS_TO_DEFINED_INDICES.get(op)
        aliased = {tuple(out): (k, tuple(idx)) for out, k, idx in instr.output_to_operand_aliasing} \
            if op in ("fusion", "custom-call") else {}
        result = {}
        for index, sub in instr.shape.subshapes():
            if index in aliased and aliased[index][0] < len(ops):
                k, idx = aliased[index]
                result[index] = self.sets[ops[k]].get(idx, frozenset())
            elif op == "tuple" and index:
                result[index] = (self.sets[ops[index[0]]].get(index[1:], frozenset()) if index[0] < len(ops)
                                 else frozenset())
            elif op == "async-start" and len(index) >= 2 and index[0] == 0:   # {0, i}: operand i, forwarded
                result[index] = (self.sets[ops[index[1]]].get(index[2:], frozenset()) if index[1] < len(ops)
                                 else frozenset())
            elif only is None or index in only:
                result[index] = self._define(instr, index, sub)
            else:
                result[index] = frozenset()
        return result

    def bytes_defined(self, instr: Instruction) -> int:
        return sum(self.size[b] for b in self.defined[instr])
