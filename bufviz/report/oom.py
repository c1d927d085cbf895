"""Terminal output for an out-of-memory message (or a compile log that only reports usage): what
ran out and by how much, every usage figure the text gives, the largest buffers grouped by
op_name and by source line, and what to try."""
from __future__ import annotations

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..hlo.shapes import value_label
from ..units import ellipsis_start, human_bytes


def render_oom(oom: dict, console: Console, top: int | None) -> None:
    failed = oom["kind"] == "out_of_memory"
    title = Text("Out of memory" if failed else "Memory usage",
                 style="bold red" if failed else "bold")
    for part in (oom["platform"], oom["memory_space"]):
        if part:
            title.append(f" · {part.upper() if part == oom['platform'] else part}", style="red" if failed else "")
    console.print(title)
    console.print(_bullets(oom["summary"], ""))
    for section in (_usage(oom), _buffers(oom, top) if oom["buffers"] else None, *_groups(oom, top)):
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


def _usage(oom: dict) -> Table | None:
    """Each `Total X usage >=`, `Program X requirement` and `program X usage` figure, as printed."""
    if not oom["usage"]:
        return None
    table = Table(title="Usage figures in the text", title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("figure", no_wrap=True)
    table.add_column("bytes", justify="right", no_wrap=True)
    table.add_column("of", justify="right", no_wrap=True)
    table.add_column("made of", overflow="fold")
    for u in oom["usage"]:
        parts = ", ".join(f"{k} {human_bytes(v) if v is not None else 'unknown'}" for k, v in u["parts"].items())
        capacity = human_bytes(u["capacity_bytes"]) if u["capacity_bytes"] is not None else ""
        table.add_row(u["label"], human_bytes(u["bytes"]), capacity, parts)
    return table


def _buffers(oom: dict, top: int | None) -> Group:
    buffers = oom["buffers"]
    shown = buffers if not top else buffers[:top]
    padded = any(b["unpadded_bytes"] != b["bytes"] for b in buffers)
    matched = any(b["value"] for b in buffers)
    table = Table(title=f"Buffers listed in the message ({len(buffers)}, {human_bytes(oom['listed_bytes'])})",
                  title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("#", justify="right", style="dim", no_wrap=True)
    table.add_column("bytes", justify="right", no_wrap=True)
    if padded:
        table.add_column("unpadded", justify="right", no_wrap=True)
    table.add_column("shape", overflow="fold", max_width=32)
    table.add_column("kind", no_wrap=True)
    if matched:
        table.add_column("value in the module", overflow="fold", max_width=28)
    table.add_column("operation", overflow="ellipsis", no_wrap=True, max_width=28)
    for b in shown:
        cells = [str(b["rank"]), human_bytes(b["bytes"])]
        if padded:
            cells.append(human_bytes(b["unpadded_bytes"]))
        cells += [b["shape"] or "", b["kind"] or _label(b["label"])]
        if matched:
            v = b["value"]
            cells.append("" if v is None else value_label(v["name"], v["index"]))
        cells.append(_operation(b["op_name"]))
        table.add_row(*cells)
    parts = [table]
    if len(buffers) > len(shown):
        parts.append(Text(f"… {len(buffers) - len(shown)} more; --top 0 shows all", style="dim"))
    return Group(*parts)


def _groups(oom: dict, top: int | None) -> list[Table]:
    """Groups of two or more buffers, by op_name and by source line. Left out: a source group
    that repeats an op_name group (whose row names its source) and the framework's own files."""
    tables = []
    by_op = [g for g in oom["groups"] if g["count"] > 1]
    if by_op:
        rows = [(g, ellipsis_start(g["op_name"] or "", 90) + (f"  ({g['source']})" if g["source"] else ""))
                for g in by_op]
        tables.append(_group_table("The listed buffers by op_name", "op_name / source", rows, top))
    op_sets = {tuple(g["ranks"]) for g in by_op}
    by_line = [g for g in oom["groups_by_source"]
               if g["count"] > 1 and not g["in_framework"] and tuple(g["ranks"]) not in op_sets]
    if by_line:
        rows = [(g, g["source"] + (f"  ({len(g['op_names'])} op_names)" if len(g["op_names"]) > 1 else ""))
                for g in by_line]
        tables.append(_group_table("The listed buffers by source line", "source line", rows, top))
    return tables


def _group_table(title: str, header: str, rows: list[tuple[dict, str]], top: int | None) -> Table:
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("buffers", justify="right")
    table.add_column("bytes", justify="right", no_wrap=True)
    table.add_column(header, overflow="fold")
    for g, where in rows[: top or None]:
        table.add_row(str(g["count"]), human_bytes(g["bytes"]), where)
    return table


def _operation(op_name: str | None) -> str:
    """The last step of an op_name (`…/dot_general[…]` -> dot_general): the JSON has the whole
    path."""
    if not op_name:
        return ""
    last = op_name.split(";")[0].rsplit("/", 1)[-1]
    return last.split("[")[0] or last


def _label(label: str | None) -> str:
    return (label or "").split(" = ")[0].split("(")[0][:24]
