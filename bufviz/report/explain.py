"""Terminal output of `bufviz explain`: one buffer, in sentences."""
from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text
from typing import TYPE_CHECKING

from ..units import human_bytes
from ..views.labels import row_label, row_source
from .headline import donated_lines
from .header import bytes_cell, render_header, render_notes

if TYPE_CHECKING:
    from ..result import PeakReport


def render_explain(report: PeakReport, console: Console) -> None:
    render_header(report, console)
    f = report.explain
    assert f is not None   # (`bufviz explain` sets it)
    label = row_label(f)
    head = Text(label, style="bold") + Text(f"  {f['shape'] or ''}  {bytes_cell(f['value_bytes'])}")
    if f["value_bytes"] != f["bytes"]:
        head.append(f"  in a slot of {human_bytes(f['bytes'])}", style="dim")
    console.print(head)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    if label != f["label"]:
        grid.add_row("XLA's name", f["label"])
    defined = " ".join(p for p in (f["opcode"], f"({f['op_name']})" if f["op_name"] else None) if p)
    grid.add_row("defined by", defined or "—")
    source = row_source(f)
    if source:
        grid.add_row("your line" if f.get("user_source") else "source", source)
    if f.get("user_source") and f["source"] and f["source"] != f["user_source"]:
        grid.add_row("library line", f["source"])
    evidence = f": {f['evidence']}" if f.get("evidence") else ""
    grid.add_row("what", f"{f['category']} ({f['kind']}{evidence})" if f["category"] else f["kind"])
    if f["allocation"] is not None:
        grid.add_row("lives in", f"allocation {f['allocation']} at offset {f['offset']:,}")
    if f["start"] is not None:
        born = f" ({f['born_at']})" if f["born_at"] else ""
        last = f" ({f['last_use_at']})" if f["last_use_at"] else ""
        grid.add_row("live", f"from t={f['start']}{born} to t={f['end']}{last}")
    peak = "live" if f["live_at_peak"] else "not live"
    grid.add_row("at the peak", f"{peak} at t={f['peak_time']}, when temporaries in use are largest")
    grid.add_row("kept alive", f["kept_alive_by"])
    if f.get("donated_slot"):
        grid.add_row("donated", donated_lines([f["donated_slot"]])[0].removeprefix("donated, then copied: "))
    for alias in f["aliases"]:
        grid.add_row("aliases", alias)
    console.print(grid)
    console.print()
    console.print(Text(f"{human_bytes(f['bytes'])} of the memory needed is the storage it is in"
                       + (f", shared with {len(f['shared_with'])} other values" if f["shared_with"] else "") + ".",
                       style="dim"))
    order = f.get("better_order")
    if order:
        searched = ("; the search stopped at its limit, `bufviz schedule` searches longer"
                    if order.get("steps_limit_hit") else "")
        console.print(f"Another order of the instructions needs {human_bytes(order['saving_bytes'])} less memory "
                      f"(bufviz schedule … --algorithm {order['algorithm']}{searched}).")
    render_notes(report, console)
