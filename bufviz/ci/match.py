"""Pairing what two compilations hold: modules by which program they are, storage rows by what
they are. Instruction names change between compilations (`fusion.3` becomes `ynn_fusion.2`), so a
row is matched by the most specific description both sides share, and says which."""
from __future__ import annotations

import os

from ..hlo.attributes import plain_op_name
from ..hlo.shapes import without_layout

# Most specific first. Storage kept for the whole run is the same storage on both sides when it is
# the same output or parameter, whatever value sits in it at the peak.
ROW_LEVELS = (
    ("output index", lambda r: r["kind"] == "output" and r.get("output") is not None and ("output", r["output"])),
    ("parameter number", lambda r: r.get("parameter") and (r["parameter"]["number"], r["parameter"]["index"])),
    ("name", lambda r: (r["name"], r["index"], _dims(r["shape"]), r["op_name"])),
    ("op_name and shape", lambda r: r["op_name"] and (r["op_name"], _dims(r["shape"]))),
    ("operation and shape", lambda r: r["op_name"] and (_operation(r["op_name"]), _dims(r["shape"]), r["kind"])),
    ("source line and shape", lambda r: r["source"] and (r["source"], _dims(r["shape"]), r["opcode"])),
    ("op_name", lambda r: r["op_name"] and (r["op_name"], r["kind"])),
    ("shape and opcode", lambda r: r["shape"] and (_dims(r["shape"]), r["opcode"], r["kind"])),
    ("shape", lambda r: r["shape"] and (_dims(r["shape"]), r["kind"])),
)
BUCKET = 64        # rows of one side sharing a key: past this, they are paired in order, not weighed
COMPONENT = 300    # rows in one tangle of candidates: past this, the levels are taken one at a time


def _operation(op_name: str) -> str:
    """The primitive at the end of an op_name: jax's wrappers around it (`jit(main)/`, `jvp()/`)
    change between versions."""
    return plain_op_name(op_name).rsplit("/", 1)[-1]


def _dims(shape: str | None) -> str | None:
    """`f32[128,512]{1,0:T(8,128)}` -> `f32[128,512]`: layouts differ between compilers."""
    return without_layout(shape) if shape else None


def match_rows(old: list[dict], new: list[dict]) -> tuple[list[tuple[dict, dict, str]], list[dict], list[dict]]:
    """(pairs of (old row, new row, how matched), old rows left, new rows left): one optimal
    one-to-one matching, as many pairs at the most specific level as can be, then the next
    (not the first candidate taken level by level: a row taken early may be the only partner of
    another), rows of equal bytes preferred among equals."""
    import networkx as nx

    level = _candidates(old, new)
    graph = nx.Graph()
    for (o, n), lv in level.items():
        graph.add_edge(("old", o), ("new", n), level=lv)
    pairs = []
    for nodes in nx.connected_components(graph):
        part = graph.subgraph(nodes)
        if len(nodes) > COMPONENT:
            chosen = _level_by_level(part)
        else:
            chosen = nx.max_weight_matching(_weighed(part, old, new), maxcardinality=False)
        for a, b in chosen:
            o, n = (a[1], b[1]) if a[0] == "old" else (b[1], a[1])
            pairs.append((o, n))
    taken_old, taken_new = {o for o, _ in pairs}, {n for _, n in pairs}
    pairs.sort()
    return ([(old[o], new[n], ROW_LEVELS[level[o, n]][0]) for o, n in pairs],
            [r for k, r in enumerate(old) if k not in taken_old], [r for k, r in enumerate(new) if k not in taken_new])


def _candidates(old: list[dict], new: list[dict]) -> dict[tuple[int, int], int]:
    """(old row, new row) -> the most specific level at which they share a key."""
    level: dict[tuple[int, int], int] = {}
    for lv, (_, key) in enumerate(ROW_LEVELS):
        by_key: dict = {}
        for side, rows in ((0, old), (1, new)):
            for k, r in enumerate(rows):
                found = key(r)
                if found:
                    by_key.setdefault(found, ([], []))[side].append(k)
        for olds, news in by_key.values():
            if len(olds) > BUCKET or len(news) > BUCKET:   # (identical rows: any pairing is as good)
                olds = sorted(olds, key=lambda k: _order(old[k]))
                news = sorted(news, key=lambda k: _order(new[k]))
                candidates = zip(olds, news)
            else:
                candidates = ((o, n) for o in olds for n in news)
            for o, n in candidates:
                level.setdefault((o, n), lv)
    return level


def _weighed(part, old: list[dict], new: list[dict]):
    """Weights that make one pair at a level worth more than any number at the levels below,
    and a pair of equal bytes worth a little more than one of different bytes."""
    base = part.number_of_nodes() + 1
    top = len(ROW_LEVELS)
    weighed = part.copy()
    for a, b, data in weighed.edges(data=True):
        o, n = (a[1], b[1]) if a[0] == "old" else (b[1], a[1])
        same = old[o]["bytes"] == new[n]["bytes"]
        data["weight"] = base ** (top - data["level"]) * base + int(same)
    return weighed


def _level_by_level(part) -> set:
    """A tangle too large to weigh: each level's candidates paired in turn among what is left."""
    import networkx as nx

    chosen, used = set(), set()
    for lv in range(len(ROW_LEVELS)):
        edges = [(a, b) for a, b, data in part.edges(data=True)
                 if data["level"] == lv and a not in used and b not in used]
        if edges:
            found = nx.bipartite.maximum_matching(nx.Graph(edges), top_nodes={a if a[0] == "old" else b
                                                                                for a, b in edges})
            for a, b in found.items():
                if a[0] == "old":
                    chosen.add((a, b))
                    used.update((a, b))
    return chosen


def _order(row: dict):
    return (-row["bytes"], row["start"] if row["start"] is not None else -1)


def pair_modules(old: list[dict], new: list[dict]) -> tuple[list[tuple[dict, dict]], list[dict], list[dict]]:
    """Module summaries of two runs paired by which program they are (identity.py): their folder
    below each side's root, name and dump number, then folder and name (numbers shift when jax
    compiles one more function), then name alone; one module on each side is a pair whatever
    its name."""
    if len(old) == 1 and len(new) == 1:
        return [(old[0], new[0])], [], []
    keys = (lambda s: (_key(s)["folder"], s["module"], _key(s)["number"]),
            lambda s: (_key(s)["folder"], s["module"]),
            lambda s: s["module"])
    pairs = []
    old_left, new_left = list(old), list(new)
    for key in keys:
        by_key: dict = {}
        for s in sorted(old_left, key=lambda s: s["path"] or ""):
            by_key.setdefault(key(s), ([], []))[0].append(s)
        for s in sorted(new_left, key=lambda s: s["path"] or ""):
            k = key(s)
            if k in by_key:
                by_key[k][1].append(s)
        taken = set()
        for olds, news in by_key.values():
            for o, n in zip(olds, news):
                pairs.append((o, n))
                taken.update((id(o), id(n)))
        old_left = [s for s in old_left if id(s) not in taken]
        new_left = [s for s in new_left if id(s) not in taken]
    return pairs, old_left, new_left


def _key(summary: dict) -> dict:
    return summary.get("program_key") or {"folder": os.path.dirname(summary.get("path") or ""), "number": None}
