"""The values of computations run thread-locally (inside reductions, sorts, maps, scatters and
custom calls, not fusion bodies): each gets an allocation of its own (docs/rules.md §4.3)."""
from __future__ import annotations

from ...hlo.model import Computation, Instruction
from ...hlo.opcodes import PASS_THROUGH
from ..dataflow.callgraph import CallGraph, instruction_post_order
from ..dataflow.value import Value

# Callers whose computations run "thread-locally" (their values get their own allocations).
THREAD_LOCAL_CALLERS = frozenset({"custom-call", "all-reduce", "reduce-scatter", "all-reduce-start", "map",
                                  "reduce", "reduce-window", "scatter", "select-and-scatter", "sort",
                                  "fusion", "scan"})
# (select-and-scatter prints scatter= next to select=: one search finds both.)
_CALLEE_WORDS = ("to_apply=", "calls=", "scatter=", "called_computations=")


class ThreadLocalValues:
    """Values of the computations run inside reductions, sorts, maps and custom calls (not fusion
    bodies): each gets its own thread-local allocation. Found by following callees from the
    global computations, through fusion bodies (read as text unless they call something)."""

    def __init__(self, graph: CallGraph, first_id: int):
        module = graph.module
        found: dict[Computation, bool] = {}   # computation -> is a fusion body
        queue = [(i, c) for comp in graph.computations for i in comp.instructions
                 if i.opcode in THREAD_LOCAL_CALLERS for c in _callees(i, module)]
        # Computations the queue already leads to, and the global ones. Once that is all of
        # them, what a fusion body calls changes nothing (its pairs would be queued after one
        # already leading there): bodies are no longer searched.
        claimed = {c for _, c in queue}
        claimed.update(graph.computations)
        while queue:
            caller, comp = queue.pop(0)
            if comp in found or comp in graph.callsites or comp is module.entry:
                continue
            found[comp] = caller.opcode == "fusion"
            if found[comp] and (len(claimed) == len(module.computations) or not comp.contains_any(_CALLEE_WORDS)):
                continue  # a fusion body that calls nothing new: never parsed
            pairs = [(i, c) for i in comp.instructions for c in _callees(i, module)]
            claimed.update(c for _, c in pairs)
            queue.extend(pairs)
        order = {c: n for n, c in enumerate(module.computations.values())}
        self.computations = sorted((c for c, fusion in found.items() if not fusion), key=order.__getitem__)
        self.values: list[Value] = []
        ident = first_id
        for comp in self.computations:
            sets: dict[Instruction, dict[tuple, list[Value]]] = {}
            for instr in instruction_post_order(comp):
                sets[instr] = {}
                for index, sub in instr.shape.subshapes():
                    forwarded = _forwarded(instr, index, sets)
                    if forwarded is None:
                        value = Value(ident, instr, index)
                        ident += 1
                        self.values.append(value)
                        sets[instr][index] = [value]
                    else:
                        sets[instr][index] = forwarded


def _callees(instr: Instruction, module) -> list[Computation]:
    return [module.computations[n] for n in instr.callee_names() if n in module.computations]


def _forwarded(instr: Instruction, index: tuple, sets) -> list[Value] | None:
    """The values a forwarding opcode passes through at `index` (None: it defines one)."""
    op = instr.opcode
    if op == "get-tuple-element":
        return sets.get(instr.operands[0], {}).get((instr.tuple_index,) + index, [])
    if op in PASS_THROUGH:
        return sets.get(instr.operands[0], {}).get(index, [])
    if op in ("tuple", "copy") and index:
        source = instr.operands[index[0]] if op == "tuple" else instr.operands[0]
        return sets.get(source, {}).get(index[1:] if op == "tuple" else index, [])
    return None
