"""The control-flow part of the call graph, and XLA's instruction post order.

Only computations reached from the entry through call, while, conditional and async ops
carry values with live ranges; fusion bodies and reduction regions never do, so they are
left unparsed."""
from __future__ import annotations

from collections.abc import Sequence

from ...hlo.model import Computation, Instruction
from ...hlo.module import Module

# Which attributes of a control-flow instruction name the computations it runs.
CONTROL_FLOW_CALLEES = {
    "call": ("to_apply", "calls"),
    "while": ("condition", "body"),
    "conditional": ("branch_computations", "true_computation", "false_computation"),
    "async-start": ("calls",),
    "async-update": ("calls",),
    "async-done": ("calls",),
}
_NONE: tuple = ()


class CallGraph:
    def __init__(self, module: Module):
        self.module = module
        self.callsites: dict[Computation, list[Instruction]] = {}
        self._callees: dict[Instruction, list[Computation]] = {}
        self._post_orders: dict[Computation, list[Instruction]] = {}
        # Each computation's control-flow instructions: one without any (XLA:CPU's call-wrapped
        # fusions, most loop bodies) is taken whole by the walks below.
        self.control_flow: dict[Computation, list[Instruction]] = {}
        assert module.entry is not None  # (a parsed module has its entry)
        seen = {module.entry}
        queue = [module.entry]
        while queue:
            comp = queue.pop()
            callers = self.control_flow[comp] = [i for i in comp.instructions if i.opcode in CONTROL_FLOW_CALLEES]
            for instr in callers:
                for callee in self.callees(instr):
                    self.callsites.setdefault(callee, []).append(instr)
                    if callee not in seen:
                        seen.add(callee)
                        queue.append(callee)
        # Printed order: XLA prints computations callee-first (its DFS post order).
        self.computations = [c for c in module.computations.values() if c in seen]

    def callees(self, instr: Instruction) -> Sequence[Computation]:
        """Computations `instr` runs as control flow (a while: condition, then body)."""
        found = self._callees.get(instr)
        if found is None:
            keys = CONTROL_FLOW_CALLEES.get(instr.opcode)
            if not keys:
                return _NONE  # (not cached: most instructions call nothing)
            found = [self.module.computations[n] for n in instr.callee_names(keys)]
            self._callees[instr] = found
        return found

    def post_order(self, comp: Computation) -> list[Instruction]:
        """MakeInstructionPostOrder: a DFS from each user-less instruction in list order,
        first operand finished first, control predecessors before operands."""
        order = self._post_orders.get(comp)
        if order is None:
            order = self._post_orders[comp] = instruction_post_order(comp)
        return order

    def ordinals(self) -> dict[Instruction, int]:
        """CalculatePostOrderSchedule: callees (call, async-start, conditional; while: condition
        then body) numbered before their caller; the dataflow worklist pops lowest first."""
        ordinals: dict[Instruction, int] = {}
        counter = [0]

        def walk(comp: Computation) -> None:
            order = self.post_order(comp)
            if not self.control_flow[comp]:  # numbered at once (the first walk's numbers stay)
                if order[0] not in ordinals:
                    ordinals.update(zip(order, range(counter[0], counter[0] + len(order))))
                counter[0] += len(order)
                return
            for instr in order:
                if instr.opcode in ("call", "async-start", "conditional", "while"):
                    for callee in self.callees(instr):
                        walk(callee)
                ordinals.setdefault(instr, counter[0])
                counter[0] += 1

        assert self.module.entry is not None  # (a parsed module has its entry)
        walk(self.module.entry)
        return ordinals


def instruction_post_order(comp: Computation) -> list[Instruction]:
    state: dict[Instruction, int] = {}
    order: list[Instruction] = []
    for start in comp.instructions:
        if not start.users and state.get(start) != 2:
            post_order_walk(start, _operands_last_first, state, order, _is_leaf)
    return order


def _is_leaf(instr: Instruction) -> bool:
    return not instr.operands and "control-predecessors" not in instr.attr_text


def _operands_last_first(instr: Instruction) -> list[Instruction]:
    pushed = instr.operands[::-1]
    if "control-predecessors" in instr.attr_text:
        pushed += instr.control_predecessors
    return pushed


def post_order_walk(start: Instruction, pushed, state: dict, order: list, is_leaf=None) -> None:
    """XLA's iterative DFS: `pushed(node)` lists the nodes to stack, the last one visited
    first; a node is emitted after everything it pushed. `state`: 1 visiting, 2 done.
    `is_leaf(node)`: it pushes nothing, so when all a node pushes are leaves they are emitted
    at once, in the order the stack would pop them (a call's hundreds of parameters)."""
    stack = [start]
    while stack:
        current = stack[-1]
        seen = state.get(current)
        if seen == 2:
            stack.pop()
        elif seen == 1:
            stack.pop()
            state[current] = 2
            order.append(current)
        else:
            more = [c for c in pushed(current) if state.get(c) != 2]
            if more and is_leaf is not None and all(map(is_leaf, more)):
                for leaf in reversed(more):
                    if state.get(leaf) != 2:
                        state[leaf] = 2
                        order.append(leaf)
                more = []
            if more:
                state[current] = 1
                stack.extend(more)
            else:  # nothing to visit first: done at once (as the next round would do)
                stack.pop()
                state[current] = 2
                order.append(current)
