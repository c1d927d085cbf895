"""XLA's DFSMemoryScheduler (docs/rules.md §6.3): how CPU modules were scheduled before XLA stored
the schedule in the module (2024-05-27). Dumps from then print the post order instead, so
the schedule must be recomputed."""
from __future__ import annotations

from ...hlo.model import Computation, Instruction
from ...hlo.opcodes import POINTS_TO_DEFINED_INDICES, POINTS_TO_DEFINES_NOTHING
from ..dataflow.callgraph import post_order_walk

NOT_SCHEDULED_WORK = frozenset({"parameter", "constant"})


def defined_bytes(instr: Instruction) -> int:
    """Bytes of the logical buffers TuplePointsToAnalysis says `instr` defines."""
    op = instr.opcode
    if op in POINTS_TO_DEFINES_NOTHING:
        return 0
    only = POINTS_TO_DEFINED_INDICES.get(op)
    aliased = set()
    if op in ("custom-call", "fusion"):  # outputs that alias an operand are not defined here
        aliased = {out for out, _, _ in instr.output_to_operand_aliasing}
    total = 0
    for index, sub in instr.shape.subshapes():
        if op == "async-start" and len(index) >= 2 and index[0] == 0:
            continue  # {0, i}: operand i, forwarded
        if (only is None or index in only) and index not in aliased:
            total += sub.byte_size()
    return total


def dfs_sequence(comp: Computation, post_order: list[Instruction]) -> list[Instruction]:
    """The order DFSMemoryScheduler gives one computation."""
    extra_users: dict[Instruction, int] = {}
    total_sizes: dict[Instruction, int] = {}
    cumulative = 0
    count = len(comp.instructions)
    for instr in post_order:
        if instr.opcode in NOT_SCHEDULED_WORK:
            extra_users[instr] = total_sizes[instr] = 0
            continue
        own = defined_bytes(instr)
        cumulative += own
        users = max(0, len(instr.users) - 1)
        sizes = own
        for operand in dict.fromkeys(instr.operands):
            users += extra_users.get(operand, 0)
            sizes += total_sizes.get(operand, 0)
        # A node reachable along several paths is counted once per path: cap both sums.
        total_sizes[instr] = min(sizes, cumulative)
        extra_users[instr] = min(users, count)

    def key(instr):
        return (-extra_users.get(instr, 0), -total_sizes.get(instr, 0), instr.name.encode())

    def pushed(instr: Instruction) -> list[Instruction]:
        # Sorted best first, stacked in reverse: the most used, largest operand is visited first.
        return sorted(instr.operands + instr.control_predecessors, key=key, reverse=True)

    state: dict[Instruction, int] = {}
    order: list[Instruction] = []
    for instr in comp.instructions:
        if not instr.users and instr is not comp.root:
            post_order_walk(instr, pushed, state, order)
    post_order_walk(comp.root, pushed, state, order)
    return order
