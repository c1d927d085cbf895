"""The "What to try" section at the end of `bufviz peak`: each change with the saving the what-if
engine measured, most first, the framework's words for it and the source lines to change."""
from __future__ import annotations

import os
import shlex
from typing import Any, Mapping

from rich.console import Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..dumps.discover import parse_dump_name
from ..units import human_bytes
from .layout import short_source


def advice_block(advice: Mapping[str, Any] | None, needed: int | None, width: int, path: str | None = None):
    """`path`: the module's file, which each change's `check:` command reads (where there is one)."""
    if not advice:
        return None
    if advice["skipped_because"]:
        return Text(f"What to try: not measured, {advice['skipped_because']}", style="dim")
    items, later = advice["items"], _not_measured(advice.get("not_measured") or [], advice.get("saved_little") or [])
    notes = [Text(f"Not a change to make: {line}", style="dim") for line in advice.get("explained") or []]
    if not items:
        return Group(Text("What to try", style="bold"), *notes, *([later] if later is not None else [])) \
            if later is not None or notes else None
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column()
    for k, item in enumerate(items, 1):
        share = f" ({100 * item['saving_bytes'] / needed:.0f}% of memory needed)" if needed else ""
        about = "about " if item.get("estimate") else ""   # (a change XLA would make on its own terms)
        body = [Text.assemble((f"saves {about}{human_bytes(item['saving_bytes'])}{share}: ", "bold"), item["title"]),
                Text(f"how: {item['how']}")]
        if item["sources"]:
            body.append(Text("where: " + ", ".join(short_source(s, 40) for s in item["sources"][:3]), style="cyan"))
        command = _command(item, path)
        if command:
            body.append(Text(f"check: {command}", style="dim", overflow="fold"))
        grid.add_row(f"{k}.", Group(*body))
    head = Text("What to try (each saving measured by recomputing the changed module)", style="bold")
    return Group(head, Padding(grid, (0, 0, 0, 1)), *notes, *([later] if later is not None else []))


def _not_measured(candidates: list[dict], saved_little: list[dict]):
    """The changes advice did not measure, to keep to one more analysis, and those it measured
    that save too little to be an item (so that none goes without a word)."""
    lines = []
    if candidates:
        names = "; ".join(c["title"] for c in candidates)
        lines.append(f"Not measured ({len(candidates)}, to keep advice to one more analysis; --advice measures "
                     f"every one): {names}")
    if saved_little:
        names = "; ".join(f"{c['title']} (saves {_saved(c['saving_bytes'])})" for c in saved_little)
        lines.append(f"Measured, saving under 1% of memory needed ({len(saved_little)}): {names}")
    return Text("\n".join(lines), style="dim") if lines else None


def _saved(saving: int) -> str:
    return human_bytes(saving) if saving > 0 else "nothing"


def number_ranges(numbers: list[int]) -> str:
    """`0-18,21`: runs of consecutive numbers as ranges, as `--donate` takes them."""
    parts, start = [], None
    ordered = sorted(set(numbers))
    for k, n in enumerate(ordered):
        start = n if start is None else start
        if k + 1 == len(ordered) or ordered[k + 1] != n + 1:
            parts.append(str(n) if start == n else f"{start}-{n}" if n > start + 1 else f"{start},{n}")
            start = None
    return ",".join(parts)


def _module_argument(path: str | None) -> str:
    """The module as a command reads it: its dump folder and number (shorter than the file's name),
    the file itself where it is not named as XLA names its dumps, `…` for a compiled program."""
    if not path or path.startswith("<"):
        return "…"
    name = parse_dump_name(os.path.basename(path))
    if name is None:
        return shlex.quote(path)
    return f"{shlex.quote(os.path.dirname(path) or '.')} --module {name.number}"


def _command(item: dict, path: str | None) -> str | None:
    """The command that measures the change again, whole: it is there to be pasted."""
    change = item["change"]
    where = _module_argument(path)
    if "donate" in change:
        return f"bufviz peak {where} --donate " + number_ranges(change["donate"])
    if "remat" in change:
        return f"bufviz peak {where} --remat " + ",".join(change["remat"])
    if "schedule" in change:
        return f"bufviz schedule {where} --algorithm {change['schedule']} --emit FILE"
    return None
