"""XLA's and bufviz's allocations paired by content (the set of values each holds), and how a
pair differs: what `verify` reports and what picks the heap alignment that reproduces XLA."""
from __future__ import annotations

from ...hlo.shapes import value_label


def pair_allocations(xla_allocations: list[dict] | None, ours: list[dict] | None) -> list[tuple]:
    """(XLA's, bufviz's) allocations paired by content, their set of values; None where one side
    has no counterpart. XLA's order first, then bufviz's unpaired ones."""
    def key(a):
        return frozenset((v["name"], v["index"]) for v in a["values"])

    mine = {key(a): a for a in ours or []}
    pairs = [(theirs, mine.pop(key(theirs), None)) for theirs in xla_allocations or []]
    return pairs + [(None, a) for a in mine.values()]


def allocation_mismatches(xla_allocations: list[dict], ours: list[dict]) -> list[dict]:
    """Paired allocations compared: size, kinds, index and the offset of every value."""
    out = []
    for theirs, a in pair_allocations(xla_allocations, ours):
        if theirs is None:
            out.append({"quantity": f"allocation {a['index']} (bufviz only)", "xla": None, "recomputed": _describe(a)})
        elif a is None:
            out.append({"quantity": f"allocation {theirs['index']}", "xla": _describe(theirs), "recomputed": None})
        else:
            out.extend(pair_differences(theirs, a))
    return out


def pair_differences(theirs: dict, mine: dict) -> list[dict]:
    """How two paired allocations differ (in mismatch form): size, kinds, index, offsets."""
    out = []
    if (mine["size"], sorted(mine["kinds"]), mine["index"]) != \
            (theirs["size"], sorted(theirs["kinds"]), theirs["index"]):
        out.append({"quantity": f"allocation {theirs['index']}", "xla": _describe(theirs),
                    "recomputed": _describe(mine)})
    offsets = {(v["name"], v["index"]): v["offset"] for v in mine["values"]}
    for v in theirs["values"]:
        if offsets[(v["name"], v["index"])] != v["offset"]:
            out.append({"quantity": f"offset {v['name']}{{{v['index']}}}", "xla": v["offset"],
                        "recomputed": offsets[(v["name"], v["index"])]})
    return out


def _describe(a: dict) -> str:
    names = ", ".join(value_label(v["name"], v["index"]) for v in a["values"][:3])
    more = f" +{len(a['values']) - 3}" if len(a["values"]) > 3 else ""
    return f"#{a['index']} {a['size']} B [{' '.join(a['kinds'])}] {names}{more}"
