"""`bufviz schedule` in the terminal: each scheduler's peak and memory needed next to the module's
own order, the best one, and where the module was written."""
from __future__ import annotations

from rich.console import Console
from rich.text import Text
from typing import TYPE_CHECKING, Any, Mapping

from ..units import human_bytes
from .diff import percent
from .header import render_header, render_notes
from .layout import Column, fit_table

if TYPE_CHECKING:
    from ..result import PeakReport

NAMES = {"postorder": "PostOrder (XLA)", "dfs": "DFS (XLA)", "list": "List (XLA)", "bfs": "BFS (XLA)",
         "default": "XLA's DefaultMemoryScheduler", "beam": "beam (bufviz)", "exact": "exact (bufviz)",
         "improve": "improve (bufviz)"}


def render_schedule(report: PeakReport, console: Console) -> None:
    render_header(report, console)
    # (read as JSON: the schedule's `best` is its best row, not a name)
    data: Mapping[str, Any] | None = report.schedule
    assert data is not None   # (`bufviz schedule` sets it)
    original = data["original"]
    rows = ([("printed order", original["peak_bytes"], original["needed_bytes"], None)] if original else [])
    own = (data.get("xla_order") or {}).get("algorithm")
    for r in data["schedules"]:
        name = NAMES.get(r["algorithm"], r["algorithm"])
        if r.get("chose"):
            name += f": {NAMES[r['chose']].split(' ')[0]}"
        if r["algorithm"] == own:
            name += " ◀ XLA's own here"
        rows.append((name, r["peak_bytes"], r["needed_bytes"], r["seconds"]))
    base = original["peak_bytes"] if original else None
    console.print(Text("Peak by schedule (MinimumMemoryForModule: the most bytes live at once, as XLA's "
                       "schedulers count it)", style="bold"))
    console.print(fit_table([
        Column("order", [r[0] for r in rows]),
        Column("peak", [human_bytes(r[1]) for r in rows], "right"),
        Column("vs printed", ["" if base is None or r[0] == "printed order" else percent(base, r[1] - base) or "0"
                              for r in rows], "right"),
        Column("memory needed", [human_bytes(r[2]) if r[2] is not None else "" for r in rows], "right"),
        Column("seconds", ["" if r[3] is None else f"{r[3]:.2f}" for r in rows], "right"),
    ], console.width))
    best = data["best"]
    line = Text(f"Best: {NAMES.get(best['algorithm'], best['algorithm'])}, peak {human_bytes(best['peak_bytes'])}",
                style="bold")
    if base:
        change = best["peak_bytes"] - base
        line.append(f" ({'no better than' if change >= 0 else human_bytes(-change) + ' below'} the printed order)")
    console.print(line)
    bound = data.get("lower_bound_bytes")
    if bound:
        above = best["peak_bytes"] - bound
        console.print(f"Lower bound: {human_bytes(bound)}; no order has a lower peak. The best is "
                      + (f"{max(above / bound, 0.001):.1%} above it." if above > 0 else "at it: no order does better."))
    if data.get("time_limit_hit") is not None:
        console.print(Text(f"bufviz's searches stopped at the time limit ({data['time_limit_hit']:g} s): a longer "
                           "--time-limit may find a better order.", style="dim"))
    if data.get("emitted"):
        console.print(f"Wrote the module in the {NAMES.get(data['emitted']['algorithm'], '')} order to "
                      f"{data['emitted']['file']} (is_scheduled=true)")
    if own:
        console.print(Text(f"XLA's own order here: {NAMES.get(own, own)}, {data['xla_order']['why']}.", style="dim"))
    console.print()
    render_notes(report, console)
