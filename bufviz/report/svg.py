"""Pictures: a self-contained SVG (no scripts, no network) with memory in use over the schedule
and the allocation map (offset × time, a box per value, coloured by what it holds, a hover
title on each); HTML wraps it and shows a box's facts when it is clicked."""
from __future__ import annotations

import html

from ..explain.value import value_ranges
from ..hlo.shapes import value_label
from ..units import human_bytes
from .escape import script_json, xml_text

WIDTH, CHART_HEIGHT, MAP_HEIGHT, LEFT, TOP = 1200, 260, 520, 90, 40
COLOURS = {"parameter": "#4e79a7", "output": "#b07aa1", "constant": "#9c755f", "temp": "#ffbe7d",
           "weights": "#4e79a7", "optimizer state": "#76b7b2", "inputs": "#59a14f", "outputs": "#b07aa1",
           "saved activations": "#e15759", "gradients": "#f28e2b", "loop carries": "#edc948",
           "collective buffers": "#ff9da7", "constants": "#9c755f", "other": "#bab0ac", "free": "#eeeeee"}


def render_svg(report: dict, boxes: list[dict] | None = None) -> str:
    memory, data = report["memory"], report["timeline"]
    boxes = _boxes(report) if boxes is None else boxes
    height = TOP + CHART_HEIGHT + 80 + MAP_HEIGHT + 60
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
             f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">',
             '<rect width="100%" height="100%" fill="white"/>',
             _text(LEFT, 24, f"{report['module']} · memory needed {human_bytes(memory['needed_bytes'])} · "
                             f"peak at t={memory['peak_time']} ({memory['peak_instruction'] or ''})", 16, "bold")]
    parts += _chart(data, memory)
    parts += _map(boxes, data["steps"], TOP + CHART_HEIGHT + 80)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def render_html(report: dict) -> str:
    boxes = _boxes(report)
    svg = render_svg(report, boxes)
    facts = {b["id"]: b["facts"] for b in boxes}
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>bufviz · {_escape(report['module'] or '')}</title>
<style>body{{font-family:sans-serif;margin:16px}} #facts{{white-space:pre-wrap;font-family:monospace;
border:1px solid #ccc;padding:8px;min-height:4em;max-width:1180px}} rect[data-id]{{cursor:pointer}}
rect[data-id]:hover{{stroke:black;stroke-width:1}}</style></head><body>
{svg}
<div id="facts">Click a box to see why that buffer is live.</div>
<script>
const facts = {script_json(facts)};
document.querySelectorAll('rect[data-id]').forEach(r => r.addEventListener('click', () => {{
  document.getElementById('facts').textContent = facts[r.dataset.id];
}}));
</script></body></html>
"""


def _escape(text: str) -> str:
    """Dump text as XML character data (an op_name may hold '<', '&' or control characters)."""
    return xml_text(html.escape(text))


def _text(x, y, text, size=12, weight="normal", anchor="start", fill="#222") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" text-anchor="{anchor}" '
            f'fill="{fill}">{_escape(text)}</text>')


def _chart(data: dict, memory: dict) -> list[str]:
    """Stacked: the whole-run allocations as flat bands, the temporaries in use on top."""
    steps, top, inner = max(data["steps"], 1), TOP + 10, WIDTH - LEFT - 20
    needed = memory["needed_bytes"] or 1
    y = lambda b: top + CHART_HEIGHT - CHART_HEIGHT * b / needed   # noqa: E731
    x = lambda t: LEFT + inner * t / steps   # noqa: E731
    out = [_text(LEFT, top - 4, "Memory in use over the schedule", 13, "bold")]
    base = 0
    for kind in ("parameter", "output", "constant"):
        size = data["whole_run_bytes"].get(kind, 0)
        if size:
            out.append(f'<rect x="{LEFT}" y="{y(base + size):.1f}" width="{inner}" height="{y(base) - y(base + size):.1f}" '
                       f'fill="{COLOURS[kind]}"><title>{kind}s: {human_bytes(size)} for the whole run</title></rect>')
        base += size
    points = [f"{x(0):.1f},{y(base):.1f}"]
    for t, b in enumerate(data["temp_in_use"]):
        points += [f"{x(t):.1f},{y(base + b):.1f}", f"{x(t + 1):.1f},{y(base + b):.1f}"]
    points.append(f"{x(len(data['temp_in_use'])):.1f},{y(base):.1f}")
    out.append(f'<polygon points="{" ".join(points)}" fill="{COLOURS["temp"]}"><title>temporaries in use</title></polygon>')
    out.append(f'<line x1="{LEFT}" x2="{LEFT + inner}" y1="{y(needed):.1f}" y2="{y(needed):.1f}" stroke="#333" '
               f'stroke-dasharray="4 3"/>')
    out.append(_text(LEFT + inner, y(needed) - 4, f"memory needed {human_bytes(needed)}", 11, anchor="end"))
    px = x(data["peak_time"] + 0.5)
    out.append(f'<line x1="{px:.1f}" x2="{px:.1f}" y1="{top}" y2="{top + CHART_HEIGHT}" stroke="#c00"/>')
    out.append(_text(px + 4, top + 12, f"peak t={data['peak_time']}", 11, fill="#c00"))
    out += _axes(top, CHART_HEIGHT, steps, inner, [(0, "0"), (needed, human_bytes(needed))], y)
    out += _legend(top + CHART_HEIGHT + 30, ["parameter", "output", "temp"])
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


def _legend(y, keys) -> list[str]:
    out, x = [], LEFT
    for key in keys:
        out.append(f'<rect x="{x}" y="{y - 10}" width="12" height="12" fill="{COLOURS[key]}"/>')
        out.append(_text(x + 16, y, key, 11))
        x += 24 + 7 * len(key)
    return out


def _boxes(report: dict) -> list[dict]:
    """One box per value of each device allocation: its offset × live range, coloured by what
    it holds where it is in use at the peak (else its allocation's kind)."""
    source = report["xla"] if (report["xla"] or {}).get("allocations") else report["recomputed"]
    ranges = value_ranges(report)
    category = {(r["name"], r["index"]): r["category"] for r in report["memory"]["at_peak"]}
    info = report.get("value_info") or {}
    boxes, base = [], 0
    for a in sorted(source["allocations"], key=lambda a: (not {"temp"} & set(a["kinds"]), -a["size"])):
        if "thread-local" in a["kinds"]:
            continue
        kind = next((k for k in ("parameter", "output", "constant", "temp") if k in a["kinds"]), "temp")
        for v in a["values"]:
            key = (v["name"], v["index"])
            span = ranges.get(key)
            if span is None:
                continue
            label = value_label(*key)
            what = category.get(key) or kind
            extra = info.get(label, {})
            facts = "\n".join(line for line in (
                f"{label}  {human_bytes(v['size'])}  {v['shape']}",
                f"defined by {extra.get('opcode') or '?'}" + (f" ({extra['op_name']})" if extra.get("op_name") else ""),
                f"source {extra['source']}" if extra.get("source") else "",
                f"lives in allocation {a['index']} ({kind}) at offset {v['offset']:,}",
                f"live from t={span[0]} to t={span[1]}",
                f"holds: {what}") if line)
            boxes.append({"id": f"v{len(boxes)}", "base": base, "offset": v["offset"], "size": v["size"],
                          "start": span[0], "end": span[1], "colour": COLOURS.get(what, COLOURS["other"]),
                          "title": facts.replace("\n", " · "), "facts": facts})
        base += a["size"]
    for b in boxes:
        b["total"] = base
    return boxes


def _map(boxes: list[dict], steps: int, top: int) -> list[str]:
    inner = WIDTH - LEFT - 20
    total = max((b["total"] for b in boxes), default=1) or 1
    out = [_text(LEFT, top - 10, "Allocation map: offset × time, a box per value (temp allocations at the top)",
                 13, "bold")]
    steps = max(steps, 1)
    for b in boxes:
        x = LEFT + inner * b["start"] / steps
        w = max(inner * (b["end"] + 1 - b["start"]) / steps, 1)
        y = top + MAP_HEIGHT * (b["base"] + b["offset"]) / total
        h = max(MAP_HEIGHT * b["size"] / total, 0.8)
        out.append(f'<rect data-id="{b["id"]}" x="{x:.1f}" y="{y:.2f}" width="{w:.1f}" height="{h:.2f}" '
                   f'fill="{b["colour"]}" stroke="white" stroke-width="0.3"><title>{_escape(b["title"])}</title></rect>')
    out += _axes(top, MAP_HEIGHT, steps, inner, [(0, "0"), (total, human_bytes(total))],
                 lambda v: top + MAP_HEIGHT * v / total)
    used = {b["colour"] for b in boxes}
    named = {}   # one legend entry per colour: what it holds, else the allocation kind
    for key in [k for k in COLOURS if k not in ("parameter", "output", "temp", "constant")] + ["temp", "output"]:
        if COLOURS[key] in used:
            named.setdefault(COLOURS[key], key)
    out += _legend(top + MAP_HEIGHT + 34, list(named.values()))
    return out
