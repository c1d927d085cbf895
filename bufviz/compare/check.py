"""Budgets and baselines: one verdict per module and metric, with the buffers to blame."""
from __future__ import annotations

from typing import Iterable

from ..views.labels import row_label, user_line
from ..result import SCHEMA_VERSION
from ..units import human_bytes
from .diff import module_diff
from .compact import METRICS
from .identity import path_parts, program_of
from .limits import allowed_bytes, increase_text
from .match import outside_checked, pair_modules

CULPRITS = 3
NEW_PROGRAM = "new: no baseline row"   # the note of a program the baseline has no row for


def check(modules: list[dict], metrics: list[str], budget: int | None = None, baseline: list[dict] | None = None,
          increase: dict | None = None, errors: Iterable[dict] = ()) -> dict:
    """`modules` (summaries) against `budget` bytes and/or the `baseline` summaries grown by at
    most `increase` (default: no growth at all)."""
    increase = increase if increase is not None else {"bytes": 0}
    old_of: dict[int, dict] = {}
    baseline_only: list[dict]
    without_baseline: list[dict]
    elsewhere: list[dict]
    baseline_only = without_baseline = elsewhere = []
    unpaired = None   # why no program checked has a row in the baseline (every row then unsure)
    if baseline is not None:
        pairs, baseline_only, without_baseline = pair_modules(baseline, modules)
        baseline_only, elsewhere = outside_checked(baseline_only, pairs)
        old_of = {id(n): o for o, n in pairs}
        if not pairs and baseline and modules:
            unpaired = other_program(baseline, modules)
    errors = list(errors)
    results = []
    # The modules jax compiled for eager operations, init and moving data change with jax and the
    # libraries, not with the user's program: beside the user's programs they are listed, never
    # held to a limit (a tree of them alone is held as it is).
    hold_eager = all(m.get("eager") for m in modules)
    for m in modules:
        missing = [METRICS[metric][1] for metric in metrics if m.get(METRICS[metric][0]) is None]
        if missing:   # nothing to hold to a limit: bad input, not a verdict
            errors.append({"path": m["path"], "program": program_of(m),
                           "error": f"{m['path']}: no {missing[0]} to check: "
                                                      f"{m.get('why_no_memory') or 'not in this result'}"})
            continue
        held = hold_eager or not m.get("eager")
        mine = [_verdict(m, metric, budget if held else None, old_of.get(id(m)),
                         increase if baseline is not None and held else None) for metric in metrics]
        if m.get("device") is not None:
            mine.append(_device_verdict(m))
        for r in mine:   # (never "ok": its numbers are not XLA's)
            r["doubt"] = m.get("doubt")
            r["not_compared"] = unpaired   # (nor when the baseline is another program's)
            r["eager"] = bool(m.get("eager"))   # one jax compiled for an eager operation, not the user's
            r["held"] = held   # held to the limits (jax's own modules beside the user's are not)
        results += mine
    return {
        "schema_version": SCHEMA_VERSION,
        "ok": all(r["ok"] and not r["doubt"] for r in results) and not errors and not unpaired,
        "not_compared": unpaired,   # the baseline holds other programs only: what it holds, and what this is
        "metrics": list(metrics),
        "budget_bytes": budget,
        "max_increase": increase if baseline is not None else None,
        "checked": sum(r["held"] for r in results),
        "failed": sum(not r["ok"] for r in results),
        "doubtful": list(dict.fromkeys(r["program"] for r in results if r["doubt"])),
        "results": results,
        "without_baseline": [program_of(m) for m in without_baseline],
        "baseline_only": [program_of(m) for m in baseline_only],
        "baseline_elsewhere": len(elsewhere),
        "errors": errors,
    }


def other_program(baseline: list[dict], modules: list[dict]) -> str:
    """What the baseline holds against what is checked, when no program pairs with a row."""
    def said(rows):
        names = [f"{m.get('module') or '?'} of {'/'.join(path_parts(m)[-3:]) or 'standard input'}" for m in rows[:2]]
        return ", ".join(names) + (f" and {len(rows) - 2} more" if len(rows) > 2 else "")
    users = [m for m in modules if not m.get("eager")] or modules
    return (f"the baseline holds {said([m for m in baseline if not m.get('eager')] or baseline)}; this is "
            f"{said(users)}: another program (another function, or what it takes)")


def exit_code(result: dict) -> int:
    """1 when any module is over a limit (unreadable ones are listed too: a regression is never
    hidden behind bad input), else 2 when a module could not be read or its numbers differ from
    XLA's own, else 0."""
    return 1 if result["failed"] else 2 if result["errors"] or result["doubtful"] or result.get("not_compared") else 0


def _verdict(module: dict, metric: str, budget: int | None, old: dict | None, increase: dict | None) -> dict:
    key, words = METRICS[metric]
    value = module.get(key)
    assert value is not None   # (check holds to a limit only a module that has the metric)
    out = {"program": program_of(module), "module": module["module"], "path": module["path"], "metric": metric,
           "what": words, "bytes": value,
           "budget_bytes": budget, "baseline_bytes": None, "delta": None, "allowed_increase_bytes": None,
           "baseline": None if old is None else {"program": program_of(old), "path": old["path"]},
           "ok": True, "violations": [], "culprits": [], "why": [], "note": None}
    if budget is not None and value > budget:
        out["ok"] = False
        out["violations"].append(f"{words} {human_bytes(value)} is over the budget of {human_bytes(budget)} "
                                 f"by {human_bytes(value - budget)}")
    if increase is not None and old is None:
        out["note"] = NEW_PROGRAM
    elif increase is not None and old is not None and old.get(key) is not None:
        out["baseline_bytes"] = before = old[key]
        out["delta"] = value - before
        out["allowed_increase_bytes"] = allowed = allowed_bytes(before, increase)
        if value - before > allowed:
            out["ok"] = False
            percent = f" ({(value - before) / before:+.1%})" if before else ""
            out["violations"].append(f"{words} grew by {human_bytes(value - before)}{percent}, "
                                     f"{human_bytes(before)} → {human_bytes(value)}; at most "
                                     f"{increase_text(increase)} allowed")
    if not out["ok"]:   # rows are matched only for a module that failed: a tree may hold hundreds
        grown = None
        if out["baseline_bytes"] is not None:
            assert old is not None   # (baseline_bytes is old's)
            diffed = module_diff(old, module)
            grown = [c for c in diffed["top_changes"] if c["delta"] > 0]
            out["why"] = diffed["why"] if metric == "needed" else []
        out["culprits"] = _culprits(module, grown)
    return out


def _device_verdict(module: dict) -> dict:
    """Whether the module fits under the allocator's limit (`--device-memory`): failed only when
    it surely does not (a lower bound under the limit is not a verdict)."""
    device = module["device"]
    words = "allocator's limit needed" if device["compared"] == "least_limit_bytes" else "memory needed"
    value = None if device["headroom_bytes"] is None else device["limit_bytes"] - device["headroom_bytes"]
    out = {"program": program_of(module), "module": module["module"], "path": module["path"], "metric": "device",
           "what": words, "bytes": value, "budget_bytes": device["limit_bytes"], "baseline_bytes": None,
           "delta": None, "allowed_increase_bytes": None, "baseline": None, "ok": device["fits"] is not False,
           "limit": {k: device.get(k) for k in ("limit_bytes", "memory_bytes", "mem_fraction", "fraction_from",
                                                "rounded_up_to_bytes", "limit_from", "preallocate",
                                                "preallocate_from")},
           "violations": [], "why": [],
           "culprits": [], "note": None}
    if value is None:
        out["note"] = device["notes"][-1] if device["notes"] else "nothing to compare with the limit"
    elif device["fits"] is False:
        needs = human_bytes(value)
        if device["compared"] == "least_limit_bytes":
            needs = f"an allocator's limit of {needs}"
        out["violations"].append(f"does not fit: it needs {needs}, the allocator's limit is "
                                 f"{human_bytes(device['limit_bytes'])} "
                                 f"({human_bytes(-device['headroom_bytes'])} missing)")
        out["culprits"] = _culprits(module, None)
    elif device["fits"] is None:
        out["note"] = "at least: library calls take more while running"
    return out


def _culprits(module: dict, grown: list[dict] | None) -> list[dict]:
    """The buffers that grew most against the baseline, else the largest at the peak."""
    if grown:
        return [{"what": c["what"], "bytes": c["new_bytes"], "delta": c["delta"], "source": user_line(c),
                 "op_name": c["op_name"], "shape": c["shape"]} for c in grown[:CULPRITS]]
    rows = sorted((r for r in module["at_peak"] if r["kind"] != "free"), key=lambda r: -r["bytes"])
    return [{"what": row_label(r), "bytes": r["bytes"], "delta": None, "source": user_line(r),
             "op_name": r["op_name"], "shape": r["shape"]} for r in rows[:CULPRITS]]
