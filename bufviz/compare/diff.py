"""Two compilations compared: the headline and each of its parts old -> new, the storage at the
peak matched row by row across renames, and the source-line and op_name groups that changed."""
from __future__ import annotations

from typing import Any, Iterable

from ..hlo.shapes import value_label
from ..result import SCHEMA_VERSION
from ..units import human_bytes
from ..views.labels import row_label
from ..views.memory import groups
from .compact import METRICS, PARTS
from .identity import program_of
from .limits import allowed_bytes
from .match import match_rows, pair_modules
from .why import combined, first_reason, reasons

TOP_CHANGES = 20


def diff(old: list[dict], new: list[dict], errors: Iterable[dict] = ()) -> dict:
    """The diff of two sets of module summaries; its top-level numbers are those of the one pair,
    or summed over the paired modules when there are several. `errors`: modules of either side
    that could not be read (listed; the others are still compared)."""
    pairs, old_only, new_only = pair_modules(old, new, strict=False)
    modules = [module_diff(o, n) for o, n in pairs]
    out: dict[str, Any] = {"schema_version": SCHEMA_VERSION}
    for part in PARTS:
        values = [(m[part]["old"], m[part]["new"]) for m in modules]
        known = [(a, b) for a, b in values if a is not None and b is not None]
        a = sum(x for x, _ in known) if known else None
        b = sum(y for _, y in known) if known else None
        out[part] = {"old": a, "new": b, "delta": None if a is None else b - a}
    changes = [dict(c, module=m["module"]) for m in modules for c in m["top_changes"]]
    out["top_changes"] = sorted(changes, key=_size_of_change)[:TOP_CHANGES]
    out["modules"] = modules
    out["unpaired"] = {"old": [_where(s) for s in old_only], "new": [_where(s) for s in new_only]}
    out["why"] = combined([m["why"] for m in modules])
    out["errors"] = list(errors)
    # several programs: each its own change, the user's programs first (no total over modules)
    out["programs"] = sorted(({"program": m["program"], "module": m["module"], "eager": m["eager"],
                               **m["needed_bytes"]} for m in modules), key=program_order)
    lead = next((m for m in sorted(modules, key=program_order)), None)
    if len(modules) <= 1:
        out["verdict"] = verdict(out, len(modules))
    else:
        assert lead is not None   # (several modules)
        out["verdict"] = f"{lead['program']}: {verdict(lead, 1)}"
    return out


def program_order(m: dict):
    """The user's programs before eager modules, the largest change first, then the largest."""
    needed = m["needed_bytes"] if "needed_bytes" in m else m
    return (bool(m.get("eager")), -abs(needed["delta"] or 0), -(needed["new"] or 0), m.get("program") or "")


def exit_code(result: dict, increase: dict | None = None) -> int:
    """With `increase` (--fail-on-increase): 1 when memory needed grew by more, whatever else;
    else 2 when a module could not be read (the rest is compared), else 0."""
    needed = result["needed_bytes"]
    if increase is not None and needed["delta"] is not None and needed["delta"] > allowed_bytes(needed["old"],
                                                                                                  increase):
        return 1
    return 2 if result["errors"] else 0


def module_diff(old: dict, new: dict) -> dict:
    out = {"program": program_of(new), "module": new["module"], "old_program": program_of(old),
           "old_module": old["module"], "old_path": old["path"], "new_path": new["path"],
           "eager": bool(new.get("eager")) and bool(old.get("eager"))}
    for part in PARTS:
        a, b = old.get(part), new.get(part)
        out[part] = {"old": a, "new": b, "delta": None if a is None or b is None else b - a}
    old_rows = [r for r in old["at_peak"] if r["kind"] != "free"]
    new_rows = [r for r in new["at_peak"] if r["kind"] != "free"]
    pairs, old_left, new_left = match_rows(old_rows, new_rows)
    rows = [_change(o, n, how) for o, n, how in pairs]
    rows += [_change(o, None, None) for o in old_left] + [_change(None, n, None) for n in new_left]
    out["storage"] = {
        "old_rows": len(old_rows), "new_rows": len(new_rows), "matched": len(pairs),
        "matched_by": _count(how for _, _, how in pairs),
        "unmatched_old": [_label(r) for r in old_left], "unmatched_new": [_label(r) for r in new_left],
        "rows": sorted(rows, key=_size_of_change),
    }
    out["top_changes"] = [r for r in out["storage"]["rows"] if r["delta"]][:TOP_CHANGES]
    out["why"] = reasons(old, new)
    old_groups, new_groups = groups(old["at_peak"]), groups(new["at_peak"])
    out["groups"] = {by: _group_changes(old_groups[by], new_groups[by]) for by in ("source", "op")}
    return out


def _change(old: dict | None, new: dict | None, how: str | None) -> dict:
    either = new or old
    assert either is not None   # (a row of one side at least)
    a, b = old["bytes"] if old else 0, new["bytes"] if new else 0
    change = "appeared" if old is None else "vanished" if new is None else \
        "grew" if b > a else "shrank" if b < a else "same"
    row = {"what": _label(either), "old_bytes": a, "new_bytes": b, "delta": b - a, "change": change,
           "op_name": either["op_name"], "source": either["source"], "user_source": either.get("user_source"),
           "name": value_label(either["name"], either["index"]), "path": either.get("path"), "kind": either["kind"],
           "shape": either["shape"], "matched_by": how}
    if old is not None and new is not None and _label(old) != _label(new):
        row["old_what"] = _label(old)
    if old is not None and new is not None and old["shape"] != new["shape"]:
        row["old_shape"] = old["shape"]
    return row


def _group_changes(old: list[dict], new: list[dict]) -> list[dict]:
    """Groups that grew, shrank, appeared or vanished, largest change first."""
    a, b = {g["key"]: g["bytes"] for g in old}, {g["key"]: g["bytes"] for g in new}
    out = []
    for key in dict.fromkeys([*a, *b]):
        x, y = a.get(key, 0), b.get(key, 0)
        if x != y:
            change = "appeared" if key not in a else "vanished" if key not in b else "grew" if y > x else "shrank"
            out.append({"key": key, "old_bytes": x, "new_bytes": y, "delta": y - x, "change": change})
    return sorted(out, key=_size_of_change)


def _size_of_change(row: dict):
    return (-abs(row["delta"] or 0), row.get("what") or row.get("key") or "")


def _label(row: dict) -> str:
    """A jax argument by its pytree path, XLA's copy of one as such, else XLA's name."""
    return row_label(row) if row["index"] or row.get("path") or row.get("copy_of") else row["name"]


def _count(items) -> dict:
    out: dict[str, int] = {}
    for item in items:
        out[item] = out.get(item, 0) + 1
    return out


def _where(summary: dict) -> dict:
    return {"program": program_of(summary), "module": summary["module"], "path": summary["path"]}


def verdict(d: dict, modules: int, metric: str = "needed") -> str:
    key, words = METRICS[metric]
    old, new, delta = d[key]["old"], d[key]["new"], d[key]["delta"]
    scope = "" if modules == 1 else f" (summed over {modules} modules)"
    if modules == 0:
        return "nothing to compare: no module of the old side matches one of the new"
    if delta is None:
        return f"no {words} to compare{scope}: one side has none"
    if delta == 0:
        return f"no change: {words} is {human_bytes(new)} on both sides{scope}"
    sign = "grew" if delta > 0 else "shrank"
    percent = f", {delta / old:+.1%}" if old else ""
    text = f"{words} {sign} by {human_bytes(abs(delta))}{percent}: {human_bytes(old)} → {human_bytes(new)}{scope}"
    because = first_reason(d.get("why") or [], delta) if metric == "needed" else None
    top = d["top_changes"][0] if d["top_changes"] else None
    if because:
        text += f", {because}"
    elif top is not None:
        text += f"; largest change: {top['what']} ({'+' if top['delta'] > 0 else '−'}{human_bytes(abs(top['delta']))})"
    return text
