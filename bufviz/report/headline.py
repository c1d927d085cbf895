"""The top of `bufviz peak`: memory needed as a sum of its parts, the peak moment, the storage
in use then (identical rows collapsed), every other number with why it differs, and the
storage grouped by source line, op_name, kind or category."""
from __future__ import annotations

import textwrap

from rich.console import Group
from rich.table import Table
from rich.text import Text
from typing import TYPE_CHECKING, Any, Mapping

from ..units import human_bytes
from ..views.labels import (fitted_path_labels, least_split_width, narrow_label, row_label, row_source, short_label,
                             short_source, short_split, split_label)
from ..views.memory import MOVED
from ..views.storage import HOST_MEMORY_SPACE
from ..views.op_tree import op_tree
from ..views.paths import shown_path
from .header import bytes_cell
from .layout import GAP, Column, chosen_columns, cut_end, fit_table, from_front, least_width, said, shape_column
from .verify import cut_end_words

if TYPE_CHECKING:
    from ..result import PeakReport


def headline(memory: Mapping[str, Any], width: int) -> Text:
    text = Text()
    text.append("Memory needed  ", style="bold")
    text.append(bytes_cell(memory["needed_bytes"]), style="bold")
    if memory["estimate"]:
        text.append("  (estimate)", style="yellow")
    parts = [("parameters", memory["argument_bytes"]), ("outputs", memory["output_bytes"]),
             ("temporaries", memory["temp_bytes"]), ("constants", memory["constant_bytes"]),
             ("thread-local scratch", memory.get("scratch_bytes") or 0)]
    terms = [f"{name} {human_bytes(n)}" for name, n in parts if n] or ["0 B"]
    terms = [("+ " if k else "= ") + t for k, t in enumerate(terms)]
    if memory["alias_bytes"]:
        terms.append(f"− {human_bytes(memory['alias_bytes'])} both parameter and output")
    line = " "
    for term in terms:   # break between terms, never inside one
        if len(line) + 1 + len(term) > width and line.strip():
            text.append("\n" + line)
            line = "   "
        line += " " + term
    text.append("\n" + line)
    spaces = memory.get("memory_spaces") or []
    chip = [s for s in spaces if s["memory_space"] != HOST_MEMORY_SPACE]
    host = [s for s in spaces if s["memory_space"] == HOST_MEMORY_SPACE]
    if chip:   # on-chip memory is not device memory: beside the headline, never in it
        guessed = " (estimates: where libtpu places them is in its dump alone)" if memory["estimate"] else ""
        text.append("\n" + _wrapped("  on-chip, apart: " + ", ".join(f"{s['name']} {human_bytes(s['needed_bytes'])}"
                                                                     for s in chip) + guessed, width), style="dim")
    for s in host:   # (offloaded to the host, jax's pinned_host: the device never holds it)
        holds = (s.get("largest") or {}).get("holds")
        by = f", put there by {s['put_there_by']}" if s.get("put_there_by") else ""
        text.append("\n" + _wrapped(f"  in host memory, apart: {human_bytes(s['needed_bytes'])} (S(5) pinned_host)"
                                     + (f": {holds}" if holds else "") + by, width), style="dim")
    time, instruction = memory["peak_time"], memory["peak_instruction"]
    label = "Peak moment    "
    moment = f"t={time}" + (f"  {instruction}" if instruction else "")
    text.append("\n" + label, style="bold")
    text.append(moment)
    peak_source = memory.get("peak_user_source") or memory["peak_source"]
    if peak_source:   # on a line of its own, under the moment, when it does not fit beside it
        source = f"({peak_source})"
        beside = len(label) + len(moment) + 2 + len(source) <= width
        room = width - len(label)
        text.append(f"  {source}" if beside else "\n" + " " * len(label) + from_front(source, room), style="dim")
    text.append(f"\n  temporaries in use {human_bytes(memory['temp_in_use_bytes'])} of "
                f"{human_bytes(memory['temp_bytes'])}; {human_bytes(memory['fragmentation_bytes'])} free")
    needed = memory["needed_bytes"]
    if needed and memory["temp_bytes"] * 100 < needed:
        text.append("\n  temporaries are under 1% of memory needed: the rest is held all run", style="dim")
    return text


SPARKS = " ▁▂▃▄▅▆▇█"


def sparkline(data: Mapping[str, Any], width: int) -> Text:
    """The temporaries in use over the schedule on one line (`bufviz timeline` draws it in full)."""
    room = max(width - 42, 8)
    curve, steps = data["temp_in_use"], data["steps"]
    n = min(room, steps)   # one mark per step, or per group of steps when they outnumber the room
    buckets = [(k * steps // n, max((k + 1) * steps // n, k * steps // n + 1)) for k in range(n)]
    top = max(curve) or 1
    text = Text("  temporaries over time ▕", style="dim")
    for first, last in buckets:
        level = max(curve[first:last])
        mark = SPARKS[min(len(SPARKS) - 1, round(level / top * (len(SPARKS) - 1)))]
        text.append(mark, style="bold red" if first <= data["peak_time"] < last else "yellow")
    text.append(f"▏ t=0…{steps - 1}", style="dim")
    return text


def _collapsed(rows: list[dict]) -> list[list[Any]]:
    """Identical storage (same size, kind, category, shape and op_name, of no argument or of the
    same one, gathering the same one) as one row with a count: rows naming different arguments
    never merge."""
    found: dict[tuple, list[Any]] = {}
    for r in rows:
        key = (r["bytes"], r["kind"], r["category"], r["shape"], r["op_name"], r.get("path"), r.get("copy_of"),
               (r.get("collective") or {}).get("of")) \
            if r["kind"] != "free" else (id(r),)
        found.setdefault(key, [r, 0])[1] += 1
    # Largest first by what each row shows (its bytes times its count); free bytes last.
    return sorted(found.values(), key=lambda rn: (rn[0]["kind"] == "free", -rn[0]["bytes"] * rn[1]))


CATEGORY_WIDTH = 18   # "seeds and counters", "collective buffers": the longest, never cut
NAME_WIDTH = 24       # a value's name kept whole up to this, before less important columns


def storage_table(memory: Mapping[str, Any], top: int | None, width: int) -> Group:
    rows = _collapsed(memory["at_peak"])
    shown = rows if not top else rows[:top]
    names = _names(shown, row_label)
    columns = _storage_columns(shown, names, memory)
    if not any(c.header == "source" for c in chosen_columns(columns, width)):
        # (no room for the source column: each row's label says the user's line itself)
        names = _names(shown, narrow_label)
        # (the labels take the room left beside bytes, kind, what and a split; where that cuts a
        # label's line off, the kind gives way first: `what` says most of it)
        room = width - _beside(columns, ("bytes", "kind", "what", "split"))
        kind_gives_way = any(len(n) > room for n in names)
        if kind_gives_way:
            room = width - _beside(columns, ("bytes", "what", "split"))
        names = fitted_path_labels(shown, names, room)
        columns = _storage_columns(shown, names, memory, least=max(min(max(map(len, names)), room), NAME_WIDTH),
                                   kind_keep=3 if kind_gives_way else 1)
    table = fit_table(columns, width, f"Storage at the peak (t={memory['peak_time']}), largest first")
    parts: list[Table | Text] = [table]
    if len(rows) > len(shown):
        rest = sum(r["bytes"] * n for r, n in rows[len(shown):])
        parts.append(Text(f"… {len(rows) - len(shown)} more rows ({human_bytes(rest)}); --top 0 shows all",
                          style="dim"))
    parts.append(Text(f"= {bytes_cell(memory['needed_bytes'])}, memory needed", style="dim"))
    if (line := replicated_line(memory.get("replicated"))) is not None:
        parts.append(said(line, width, "yellow" if memory["replicated"]["bytes"] else "dim"))
    parts += [said(line, width, "yellow") for line in donated_lines(memory.get("donated_slots") or [])]
    return Group(*parts)


def _names(shown: list, label) -> list[str]:
    return [r["name"] if r["kind"] == "free" else label(r) + (f" ×{n}" if n > 1 else "") for r, n in shown]


def _beside(columns: list[Column], headers: tuple[str, ...]) -> int:
    """The least room `headers`' columns take, with the gaps after them."""
    others = [c for c in columns if c.header in headers and not c.empty]
    return least_width(others) + GAP if others else 0


def _storage_columns(shown: list, names: list[str], memory, least: int | None = None,
                     kind_keep: int = 1) -> list[Column]:
    """The storage table's columns, most important first by `keep`."""
    needed = memory["needed_bytes"] or 1
    shapes = [r["shape"] or "" for r, _ in shown]
    splits = [split_label(r) for r, _ in shown]
    # A slot may be larger than the value in it at the peak (an output slot another value fills
    # later): the value's own bytes stand beside its shape where they differ.
    own = [human_bytes(r["value_bytes"]) if r.get("value_bytes") not in (None, r["bytes"]) else "" for r, _ in shown]
    return [
        Column("bytes", [human_bytes(r["bytes"] * n) for r, n in shown], "right"),
        Column("%", [f"{100 * r['bytes'] * n / needed:.1f}" for r, n in shown], "right", keep=3),
        Column("kind", [r["kind"] for r, _ in shown], keep=kind_keep),
        Column("what", [r["category"] for r, _ in shown], shorten=cut_end, least=CATEGORY_WIDTH, keep=1),
        # (names are kept whole before a shape or a share is shown: parameters differ at their ends)
        Column("value in it", names, shorten=short_label,
               least=least if least is not None else min(max(map(len, names)), NAME_WIDTH)),
        # (a partitioned program's parameter: the array the user made, and how it is split)
        Column("split", splits, shorten=short_split, keep=1, least=least_split_width(splits)),
        shape_column(shapes, keep=3),   # (what it holds says more than its shape)
        Column("value bytes", own, "right", keep=2),   # (after a partitioned program's split)
        Column("other values", [str(len(r["shared_with"])) if r["shared_with"] else "" for r, _ in shown], "right",
               keep=4),
        # (the user's own line says more to them than XLA's op_name: kept first)
        Column("source", [row_source(r) for r, _ in shown], shorten=short_source, least=22, keep=5),
        Column("op_name", [r["op_name"] or "" for r, _ in shown], shorten=from_front, keep=6),
    ]


SLOTS_SHOWN = 3


def replicated_line(replicated: dict | None) -> str | None:
    """What every device holds whole, by category (a partitioned program's parameters)."""
    if replicated is None:
        return None
    if not replicated["bytes"]:
        return "split: every parameter is split over the mesh (none replicated)"
    parts = ", ".join(f"{c} {human_bytes(b)}" for c, b in replicated["by_category"].items())
    count = replicated["count"]
    return (f"replicated (whole on every device): {human_bytes(replicated['bytes'])} in {count} "
            f"parameter{'s' * (count != 1)} ({parts})")


def donated_lines(slots: list[dict]) -> list[str]:
    """One line a donated parameter XLA copied before giving its buffer to another value."""
    lines = []
    for s in slots[:SLOTS_SHOWN]:   # (those whose buffer went to another value first)
        copies = ", ".join(f"{c['name']} {human_bytes(c['bytes'])}" if c["bytes"] is not None else c["name"]
                           for c in s["copies"][:2])
        now = {"nothing live": "left its donated buffer idle at the peak",
               "another value": f"put {s['value']} in its donated buffer",
               "its new value": "its donated buffer holds the new value at the peak"}.get(
                   s["holds"], "its donated buffer still holds it at the peak")
        what = shown_path(s["path"]) if s["path"] else f"parameter {s['parameter']}"
        lines.append(f"donated, then copied: XLA copied {what} "
                     f"({copies}){' and' if s['holds'] in MOVED else ';'} {now}")
    if len(slots) > SLOTS_SHOWN:
        lines.append(f"… and {len(slots) - SLOTS_SHOWN} more donated parameters XLA copied (JSON: "
                     "memory.donated_slots)")
    return lines


def other_numbers_table(memory: Mapping[str, Any], width: int):
    rows = memory.get("other_numbers") or []
    if not rows:
        return None
    return fit_table([
        Column("number", [r["name"] for r in rows]),
        Column("bytes", [human_bytes(r["bytes"]) for r in rows], "right"),
        Column("why it differs from memory needed", [r["reason"] for r in rows], shorten=cut_end_words,
               least=24, wrap=True),
    ], width, "Other numbers, named")


def groups_table(report: PeakReport, by: str, top: int | None, width: int):
    assert report.memory is not None   # (render_peak: only with memory)
    needed = report.memory["needed_bytes"] or 1
    header = {"source": "source line", "op": "op_name", "kind": "kind", "category": "what it holds"}[by]
    if by == "op":
        # (groups are set with memory: None only in a saved result changed by hand, which fails as before)
        groups = op_tree(report.groups["op"])  # type: ignore[index]
        keys = ["  " * g["depth"] + g["label"] for g in groups]
    else:
        groups = report.groups[by]  # type: ignore[index]
        keys = [g["key"] for g in groups]
    shown = len(groups) if not top else min(top, len(groups))
    table = fit_table([
        Column(header, keys[:shown], shorten=from_front, least=24),
        Column("rows", [str(g["count"]) for g in groups[:shown]], "right"),
        Column("bytes", [human_bytes(g["bytes"]) for g in groups[:shown]], "right"),
        Column("%", [f"{100 * g['bytes'] / needed:.1f}" for g in groups[:shown]], "right"),
    ], width, f"Storage at the peak by {header}")
    parts: list[Table | Text] = [table]
    if len(groups) > shown:
        parts.append(Text(f"… {len(groups) - shown} more; --top 0 shows all", style="dim"))
    return Group(*parts)


def _wrapped(line: str, width: int) -> str:
    """A line of the headline's block, wrapped under its own start."""
    return "\n".join(textwrap.wrap(line, max(width, 20), subsequent_indent="    ", break_long_words=False,
                                   break_on_hyphens=False))
