"""`What to try` at the end of `bufviz peak`: changes a user can make to the program, each
measured on the changed module (memory needed by the module's own assignment rules); a change
that saves nothing is not shown. Most saving first, with the source lines to change and the
framework's words.

Advice costs at most one more analysis of the module unless asked for in full (`--advice`): the
candidate changes are tried in order of the most memory they touch, and those the budget does
not reach are named as not measured."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from ..errors import BufvizError
from ..views.framework import (CARRY_HOW, DONATE_PARAMETERS_HOW, JAX, ORDER_HOW, PRECISION_HOW, REMAT_HOW,
                                 START_HOW, detect_framework)
from .aliasing import AVOIDABLE, copies
from .donate import donated_module, leaves, output_leaves
from .remat import plan_remat, rematerialized_module
from .rewrite import find_sequential, retyped, without_copies
from .trials import CHANGED, DONATED, DONATION_PLAN, Trials

if TYPE_CHECKING:
    from ..result import PeakReport

REMAT_TRIES = 4          # largest temporaries at the peak tried for rematerialization
PRECISION_TRIES = 3      # largest f32 buffers made from 16-bit inputs tried in bfloat16
MAX_INSTRUCTIONS = 20000  # above this, even one what-if costs seconds: advice only when asked
MIN_SAVING_PERCENT = 1    # smaller savings are noise next to the headline
BUDGET = 1.0             # analyses of the module advice may spend, unless asked for in full
ORDER = 2.0              # bufviz's scheduler, then a measurement: about two analyses
LOW = ("bf16", "f16")


@dataclass
class Candidate:
    """A change worth measuring: `touches` bytes are what it acts on (it orders the tries),
    `cost` the analyses measuring it takes, `measure()` the items it gives once measured."""
    kind: str
    title: str
    touches: int
    cost: float
    measure: Callable[[], list[dict]]


def what_to_try(report: PeakReport, context, full: bool = False) -> tuple[list[dict], list[dict]]:
    """(items {kind, title, how, saving_bytes, sources, change}, most saving first; the
    candidates not measured {kind, title}). `full`: measure every candidate."""
    module = context.inputs.module
    trials = Trials(context, None if full else BUDGET)
    framework = _framework(module)
    least = max(1, trials.baseline * MIN_SAVING_PERCENT // 100)
    rows = [r for r in report.memory["at_peak"] if r["kind"] != "free"]
    candidates = [*_donation(module, trials, framework), *_remat(rows, module, trials),
                  *_carries(report, context, trials, framework), *_precision(rows, module, trials, framework),
                  *_order(report, context, full)]
    items, not_measured, remat = [*_fragmentation(report)], [], []
    for candidate in sorted(candidates, key=lambda c: -c.touches):
        if not full and candidate.touches < least and candidate.kind != "schedule":
            continue   # acting on less than the least saving shown: not worth the budget
        if not trials.affords(candidate.cost):
            not_measured.append({"kind": candidate.kind, "title": candidate.title})
        elif candidate.kind == "remat":
            remat += candidate.measure()
        else:
            items += candidate.measure()
    items += _remat_item(remat, module, trials, framework)
    return sorted((i for i in items if i["saving_bytes"] >= least), key=lambda i: -i["saving_bytes"]), not_measured


def advice_section(report: PeakReport, context, force: bool = False) -> dict:
    """`advice` of the peak report: the items, or why there are none; `force`: every candidate
    measured, whatever the module's size."""
    if context.analysis is None or not report.memory:
        return _skipped("advice is measured on the HLO module, which was not given")
    size = len(context.analysis.flat.sequence)
    if size > MAX_INSTRUCTIONS and not force:
        return _skipped(f"the module has {size:,} instructions: each what-if would take seconds (--advice "
                        "measures them anyway)")
    try:
        items, not_measured = what_to_try(report, context, full=force)
        return {"items": items, "skipped_because": None, "not_measured": not_measured}
    except BufvizError as e:   # a part of the module the headline never needed does not read
        return _skipped(f"a changed module could not be measured: {e}")


def _skipped(why: str) -> dict:
    return {"items": [], "skipped_because": why, "not_measured": []}


def _framework(module) -> str | None:
    names = (i.op_name for i in module.entry.instructions[:2000])
    return detect_framework(names, other=[module.name])


def _donation(module, trials: Trials, framework) -> list[Candidate]:
    numbers = sorted({p.parameter_number for p in module.entry.parameters} - {n for n, _ in module.donated})
    shapes = {o.text for _, o in output_leaves(module)}
    by_number = {p.parameter_number: p for p in module.entry.parameters}
    touches = sum(sub.byte_size() for n in numbers for _, sub in leaves(by_number[n].shape) if sub.text in shapes)
    if not touches:
        return []

    def measure() -> list[dict]:
        plans = [p for p in trials.donations(numbers) if p.reason is None]
        if not plans:
            return []
        donated = sorted({p.number for p in plans})
        names = list(dict.fromkeys(by_number[n].op_name or by_number[n].name for n in donated))
        return [{"kind": "donate", "saving_bytes": trials.donation_saving(donated_module(module, plans)),
                 "title": f"donate {_parameters(donated)} ({_names(names)}): "
                          "outputs of the same shape can reuse their memory",
                 "how": DONATE_PARAMETERS_HOW[framework],
                 "sources": [], "change": {"donate": donated}}]
    return [Candidate("donate", f"donate {_parameters(numbers)}", touches, DONATION_PLAN + DONATED, measure)]


def _remat(rows, module, trials: Trials) -> list[Candidate]:
    """Each of the largest temporaries at the peak, recomputed where it is read late."""
    found, tried = [], set()
    for row in sorted(rows, key=lambda r: -r["bytes"]):
        if row["kind"] != "temp" or row["name"] in tried or len(tried) >= REMAT_TRIES:
            continue
        tried.add(row["name"])
        plan = plan_remat(module, row["name"])
        if plan.reason is not None or plan.name in {p.name for p, _ in found}:
            continue
        found.append((plan, row))

    def measure(plan, row):
        return lambda: [(plan, s, row)] if (s := trials.saving(rematerialized_module(module, [plan]))) > 0 else []
    return [Candidate("remat", f"recompute {plan.name}", row["bytes"], CHANGED, measure(plan, row))
            for plan, row in found]


def _remat_item(good: list, module, trials: Trials, framework) -> list[dict]:
    """One item for the rematerializations that saved: all of them together when that saves
    more than the best alone (and the budget allows measuring it)."""
    if not good:
        return []
    best = max(good, key=lambda g: g[1])
    if len(good) > 1 and trials.affords(CHANGED):
        together = trials.saving(rematerialized_module(module, [p for p, _, _ in good]))
    else:
        together = -1   # (not measured: the best alone)
    if together < best[1]:
        good, together = [best], best[1]
    names = [p.name for p, _, _ in good]
    return [{"kind": "remat", "saving_bytes": together,
             "title": f"recompute {_names(names)} when needed instead of keeping "
                      f"{'them' if len(names) > 1 else 'it'}",
             "how": REMAT_HOW[framework] + (
                 " with a policy that saves less (jax.checkpoint_policies)" if framework == JAX else ""),
             "sources": _sources(r for _, _, r in good), "change": {"remat": names}}]


def _carries(report, context, trials: Trials, framework) -> list[Candidate]:
    loop_copies = [c for c in copies(context.analysis, context.inputs.module, report)
                   if (c["in_loop"] or "while" in c["users"]) and c["cause"] in AVOIDABLE]
    by_value: dict[str, list[dict]] = {}
    for c in loop_copies:
        by_value.setdefault(c["of"], []).append(c)

    def measure(of, group):
        def items() -> list[dict]:
            names = [c["name"] for c in group]
            s = trials.saving(without_copies(context.inputs.module, names))
            if s <= 0:
                return []
            return [{"kind": "carry", "saving_bytes": s,
                     "title": f"keep the loop carry {of} in place: XLA copies it "
                              f"{'' if len(group) == 1 else f'{len(group)} times '}({group[0]['why']})",
                     "how": START_HOW if group[0]["cause"] == "initial_value_read" else CARRY_HOW[framework],
                     "sources": _sources(group), "change": {"remove_copy": names}}]
        return items
    return [Candidate("carry", f"keep the loop carry {of} in place", sum(c["bytes"] for c in group), CHANGED,
                      measure(of, group)) for of, group in list(by_value.items())[:3]]


def _precision(rows, module, trials: Trials, framework) -> list[Candidate]:
    found = []
    for row in sorted(rows, key=lambda r: -r["bytes"]):
        if row["kind"] == "parameter" or not (row.get("shape") or "").startswith("f32[") \
                or row["name"] in {r["name"] for r in found}:
            continue
        instr = find_sequential(module, row["name"])
        if instr is not None and not instr.shape.is_tuple and any(
                not o.shape.is_tuple and o.shape.dtype in LOW for o in instr.operands):
            found.append(row)
        if len(found) >= PRECISION_TRIES:
            break
    if not found:
        return []
    names = [r["name"] for r in found]

    def measure() -> list[dict]:
        s = trials.saving(retyped(module, names, "bf16"))
        if s <= 0:
            return []
        return [{"kind": "precision", "saving_bytes": s,
                 "title": f"{_names(names)}: float32 made from 16-bit inputs", "sources": _sources(found),
                 "how": PRECISION_HOW[framework], "change": {"bfloat16": names}}]
    return [Candidate("precision", f"{_names(names)} in bfloat16", sum(r["bytes"] for r in found) // 2, CHANGED,
                      measure)]


def _fragmentation(report) -> list[dict]:
    memory = report.memory
    frag, temp = memory.get("fragmentation_bytes") or 0, memory.get("temp_bytes") or 0
    if not temp or frag <= 0.1 * temp:
        return []
    return [{"kind": "fragmentation", "saving_bytes": frag,
             "title": f"{100 * frag / temp:.0f}% of the temporaries' memory is never in use at the peak "
                      "(fragmentation)",
             "how": "fewer long-lived temporaries between short-lived ones let XLA pack them tighter",
             "sources": [], "change": {}}]


def _order(report, context, full: bool) -> list[Candidate]:
    """Another order of the instructions (bufviz's scheduler): searched in full advice only."""
    temp = (report.memory or {}).get("temp_bytes") or 0
    if not full or not temp:
        return []

    def measure() -> list[dict]:
        from ..schedule.run import better_order
        found = better_order(report, context)
        if found is None:
            return []
        return [{"kind": "schedule", "saving_bytes": found["saving_bytes"],
                 "title": "run the instructions in another order: the one bufviz's scheduler found holds "
                          "fewer temporaries at once" + (" (a search cut short: `bufviz schedule` searches longer)"
                                                         if found.get("steps_limit_hit") else ""),
                 "how": ORDER_HOW, "sources": [], "change": {"schedule": found["algorithm"]}}]
    return [Candidate("schedule", "another order of the instructions", temp, ORDER, measure)]


def _sources(rows) -> list[str]:
    return list(dict.fromkeys(r["source"] for r in rows if r.get("source")))


def _parameters(numbers: list[int]) -> str:
    """`parameter 3`, `parameters 0, 1, 3` or, for many, `13 parameters numbered 0 to 16`."""
    if len(numbers) <= 6:
        return f"parameter{'s' * (len(numbers) > 1)} " + ", ".join(map(str, numbers))
    return f"{len(numbers)} parameters numbered {numbers[0]} to {numbers[-1]}"


def _names(names: list[str]) -> str:
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")

