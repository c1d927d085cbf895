"""The module-wide flattened schedule HloLiveRange works on (FlattenSchedule, spec §3.1)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..hlo.model import Computation, Instruction, Module

ASYNC_OPS = ("async-start", "async-update", "async-done")


@dataclass
class FlatSchedule:
    sequence: list[Instruction]
    time: dict[Instruction, int]
    span: dict[Computation, tuple[int, int]]   # [start, end) of each flattened computation
    caller: dict[Computation, Instruction]     # the instruction that flattened each callee
    async_done: dict[Computation, Instruction] = field(default_factory=dict)

    @property
    def end(self) -> int:
        return len(self.sequence)


def flatten(module: Module, order=None) -> FlatSchedule:
    """Walk the entry's sequence, placing called computations before their caller (call and
    conditional branches in order; while: condition then body; async-start: the wrapped
    computation), each computation once. `order(comp)` gives a computation's sequence
    (default: the printed order, which is the schedule when the module is scheduled)."""
    order = order or (lambda comp: comp.instructions)
    flat = FlatSchedule([], {}, {}, {})
    _visit(module, module.entry, flat, order)
    return flat


def _visit(module: Module, comp: Computation, flat: FlatSchedule, order) -> None:
    start = len(flat.sequence)
    flat.span[comp] = (start, start)  # mark visited before recursing
    for instr in order(comp):
        for callee_name in _flattened_callees(instr):
            callee = module.computation(callee_name)
            if callee not in flat.span:
                flat.caller[callee] = instr
                _visit(module, callee, flat, order)
                if instr.opcode == "async-start":
                    flat.async_done[callee] = _async_done(instr)
        flat.time[instr] = len(flat.sequence)
        flat.sequence.append(instr)
    flat.span[comp] = (start, len(flat.sequence))


def _flattened_callees(instr: Instruction) -> list[str]:
    op = instr.opcode
    if op == "while":
        return instr.callee_names(("condition", "body"))
    if op == "call":
        return instr.callee_names(("to_apply", "calls"))
    if op == "conditional":
        return instr.callee_names(("branch_computations", "true_computation", "false_computation"))
    if op == "async-start":
        return instr.callee_names(("calls",))
    return []


def _async_done(start: Instruction) -> Instruction | None:
    """Follow async-start -> async-update* -> async-done."""
    op = start
    for _ in range(10_000):
        nxt = next((u for u in op.users if u.opcode in ASYNC_OPS[1:]), None)
        if nxt is None:
            return None
        if nxt.opcode == "async-done":
            return nxt
        op = nxt
    return None
