"""Terminal output for an out-of-memory message (or a compile log that only reports usage): what
ran out and by how much, every usage figure the text gives, the largest buffers grouped by
op_name and by source line, and what to try."""
from __future__ import annotations

from typing import Any, Mapping

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..hlo.shapes import value_label
from ..units import human_bytes
from .layout import Column, cut_end, cut_middle, fit_table, from_front, shape_column
from .verify import cut_end_words


def render_oom(oom: Mapping[str, Any], console: Console, top: int | None) -> None:
    failed = oom["kind"] == "out_of_memory"
    when = {"compile": " while compiling", "run": " while running"}.get(oom.get("phase") or "", "")
    title = Text(f"Out of memory{when}" if failed else "Memory usage",
                 style="bold red" if failed else "bold")
    for part in (oom["platform"], oom["memory_space"]):
        if part:
            title.append(f" · {part.upper() if part == oom['platform'] else part}", style="red" if failed else "")
    console.print(title)
    console.print(_bullets(oom["summary"], ""))
    width = console.width
    for section in (_usage(oom, width), _buffers(oom, top, width) if oom["buffers"] else None,
                    *_groups(oom, top, width)):
        if section is not None:
            console.print()
            console.print(section)
    if oom["suggestions"]:
        console.print()
        console.print(Text("What to try", style="bold"))
        console.print(_bullets(oom["suggestions"], "•"))
    for note in oom["notes"]:
        console.print(Text(f"note: {note}", style="dim"))


def _bullets(lines: list[str], mark: str) -> Table:
    """Lines with a hanging indent when they wrap."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for line in lines:
        grid.add_row(" " + mark, line)
    return grid


def _usage(oom: Mapping[str, Any], width: int) -> Table | None:
    """Each `Total X usage >=`, `Program X requirement` and `program X usage` figure, as printed."""
    if not oom["usage"]:
        return None
    usage = oom["usage"]
    parts = [", ".join(f"{k} {human_bytes(v) if v is not None else 'unknown'}" for k, v in u["parts"].items())
             for u in usage]
    return fit_table([
        Column("figure", [u["label"] for u in usage]),
        Column("bytes", [human_bytes(u["bytes"]) for u in usage], "right"),
        Column("of", [human_bytes(u["capacity_bytes"]) if u["capacity_bytes"] is not None else "" for u in usage],
               "right"),
        Column("made of", parts, shorten=cut_end_words, least=16, keep=1, wrap=True)], width,
        "Usage figures in the text")


def _buffers(oom: Mapping[str, Any], top: int | None, width: int) -> Group:
    buffers = oom["buffers"]
    shown = buffers if not top else buffers[:top]
    padded = any(b["unpadded_bytes"] != b["bytes"] for b in buffers)
    shapes = [b["shape"] or "" for b in shown]
    values = [value_label(b["value"]["name"], b["value"]["index"]) if b["value"] else "" for b in shown]
    table = fit_table([
        Column("#", [str(b["rank"]) for b in shown], "right", style="dim"),
        Column("bytes", [human_bytes(b["bytes"]) for b in shown], "right"),
        Column("unpadded", [human_bytes(b["unpadded_bytes"]) if padded else "" for b in shown], "right", keep=2),
        shape_column(shapes, keep=0),
        Column("kind", [b["kind"] or _label(b["label"]) for b in shown], keep=1),
        Column("value in the module", values, shorten=cut_middle, least=min(max(map(len, values)), 24), keep=2),
        Column("operation", [_operation(b["op_name"]) for b in shown], shorten=cut_end, least=12, keep=3),
    ], width, f"Buffers listed in the message ({len(buffers)}, {human_bytes(oom['listed_bytes'])})")
    parts: list[Table | Text] = [table]
    if len(buffers) > len(shown):
        parts.append(Text(f"… {len(buffers) - len(shown)} more; --top 0 shows all", style="dim"))
    return Group(*parts)


def _groups(oom: Mapping[str, Any], top: int | None, width: int) -> list[Table]:
    """Groups of two or more buffers, by op_name and by source line. Left out: a source group
    that repeats an op_name group (whose row names its source) and the framework's own files."""
    tables = []
    by_op = [g for g in oom["groups"] if g["count"] > 1]
    if by_op:
        rows = [(g, g["op_name"] or "", g["source"] or "") for g in by_op]
        tables.append(_group_table("The listed buffers by op_name", ("op_name", "source"), rows, top, width))
    op_sets = {tuple(g["ranks"]) for g in by_op}
    by_line = [g for g in oom["groups_by_source"]
               if g["count"] > 1 and not g["in_framework"] and tuple(g["ranks"]) not in op_sets]
    if by_line:
        rows = [(g, g["source"], f"{len(g['op_names'])} op_names" if len(g["op_names"]) > 1 else "")
                for g in by_line]
        tables.append(_group_table("The listed buffers by source line", ("source line", "op_names"), rows, top,
                                   width))
    return tables


def _group_table(title: str, headers: tuple[str, str], rows: list[tuple[dict, str, str]], top: int | None,
                 width: int) -> Table:
    """Count, bytes, where (cut from the front: the end of a path or op_name says the most), and
    a second detail (the source of an op_name group) on wide terminals."""
    rows = rows[: top or None]
    return fit_table([
        Column("buffers", [str(g["count"]) for g, _, _ in rows], "right"),
        Column("bytes", [human_bytes(g["bytes"]) for g, _, _ in rows], "right"),
        Column(headers[0], [where for _, where, _ in rows], shorten=from_front, least=24),
        Column(headers[1], [detail for _, _, detail in rows], shorten=from_front, least=16, keep=1),
    ], width, title)


def _operation(op_name: str | None) -> str:
    """The last step of an op_name (`…/dot_general[…]` -> dot_general): the JSON has the whole
    path."""
    if not op_name:
        return ""
    last = op_name.split(";")[0].rsplit("/", 1)[-1]
    return last.split("[")[0] or last


def _label(label: str | None) -> str:
    return (label or "").split(" = ")[0].split("(")[0][:24]
