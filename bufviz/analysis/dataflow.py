"""Values, positions and uses of the flattened computations (HloDataflowAnalysis, spec §2).

Which instruction defines a value and which only forwards one follows the per-opcode table of
spec §2.2. While and conditional results, and the parameters of their computations, are given
values of their own here (no SSA phis yet)."""
from __future__ import annotations

from ..hlo.model import Instruction
from .schedule import FlatSchedule

FORWARD_ALL = frozenset({"bitcast", "add-dependency", "domain", "optimization-barrier", "all-reduce-done"})


class Value:
    __slots__ = ("id", "instruction", "index", "is_phi", "positions", "uses")

    def __init__(self, ident: int, instruction: Instruction, index: tuple, is_phi: bool = False):
        self.id = ident
        self.instruction = instruction
        self.index = index
        self.is_phi = is_phi
        self.positions: list[tuple[Instruction, tuple]] = [(instruction, index)]
        self.uses: list[tuple[Instruction, int, tuple]] = []

    @property
    def name(self) -> str:
        return self.instruction.name

    def __repr__(self) -> str:
        return f"<{self.id} {self.instruction.name}{{{','.join(map(str, self.index))}}}>"


class Dataflow:
    """value_sets[instruction][index] -> the values that may appear there."""

    def __init__(self, flat: FlatSchedule):
        self.flat = flat
        self.values: list[Value] = []
        self.value_sets: dict[Instruction, dict[tuple, list[Value]]] = {}
        for instr in flat.sequence:
            self.value_sets[instr] = self._value_set(instr)
        self._record_positions()
        self._record_uses()

    # --- values ---------------------------------------------------------------------------
    def _define(self, instr: Instruction, index: tuple) -> list[Value]:
        value = Value(len(self.values), instr, index)
        self.values.append(value)
        return [value]

    def _value_set(self, instr: Instruction) -> dict[tuple, list[Value]]:
        op = instr.opcode
        indices = [i for i, _ in instr.shape.subshapes()]
        operands = instr.operands
        if op == "parameter":
            source = self._parameter_source(instr)
            if source is not None:
                return {i: list(source.get(i, [])) for i in indices}
        elif op in FORWARD_ALL and operands:
            return self._from(operands[0], (), indices)
        elif op == "get-tuple-element":
            return self._from(operands[0], (instr.tuple_index,), indices)
        elif op == "tuple":
            out = {(): self._define(instr, ())}
            for k, operand in enumerate(operands):
                out.update(self._from(operand, (), [i[1:] for i in indices if i and i[0] == k], prefix=(k,)))
            return out
        elif op == "copy":
            out = self._from(operands[0], (), indices)
            out[()] = self._define(instr, ())
            return out
        elif op == "call":
            callee = self._callee_root(instr)
            if callee is not None:
                return self._from(callee, (), indices)
        elif op == "copy-start":
            out = {i: self._define(instr, i) for i in indices if not (i and i[0] == 1)}
            out.update(self._from(operands[0], (), [i[1:] for i in indices if i and i[0] == 1], prefix=(1,)))
            return out
        elif op in ("copy-done", "all-gather-done", "collective-permute-done", "async-done"):
            return self._done(instr, indices)
        elif op == "async-start":
            return self._async_start(instr, indices)
        elif op == "send" or op == "recv-done":
            out = {i: self._define(instr, i) for i in indices if not (i and i[0] == 0)}
            src_prefix = () if op == "send" else (0,)
            out.update(self._from(operands[0], src_prefix, [i[1:] for i in indices if i and i[0] == 0], prefix=(0,)))
            return out
        return {i: self._define(instr, i) for i in indices}

    def _from(self, source: Instruction, at: tuple, indices, prefix: tuple = ()) -> dict[tuple, list[Value]]:
        """Forward `source`'s values found at `at + i` to `prefix + i` for each i in indices."""
        sets = self.value_sets.get(source)
        if sets is None:
            return {prefix + i: [] for i in indices}
        return {prefix + i: list(sets.get(at + i, [])) for i in indices}

    def _parameter_source(self, param: Instruction) -> dict | None:
        """A parameter of a call or async-wrapped computation forwards the caller's operand."""
        caller = self.flat.caller.get(param.computation)
        if caller is None or caller.opcode not in ("call", "async-start"):
            return None
        number = param.parameter_number
        if number >= len(caller.operands):
            return None
        return self.value_sets.get(caller.operands[number])

    def _callee_root(self, instr: Instruction) -> Instruction | None:
        names = instr.callee_names(("to_apply", "calls"))
        if not names:
            return None
        comp = instr.computation.module.computations.get(names[0])
        return comp.root if comp is not None and comp.root in self.value_sets else None

    def _done(self, instr: Instruction, indices) -> dict[tuple, list[Value]]:
        """*-done: array leaves come from the start's {1} (copy-done: {0}); tuple nodes are new."""
        source_index = (0,) if instr.opcode == "copy-done" else (1,)
        shape = instr.shape
        out = {}
        for i in indices:
            if shape.subshape(i).is_tuple:
                out[i] = self._define(instr, i)
            else:
                out.update(self._from(instr.operands[0], source_index, [i]))
        return out

    def _async_start(self, instr: Instruction, indices) -> dict[tuple, list[Value]]:
        """((operands), (outputs), context...): operands forwarded into {0,i}, the wrapped
        computation's root into {1}, tuple nodes and contexts defined."""
        shape = instr.shape
        root = self._callee_root(instr)
        out = {}
        for i in indices:
            if shape.subshape(i).is_tuple or not i or i[0] >= 2:
                out[i] = self._define(instr, i)
            elif i[0] == 0 and len(i) >= 2 and i[1] < len(instr.operands):
                out.update(self._from(instr.operands[i[1]], (), [i[2:]], prefix=i[:2]))
            elif i[0] == 1 and root is not None:
                out.update(self._from(root, (), [i[1:]], prefix=(1,)))
            else:
                out[i] = self._define(instr, i)
        return out

    # --- positions and uses -----------------------------------------------------------------
    def _record_positions(self) -> None:
        for instr, sets in self.value_sets.items():
            for index, values in sets.items():
                for value in values:
                    if value.instruction is not instr or value.index != index:
                        value.positions.append((instr, index))

    def _record_uses(self) -> None:
        """HloValue::ComputeUses: every operand slot reading a position; get-tuple-element and
        copy read only the top level; tuple and domain pass through unless they are the root of
        their computation and the value appears there."""
        slots_cache: dict[Instruction, dict[Instruction, list[int]]] = {}
        for value in self.values:
            roots = {p for p, _ in value.positions if p.is_root}
            seen = set()
            for position, index in value.positions:
                for user in position.users:
                    if user not in self.value_sets:
                        continue
                    slots = slots_cache.get(user)
                    if slots is None:
                        slots = {}
                        for k, operand in enumerate(user.operands):
                            slots.setdefault(operand, []).append(k)
                        slots_cache[user] = slots
                    for k in slots.get(position, ()):
                        if _may_use(user, index) or user in roots:
                            key = (user, k, index)
                            if key not in seen:
                                seen.add(key)
                                value.uses.append(key)


def _may_use(user: Instruction, index: tuple) -> bool:
    op = user.opcode
    if op in ("get-tuple-element", "copy"):
        return not index
    return op not in ("tuple", "domain")
