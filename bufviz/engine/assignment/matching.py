"""XLA's and bufviz's allocations paired by content (the set of values each holds), and how a
pair differs: what `verify` reports and what picks the heap alignment that reproduces XLA."""
from __future__ import annotations

from dataclasses import dataclass

from ...hlo.shapes import value_label


@dataclass(frozen=True)
class Scope:
    """What of XLA's allocations bufviz recomputes: all of them (XLA:CPU, XLA:GPU); on TPU the
    main memory's alone (libtpu's memory-space assignment places VMEM and SMEM values, and the
    text does not say where), without libtpu's numbering or the order it lays the temp
    allocation's pieces (its heap, each tuple's table) end to end in (docs/rules.md §4.3)."""
    spaces: frozenset | None = None   # the memory spaces compared; None: all
    numbered: bool = True
    pieces_ordered: bool = True

    def keeps(self, a: dict) -> bool:
        return self.spaces is None or a["color"] in self.spaces


EVERYTHING = Scope()
LIBTPU = Scope(frozenset({0}), numbered=False, pieces_ordered=False)

# What bufviz leaves to libtpu, and why (verify names them instead of comparing them).
TOTAL_BYTES_USED, USAGE_REPORT = "total bytes used", "memory-usage report"
NOT_RECOMPUTED_ON_TPU = {
    "allocation numbers": "libtpu numbers its allocations in an order of its own",
    "on-chip memory spaces": "libtpu's memory-space assignment places the values of VMEM, SMEM and the other "
                             "on-chip spaces; the text does not say where",
    TOTAL_BYTES_USED: "it adds up the on-chip spaces too",
    USAGE_REPORT: "libtpu orders its blocks by its own numbering and lists the on-chip spaces",
    "jax temp_size_in_bytes": "libtpu's own figure",
    "jax peak_memory_in_bytes": "libtpu's own figure, from its on-chip placement",
}


def pair_allocations(xla_allocations: list[dict] | None, ours: list[dict] | None) -> list[tuple]:
    """(XLA's, bufviz's) allocations paired by content, their set of values; None where one side
    has no counterpart. XLA's order first, then bufviz's unpaired ones."""
    def key(a):
        return frozenset((v["name"], v["index"]) for v in a["values"])

    mine = {key(a): a for a in ours or []}
    pairs = [(theirs, mine.pop(key(theirs), None)) for theirs in xla_allocations or []]
    return pairs + [(None, a) for a in mine.values()]


def allocation_mismatches(xla_allocations: list[dict], ours: list[dict], scope: Scope = EVERYTHING) -> list[dict]:
    """Paired allocations compared: size, kinds, index and the offset of every value (as far as
    `scope` reaches)."""
    out = []
    for theirs, a in pair_allocations([a for a in xla_allocations if scope.keeps(a)],
                                      [a for a in ours if scope.keeps(a)]):
        if theirs is None:
            out.append({"quantity": f"allocation {a['index']} (bufviz only)", "xla": None, "recomputed": _describe(a)})
        elif a is None:
            out.append({"quantity": f"allocation {theirs['index']}", "xla": _describe(theirs), "recomputed": None})
        else:
            out.extend(pair_differences(theirs, a, scope))
    return out


def pair_differences(theirs: dict, mine: dict, scope: Scope = EVERYTHING) -> list[dict]:
    """How two paired allocations differ (in mismatch form): size, kinds, index, offsets."""
    out: list[dict] = []
    laid_out = scope.pieces_ordered or "temp" not in theirs["kinds"]
    # libtpu's heap: the same values, placed by libtpu's own rule (a heap of another size or
    # other offsets), which the text leaves open (docs/rules.md §5)
    placement = {} if laid_out else {"placement": "libtpu"}
    if (_size(mine, laid_out), sorted(mine["kinds"]), mine["index"] if scope.numbered else None) != \
            (_size(theirs, laid_out), sorted(theirs["kinds"]), theirs["index"] if scope.numbered else None):
        same_but_placed = sorted(mine["kinds"]) == sorted(theirs["kinds"]) and _tables(mine) == _tables(theirs)
        out.append({"quantity": f"allocation {theirs['index']}", "xla": _describe(theirs),
                    "recomputed": _describe(mine), **(placement if same_but_placed else {})})
    offsets, their_offsets = (_offsets(mine), _offsets(theirs)) if laid_out else (_heap(mine), _heap(theirs))
    for v in theirs["values"]:
        key = (v["name"], v["index"])
        if key in their_offsets and offsets.get(key) != their_offsets[key]:
            out.append({"quantity": f"offset {v['name']}{{{v['index']}}}", "xla": their_offsets[key],
                        "recomputed": offsets.get(key), **placement})
    return out


def _offsets(a: dict) -> dict:
    return {(v["name"], v["index"]): v["offset"] for v in a["values"]}


def _is_table(v: dict) -> bool:
    return v["shape"].startswith("(")


def _heap(a: dict) -> dict:
    """A temp allocation's heap, its pieces' order aside: each array value's offset from the
    heap's start (its lowest offset; a tuple's table is a piece of its own)."""
    arrays = [v for v in a["values"] if not _is_table(v)]
    base = min((v["offset"] for v in arrays), default=0)
    return {(v["name"], v["index"]): v["offset"] - base for v in arrays}


def _size(a: dict, laid_out: bool) -> int | tuple:
    """An allocation's size; unless laid out, a temp allocation's pieces: its heap's size and
    each table's (the order they are laid end to end in, and so the padding between, aside)."""
    if laid_out:
        return a["size"]
    heap = _heap(a)
    ends = {(v["name"], v["index"]): v["size"] for v in a["values"] if not _is_table(v)}
    return max((heap[k] + ends[k] for k in heap), default=0), _tables(a)


def _tables(a: dict) -> tuple:
    """The sizes of a temp allocation's tuple tables, each once (values may share a table)."""
    return tuple(sorted(size for _, size in {(v["offset"], v["size"]) for v in a["values"] if _is_table(v)}))


def _describe(a: dict) -> str:
    names = ", ".join(value_label(v["name"], v["index"]) for v in a["values"][:3])
    more = f" +{len(a['values']) - 3}" if len(a["values"]) > 3 else ""
    return f"#{a['index']} {a['size']} B [{' '.join(a['kinds'])}] {names}{more}"
