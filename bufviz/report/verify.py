"""Terminal output of `bufviz verify`, and the plain words for every quantity bufviz compares
with XLA (the JSON keeps the keys; people read these)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from ..units import human_bytes
from ..verify.compare import uncompared_jax
from ..verify.words import SIZES, only_libtpu_placement, plain_quantity
from .header import bytes_cell, drop_exact, exact_dropped_width, render_header, render_notes
from .layout import Column, fit_table, said

if TYPE_CHECKING:
    from ..result import PeakReport

_ALLOCATION_INDEX = re.compile(r"^#(\d+) ")


def plain_value(report: PeakReport, mismatch: dict, side: str) -> str:
    """One side of a mismatch in words: sizes in bytes people read, allocations described."""
    value, quantity = mismatch[side], mismatch["quantity"]
    if value is None:
        return "—"
    if quantity in SIZES:
        return bytes_cell(value)
    if quantity.startswith("offset "):
        return f"{value:,}"
    if quantity.startswith("live_range "):
        return value.replace("-", "–", 1)
    if quantity.startswith("allocation ") and isinstance(value, str):
        return _allocation_words(report, side, value)
    if isinstance(value, list):
        return ", ".join(value[:6]) + (f" +{len(value) - 6} more" if len(value) > 6 else "") if value else "none"
    return str(value)


def _allocation_words(report: PeakReport, side: str, described: str) -> str:
    m = _ALLOCATION_INDEX.match(described)
    section = getattr(report, side) or {}
    found = next((a for a in section.get("allocations") or [] if m and a["index"] == int(m.group(1))), None)
    if found is None:
        return described
    names = ", ".join(v["name"] + (f"{{{v['index']}}}" if v["index"] else "") for v in found["values"][:3])
    more = f" +{len(found['values']) - 3}" if len(found["values"]) > 3 else ""
    return f"#{found['index']} {human_bytes(found['size'])} {'/'.join(found['kinds']) or 'temp'}: {names}{more}"


def cut_end_words(text: str, width: int) -> str:
    """Cut at the last ", " that fits, else at the width, marking the cut with …."""
    if len(text) <= width:
        return text
    head = text[: width - 1]
    comma = head.rfind(", ")
    return (head[:comma] if comma > width // 2 else head) + "…"


def _cell(quantity: str, value) -> str:
    if value is None:
        return "—"
    return bytes_cell(value) if quantity in SIZES else str(value)


def _difference(quantity: str, difference) -> str:
    if difference is None:
        return ""
    if quantity in SIZES and isinstance(difference, int):
        return ("+" if difference > 0 else "−") + human_bytes(abs(difference))
    return str(difference)


def differences_table(report: PeakReport, found: list[dict], width: int, title: str):
    """Each difference on two lines, XLA's above bufviz's, so long descriptions keep their room."""
    what, side, value = [], [], []
    for m in found:
        what += [plain_quantity(m["quantity"]), ""]
        side += ["XLA", "bufviz"]
        value += [plain_value(report, m, "xla"), plain_value(report, m, "recomputed")]
    return fit_table([Column("what", what), Column("whose", side, style="dim"),
                      Column("value", value, shorten=cut_end_words, least=20)], width, title)


def render_verify(report: PeakReport, console: Console, show: int = 10) -> None:
    """Each quantity XLA printed: XLA's value, bufviz's ("same" when equal), ✓ or ✗."""
    render_header(report, console)
    checks = report.checks
    theirs = [_cell(c["quantity"], c["xla"]) for c in checks]
    differences = [_difference(c["quantity"], c["difference"]) for c in checks]
    ours = ["same" if c["xla"] == c["recomputed"] else _cell(c["quantity"], c["recomputed"]) for c in checks]
    columns = [
        Column("ok", ["✓" if c["ok"] else "✗" for c in checks], styles=["green" if c["ok"] else "red" for c in checks]),
        Column("quantity", [plain_quantity(c["quantity"]) for c in checks]),
        Column("XLA", theirs, "right", shorten=drop_exact, least=exact_dropped_width(theirs)),
        Column("bufviz", ours, "right", shorten=drop_exact, least=exact_dropped_width(ours)),
        Column("difference", differences, shorten=cut_end_words, keep=1,
               least=min(max(map(len, differences)), 24)),
    ]
    console.print(fit_table(columns, console.width, "bufviz against XLA"))
    failed = [c for c in checks if not c["ok"]]
    missed = uncompared_jax((report.xla or {}).get("memory_stats"))
    if missed:   # (what jax reported that no row above compares)
        console.print(Text(f"not compared: jax's {', '.join(missed)}", style="yellow"))
    left = (report.recomputed or {}).get("not_recomputed") or {}
    if left:   # (what bufviz leaves to the backend: libtpu's placement and numbering)
        console.print(Text("not compared, libtpu's own:", style="yellow"))
        for what, why in left.items():
            console.print(said(f"  {what}: {why}", console.width, "yellow", indent="    "))
    if not failed:
        console.print(Text(f"✓ all {len(checks)} quantities compared match XLA", style="green"))
    else:
        console.print(Text(f"✗ {len(failed)} of {len(checks)} quantities differ from XLA", style="red"))
        listed = [m for m in report.mismatches if m["quantity"].startswith(("live_range ", "allocation ", "offset "))]
        if listed and show:
            console.print()
            console.print(differences_table(report, listed[:show], console.width, "First differences"))
            if len(listed) > show:
                console.print(Text(f"… {len(listed) - show} more (--format json lists all)", style="dim"))
        if only_libtpu_placement(report.mismatches or []):
            console.print(said("these are where libtpu placed pieces of its temporaries' heap: its "
                               "placement rule is its own, and bufviz's best fit agrees on most pieces, not "
                               "all (docs/rules.md §5)", console.width, "yellow"))
    render_notes(report, console)
