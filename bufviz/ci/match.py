"""Pairing what two compilations hold: modules by folder and name, storage rows by what they
are. Instruction names change between compilations (`fusion.3` becomes `ynn_fusion.2`), so a
row is matched by the most specific description both sides share, and says which."""
from __future__ import annotations

import os

from ..hlo.attributes import plain_op_name
from ..hlo.shapes import without_layout

# Most specific first: each level pairs what the ones before left.
ROW_LEVELS = (
    ("name", lambda r: (r["name"], r["index"], _dims(r["shape"]), r["op_name"])),
    ("parameter number", lambda r: r.get("parameter") and (r["parameter"]["number"], r["parameter"]["index"],
                                                             _dims(r["shape"]))),
    ("op_name and shape", lambda r: r["op_name"] and (r["op_name"], _dims(r["shape"]))),
    ("operation and shape", lambda r: r["op_name"] and (_operation(r["op_name"]), _dims(r["shape"]), r["kind"])),
    ("source line and shape", lambda r: r["source"] and (r["source"], _dims(r["shape"]), r["opcode"])),
    ("op_name", lambda r: r["op_name"] and (r["op_name"], r["kind"])),
    ("shape and opcode", lambda r: r["shape"] and (_dims(r["shape"]), r["opcode"], r["kind"])),
)


def _operation(op_name: str) -> str:
    """The primitive at the end of an op_name: jax's wrappers around it (`jit(main)/`, `jvp()/`)
    change between versions."""
    return plain_op_name(op_name).rsplit("/", 1)[-1]


def _dims(shape: str | None) -> str | None:
    """`f32[128,512]{1,0:T(8,128)}` -> `f32[128,512]`: layouts differ between compilers."""
    return without_layout(shape) if shape else None


def match_rows(old: list[dict], new: list[dict]) -> tuple[list[tuple[dict, dict, str]], list[dict], list[dict]]:
    """(pairs of (old row, new row, how matched), old rows left, new rows left)."""
    pairs = []
    old_left, new_left = list(old), list(new)
    for how, key in ROW_LEVELS:
        by_key: dict = {}
        for r in old_left:
            k = key(r)
            if k:
                by_key.setdefault(k, ([], []))[0].append(r)
        for r in new_left:
            k = key(r)
            if k and k in by_key:
                by_key[k][1].append(r)
        taken = set()
        for olds, news in by_key.values():
            for o, n in zip(_in_order(olds), _in_order(news)):
                pairs.append((o, n, how))
                taken.update((id(o), id(n)))
        old_left = [r for r in old_left if id(r) not in taken]
        new_left = [r for r in new_left if id(r) not in taken]
    return pairs, old_left, new_left


def _in_order(rows: list[dict]) -> list[dict]:
    return sorted(rows, key=lambda r: (-r["bytes"], r["start"] if r["start"] is not None else -1))


def pair_modules(old: list[dict], new: list[dict]) -> tuple[list[tuple[dict, dict]], list[dict], list[dict]]:
    """Module summaries of two runs paired by folder (relative to each side's common folder) and
    module name, then by name alone; one module on each side is a pair whatever its name."""
    if len(old) == 1 and len(new) == 1:
        return [(old[0], new[0])], [], []
    keys = (lambda s, base: (_relative_folder(s, base), s["module"]), lambda s, base: s["module"])
    pairs = []
    old_left, new_left = list(old), list(new)
    for key in keys:
        old_base, new_base = _base(old), _base(new)
        by_key: dict = {}
        for s in sorted(old_left, key=lambda s: s["path"] or ""):
            by_key.setdefault(key(s, old_base), ([], []))[0].append(s)
        for s in sorted(new_left, key=lambda s: s["path"] or ""):
            k = key(s, new_base)
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


def _base(summaries: list[dict]) -> str:
    folders = [os.path.dirname(s["path"] or "") for s in summaries]
    try:
        return os.path.commonpath(folders) if folders else ""
    except ValueError:   # absolute and relative paths mixed
        return ""


def _relative_folder(summary: dict, base: str) -> str:
    folder = os.path.dirname(summary["path"] or "")
    return os.path.relpath(folder, base) if base and folder else folder
