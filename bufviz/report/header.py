"""What every terminal report starts and ends with: the module, its backend and XLA's date, the
files read (compactly: one folder, one dump stem, the kinds found), warnings, and notes."""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..dumps.discover import parse_dump_name
from ..units import human_bytes
from .layout import Column, fit_table, from_front

if TYPE_CHECKING:
    from ..result import PeakReport

INPUT_LABELS = {"hlo": "HLO module", "buffer_assignment": "buffer assignment", "values": "values",
                "live_range": "live ranges", "memory_usage_report": "memory-usage report",
                "memory_stats": "jax memory statistics", "oom": "out-of-memory message"}


def render_header(report: PeakReport, console: Console) -> None:
    console.print(_title(report))
    console.print(_files(report, console.width))
    for warning in report.warnings or []:
        console.print(Text(f"warning: {warning}", style="bold yellow"))
    console.print()


def render_notes(report: PeakReport, console: Console) -> None:
    for note in report.notes or []:
        console.print(Text(f"note: {note}", style="dim"))


def bytes_cell(n: int | None) -> str:
    """`7.03 MiB  (7,369,808 B)`: the size people read, and the exact count."""
    if n is None:
        return "—"
    return f"{human_bytes(n)}  ({n:,} B)" if abs(n) >= 1024 else human_bytes(n)


def drop_exact(text: str, width: int) -> str:
    """`7.03 MiB  (7,369,808 B)` -> `7.03 MiB` when there is no room for both."""
    short = text.split("  (")[0]
    return short if len(short) <= width else text


def exact_dropped_width(cells: list[str]) -> int:
    """How wide a column of `bytes_cell`s is once the exact counts are dropped."""
    return max((len(c.split("  (")[0]) for c in cells), default=1)


def pairs_table(title: str, rows: list[tuple[str, str | None, str | None]], width: int) -> Table:
    """Label, XLA's value, bufviz's: the XLA column is left out when XLA printed none of them.
    Sizes lose their exact byte counts before anything else when the terminal is narrow."""
    xla_cells = [a or "" for _, a, _ in rows]
    has_xla = any(xla_cells)
    theirs = [a or "—" for _, a, _ in rows] if has_xla else xla_cells
    ours = [b or "—" for _, _, b in rows]
    columns = [Column("number", [label for label, _, _ in rows]),
               Column("XLA", theirs, "right", shorten=drop_exact, least=exact_dropped_width(theirs)),
               Column("bufviz", ours, "right", shorten=drop_exact, least=exact_dropped_width(ours))]
    return fit_table(columns, width, title)


def _title(report: PeakReport) -> Text:
    title = Text()
    title.append(report.module or "?", style="bold")
    title.append(f" · {report.platform}")
    vintage = report.vintage or {}
    if vintage.get("conflicting"):
        title.append(" · XLA version unclear (its clues contradict each other)", style="dim")
    elif vintage.get("earliest") or vintage.get("latest"):
        title.append(f" · text printed by XLA {_window(vintage.get('earliest'), vintage.get('latest'))}",
                     style="dim")
    return title


def _window(earliest: str | None, latest: str | None) -> str:
    if earliest and latest:
        return f"of {earliest} … {latest}"
    return f"of {earliest} or later" if earliest else f"before {latest}"


def devices_line(sharding: dict | None) -> str | None:
    """`one of 8 (mesh data 4 × model 2): every number is one device's` for a partitioned
    program; None on one device."""
    if not sharding:
        return None
    mesh = sharding.get("mesh")
    axes = f" (mesh {' × '.join(f'{a} {n}' for a, n in mesh.items())})" if mesh else ""
    if sharding.get("devices_from") == "collectives":
        axes = " (by its collectives' device groups)"
    return f"one of {sharding['devices']}{axes}: every number is one device's"


def _files(report: PeakReport, width: int) -> Table:
    """One line for the folder and one for the dump set when the files are XLA's siblings;
    else a line per file. Paths too long for the terminal lose their start, never wrap."""
    labels = dict(INPUT_LABELS)
    if (report.oom or {}).get("kind") == "usage_report":
        labels["oom"] = "memory-usage log"
    kinds: dict[str, list[str]] = {}
    for key, path in report.inputs.items():
        if path:
            kinds.setdefault(path, []).append(labels[key])
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", max_width=24)
    grid.add_column()   # paths are cut to fit; the list of kinds wraps between words
    room = max(width - 8, 20)
    folders = {os.path.dirname(p) for p in kinds}
    stems = {n.stem for p in kinds if (n := parse_dump_name(os.path.basename(p)))}
    if len(kinds) > 1 and len(folders) == 1 and len(stems) == 1:
        folder, stem = folders.pop(), stems.pop()
        named = [", ".join(k) for p, k in kinds.items() if os.path.basename(p).startswith(stem)]
        others = [f"{', '.join(k)} ({os.path.basename(p)})" for p, k in kinds.items()
                  if not os.path.basename(p).startswith(stem)]
        if folder:
            grid.add_row("folder", from_front(folder + os.sep, room))
        grid.add_row("module", from_front(stem, room))
        grid.add_row("read", Text("; ".join([", ".join(named)] + others)))
    else:
        for path, found in kinds.items():
            grid.add_row("file", from_front(path, room))
            grid.add_row("read", Text(", ".join(found)))
    if devices := devices_line(report.sharding):
        grid.add_row("devices", Text(devices))
    return grid
