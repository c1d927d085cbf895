"""Scheduling a whole module: each sequential computation ordered by one algorithm; XLA's
default choice compares candidates by MinimumMemoryForModule (spec §6.5)."""
from __future__ import annotations

import time
from dataclasses import dataclass

from ...hlo.model import Computation, Instruction, Module
from ..assignment.assignment import BufferAssigner
from ..dataflow.callgraph import CallGraph
from ..liveness.hlo_liveness import analyze_module
from .xla import XLA_ALGORITHMS

# XLA's DefaultMemoryScheduler: the least MinimumMemoryForModule, ties in this order.
DEFAULT_CANDIDATES = ("list", "dfs", "postorder")


@dataclass
class Schedule:
    algorithm: str
    sequences: dict[Computation, list[Instruction]]
    seconds: float = 0.0
    peak_bytes: int | None = None      # MinimumMemoryForModule under this order
    needed_bytes: int | None = None    # memory needed after buffer assignment


def schedule_module(module: Module, algorithm: str, graph: CallGraph | None = None) -> Schedule:
    graph = graph or CallGraph(module)
    started = time.perf_counter()
    order = XLA_ALGORITHMS[algorithm]
    sequences = {comp: order(comp, graph.post_order(comp)) for comp in graph.computations}
    return Schedule(algorithm, sequences, time.perf_counter() - started)


def default_choice(schedules: list[Schedule]) -> Schedule:
    """XLA's DefaultMemoryScheduler's pick among measured List, DFS and PostOrder schedules."""
    return min((s for s in schedules if s.algorithm in DEFAULT_CANDIDATES),
               key=lambda s: (s.peak_bytes, DEFAULT_CANDIDATES.index(s.algorithm)))


def default_schedule(module: Module, target, graph: CallGraph | None = None) -> Schedule:
    """XLA's DefaultMemoryScheduler: List, DFS and PostOrder compared by their peak alone."""
    graph = graph or CallGraph(module)
    tried = []
    for name in DEFAULT_CANDIDATES:
        schedule = schedule_module(module, name, graph)
        schedule.peak_bytes = BufferAssigner(analyze_module(module, target, schedule.sequences)).minimum_memory
        tried.append(schedule)
    return default_choice(tried)


BFS_SINCE = "2024-06-01"   # XLA:CPU's default scheduler became BFS (concurrency first)


def platform_choice(target) -> tuple[str, str]:
    """The scheduler XLA would run on an unscheduled module for this platform and date (spec §7),
    and why: XLA:CPU ran DFS before mid-2024 and BFS since; elsewhere the DefaultMemoryScheduler."""
    if target.platform != "cpu":
        return "default", "XLA's default choice: the least peak of List, DFS and PostOrder"
    before = target.vintage.is_before(BFS_SINCE)
    if before is False:
        return "bfs", "XLA:CPU's scheduler since mid-2024"
    if before:
        return "dfs", "XLA:CPU's scheduler before mid-2024"
    return "dfs", "XLA:CPU's scheduler before mid-2024; the text does not date itself, and since then it is BFS"
