"""Terminal output for an out-of-memory message: what ran out and by how much, where the memory
went, the largest buffers grouped by origin, and what to try."""
from __future__ import annotations

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..hlo.shapes import value_label
from ..units import ellipsis_start, human_bytes


def render_oom(oom: dict, console: Console, top: int | None) -> None:
    title = Text("Out of memory", style="bold red")
    for part in (oom["platform"], oom["memory_space"]):
        if part:
            title.append(f" · {part.upper() if part == oom['platform'] else part}", style="red")
    console.print(title)
    console.print(_bullets(oom["summary"], ""))
    if oom["buffers"]:
        console.print()
        console.print(_buffers(oom, top, console.width))
    if len(oom["groups"]) > 1:
        console.print()
        console.print(_groups(oom, top))
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


def _buffers(oom: dict, top: int | None, width: int) -> Group:
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


def _groups(oom: dict, top: int | None) -> Table:
    table = Table(title="The listed buffers by origin", title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("buffers", justify="right")
    table.add_column("bytes", justify="right", no_wrap=True)
    table.add_column("op_name / source", overflow="fold")
    for g in oom["groups"][: top or None]:
        where = ellipsis_start(g["op_name"] or "", 90) + (f"  ({g['source']})" if g["source"] else "")
        table.add_row(str(g["count"]), human_bytes(g["bytes"]), where)
    return table


def _operation(op_name: str | None) -> str:
    """The last step of an op_name (`…/dot_general[…]` -> dot_general): the groups table has
    the whole path."""
    if not op_name:
        return ""
    last = op_name.split(";")[0].rsplit("/", 1)[-1]
    return last.split("[")[0] or last


def _label(label: str | None) -> str:
    return (label or "").split(" = ")[0].split("(")[0][:24]
