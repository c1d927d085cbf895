"""`bufviz aliasing` in the terminal: parameters and their outputs, donation candidates with
their measured savings, and the copies in-place updates cost."""
from __future__ import annotations

from rich.console import Console
from rich.padding import Padding
from rich.text import Text
from typing import TYPE_CHECKING

from ..units import human_bytes
from .header import render_header, render_notes
from .layout import Column, cut_middle, fit_table, shape_column

if TYPE_CHECKING:
    from ..result import PeakReport


def render_aliasing(report: PeakReport, console: Console, top: int = 20) -> None:
    render_header(report, console)
    data = report.aliasing
    assert data is not None   # (`bufviz aliasing` sets it)
    rows = data["parameters"]
    aliased = [r for r in rows if r["alias_kind"]]
    console.print(Text(f"Parameters: {len(rows)} leaves, {len(aliased)} aliased with an output", style="bold"))
    shown = rows[:top] if top else rows
    console.print(fit_table([
        Column("#", [str(r["number"]) + (f"{{{r['index']}}}" if r["index"] else "") for r in shown], "right"),
        Column("name", [r["name"] for r in shown], shorten=cut_middle, least=10, keep=3),
        shape_column([r["shape"] for r in shown], keep=2),
        Column("bytes", [human_bytes(r["bytes"]) for r in shown], "right"),
        Column("output", [f"{{{r['aliased_output']}}}" if r["aliased_output"] is not None else "" for r in shown]),
        Column("alias", [r["alias_kind"] or "" for r in shown], keep=1),
        Column("shared", [_shared(r) for r in shown], wrap=True),
    ], console.width))
    if len(shown) < len(rows):
        console.print(Text(f"… and {len(rows) - len(shown)} more (--top 0 shows all)", style="dim"))
    candidates = [r for r in rows if r["donation_candidate"]]
    console.print()
    if candidates:
        console.print(Text("Could be donated (measured: memory needed if only this parameter were donated)",
                           style="bold"))
        for r in candidates:
            label = f"parameter {r['number']}" + (f"{{{r['index']}}}" if r["index"] else "")
            saves = ("measured only with all of them" if r["saving_bytes"] is None else
                     f"saves {human_bytes(r['saving_bytes'])}")
            console.print(f"  {label} → output {{{r['candidate_output']}}}: {saves}")
        if data["saving_if_all_donated_bytes"] is not None and len({r["number"] for r in candidates}) > 1:
            console.print(f"  all of them: saves {human_bytes(data['saving_if_all_donated_bytes'])} of "
                          f"{human_bytes(data['needed_bytes'])}")
    else:
        console.print(Text("No parameter left whose donation would save memory.", style="dim"))
    if data["copies"]:
        console.print()
        console.print(Text("Copies made so that an update can run in place", style="bold"))
        copies = data["copies"][:top] if top else data["copies"]
        for c in copies:
            line = Text(f"{c['name']} ", style="bold")
            line.append(f"{human_bytes(c['bytes'])} of {c['of']}")
            line.append(f": {c['why']}" + (f" (in {c['in_loop']}, every iteration)" if c["in_loop"] else ""))
            if c["source"]:
                line.append(f"  {c['source']}", style="dim")
            console.print(Padding(line, (0, 0, 0, 2)))
        if len(copies) < len(data["copies"]):
            console.print(Text(f"  … and {len(data['copies']) - len(copies)} more (--top 0 shows all)", style="dim"))
    render_notes(report, console)


def _shared(r: dict) -> str:
    if r["shares_allocation"] is None:
        return "donor, not used" if r["alias_kind"] == "buffer_donor" else ""
    return "yes" if r["shares_allocation"] else f"no: {r['not_shared_because']}"
