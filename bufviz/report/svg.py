"""Pictures: a self-contained SVG (no scripts, no network). `peak` draws memory in use over the
schedule and the allocation map (offset × time, a box per value, the largest named on their
boxes, a hover title on each); `timeline` draws memory in use alone, taller, with the births
and deaths of the largest temporaries. One colour per "what it holds" across every picture,
with a legend; the drawing scales to the window. HTML wraps it and shows a box's facts when
it is clicked."""
from __future__ import annotations

import html
import textwrap
from typing import TYPE_CHECKING, Any, Mapping

from ..views.labels import row_label, row_source, short_label
from ..views.why_live import value_ranges
from ..hlo.shapes import value_label
from ..units import human_bytes
from .escape import script_json, xml_text

if TYPE_CHECKING:
    from ..result import PeakReport

WIDTH, LEFT, TOP, CHAR = 1200, 90, 40, 6.2   # CHAR: width of a character of the 11 px labels
# What storage holds -> its colour, in every picture; whole-run storage first (drawn lowest).
COLOURS = {"weights": "#4e79a7", "weight copies": "#a0cbe8", "optimizer state": "#76b7b2", "inputs": "#59a14f",
           "outputs": "#b07aa1", "constants": "#9c755f", "loop carries": "#edc948", "seeds and counters": "#8cd17d",
           "running statistics": "#86bcb6", "caches": "#d37295",
           "saved activations": "#e15759",
           "activations": "#ff9d9a", "gradients": "#f28e2b", "optimizer update": "#a9dcd6",
           "materialized constants": "#d7b99a", "layout copies": "#d4d49a", "collective buffers": "#b6992d",
           "library workspace": "#d4a6c8", "scratch": "#d7b5a6", "other": "#bab0ac", "free": "#eeeeee"}


def render_svg(report: PeakReport, boxes: list[dict] | None = None, picture: str = "peak") -> str:
    memory = report.memory
    assert memory is not None   # (cli/output.py draws only a report with memory)
    # (read as JSON: the timeline's `steps` is their count; it is set with memory, None only in a saved
    # result changed by hand, which fails as before)
    data: Mapping[str, Any] = report.timeline  # type: ignore[assignment]
    chart_height = 260 if picture == "peak" else 520
    map_height = 520 if picture == "peak" else 0
    boxes = (_boxes(report) if boxes is None else boxes) if picture == "peak" else []
    warned = _warnings(report.warnings or [])
    shift = WARNING_LINE * len(warned) + (8 if warned else 0)   # (and a gap before the chart)
    strip = EVENT_STRIP if picture == "timeline" else 0
    # (a legend of many categories takes a second line: what is under it moves down)
    below_chart = LEGEND_LINE * (_legend_rows([c for c in COLOURS if c in (data.get("by_category") or {"other": 0})])
                                 - 1)
    below_map = LEGEND_LINE * (_legend_rows([c for c in COLOURS if any(b["what"] == c for b in boxes)]) - 1)
    height = TOP + shift + chart_height + 80 + strip + below_chart + \
        (map_height + 80 + below_map if map_height else 0)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 {WIDTH} {height}" '
             f'style="max-width:{WIDTH}px" font-family="sans-serif" font-size="12">',
             '<rect width="100%" height="100%" fill="white"/>',
             _text(LEFT, 24, _title(report), 16, "bold")]
    parts += [_text(LEFT, 24 + WARNING_LINE * (k + 1), line, 12, fill="#b00") for k, line in enumerate(warned)]
    parts.append(f'<g transform="translate(0,{shift})">')
    parts += _chart(data, memory, chart_height, events=picture == "timeline")
    if map_height:
        parts += _map(boxes, data["steps"], TOP + chart_height + 80 + below_chart, map_height)
    parts += ["</g>", "</svg>"]
    return "\n".join(parts) + "\n"


WARNING_LINE = 16


def _warnings(warnings: list[str]) -> list[str]:
    """The report's warnings under the title, each wrapped to the picture's width."""
    room = int((WIDTH - LEFT - 20) / 6.6)   # (12 px: about 6.6 px a character)
    lines = []
    for warning in warnings:
        lines += textwrap.wrap("warning: " + warning, room) or [""]
    return lines


def _title(report: PeakReport) -> str:
    """Module, memory needed and peak, the module's name cut in the middle to fit the width."""
    memory = report.memory
    assert memory is not None   # (cli/output.py draws only a report with memory)
    rest = (f" · memory needed {human_bytes(memory['needed_bytes'])} · peak at t={memory['peak_time']} "
            f"({memory['peak_instruction'] or ''})")
    room = int((WIDTH - LEFT - 20) / 9.5) - len(rest)   # (16 px bold: about 9.5 px a character)
    name = report.module or ""
    if len(name) > max(room, 12):
        keep = max(room, 12) - 1
        name = name[:keep - keep // 3] + "…" + name[len(name) - keep // 3:]
    return name + rest


def render_html(report: PeakReport, picture: str = "peak") -> str:
    boxes = _boxes(report)
    svg = render_svg(report, boxes, picture)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>bufviz · {_escape(report.module or '')}</title>
<style>body{{font-family:sans-serif;margin:16px}} #facts{{white-space:pre-wrap;font-family:monospace;
border:1px solid #ccc;padding:8px;min-height:4em;max-width:1180px}} rect[data-id]{{cursor:pointer}}
rect[data-id]:hover{{stroke:black;stroke-width:1}}</style></head><body>
{svg}
{_click_for_facts(boxes) if picture == "peak" else ""}</body></html>
"""


def _click_for_facts(boxes: list[dict]) -> str:
    """A box's facts shown under the picture when it is clicked (the data escaped for <script>)."""
    facts = {b["id"]: b["facts"] for b in boxes}
    return f"""<div id="facts">Click a box to see why that buffer is live.</div>
<script>
const facts = {script_json(facts)};
document.querySelectorAll('rect[data-id]').forEach(r => r.addEventListener('click', () => {{
  document.getElementById('facts').textContent = facts[r.dataset.id];
}}));
</script>"""


def _escape(text: str) -> str:
    """Dump text as XML character data (an op_name may hold '<', '&' or control characters)."""
    return xml_text(html.escape(text))


def _text(x, y, text, size=12, weight="normal", anchor="start", fill="#222") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" text-anchor="{anchor}" '
            f'fill="{fill}">{_escape(text)}</text>')


def _chart(data: Mapping[str, Any], memory: Mapping[str, Any], height: int, events: bool) -> list[str]:
    """Memory in use at each step, stacked by what it holds (each slice counted once), under a
    dashed line at memory needed; the peak marked."""
    steps, top, inner = max(data["steps"], 1), TOP + 10, WIDTH - LEFT - 20
    needed = memory["needed_bytes"] or 1
    y = lambda b: top + height - height * b / needed   # noqa: E731
    x = lambda t: LEFT + inner * t / steps   # noqa: E731
    out = [_text(LEFT, top - 4, "Memory in use over the schedule, by what it holds", 13, "bold")]
    bands = data.get("by_category") or {"other": data["temp_in_use"]}
    base = [0] * data["steps"]
    for category in [c for c in COLOURS if c in bands]:
        curve = bands[category]
        upper = [b + c for b, c in zip(base, curve)]
        points = [f"{x(t):.1f},{y(upper[t]):.1f} {x(t + 1):.1f},{y(upper[t]):.1f}" for t in range(len(upper))]
        points += [f"{x(t + 1):.1f},{y(base[t]):.1f} {x(t):.1f},{y(base[t]):.1f}" for t in reversed(range(len(base)))]
        out.append(f'<polygon points="{" ".join(points)}" fill="{COLOURS[category]}"><title>{_escape(category)}: '
                   f'up to {human_bytes(max(curve, default=0))}</title></polygon>')
        base = upper
    out.append(f'<line x1="{LEFT}" x2="{LEFT + inner}" y1="{y(needed):.1f}" y2="{y(needed):.1f}" stroke="#333" '
               f'stroke-dasharray="4 3"/>')
    out.append(_text(LEFT + inner, y(needed) - 4, f"memory needed {human_bytes(needed)}", 11, anchor="end"))
    px = x(data["peak_time"] + 0.5)
    out.append(f'<line x1="{px:.1f}" x2="{px:.1f}" y1="{top}" y2="{top + height}" stroke="#c00"/>')
    out.append(_text(px + 4, top + 12, f"peak t={data['peak_time']}", 11, fill="#c00"))
    out += _axes(top, height, steps, inner, [(0, "0"), (needed, human_bytes(needed))], y)
    strip = 0
    if events:   # (in a strip of their own under the axis: never on the bands)
        out += _events(data, x, top + height + 22)
        strip = EVENT_STRIP
    out += _legend(top + height + 30 + strip, [c for c in COLOURS if c in bands])
    return out


EVENT_ROWS, EVENT_LINE = 6, 14
EVENT_STRIP = EVENT_ROWS * EVENT_LINE + 12   # the strip of event labels under the axis
EVENT_CHAR = 6.4   # (10 px sans-serif: wider than most characters, so labels never touch)


def _events(data: Mapping[str, Any], x, top: float) -> list[str]:
    """Where the largest temporaries are born (▲) and die (▼), named in a strip under the time
    axis: each label in the first row where it overlaps no other, centred under a tick on the axis
    where the edges allow (those that fit nowhere are left to the JSON)."""
    out, ends = [], [float("-inf")] * EVENT_ROWS
    for e in sorted(data["events"], key=lambda e: e["time"]):
        mark = "▲" if e["event"] == "born" else "▼"
        label = f"{mark} {value_label(e['name'], e['index'])}"
        width = EVENT_CHAR * len(label) + 8
        at = x(e["time"] + 0.5)
        left = min(max(at - width / 2, LEFT), WIDTH - 20 - width)
        row = next((r for r in range(EVENT_ROWS) if ends[r] + 4 <= left), None)
        if row is None:
            continue
        ends[row] = left + width
        baseline = top + EVENT_LINE * (row + 1)
        out.append(f'<line x1="{at:.1f}" x2="{at:.1f}" y1="{top - 22:.1f}" y2="{top - 17:.1f}" '
                   'stroke="#555" stroke-width="1"/>')   # (a tick on the axis: no line crosses a label)
        out.append(_text(left + width / 2, baseline, label, 10, anchor="middle", fill="#222"))
    return out


def _axes(top, height, steps, inner, ticks, y) -> list[str]:
    out = [f'<line x1="{LEFT}" x2="{LEFT}" y1="{top}" y2="{top + height}" stroke="#888"/>',
           f'<line x1="{LEFT}" x2="{LEFT + inner}" y1="{top + height}" y2="{top + height}" stroke="#888"/>']
    for b, label in ticks:
        out.append(_text(LEFT - 6, y(b) + 4, label, 11, anchor="end"))
    for k in range(6):
        t = steps * k // 5
        out.append(_text(LEFT + inner * t / steps, top + height + 14, f"t={t}", 11, anchor="middle"))
    return out


LEGEND_LINE = 16


def _legend_rows(keys) -> int:
    """The lines the legend of `keys` takes (as _legend places them)."""
    rows, x = 1, LEFT
    for key in keys:
        if x + 16 + 7 * len(key) > WIDTH - 10:
            rows, x = rows + 1, LEFT
        x += 24 + 7 * len(key)
    return rows


def _legend(y, keys) -> list[str]:
    out, x = [], LEFT
    for key in keys:
        if x + 16 + 7 * len(key) > WIDTH - 10:   # on to a second line
            x, y = LEFT, y + LEGEND_LINE
        out.append(f'<rect x="{x}" y="{y - 10}" width="12" height="12" fill="{COLOURS[key]}"/>')
        out.append(_text(x + 16, y, key, 11))
        x += 24 + 7 * len(key)
    return out


def _boxes(report: PeakReport) -> list[dict]:
    """One box per value of each allocation the headline counts: its offset × live range,
    coloured by what it holds."""
    ranges = value_ranges(report)
    info = report.value_info or {}
    assert report.memory is not None   # (cli/output.py draws only a report with memory)
    spaces = {s["memory_space"] for s in report.memory.get("memory_spaces") or []}
    boxes: list[dict] = []
    base = 0
    for a in sorted(report.allocations, key=lambda a: (not {"temp"} & set(a["kinds"]), -a["size"])):
        if "thread-local" in a["kinds"] or a["color"] in spaces:
            continue
        kind = next((k for k in ("parameter", "output", "constant", "temp") if k in a["kinds"]), "temp")
        for v in a["values"]:
            key = (v["name"], v["index"])
            span = ranges.get(key)
            if span is None:
                continue
            label = value_label(*key)
            extra = info.get(label, {})
            what = extra.get("category") or "other"
            named = row_label({**extra, "name": v["name"], "index": v["index"]})
            facts = "\n".join(line for line in (
                f"{named}  {human_bytes(v['size'])}  {v['shape']}",
                f"XLA's name {label}" if named != label else "",
                f"defined by {extra.get('opcode') or '?'}" + (f" ({extra['op_name']})" if extra.get("op_name") else ""),
                f"source {row_source(extra)}" if row_source(extra) else "",
                f"lives in allocation {a['index']} ({kind}) at offset {v['offset']:,}",
                f"live from t={span[0]} to t={span[1]}",
                f"holds: {what}") if line)
            boxes.append({"id": f"v{len(boxes)}", "base": base, "offset": v["offset"], "size": v["size"],
                          "start": span[0], "end": span[1], "colour": COLOURS.get(what, COLOURS["other"]),
                          "what": what, "label": named, "title": facts.replace("\n", " · "), "facts": facts})
        base += a["size"]
    for b in boxes:
        b["total"] = base
    return boxes


NAMED_BOXES = 12   # the largest boxes carry their value's name, where it fits


def _map(boxes: list[dict], steps: int, top: int, height: int) -> list[str]:
    inner = WIDTH - LEFT - 20
    total = max((b["total"] for b in boxes), default=1) or 1
    out = [_text(LEFT, top - 10, "Allocation map: offset × time, a box per value (temp allocations at the top)",
                 13, "bold")]
    steps = max(steps, 1)
    named = {id(b) for b in sorted(boxes, key=lambda b: -b["size"] * (b["end"] + 1 - b["start"]))[:NAMED_BOXES]}
    labels = []
    for b in boxes:
        x = LEFT + inner * b["start"] / steps
        w = max(inner * (b["end"] + 1 - b["start"]) / steps, 1)
        y = top + height * (b["base"] + b["offset"]) / total
        h = max(height * b["size"] / total, 0.8)
        out.append(f'<rect data-id="{b["id"]}" x="{x:.1f}" y="{y:.2f}" width="{w:.1f}" height="{h:.2f}" '
                   f'fill="{b["colour"]}" stroke="white" stroke-width="0.3">'
                   f'<title>{_escape(b["title"])}</title></rect>')
        if id(b) in named and h >= 13 and w >= CHAR * 6:
            room = int((w - 6) / CHAR)
            name = short_label(b["label"], max(room, 2))
            labels.append(_text(x + 3, y + min(h / 2 + 4, 14), name, 11, fill="#111"))
    out += labels   # (drawn above every box)
    out += _axes(top, height, steps, inner, [(0, "0"), (total, human_bytes(total))],
                 lambda v: top + height * v / total)
    out += _legend(top + height + 34, [c for c in COLOURS if any(b["what"] == c for b in boxes)])
    return out
