"""`What to try` at the end of `bufviz peak`: changes a user can make to the program, each
measured on the changed module (memory needed by the module's own assignment rules); a change
that saves nothing is not shown. Most saving first, with the source lines to change and the
framework's words.

Advice costs at most one more analysis of the module unless asked for in full (`--advice`): the
candidate changes are tried in order of the most memory they touch, and those the budget does
not reach are named as not measured."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, cast

from ..errors import BufvizError
from ..units import human_bytes
from ..views.paths import equinox_part, path_steps, paths_by_number, shown_path
from ..views.framework import (CARRY_HOW, DONATE_PARAMETERS_HOW, JAX, PRECISION_HOW, REMAT_HOW,
                                 START_HOW, detect_framework, order_how)
from .aliasing import AVOIDABLE, copies
from .donate import donated_module, leaves, output_leaves
from .remat import Remat, plan_remat, rematerialized_module
from .rewrite import find_sequential, retyped, without_copies
from .sharding import sharding_items
from .trials import CHANGED, DONATED, DONATION_PLAN, Trials

if TYPE_CHECKING:
    from ..hlo.shapes import ArrayShape
    from ..result import PeakReport

REMAT_TRIES = 4          # largest temporaries at the peak tried for rematerialization
PRECISION_TRIES = 3      # largest f32 buffers made from 16-bit inputs tried in bfloat16
MAX_INSTRUCTIONS = 20000  # above this, even one what-if costs seconds: advice only when asked
MIN_SAVING_PERCENT = 1    # smaller savings are noise next to the headline
BUDGET = 1.0             # analyses of the module advice may spend, unless asked for in full
ORDER = 2.0              # bufviz's scheduler, then a measurement: about two analyses
LOW = ("bf16", "f16")
KEPT = ("saved activations", "activations")   # what rematerialization can drop (a training step's)


@dataclass
class Candidate:
    """A change worth measuring: `touches` bytes are what it acts on (it orders the tries),
    `cost` the analyses measuring it takes, `measure()` the items it gives once measured."""
    kind: str
    title: str
    touches: int
    cost: float
    measure: Callable[[], list[dict]]


def what_to_try(report: PeakReport, context, full: bool = False) -> tuple[list[dict], list[dict], list[dict]]:
    """(items {kind, title, how, saving_bytes, sources, change}, most saving first; the
    candidates not measured {kind, title}; those measured that save less than an item shows).
    `full`: measure every candidate."""
    module = context.inputs.module
    trials = Trials(context, None if full else BUDGET)
    framework = _framework(module)
    least = max(1, trials.baseline * MIN_SAVING_PERCENT // 100)
    assert report.memory is not None   # (advice_section measures only a report with its memory)
    rows = [r for r in report.memory["at_peak"] if r["kind"] != "free"]
    program = report.program or {}
    # recomputing drops what a backward pass keeps: never advice for an inference pass
    kept = [r for r in rows if r["category"] in KEPT] if program.get("backward") else []
    candidates = [*_donation(module, trials, framework), *_remat(kept, module, trials),
                  *_carries(report, context, trials, framework), *_precision(rows, module, trials, framework),
                  *_order(report, context, full, order_how(framework, bool(program.get("backward"))))]
    files = " ".join(module.file_names.values())
    items = [*_fragmentation(report), *sharding_items(report, files, least)]
    not_measured, remat, saved_little = [], [], []
    for candidate in sorted(candidates, key=lambda c: -c.touches):
        if not full and candidate.touches < least and candidate.kind != "schedule":
            continue   # acting on less than the least saving shown: not worth the budget
        if not trials.affords(candidate.cost):
            not_measured.append({"kind": candidate.kind, "title": candidate.title})
            continue
        measured = candidate.measure()
        if candidate.kind == "remat":
            remat += measured
        else:
            items += measured
        if not measured:   # (measured, and it saves nothing: said, never dropped without a word)
            saved_little.append({"kind": candidate.kind, "title": candidate.title, "saving_bytes": 0})
    items += _remat_item(remat, module, trials, framework, program.get("remat_ops") or 0)
    shown = sorted((i for i in items if i["saving_bytes"] >= least), key=lambda i: -i["saving_bytes"])
    saved_little += [{"kind": i["kind"], "title": i["title"], "saving_bytes": i["saving_bytes"]}
                     for i in items if i["saving_bytes"] < least and i["kind"] != "fragmentation"]
    # another order is XLA's to choose: offered after what the program itself can change
    return sorted(shown, key=lambda i: i["kind"] == "schedule"), not_measured, saved_little


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
        items, not_measured, saved_little = what_to_try(report, context, full=force)
        return {"items": items, "skipped_because": None, "not_measured": not_measured, "saved_little": saved_little,
                "explained": explained(report)}
    except BufvizError as e:   # a part of the module the headline never needed does not read
        return _skipped(f"a changed module could not be measured: {e}")


def _skipped(why: str) -> dict:
    return {"items": [], "skipped_because": why, "not_measured": [], "saved_little": [], "explained": []}


def explained(report: PeakReport) -> list[str]:
    """What is in memory for reasons of XLA's, not the program's: said, not offered as a change."""
    memory = report.memory or {}
    needed = memory.get("needed_bytes") or 0
    made = [r for r in memory.get("at_peak") or [] if r["category"] == "materialized constants"]
    total = sum(r["bytes"] for r in made)
    if not made or total * 100 < MIN_SAVING_PERCENT * needed:
        return []
    where = _sources(made)
    names = _names([r["name"] for r in made])
    return [f"{human_bytes(total)} at the peak are constants XLA writes out in full ({names}: "
            "broadcasts of scalars or iotas that a fused operation reads element by element); XLA chooses "
            "this, the program does not ask for it, and recomputing would not remove it"
            + (f" (for {', '.join(where[:2])})" if where else "")]


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
        names = list(dict.fromkeys(shown_path(by_number[n].op_name) if by_number[n].op_name else by_number[n].name
                                   for n in donated))
        copied = sorted({p.number for p in plans if p.copied})
        # (XLA copies a parameter read late by the data dependencies first: measured with the copies)
        copies = f"; XLA copies {_parameters(copied)} first (read after the update, by the data " \
                 "dependencies): counted, each copy made at its first read (an estimate: XLA's " \
                 "scheduler places it)" if copied else ""
        return [{"kind": "donate", "estimate": bool(copied),
                 "saving_bytes": trials.donation_saving(donated_module(module, plans), copies=bool(copied)),
                 "title": f"donate {_parameters(donated)} ({_names(names)}): "
                          f"outputs of the same shape can reuse their memory{copies}",
                 "how": donate_how(module, donated, framework),
                 "sources": [], "change": {"donate": donated}}]
    return [Candidate("donate", f"donate {_parameters(numbers)}", touches, DONATION_PLAN + DONATED, measure)]


def donate_how(module, numbers: list[int], framework) -> str:
    """How to donate these parameters, in the words of the library that jitted the function:
    the jax arguments they are leaves of, by name (the first step of their pytree paths) and by
    position (arguments are flattened in order, so a name's first leaf gives its place)."""
    by_number = paths_by_number(module)
    if framework != JAX or not by_number:
        return DONATE_PARAMETERS_HOW[framework]
    order = list(dict.fromkeys(path_steps(path)[0] for _, path in sorted(by_number.items()) if path))
    wanted = list(dict.fromkeys(path_steps(by_number[n])[0]  # type: ignore[arg-type]  # (only named ones)
                                for n in numbers if by_number.get(n)))
    if not wanted:
        return DONATE_PARAMETERS_HOW[framework]
    names = ", ".join(f'"{w}"' for w in wanted) + ("," if len(wanted) == 1 else "")
    argnums = ", ".join(str(order.index(w)) for w in wanted) + ("," if len(wanted) == 1 else "")
    files = " ".join(module.file_names.values())
    if "flax/nnx" in files:
        return f"nnx.jit(..., donate_argnames=({names})) (or donate_argnums=({argnums}))"
    if "equinox" in files:   # (its filter_jit donates the first argument's arrays, the others', or both)
        parts = {p for n in numbers if (p := equinox_part(by_number.get(n) or ""))}
        if parts:
            return 'eqx.filter_jit(..., donate="all")' if "first" in parts else \
                'eqx.filter_jit(..., donate="all-except-first")'
        return f'eqx.filter_jit(..., donate="all-except-first") or donate="all", for the arguments {names}'
    return f"jax.jit(..., donate_argnames=({names})) or donate_argnums=({argnums}), if those are its positions"


def _remat(rows, module, trials: Trials) -> list[Candidate]:
    """Each of the largest temporaries at the peak, recomputed where it is read late."""
    found: list[tuple[Remat, dict]]
    tried: set[str]
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


def _remat_item(good: list, module, trials: Trials, framework, remat_ops: int) -> list[dict]:
    """One item for the rematerializations that saved: all of them together when that saves
    more than the best alone (and the budget allows measuring it). In jax, the checkpoint policy
    that drops them; where the program rematerializes already, what its policy keeps."""
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
    how = REMAT_HOW[framework]
    if framework == JAX:
        how = remat_policy([r for _, _, r in good], remat_ops)
    return [{"kind": "remat", "saving_bytes": together,
             "title": f"recompute {_names(names)} when needed instead of keeping "
                      f"{'them' if len(names) > 1 else 'it'}",
             "how": how, "sources": _sources(r for _, _, r in good), "change": {"remat": names}}]


MATMUL = ("dot", "convolution")


def remat_policy(rows: list[dict], remat_ops: int) -> str:
    """The jax checkpoint policy that drops these saved activations: a matrix product's result is
    kept by `dots_saveable`, so only `nothing_saveable` drops it; anything else `dots_saveable`
    drops while keeping the products. Said against the program's own remat where it has one."""
    products = any(_matmul(r) for r in rows)
    policy = "jax.checkpoint_policies.nothing_saveable" if products else "jax.checkpoint_policies.dots_saveable"
    what = "matrix products' results" if products else "results of elementwise and other non-matmul ops"
    if remat_ops:
        return (f"the program already rematerializes ({remat_ops} instructions of jax.checkpoint / nnx.remat / "
                f"flax remat) and its policy keeps these {what}: policy={policy} drops them")
    return (f"wrap the layer in jax.checkpoint (nnx.remat, flax.linen.remat) with policy={policy}, which drops "
            f"these {what}")


def _matmul(row: dict) -> bool:
    op = row.get("opcode") or ""
    name = (row.get("op_name") or "").rsplit("/", 1)[-1]
    return op in MATMUL or name.startswith(("dot_general", "conv_general_dilated")) or \
        (op == "fusion" and any(m in row["name"] for m in ("dot", "gemm", "conv")))


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
    found: list[dict] = []
    for row in sorted(rows, key=lambda r: -r["bytes"]):
        if row["kind"] == "parameter" or not (row.get("shape") or "").startswith("f32[") \
                or row["name"] in {r["name"] for r in found}:
            continue
        instr = find_sequential(module, row["name"])
        if instr is not None and not instr.shape.is_tuple and any(
                not o.shape.is_tuple and cast("ArrayShape", o.shape).dtype in LOW for o in instr.operands):
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


def _order(report, context, full: bool, how: str) -> list[Candidate]:
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
                 "how": how, "sources": [], "change": {"schedule": found["algorithm"]}}]
    return [Candidate("schedule", "another order of the instructions", temp, ORDER, measure)]


def _sources(rows) -> list[str]:
    """The lines to change: the user's own where known."""
    return list(dict.fromkeys(line for r in rows if (line := r.get("user_source") or r.get("source"))))


def _parameters(numbers: list[int]) -> str:
    """`parameter 3`, `parameters 0, 1, 3` or, for many, `13 parameters numbered 0 to 16`."""
    if len(numbers) <= 6:
        return f"parameter{'s' * (len(numbers) > 1)} " + ", ".join(map(str, numbers))
    return f"{len(numbers)} parameters numbered {numbers[0]} to {numbers[-1]}"


def _names(names: list[str]) -> str:
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")

