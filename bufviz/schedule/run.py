"""Every scheduler run on the module and measured by the whole pipeline: the peak XLA's
schedulers minimise (MinimumMemoryForModule) and memory needed after buffer assignment."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..engine.dataflow.callgraph import CallGraph
from ..engine.scheduling.module import (DEFAULT_CANDIDATES, OWN_ALGORITHMS, Planner, Schedule, default_choice,
                                       platform_choice, schedule_module)
from ..engine.scheduling.deadline import Deadline
from ..engine.scheduling.xla import XLA_ALGORITHMS
from ..hlo.module import Module
from ..measure import module_report

if TYPE_CHECKING:
    from ..result import PeakReport

ALGORITHMS = (*XLA_ALGORITHMS, "default", *OWN_ALGORITHMS)
TIME_LIMIT = 10.0   # seconds bufviz's own searches may take on one module, bound included


def schedule_report(report: PeakReport, context, algorithm: str | None = None,
                    time_limit: float = TIME_LIMIT) -> tuple[dict, Schedule]:
    """`schedule` JSON, and the chosen schedule (the best, or `algorithm`'s) for --emit."""
    module, target = context.inputs.module, context.target
    graph = CallGraph(module)
    wanted = [algorithm] if algorithm else list(ALGORITHMS)
    runs: dict[str, Schedule] = {}
    for name in XLA_ALGORITHMS:
        if name in wanted or ("default" in wanted and name in DEFAULT_CANDIDATES):
            runs[name] = measure(module, target, schedule_module(module, name, graph))
    planner = Planner(module, target, graph, deadline=Deadline(time_limit))
    for name in OWN_ALGORITHMS:
        if name in wanted:
            runs[name] = measure(module, target, planner.schedule(name))
    rows = [_row(runs[name]) for name in ALGORITHMS if name in wanted and name in runs]
    chosen = {}
    if "default" in wanted:
        pick = default_choice(list(runs.values()))
        rows.insert(len([n for n in XLA_ALGORITHMS if n in wanted]),
                    {**_row(pick), "algorithm": "default", "chose": pick.algorithm,
                     "seconds": round(sum(runs[n].seconds for n in DEFAULT_CANDIDATES), 4)})
        chosen["default"] = pick
    best_row = min(rows, key=lambda r: (r["peak_bytes"], r["needed_bytes"] or 0))
    best = chosen.get(best_row["algorithm"]) or runs[best_row["algorithm"]]
    original = None
    if module.is_scheduled:
        ours = report.recomputed or {}
        original = {"peak_bytes": ours.get("minimum_memory_bytes"),
                    "needed_bytes": (report.memory or {}).get("needed_bytes")}
    own, why = platform_choice(target)
    assert planner.deadline is not None   # (made with one above)
    return {"module": report.module, "original": original, "xla_order": {"algorithm": own, "why": why},
            "lower_bound_bytes": planner.lower_bound(),
            "lower_bound_seconds": round(planner.seconds, 4), "schedules": rows,
            "best": {k: best_row[k] for k in ("algorithm", "peak_bytes", "needed_bytes")},
            "time_limit_hit": time_limit if planner.deadline.hit else None}, best


def measure(module: Module, target, schedule: Schedule) -> Schedule:
    """Peak and memory needed of the module run in this order (the whole pipeline)."""
    started = time.perf_counter()
    report = module_report(module, target, sequences=schedule.sequences)
    assert report.recomputed is not None   # (a module's report always recomputes)
    schedule.peak_bytes = report.recomputed["minimum_memory_bytes"]
    schedule.needed_bytes = report.memory["needed_bytes"] if report.memory else None
    schedule.seconds += time.perf_counter() - started
    return schedule


def _row(schedule: Schedule) -> dict:
    return {"algorithm": schedule.algorithm, "peak_bytes": schedule.peak_bytes,
            "needed_bytes": schedule.needed_bytes, "seconds": round(schedule.seconds, 4)}


ORDER_SHARE = 0.10       # a better order is worth a mention above this share of temporaries
ORDER_STEPS = 300_000   # steps a search feeding a hint may take (a second or two; the big beam's moves cost more)


def better_order(report: PeakReport, context) -> dict | None:
    """{algorithm, needed_bytes, saving_bytes, steps_limit_hit} when bufviz's local search finds
    an order whose memory needed is lower by more than a tenth of the temporaries; else None.
    The search is limited in steps, not seconds: the same module always gets the same hint."""
    memory = report.memory or {}
    needed, temp = memory.get("needed_bytes"), memory.get("temp_bytes")
    if context.analysis is None or not needed or not temp:
        return None
    module, target = context.inputs.module, context.target
    limit = Deadline(steps=ORDER_STEPS)
    planner = Planner(module, target, deadline=limit)
    found = measure(module, target, planner.schedule("improve"))
    saving = needed - (found.needed_bytes or needed)
    if saving <= ORDER_SHARE * temp:
        return None
    return {"algorithm": found.algorithm, "needed_bytes": found.needed_bytes, "saving_bytes": saving,
            "steps_limit_hit": limit.hit}
