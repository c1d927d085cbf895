"""Scheduling a whole module: each sequential computation ordered by one algorithm; XLA's
default choice compares candidates by MinimumMemoryForModule (docs/rules.md §6.2)."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import cast

from ...hlo.model import Computation, Instruction
from ...hlo.module import Module
from ..assignment.assignment import BufferAssigner
from ..dataflow.callgraph import CallGraph
from ..liveness.hlo_liveness import analyze_module
from .bounds import lower_bound
from .deadline import Deadline
from .model import CALLERS, MemoryModel
from .search import beam_order, exact_order, improve_order, profile
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
    """One of XLA's schedulers on every sequential computation."""
    graph = graph or CallGraph(module)
    started = time.perf_counter()
    order = XLA_ALGORITHMS[algorithm]
    sequences = {comp: order(comp, graph.post_order(comp)) for comp in graph.computations}
    return Schedule(algorithm, sequences, time.perf_counter() - started)


# bufviz's own: each computation ordered on its memory model (search.py). `improve` starts
# from the order of least model peak among XLA's and the beam's, so it is never worse there.
OWN_ALGORITHMS = ("beam", "exact", "improve")


class Planner:
    """bufviz's schedulers and the lower bound on one module, sharing its memory models."""

    def __init__(self, module: Module, target, graph: CallGraph | None = None, deadline: Deadline | None = None):
        self.module, self.graph, self.deadline = module, graph or CallGraph(module), deadline
        started = time.perf_counter()
        self.models = models(self.graph, module, target, deadline)
        self.seconds = time.perf_counter() - started   # building models includes the bounds
        self._beams: dict[Computation, list[int]] = {}

    def schedule(self, algorithm: str) -> Schedule:
        started = time.perf_counter()
        sequences = {comp: [model.instructions[k] for k in self._order(algorithm, comp, model)]
                     for comp, model in self.models.items()}
        return Schedule(algorithm, sequences, time.perf_counter() - started)

    def _order(self, algorithm: str, comp: Computation, model: MemoryModel) -> list[int]:
        if algorithm == "beam":
            return self._beam(comp, model)
        if algorithm == "exact":
            found = exact_order(model, False, self.deadline)
            return found[1] if found else self._beam(comp, model)
        number = {instr: k for k, instr in enumerate(model.instructions)}
        seeds = [[number[i] for i in order(comp, self.graph.post_order(comp))] for order in XLA_ALGORITHMS.values()]
        seeds.append(self._beam(comp, model))
        seed = min(seeds, key=lambda order: max(profile(model, order), default=0))
        return improve_order(model, seed, self.deadline)[1]

    def _beam(self, comp: Computation, model: MemoryModel) -> list[int]:
        if comp not in self._beams:
            self._beams[comp] = beam_order(model, deadline=self.deadline)[1]
        return self._beams[comp]

    def lower_bound(self) -> int:
        """No order of this module has a smaller MinimumMemoryForModule: the largest bound of
        a computation (a call counts its callee's); the entry's parameters kept to the end are
        live while any other computation runs."""
        assert self.module.entry is not None  # (a parsed module has its entry)
        pinned = self.models[self.module.entry].pinned
        # (models() bounds each model as it builds it)
        return max(cast(int, m.bound) + (0 if comp is self.module.entry else pinned) for comp, m in self.models.items())


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
    """The scheduler XLA would run on an unscheduled module for this platform and date (docs/rules.md §6.2),
    and why: XLA:CPU ran DFS before mid-2024 and BFS since; elsewhere the DefaultMemoryScheduler."""
    if target.platform != "cpu":
        return "default", "XLA's default choice: the least peak of List, DFS and PostOrder"
    before = target.vintage.is_before(BFS_SINCE)
    if before is False:
        return "bfs", "XLA:CPU's scheduler since mid-2024"
    if before:
        return "dfs", "XLA:CPU's scheduler before mid-2024"
    return "dfs", "XLA:CPU's scheduler before mid-2024; the text does not date itself, and since then it is BFS"


def models(graph, module, target, deadline: Deadline | None = None) -> dict[Computation, MemoryModel]:
    """A model per sequential computation, callees first, so that a call's extra is its
    callee's lower bound (only where the callee has that one call site: the flattened schedule
    places a computation once)."""
    built: dict[Computation, MemoryModel] = {}
    for comp in _callees_first(graph):
        extra, shared = {}, set()
        for instr in comp.instructions:
            if instr.opcode in CALLERS:
                callees = graph.callees(instr)
                # (each model is bounded as it is built, callees first)
                inner = [cast(int, built[c].bound) for c in callees if len(graph.callsites.get(c, ())) == 1]
                if inner:
                    extra[instr] = max(inner)
                if len(inner) < len(callees):   # the callee's results may be one value for every call
                    shared.add(instr)
        model = built[comp] = MemoryModel(comp, graph.post_order(comp), target.size, entry=comp is module.entry,
                                          donated=module.donated, extra=extra, shared=frozenset(shared))
        lower_bound(model, deadline)   # kept on the model: its callers count it
    return built


def _callees_first(graph) -> list[Computation]:
    order: list[Computation] = []
    seen: set = set()

    def visit(comp: Computation) -> None:
        seen.add(comp)
        for instr in comp.instructions:
            for callee in graph.callees(instr):
                if callee not in seen:
                    visit(callee)
        order.append(comp)

    visit(graph.module.entry)
    return order
