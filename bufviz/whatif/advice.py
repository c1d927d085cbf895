"""`What to try` at the end of `bufviz peak`: changes a user can make to the program, each
measured by running the changed module through the whole pipeline; a change that saves nothing
is not shown. Most saving first, with the source lines to change and the framework's words."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import BufvizError
from ..views.framework import (CARRY_HOW, DONATE_PARAMETERS_HOW, JAX, ORDER_HOW, PRECISION_HOW, REMAT_HOW,
                                 START_HOW, detect_framework)
from ..measure import module_report
from .aliasing import AVOIDABLE, copies
from .donate import donated_module, plan_donations
from .remat import plan_remat, rematerialized_module
from .rewrite import find_sequential, retyped, without_copies

if TYPE_CHECKING:
    from ..result import PeakReport

REMAT_TRIES = 4          # largest temporaries at the peak tried for rematerialization
PRECISION_TRIES = 3      # largest f32 buffers made from 16-bit inputs tried in bfloat16
MAX_INSTRUCTIONS = 20000  # above this, each what-if costs seconds: advice only when asked
MIN_SAVING_PERCENT = 1    # smaller savings are noise next to the headline
LOW = ("bf16", "f16")


def what_to_try(report: PeakReport, context) -> list[dict]:
    """Items {kind, title, how, saving_bytes, sources, change}, most saving first."""

    module, target = context.inputs.module, context.target
    baseline = module_report(module, target, context.describe).memory["needed_bytes"]

    def saving(changed) -> int:
        return baseline - module_report(changed, target).memory["needed_bytes"]

    framework = _framework(module)
    rows = [r for r in report.memory["at_peak"] if r["kind"] != "free"]
    items = [*_donation(module, target, saving, framework), *_remat(rows, module, saving, framework),
             *_carries(report, context, saving, framework), *_precision(rows, module, saving, framework),
             *_fragmentation(report), *_order(report, context)]
    least = max(1, baseline * MIN_SAVING_PERCENT // 100)
    return sorted((i for i in items if i["saving_bytes"] >= least), key=lambda i: -i["saving_bytes"])


def advice_section(report: PeakReport, context, force: bool = False) -> dict:
    """`advice` of the peak report: the items, or why there are none."""
    if context.analysis is None or not report.memory:
        return {"items": [], "skipped_because": "advice is measured on the HLO module, which was not given"}
    size = len(context.analysis.flat.sequence)
    if size > MAX_INSTRUCTIONS and not force:
        return {"items": [], "skipped_because": f"the module has {size:,} instructions: each what-if would "
                                                "take seconds (--advice measures them anyway)"}
    try:
        return {"items": what_to_try(report, context), "skipped_because": None}
    except BufvizError as e:   # a part of the module the headline never needed does not read
        return {"items": [], "skipped_because": f"a changed module could not be measured: {e}"}


def _framework(module) -> str | None:
    names = (i.op_name for i in module.entry.instructions[:2000])
    return detect_framework(names, other=[module.name])


def _donation(module, target, saving, framework) -> list[dict]:
    numbers = sorted({p.parameter_number for p in module.entry.parameters} - {n for n, _ in module.donated})
    plans = [p for p in plan_donations(module, target, numbers) if p.reason is None]
    if not plans:
        return []
    numbers = sorted({p.number for p in plans})
    by_number = {p.parameter_number: p for p in module.entry.parameters}
    names = list(dict.fromkeys(by_number[n].op_name or by_number[n].name for n in numbers))
    return [{"kind": "donate", "saving_bytes": saving(donated_module(module, plans)),
             "title": f"donate {_parameters(numbers)} ({_names(names)}): "
                      "outputs of the same shape can reuse their memory",
             "how": DONATE_PARAMETERS_HOW[framework],
             "sources": [], "change": {"donate": numbers}}]


def _remat(rows, module, saving, framework) -> list[dict]:
    tried, good = set(), []
    for row in sorted(rows, key=lambda r: -r["bytes"]):
        if row["kind"] != "temp" or row["name"] in tried or len(tried) >= REMAT_TRIES:
            continue
        tried.add(row["name"])
        plan = plan_remat(module, row["name"])
        if plan.reason is None and plan.name not in {p.name for p, _, _ in good}:
            s = saving(rematerialized_module(module, [plan]))
            if s > 0:
                good.append((plan, s, row))
    if not good:
        return []
    plans = [p for p, _, _ in good]
    together = saving(rematerialized_module(module, plans)) if len(plans) > 1 else good[0][1]
    best = max(good, key=lambda g: g[1])
    if together < best[1]:
        good, together = [best], best[1]
    names = [p.name for p, _, _ in good]
    return [{"kind": "remat", "saving_bytes": together,
             "title": f"recompute {_names(names)} when needed instead of keeping "
                      f"{'them' if len(names) > 1 else 'it'}",
             "how": REMAT_HOW[framework] + (
                 " with a policy that saves less (jax.checkpoint_policies)" if framework == JAX else ""),
             "sources": _sources(r for _, _, r in good), "change": {"remat": names}}]


def _carries(report, context, saving, framework) -> list[dict]:
    loop_copies = [c for c in copies(context.analysis, context.inputs.module, report)
                   if (c["in_loop"] or "while" in c["users"]) and c["cause"] in AVOIDABLE]
    by_value: dict[str, list[dict]] = {}
    for c in loop_copies:
        by_value.setdefault(c["of"], []).append(c)
    items = []
    for of, group in list(by_value.items())[:3]:
        names = [c["name"] for c in group]
        s = saving(without_copies(context.inputs.module, names))
        if s > 0:
            items.append({"kind": "carry", "saving_bytes": s,
                          "title": f"keep the loop carry {of} in place: XLA copies it "
                                   f"{'' if len(group) == 1 else f'{len(group)} times '}({group[0]['why']})",
                          "how": START_HOW if group[0]["cause"] == "initial_value_read" else
                                 CARRY_HOW[framework],
                          "sources": _sources(group), "change": {"remove_copy": names}})
    return items


def _precision(rows, module, saving, framework) -> list[dict]:
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
    s = saving(retyped(module, names, "bf16"))
    if s <= 0:
        return []
    return [{"kind": "precision", "saving_bytes": s,
             "title": f"{_names(names)}: float32 made from 16-bit inputs", "sources": _sources(found),
             "how": PRECISION_HOW[framework],
             "change": {"bfloat16": names}}]


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


def _order(report, context) -> list[dict]:
    from ..schedule.run import better_order
    found = better_order(report, context)
    if found is None:
        return []
    return [{"kind": "schedule", "saving_bytes": found["saving_bytes"],
             "title": "run the instructions in another order: the one bufviz's scheduler found holds "
                      "fewer temporaries at once",
             "how": ORDER_HOW, "sources": [], "change": {"schedule": found["algorithm"]}}]


def _sources(rows) -> list[str]:
    return list(dict.fromkeys(r["source"] for r in rows if r.get("source")))


def _parameters(numbers: list[int]) -> str:
    """`parameter 3`, `parameters 0, 1, 3` or, for many, `13 parameters numbered 0 to 16`."""
    if len(numbers) <= 6:
        return f"parameter{'s' * (len(numbers) > 1)} " + ", ".join(map(str, numbers))
    return f"{len(numbers)} parameters numbered {numbers[0]} to {numbers[-1]}"


def _names(names: list[str]) -> str:
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")

