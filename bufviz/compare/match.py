"""Pairing what two compilations hold: modules by which program they are, storage rows by what
they are. Instruction names change between compilations (`fusion.3` becomes `ynn_fusion.2`), so a
row is matched by the most specific description both sides share, and says which."""
from __future__ import annotations

import json
from collections import Counter
from typing import Iterable

from ..hlo.attributes import plain_op_name
from ..hlo.shapes import without_layout
from .identity import dump_number, inner_parts, path_parts, shortest_end

# Most specific first. Storage kept for the whole run is the same storage on both sides when it is
# the same output or parameter, whatever value sits in it at the peak.
ROW_LEVELS = (
    ("output index", lambda r: r["kind"] == "output" and r.get("output") is not None and ("output", r["output"])),
    ("parameter number", lambda r: r.get("parameter") and (r["parameter"]["number"], r["parameter"]["index"])),
    # what a row is in the user's words: the jax argument it is (or XLA's copy of), across renames
    ("pytree path", lambda r: r.get("path") and (r["path"], r["kind"], bool(r.get("updated")))),
    ("copy of", lambda r: r.get("copy_of") and ("copy", r["copy_of"], r["kind"])),
    ("name", lambda r: (r["name"], r["index"], _dims(r["shape"]), r["op_name"])),
    ("op_name and shape", lambda r: r["op_name"] and (r["op_name"], _dims(r["shape"]))),
    ("operation and shape", lambda r: r["op_name"] and (_operation(r["op_name"]), _dims(r["shape"]), r["kind"])),
    ("source line and shape", lambda r: r["source"] and (r["source"], _dims(r["shape"]), r["opcode"])),
    ("op_name", lambda r: r["op_name"] and (r["op_name"], r["kind"])),
    ("shape and opcode", lambda r: r["shape"] and (_dims(r["shape"]), r["opcode"], r["kind"])),
    ("shape", lambda r: r["shape"] and (_dims(r["shape"]), r["kind"])),
    # the same name, whatever its shape now: grown or shrunk, never gone and new at once
    ("name, another shape", lambda r: (r["name"], r["index"], r["kind"])),
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
    candidates: Iterable[tuple[int, int]]
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

    used: set[tuple]
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


def pair_modules(old: list[dict], new: list[dict], strict: bool = True) -> tuple[list[tuple[dict, dict]], list[dict],
                                                                            list[dict]]:
    """Module summaries of two runs paired by which program they are: the function jax compiled
    (the module's name) and its place in the user's tree or what it takes. Whatever folder each
    command was given (a tree's baseline checked from one of its subfolders, or the other way
    round), the longest common end of their folders' paths, holding the part of each folder that
    tells it apart on its side, places a program; a renamed or moved folder's program is found
    by its signature (its parameters' pytree paths, dtypes and ranks: a bigger batch keeps it).
    Ties go to the same signature, then the same dump number, then the order of the numbers. A
    program without a row of its own is left unpaired, never given another program's.
    `strict=False` (diff of one module with one module): the two are a pair whatever they are."""
    if len(old) == 1 and len(new) == 1 and (not strict or same_program(old[0], new[0])):
        return [(old[0], new[0])], [], []
    old_places, new_places = _places(old), _places(new)
    by_end: dict = {}
    for k, place in enumerate(old_places):
        for key in place.keys:
            by_end.setdefault(key, []).append(k)
    ranked = []
    for j, mine in enumerate(new_places):
        for k in {k for key in mine.keys for k in by_end.get(key, ())}:
            theirs = old_places[k]
            common = _common_end(theirs.parts, mine.parts)
            same = theirs.signature is not None and theirs.signature == mine.signature
            # in its place, unless what it takes says it is another model of the function's name
            placed = common >= max(theirs.need, mine.need) and (
                same or theirs.signature is None or mine.signature is None
                or similarity(old[k]["signature"], new[j]["signature"]) >= SIMILAR)
            if placed or same:
                ranked.append((-common if placed else 1, not same, theirs.number != mine.number,
                               abs(theirs.rank - mine.rank), k, j))
    ranked.sort()
    pairs, old_taken, new_taken = [], set(), set()
    for *_, k, j in ranked:
        if k not in old_taken and j not in new_taken:
            old_taken.add(k)
            new_taken.add(j)
            pairs.append((old[k], new[j]))
    return (pairs, [s for k, s in enumerate(old) if k not in old_taken],
            [s for j, s in enumerate(new) if j not in new_taken])


def outside_checked(old_left: list[dict], pairs: list[tuple[dict, dict]]) -> tuple[list[dict], list[dict]]:
    """(inside, outside): unpaired baseline modules under the folders that were checked, and
    those elsewhere in a baseline of a larger tree (not missing: not looked at). A pair tells
    where the folder given now sits in the baseline; without one, every module is inside."""
    scopes = set()
    for o, n in pairs:
        if n.get("root") is None:
            return old_left, []
        parts, depth = path_parts(o), len(inner_parts(n))
        scopes.add(parts[:max(len(parts) - depth, 0)])
    if not scopes:
        return old_left, []
    inside = [s for s in old_left if any(path_parts(s)[:len(scope)] == scope for scope in scopes)]
    return inside, [s for s in old_left if not any(s is t for t in inside)]


SIMILAR = 0.5   # the share of parameters two versions of one model have in common, at the least


def same_program(a: dict, b: dict) -> bool:
    """Whether two lone modules are one program: the same function taking mostly the same
    parameters (a model changed: a layer more, another dtype, a bigger batch). Saved results of
    old releases carry no signature: the name and folder then say."""
    if a.get("module") != b.get("module"):
        return False
    mine, theirs = a.get("signature"), b.get("signature")
    if mine is None or theirs is None:
        return path_parts(a)[-1:] == path_parts(b)[-1:]
    return similarity(mine, theirs) >= SIMILAR


def similarity(a: list, b: list) -> float:
    """The share of parameters two signatures share, by pytree path (another dtype or batch keeps
    them) or by dtype and shape (a layer renamed, as flax's remat renames it, keeps those)."""
    def share(key):
        x, y = Counter(key(p) for p in a), Counter(key(p) for p in b)
        union = sum((x | y).values())
        return sum((x & y).values()) / union if union else 1.0
    return max(share(lambda p: p[0] or f"{p[1]}/{_rank(p)}"), share(lambda p: f"{p[1]}{p[2]}"))


def signature_key(sig: list | None) -> str | None:
    """What a bigger batch keeps of a signature: paths, dtypes and ranks (a renamed or moved
    folder's program is found by it)."""
    return json.dumps([[p[0], p[1], _rank(p)] for p in sig]) if sig else None


def _rank(p: list) -> int:
    return len(p[2]) if isinstance(p[2], list) else p[2]


class _Place:
    """Where a module sits, for pairing: its folder's path parts, how many of the last of them
    tell it apart on its side (none for a module in its side's root), its dump number, its
    rank among the modules of its folder with its name, and its signature."""
    __slots__ = ("parts", "need", "number", "rank", "keys", "signature")
    parts: tuple[str, ...]
    need: int
    number: int | None
    rank: int
    keys: list[tuple]
    signature: str | None


def _places(summaries: list[dict]) -> list[_Place]:
    inners = [inner_parts(s) for s in summaries]
    folders = sorted({p for p in inners if p})
    ends = {p: len(shortest_end(p, folders).split("/")) for p in folders}
    places = []
    for s, inner in zip(summaries, inners):
        place = _Place()
        place.parts, place.need, place.number = path_parts(s), ends.get(inner, 0), dump_number(s)
        module = s["module"]
        # Candidates share their module name and the last part of their folder (a module in
        # its side's root also meets the other side's root modules, whatever the roots are called).
        place.keys = [(module, place.parts[-1:])] + ([(module, ROOT)] if not inner else [])
        place.signature = signature_key(s.get("signature"))
        if place.signature is not None:   # (a renamed or moved folder: found by what it takes)
            place.keys.append((module, place.signature))
        places.append(place)
    ranks: dict = {}
    for s, place in sorted(zip(summaries, places), key=lambda sp: (sp[1].number is None, sp[1].number or 0)):
        group = (place.parts, s["module"])
        place.rank = ranks[group] = ranks.get(group, -1) + 1
    return places


ROOT = ("<root>",)


def _common_end(a: tuple[str, ...], b: tuple[str, ...]) -> int:
    n = 0
    while n < len(a) and n < len(b) and a[-1 - n] == b[-1 - n]:
        n += 1
    return n
