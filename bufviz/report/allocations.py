"""Terminal output of `bufviz allocations`: every allocation with its values laid out by offset
and live range, XLA's and bufviz's side by side."""
from __future__ import annotations

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text
from typing import TYPE_CHECKING, Any, Mapping

from ..engine.assignment.matching import pair_allocations, pair_differences
from ..hlo.shapes import value_label
from ..units import human_bytes
from .header import bytes_cell, pairs_table, render_header, render_notes
from .layout import Column, cut_middle, fit_table, shape_column, short_shape

if TYPE_CHECKING:
    from ..result import PeakReport

BAR_WIDTH = 24   # at most; narrower on a narrow terminal


def allocation_view(report: PeakReport, only: set[int] | None, kinds: set[str] | None) -> dict:
    """The allocations part of a report, paired and filtered: what both renderers show."""
    xla: Mapping[str, Any] = report.xla or {}
    ours: Mapping[str, Any] = report.recomputed or {}
    pairs = []
    for theirs, mine in pair_allocations(xla.get("allocations"), ours.get("allocations")):
        shown = theirs or mine
        if only is not None and shown["index"] not in only:
            continue
        if kinds and not kinds & set(shown["kinds"]):
            continue
        pairs.append({"xla": theirs, "bufviz": mine, "same": _same(theirs, mine)})
    totals = ("total_bytes_used", "argument_bytes", "output_bytes", "alias_bytes", "temp_bytes")
    return {
        "xla": {k: xla.get(k) for k in totals} if xla.get("allocations") else None,
        "recomputed": ({k: ours.get(k) for k in totals + ("fragmentation_bytes", "total_fragmentation_bytes",
                                                           "minimum_memory_bytes", "temp_in_use_peak_bytes",
                                                           "temp_free_at_peak_bytes", "alignment")}
                       if ours.get("allocations") else None),
        "allocations": pairs,
    }


def _same(theirs: dict | None, mine: dict | None) -> bool | None:
    if theirs is None or mine is None:
        return None
    return not pair_differences(theirs, mine)


def render_allocations(report: PeakReport, view: dict, console: Console, values_shown: int) -> None:
    render_header(report, console)
    console.print(_totals(view, console.width))
    ranges = _live_ranges(report)
    end = (report.recomputed or report.xla or {}).get("schedule_end") or 0
    bar = max(8, min(BAR_WIDTH, console.width - 64))
    both_sides = view["xla"] is not None and view["recomputed"] is not None
    for pair in view["allocations"]:
        console.print()
        console.print(_heading(pair, both_sides))
        shown = pair["bufviz"] or pair["xla"]
        if len(shown["values"]) > 1 or shown["values"] and shown["values"][0]["offset"]:
            console.print(_values_table(pair, ranges, end, values_shown, bar, console.width))
        elif shown["values"]:
            console.print(_single_value(shown["values"][0], ranges, end, bar, console.width))
    if not view["allocations"]:
        console.print(Text("no allocation matches the selection", style="yellow"))
    console.print()
    render_notes(report, console)


def _totals(view: dict, width: int) -> Table:
    xla, ours = view["xla"] or {}, view["recomputed"] or {}
    pairs = view["allocations"]
    both = [p for p in pairs if p["same"] is not None]
    rows = [("allocations", str(sum(1 for p in pairs if p["xla"])) if xla else None,
             str(sum(1 for p in pairs if p["bufviz"])) if ours else None)]
    if both:
        rows.append(("identical", None, f"{sum(1 for p in both if p['same'])} of {len(both)}"))
    for key, label in (("total_bytes_used", "total bytes used"), ("temp_bytes", "temp bytes"),
                       ("temp_free_at_peak_bytes", "temp fragmentation")):
        a, b = xla.get(key), ours.get(key)
        if a is not None or b is not None:
            rows.append((label, None if a is None else bytes_cell(a), None if b is None else bytes_cell(b)))
    if ours.get("temp_free_at_peak_bytes") is not None:  # storage counted once: never above the total
        rows.append(("lower bound (no fragmentation)", None,
                     bytes_cell(ours["total_bytes_used"] - ours["temp_free_at_peak_bytes"])))
    if ours.get("alignment"):
        rows.append(("heap alignment", None, f"{ours['alignment']} B"))
    return pairs_table("Allocations", rows, width)


def _heading(pair: dict, both_sides: bool) -> Text:
    theirs, mine = pair["xla"], pair["bufviz"]
    shown = theirs or mine
    text = Text()
    text.append(f"allocation {shown['index']}", style="bold")
    text.append(f" · {human_bytes(shown['size'])} · {' '.join(shown['kinds'])}")
    if shown.get("color"):
        text.append(f" · memory space {shown['color']}")
    if shown.get("parameter"):
        text.append(f" · parameter {shown['parameter']['number']}"
                    + (f" {{{shown['parameter']['index']}}}" if shown["parameter"]["index"] else ""))
    if pair["same"] is True:
        text.append("  ✓ bufviz agrees", style="green")
    elif pair["same"] is False:
        text.append(f"  ✗ bufviz: #{mine['index']}, {human_bytes(mine['size'])}, {' '.join(mine['kinds'])}",
                    style="red")
    elif both_sides and mine is None:
        text.append("  ✗ bufviz has no allocation with these values", style="red")
    elif both_sides:
        text.append("  ✗ bufviz only: XLA has no allocation with these values", style="red")
    return text


def _live_ranges(report: PeakReport) -> dict:
    ranges = {}
    for section in (report.xla, report.recomputed):  # bufviz's win where both exist
        for r in (section or {}).get("live_ranges") or []:
            ranges[(r["name"], r["index"])] = (r["start"], r["end"])
    return ranges


def _values_table(pair: dict, ranges: dict, end: int, values_shown: int, bar: int, width: int):
    theirs, mine = pair["xla"], pair["bufviz"]
    main = mine or theirs
    # XLA's offsets get a column of their own only where they are not all bufviz's.
    other = {(v["name"], v["index"]): v["offset"] for v in theirs["values"]} if pair["same"] is False else {}
    values = sorted(main["values"], key=lambda v: (v["offset"], ranges.get((v["name"], v["index"]), (0, 0)), v["id"]))
    shown = values if not values_shown else values[:values_shown]
    keys = [(v["name"], v["index"]) for v in shown]
    lives = [ranges.get(k) for k in keys]
    theirs_offsets = [other.get(k) for k in keys]
    names = [value_label(*k) for k in keys]
    shapes = [v["shape"] for v in shown]
    columns = [
        Column("offset", [f"{v['offset']:,}" for v in shown], "right"),
        Column("XLA", [("—" if o is None else f"{o:,}") if other else "" for o in theirs_offsets], "right",
               styles=["" if o == v["offset"] else "red" for o, v in zip(theirs_offsets, shown)]),
        Column("bytes", [human_bytes(v["size"]) for v in shown], "right"),
        Column("value", names, shorten=cut_middle, least=min(max(map(len, names)), 28)),
        shape_column(shapes, keep=1),
        Column("live", [f"{live[0]}–{live[1]}" if live else "—" for live in lives], "right"),
        Column(f"0 … {end}", [_bar(live, end, bar) for live in lives], style="cyan", keep=2),
    ]
    parts: list[Table | Text] = [fit_table(columns, width)]
    if len(values) > len(shown):
        parts.append(Text(f"… {len(values) - len(shown)} more values; --values 0 shows all", style="dim"))
    return Group(*parts)


def _single_value(v: dict, ranges: dict, end: int, bar: int, width: int) -> Text:
    live = ranges.get((v["name"], v["index"]))
    name = value_label(v["name"], v["index"])
    tail = f"  live {live[0]}–{live[1]}  " + _bar(live, end, bar) if live else ""
    text = Text("  " + name)
    text.append("  " + short_shape(v["shape"], max(width - len(name) - len(tail) - 4, 14)), style="dim")
    if live:
        text.append(f"  live {live[0]}–{live[1]}  ")
        text.append(_bar(live, end, bar), style="cyan")
    return text


def _bar(live: tuple[int, int] | None, end: int, width: int) -> str:
    """Where in the schedule the value is live, on `width` columns."""
    if live is None or end <= 0:
        return ""
    first = live[0] * width // (end + 1)
    last = max(first, live[1] * width // (end + 1))
    return "·" * first + "█" * (last - first + 1) + "·" * (width - last - 1)
