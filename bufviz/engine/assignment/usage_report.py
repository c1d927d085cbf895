"""XLA's `-memory-usage-report.txt`, written from allocations (docs/rules.md §1.5): the old layout
(`BufferAssignment::MemoryUsageReport`, 2024-10..2026-03) and the new one (`Memory Space:`
blocks). Allocations come in the JSON contract's shape, so XLA's own and bufviz's are alike."""
from __future__ import annotations

import re
from collections import Counter

from ...hlo.shapes import parse_index, without_layout
from ...units import xla_human_bytes

PERCENTILE = 0.05     # XLA writes the file with MemoryUsageReport(0.05, 50)
MORE_THAN_K = 50
SPACE_NAMES = {0: "default", 1: "vmem", 2: "smem", 3: "hbm", 4: "host", 5: "cmem"}


def memory_usage_report(allocations: list[dict], layout: str, ties_sorted: bool = True,
                        value_ids: dict | None = None) -> str:
    """`ties_sorted`: order equal-size rows and shape lists as XLA does since 2025-10-27.
    `value_ids`: (name, index) -> XLA's value id where a dump gives them (ties follow ids)."""
    if value_ids:
        allocations = [{**a, "values": [{**v, "id": value_ids.get((v["name"], parse_index(v["index"])), v["id"])}
                                         for v in a["values"]]} for a in allocations]
    return _old(allocations, ties_sorted) if layout == "old" else _new(allocations)


def short_string(a: dict) -> str:
    """BufferAllocation::ToShortString(human_readable=true)."""
    parts = [f"allocation {a['index']}: size {xla_human_bytes(a['size'])}"]
    if a.get("color"):
        parts.append(f"color {a['color']}")
    param = a.get("parameter")
    if param is not None:
        parts.append(f"parameter {param['number']}, shape |{param.get('shape') or ''}| "
                     f"at ShapeIndex {{{param['index']}}}")
    if a.get("output_shape"):
        parts.append(f"output shape is |{a['output_shape']}|")
    kinds = a["kinds"]
    for kind, word in (("constant", "constant"), ("thread-local", "thread-local"),
                       ("output", "maybe-live-out"), ("temp", "preallocated-temp")):
        if kind in kinds:
            parts.append(word)
    return ", ".join(parts) + ":\n"


def _by_size(allocations: list[dict]) -> list[dict]:
    return sorted(allocations, key=lambda a: (-a["size"], a["index"]))


def _until_cut(items: list, size_of):
    """(cumulative size, item, how many are left unshown) for the rows XLA prints: it stops
    after more than k rows once the rest is under the percentile of the total."""
    total = sum(size_of(item) for item in items)
    cumulative = 0
    for count, item in enumerate(items, 1):
        cumulative += size_of(item)
        stop = count > MORE_THAN_K and total - cumulative < total * PERCENTILE
        yield cumulative, item, len(items) - count if stop else None
        if stop:
            return


def _cut_message(left: int, what: str, prefix: str = "") -> str:
    return f"{prefix}The rest {left} {what} are less than {int(PERCENTILE * 100)}% of the total size and not shown.\n"


def _old(allocations: list[dict], ties_sorted: bool) -> str:
    total = sum(a["size"] for a in allocations)
    out = [f"Total bytes used: {total} ({xla_human_bytes(total)})\n",
           "\nAllocations sorted by size:\n\n",
           "cumulative_size; total_size - cumulative_size; allocation\n", "-" * 78 + "\n"]
    ordered = _by_size(allocations)
    for cumulative, a, left in _until_cut(ordered, lambda a: a["size"]):
        out.append(f"{xla_human_bytes(cumulative):>10}({_percent(cumulative, total)}%); "
                   f"{xla_human_bytes(total - cumulative):>10}; {short_string(a)}")
        if left is not None:
            out.append(_cut_message(left, "allocations"))
    out.append("\n\nAllocations sorted by size with their values:\n")
    for a in ordered:
        if len(a["values"]) == 1:
            out.append(short_string(a))
        else:
            out.append(short_string(a) + "\n" + _table(a, "\t", ties_sorted) + "\n")
    return "".join(out)


def _new(allocations: list[dict]) -> str:
    out = []
    for color in sorted({a.get("color") or 0 for a in allocations}):
        mine = _by_size([a for a in allocations if (a.get("color") or 0) == color])
        total = sum(a["size"] for a in mine)
        out.append(f"Memory Space: {SPACE_NAMES.get(color, f'color_{color}')} (color={color})\n"
                   f"Total bytes: {total} ({xla_human_bytes(total)})\n")
        # The new layout stops at the same point, but silently.
        out.extend(_table(a, "  ", ties_sorted=True) + "\n" for _, a, _ in _until_cut(mine, lambda a: a["size"]))
        out.append("\n")
    return "".join(out)


def _table(a: dict, prefix: str, ties_sorted: bool) -> str:
    """BufferAllocation::MemoryUsageReport: values grouped by offset, largest group first."""
    groups: dict[int, list[dict]] = {}
    for v in sorted(a["values"], key=lambda v: v["id"]):
        groups.setdefault(v["offset"], []).append(v)
    rows = [(max(v["size"] for v in vs), offset, vs) for offset, vs in groups.items()]
    # Since 2025-10-27 ties go by the id of the group's last value; before, they were in hash
    # order, which no one can reproduce (compare those up to order).
    rows.sort(key=lambda r: (-r[0], r[2][-1]["id"]))
    total = sum(r[0] for r in rows)
    out = [f"{prefix}cumulative_size;       size;       offset; used_by_n_values; shapes_list\n",
           f"{prefix}{'-' * 60}\n"]
    for cumulative, (size, offset, vs), left in _until_cut(rows, lambda r: r[0]):
        shapes = Counter(without_layout(v["shape"]) for v in vs)
        pairs = sorted(shapes.items(), key=lambda p: (p[1], p[0])) if ties_sorted else list(shapes.items())
        listed = ", ".join(s if n == 1 else f"{n}×{s}" for s, n in pairs)
        out.append(f"{prefix}{xla_human_bytes(cumulative):>9}({_percent(cumulative, total)}%); "
                   f"{xla_human_bytes(size):>10}; {offset:>12}; {len(vs):>16}; {listed}\n")
        if left is not None:
            out.append(_cut_message(left, "values", prefix))
    return "".join(out)


def _percent(part: int, total: int) -> str:
    """C's %3.0f: round half to even like printf, right-aligned in three columns. A share of 0 bytes
    is 0.0/0.0, which x86's division makes a NaN with its sign bit set: glibc prints `-nan`
    (jax 0.10.2's report of a module of empty arrays)."""
    if not total:
        return "-nan" if not part else "inf"
    return f"{100.0 * part / total:3.0f}"


_ROW = re.compile(r"^(\s*\S+\(\s*(?:\d+|-?nan|inf)%\);\s*(\S+);)(\s*\d+;\s*\d+; )(.*)$")


def hash_order_free(text: str) -> str:
    """The report with what XLA left in hash order put in a fixed order: the shapes of a row,
    and the offset/count/shapes of rows of equal size (their cumulative columns stay put).
    Which of equal-size rows a cut-off kept is hash order too, so a cut run shows sizes only."""
    lines = text.split("\n")
    out: list[str] = []
    run: list[tuple[str, str, str]] = []   # (positional head, size, tail) of equal-size rows

    def flush(cut: bool = False):
        tails = ["…"] * len(run) if cut else sorted(t for _, _, t in run)
        out.extend(head + tail for (head, _, _), tail in zip(run, tails))
        run.clear()

    for line in lines:
        m = _ROW.match(line)
        if m is None:
            flush(cut=line.lstrip().startswith("The rest "))
            out.append(line)
            continue
        head, size, middle, shapes = m.groups()
        if run and run[-1][1] != size:
            flush()
        run.append((head, size, middle + ", ".join(sorted(shapes.split(", ")))))
    flush()
    return "\n".join(out)
