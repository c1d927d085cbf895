"""The module-wide flattened schedule HloLiveRange works on (FlattenSchedule, docs/rules.md §3.1)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...hlo.model import Computation, Instruction
from ..dataflow.callgraph import CallGraph
from ..dataflow.updates import chain_start
from .dfs_scheduler import dfs_sequence

ASYNC_OPS = ("async-start", "async-update", "async-done")
FLATTENED_CALLERS = ("call", "conditional", "while", *ASYNC_OPS)


@dataclass
class FlatSchedule:
    sequence: list[Instruction]
    time: dict[Instruction, int]
    span: dict[Computation, tuple[int, int]]   # [start, end) of each flattened computation
    async_done: dict[Computation, Instruction | None] = field(default_factory=dict)
    async_start: dict[Computation, Instruction] = field(default_factory=dict)   # the op that placed it
    recomputed: bool = False                   # the schedule was recomputed, not printed
    algorithm: str | None = None               # the scheduler that recomputed it
    chosen_by: str | None = None               # why that scheduler (XLA's default choice)

    @property
    def end(self) -> int:
        return len(self.sequence)

    def ends(self) -> dict[Instruction, int]:
        """Where a value held by each instruction stops being live there: its time, or for a
        computation's root the end of that computation's span (its callers read it later)."""
        ends = dict(self.time)
        for comp, (_, end) in self.span.items():
            if comp.root in ends:
                ends[comp.root] = end
        return ends


def flatten(graph: CallGraph, sequences: dict | None = None) -> FlatSchedule:
    """Walk the entry's sequence, placing called computations before their caller (call and
    conditional branches in order; while: condition then body; async-start: the wrapped
    computation), each computation once. `sequences` (computation -> its instructions in order)
    is the schedule when given; else a scheduled module's printed order is; otherwise XLA's DFS
    memory scheduler order is recomputed (CPU dumps before 2024-05-27)."""
    module = graph.module
    if sequences is not None:
        order = sequences.__getitem__
    elif module.is_scheduled:
        order = lambda comp: comp.instructions  # noqa: E731
    else:
        order = lambda comp: dfs_sequence(comp, graph.post_order(comp))  # noqa: E731
    flat = FlatSchedule([], {}, {}, {}, {}, recomputed=sequences is not None or not module.is_scheduled,
                        algorithm=None if sequences is not None or module.is_scheduled else "dfs")
    assert module.entry is not None  # (a parsed module has its entry)
    _visit(graph, module.entry, flat, order, None)
    return flat


def _visit(graph: CallGraph, comp: Computation, flat: FlatSchedule, order, context: Instruction | None) -> None:
    """`context`: the async op whose wrapped computation `comp` is, or is called from (its
    values live from that op to the chain's async-done, as FlattenSchedule's async_context)."""
    if context is not None:
        flat.async_done[comp] = async_done(chain_start(context))
    start = len(flat.sequence)
    flat.span[comp] = (start, start)  # mark visited before recursing
    sequence = order(comp)
    if not graph.control_flow[comp]:  # nothing called: placed at once
        flat.time.update(zip(sequence, range(start, start + len(sequence))))
        flat.sequence.extend(sequence)
        flat.span[comp] = (start, len(flat.sequence))
        return
    for instr in sequence:
        if instr.opcode in FLATTENED_CALLERS:
            # (an async-update or -done prints no `calls=`: its chain's async-start names the callee)
            for callee in graph.callees(chain_start(instr) if instr.opcode in ASYNC_OPS else instr):
                if callee not in flat.span and _binds(instr, callee):
                    if instr.opcode in ASYNC_OPS:
                        flat.async_start[callee] = instr
                    _visit(graph, callee, flat, order, instr if instr.opcode in ASYNC_OPS else context)
        flat.time[instr] = len(flat.sequence)
        flat.sequence.append(instr)
    flat.span[comp] = (start, len(flat.sequence))


def _binds(instr: Instruction, callee: Computation) -> bool:
    """Whether `instr` places its callee in the flattened schedule: any call, conditional or
    while; of an async chain, the first op that passes the wrapped computation all its operands
    (an async-start without operands leaves it to its async-update, as libtpu's SparseCore
    offloads are written)."""
    if instr.opcode not in ASYNC_OPS:
        return True
    given = len(instr.operands) - (0 if instr.opcode == "async-start" else 1)
    return given == len(callee.parameters) or instr.opcode == "async-done"


def async_chain(start: Instruction) -> list[Instruction]:
    """async-start, its async-updates, and its async-done."""
    chain = [start]
    for _ in range(10_000):
        nxt = next((u for u in chain[-1].users if u.opcode in ASYNC_OPS[1:]), None)
        if nxt is None:
            break
        chain.append(nxt)
        if nxt.opcode == "async-done":
            break
    return chain


def async_done(start: Instruction) -> Instruction | None:
    last = async_chain(start)[-1]
    return last if last.opcode == "async-done" else None
