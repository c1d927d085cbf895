"""Terminal timeline: one row per stretch of the schedule, a bar of the memory in use stacked by
kind (each kind its own character, so it reads without colour), the peak marked, and the
births and deaths of the largest temporaries."""
from __future__ import annotations

from rich.console import Group
from rich.text import Text

from ..hlo.shapes import value_label
from ..units import human_bytes
from .layout import cut_end

BANDS = (("parameter", "█", "blue"), ("output", "▓", "magenta"), ("constant", "▪", "magenta"),
         ("thread-local", "▫", "magenta"), ("temp", "▒", "yellow"))
FREE = ("free temp", "·", "dim")


def timeline_view(data: dict, needed: int, width: int, rows: int = 24) -> Group:
    steps = data["steps"]
    buckets = _buckets(steps, rows)
    label_width = min(30, max(16, width // 3 - 2))
    bar_width = max(width - label_width - 13 - len(" ◀ peak"), 10)
    scale = bar_width / needed if needed else 0
    whole = data["whole_run_bytes"]
    lines = [Text(f"Memory in use over the schedule ({steps} steps, one row per "
                  f"{'step' if len(buckets) == steps else f'~{steps // len(buckets)} steps'})", style="bold")]
    for first, last in buckets:
        t = max(range(first, last + 1), key=lambda k: data["temp_in_use"][k])
        temp = data["temp_in_use"][t]
        name = data["instructions"][t] if t < len(data["instructions"]) else ""
        label = cut_end(f"t={t} {name}".rstrip(), label_width)
        line = Text(f"{label:<{label_width}} {human_bytes(sum(whole.values()) + temp):>11} ")
        parts = [(whole.get(k, 0), ch, style) for k, ch, style in BANDS[:-1]] + [(temp, BANDS[-1][1], BANDS[-1][2])]
        parts.append((data["temp_bytes"] - temp, FREE[1], FREE[2]))
        drawn = 0
        cumulative = 0
        for size, ch, style in parts:
            cumulative += size
            upto = round(cumulative * scale)
            line.append(ch * (upto - drawn), style=style)
            drawn = upto
        if first <= data["peak_time"] <= last:
            line.append(" ◀ peak", style="bold red")
        lines.append(line)
    drawn_kinds = [(k, ch) for k, ch, _ in BANDS if round(whole.get(k, 0) * scale) or k == "temp"]
    legend = Text("  ".join(f"{ch} {k}" for k, ch in drawn_kinds), style="dim")
    legend.append(f"  {FREE[1]} {FREE[0]}", style="dim")
    lines.append(legend)
    if needed:   # the peak row's bytes in use against the headline's memory needed, exactly
        at_peak = sum(whole.values()) + data["temp_in_use"][data["peak_time"]]
        lines.append(Text(f"peak t={data['peak_time']}: {at_peak:,} B in use + {needed - at_peak:,} B free "
                          f"= {needed:,} B, memory needed", style="dim"))
    if data["events"]:
        lines.append(Text("Largest temporaries at the peak, born (+) and last used (−):", style="bold"))
        for e in data["events"]:
            mark = "+" if e["event"] == "born" else "−"
            lines.append(Text(f"  t={e['time']:<6} {mark} {human_bytes(e['bytes']):>10}  "
                              f"{value_label(e['name'], e['index'])}"))
    return Group(*lines)


def _buckets(steps: int, rows: int) -> list[tuple[int, int]]:
    if steps <= rows:
        return [(t, t) for t in range(steps)]
    size = -(-steps // rows)
    return [(k, min(k + size - 1, steps - 1)) for k in range(0, steps, size)]
