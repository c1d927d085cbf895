"""XLA's memory schedulers (hlo_memory_scheduler.cc, docs/rules.md §6.2) on bufviz's own graph: PostOrder,
DFS, List and BFS, each an order for one computation. Dependencies are operands and control
predecessors (an async-done reads its async-start, so the pair is ordered too)."""
from __future__ import annotations

import heapq
from collections import deque

from ...hlo.model import Computation, Instruction
from ..liveness.dfs_scheduler import dfs_sequence
from .points_to import PointsTo

INFINITE = float("inf")


def postorder_sequence(comp: Computation, post_order: list[Instruction]) -> list[Instruction]:
    return list(post_order)


def dfs(comp: Computation, post_order: list[Instruction]) -> list[Instruction]:
    return dfs_sequence(comp, post_order)


def predecessors(instr: Instruction) -> list[Instruction]:
    return list(dict.fromkeys(instr.operands + instr.control_predecessors))


def successors(comp: Computation) -> dict[Instruction, list[Instruction]]:
    """Users, then control successors, each once, in XLA's order."""
    after: dict[Instruction, list[Instruction]] = {i: list(dict.fromkeys(i.users)) for i in comp.instructions}
    for instr in comp.instructions:
        for pred in instr.control_predecessors:
            if instr not in after[pred]:
                after[pred].append(instr)
    return after


def bfs_sequence(comp: Computation, post_order: list[Instruction]) -> list[Instruction]:
    """BFScheduler: Kahn's algorithm, FIFO, seeded in instruction-list order."""
    waiting = {i: len(predecessors(i)) for i in comp.instructions}
    after = successors(comp)
    queue = deque(i for i in comp.instructions if waiting[i] == 0)
    order = []
    while queue:
        instr = queue.popleft()
        order.append(instr)
        for nxt in after[instr]:
            waiting[nxt] -= 1
            if waiting[nxt] == 0:
                queue.append(nxt)
    return order


def list_sequence(comp: Computation, post_order: list[Instruction]) -> list[Instruction]:
    """ListScheduler: greedy, the ready instruction freeing the most bytes net of what it
    defines first (then the most users); ties go to the one made ready last."""
    points = PointsTo(comp, post_order)
    unscheduled: dict[tuple, int] = {}
    for instr in comp.instructions:
        for b in points.uses[instr]:
            unscheduled[b] = unscheduled.get(b, 0) + 1
    for b in points.live_out:
        unscheduled[b] = unscheduled.get(b, 0) + 1
    not_counted = {b for i in comp.instructions if i.opcode in ("parameter", "constant") for b in points.defined[i]}

    def priority(instr: Instruction) -> tuple:
        if instr.shape.is_effective_scalar():
            return (INFINITE, INFINITE)
        defined = 0 if instr.opcode in ("parameter", "constant") else points.bytes_defined(instr)
        freed = sum(points.size[b] for b in points.uses[instr] if unscheduled[b] == 1 and b not in not_counted)
        return (freed - defined, len(instr.users))

    waiting = {i: len(predecessors(i)) for i in comp.instructions}
    after = successors(comp)
    heap: list = []
    entry_of: dict[Instruction, tuple] = {}
    counter = 0

    def push(instr: Instruction) -> None:
        nonlocal counter
        counter += 1
        p = priority(instr)
        entry_of[instr] = (p, counter)
        heapq.heappush(heap, (-p[0], -p[1], -counter, instr.name, instr))

    readers: dict[tuple, list[Instruction]] = {}
    for instr in comp.instructions:
        for b in points.uses[instr]:
            readers.setdefault(b, []).append(instr)
    for instr in comp.instructions:
        if waiting[instr] == 0:
            push(instr)
    order, done = [], set()
    while heap:
        _, _, negcount, _, instr = heapq.heappop(heap)
        if instr in done or entry_of.get(instr, (None, None))[1] != -negcount:
            continue   # an entry superseded by a re-prioritised one
        done.add(instr)
        order.append(instr)
        dropped = []
        for b in points.uses[instr]:
            unscheduled[b] -= 1
            if unscheduled[b] == 1:
                dropped.append(b)
        for nxt in after[instr]:
            waiting[nxt] -= 1
            if waiting[nxt] == 0:
                push(nxt)
        for b in dropped:   # the last reader of a buffer now frees it: re-prioritise
            for reader in readers.get(b, ()):
                if reader not in done and reader in entry_of and waiting[reader] == 0:
                    push(reader)
    return order


XLA_ALGORITHMS = {"postorder": postorder_sequence, "dfs": dfs, "list": list_sequence, "bfs": bfs_sequence}
