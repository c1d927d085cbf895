"""Terminal output of `bufviz peak`: report dict in, rich renderables out."""
from __future__ import annotations

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..analysis.stack_trace import tree_prefixes
from ..hlo.shapes import value_label
from ..units import ellipsis_start, human_bytes
from .oom import render_oom

INPUT_LABELS = {"hlo": "HLO module", "buffer_assignment": "buffer assignment", "values": "values",
                "live_range": "live ranges", "memory_usage_report": "memory-usage report",
                "memory_stats": "jax memory statistics", "oom": "out-of-memory message"}
MISMATCHES_SHOWN = 8


def render_header(report: dict, console: Console) -> None:
    console.print(_title(report))
    console.print(_files(report))
    console.print()


def render_notes(report: dict, console: Console) -> None:
    for note in report.get("notes") or []:
        console.print(Text(f"note: {note}", style="dim"))


def render_peak(report: dict, console: Console, top: int | None = 20) -> None:
    render_header(report, console)
    if report.get("oom"):
        render_oom(report["oom"], console, top)
        if report["xla"] is None and report["recomputed"] is None:
            render_notes(report, console)
            return
        console.print()
    console.print(_numbers(report))
    spaces = (report["recomputed"] or {}).get("memory_spaces") or []
    if len(spaces) > 1:
        console.print()
        console.print(_spaces_table(spaces, report["platform"]))
    kinds = (report["xla"] or {}).get("allocation_kinds") or (report["recomputed"] or {}).get("allocation_kinds")
    if kinds:
        console.print()
        console.print(_kinds_table(kinds))
    rows, time, total, whose = _peak_rows(report)
    if rows:
        console.print()
        console.print(_buffers_table(rows, time, total, whose, top, console.width))
    breakdown = _breakdown(report, top)
    if breakdown is not None:
        console.print()
        console.print(breakdown)
    console.print()
    console.print(_mismatches(report))
    render_notes(report, console)


def _title(report: dict) -> Text:
    title = Text()
    title.append(report["module"] or "?", style="bold")
    title.append(f" · {report['platform']}")
    vintage = report.get("vintage") or {}
    window = _window(vintage.get("earliest"), vintage.get("latest"))
    if window:
        title.append(f" · text printed by XLA of {window}", style="dim")
    return title


def _window(earliest: str | None, latest: str | None) -> str:
    if earliest and latest:
        return f"{earliest} … {latest}"
    if earliest:
        return f"{earliest} or later"
    if latest:
        return f"before {latest}"
    return ""


def _files(report: dict) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="dim", no_wrap=True)
    table.add_column(overflow="fold")
    shown = set()
    for key, path in report["inputs"].items():
        if path:
            label = INPUT_LABELS[key]
            if path in shown:
                table.add_row(label, Text("(same file)", style="dim"))
            else:
                table.add_row(label, path)
            shown.add(path)
    return table


def bytes_cell(n: int | None) -> str:
    if n is None:
        return "—"
    return f"{human_bytes(n)}  ({n:,} B)" if n >= 1024 else human_bytes(n)


def _numbers(report: dict) -> Table:
    xla = report["xla"] or {}
    ours = report["recomputed"] or {}
    table = Table(title="Peak memory", title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("")
    table.add_column("XLA", justify="right", no_wrap=True)
    table.add_column("bufviz", justify="right", no_wrap=True)

    def row(label, a, b, fmt=str):
        table.add_row(label, fmt(a) if a is not None else "—", fmt(b) if b is not None else "—")

    row("schedule length", xla.get("schedule_end"), ours.get("schedule_end"))
    row("peak time", xla.get("peak_time"), ours.get("peak_time"))
    printed_old = xla.get("peak_rows") == "instruction"
    row("peak bytes" + (" (as printed)" if printed_old else ""), xla.get("peak_bytes"),
        ours.get("peak_instruction_bytes" if printed_old else "peak_bytes"), bytes_cell)
    row("total bytes used", xla.get("total_bytes_used"), ours.get("total_bytes_used"), bytes_cell)
    stats = xla.get("memory_stats") or {}
    if ours.get("allocations"):
        jax = stats if stats.get("reported") else {}
        row("temp bytes", jax.get("temp_bytes", xla.get("temp_bytes")), ours.get("temp_bytes"), bytes_cell)
        fragmentation = ours.get("fragmentation_bytes")
        row("temp fragmentation", None, fragmentation if fragmentation is None or fragmentation >= 0 else None, bytes_cell)
        if jax.get("peak_memory_bytes") is not None:
            row("jax peak_memory_in_bytes", jax["peak_memory_bytes"], ours.get("peak_memory_bytes"), bytes_cell)
    if ours and ours.get("max_live_bytes") is not None and ours["max_live_bytes"] != ours.get("peak_bytes"):
        table.add_row("max live bytes", "—", f"{bytes_cell(ours['max_live_bytes'])} at t={ours['max_live_time']}")
    if ours.get("padding_bytes"):
        table.add_row("tile padding at the peak", "—", f"{bytes_cell(ours['padding_bytes'])} "
                      f"({100 * ours['padding_bytes'] / ours['peak_bytes']:.1f}% of the peak)")
    params = ours.get("parameters") if ours else None
    if params:
        donated = [p for p in params if p["aliased_output"] is not None]
        table.add_row("donated parameters", "—", f"{len(donated)} of {len(params)} "
                      f"({human_bytes(sum(p['bytes'] for p in donated))})")
    return table


def _breakdown(report: dict, top: int | None):
    """The peak grouped by call path and op_name (XLA's stack-trace breakdown)."""
    tree = (report["xla"] or {}).get("stack_trace") or (report["recomputed"] or {}).get("stack_trace")
    if not tree or len(tree["nodes"]) < 2:
        return None
    nodes = tree["nodes"]
    shown = nodes if not top else nodes[:top]
    whose = "XLA" if (report["xla"] or {}).get("stack_trace") else "bufviz"
    text = Text(f"Peak by call path ({whose}'s stack-trace breakdown)", style="italic")
    for lead, node in zip(tree_prefixes(nodes), shown):
        text.append(f"\n{lead[2:]}{node['name']}  ")
        text.append(f"{node['percent']:.1f}%  {human_bytes(node['total'])}", style="dim")
    if len(nodes) > len(shown):
        text.append(f"\n… {len(nodes) - len(shown)} more rows; --top 0 shows all", style="dim")
    return text


TPU_SPACES = {0: "HBM", 1: "VMEM", 2: "SMEM"}


def _spaces_table(spaces: list[dict], platform: str) -> Table:
    """Each memory space's own peak (space 0 is the headline above)."""
    table = Table(title="Peak by memory space", title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("space")
    table.add_column("peak time", justify="right")
    table.add_column("peak bytes", justify="right")
    table.add_column("largest buffer there")
    for m in spaces:
        name = f"S({m['memory_space']})"
        if platform == "tpu" and m["memory_space"] in TPU_SPACES:
            name += f" {TPU_SPACES[m['memory_space']]}"
        top = max(m["live_at_peak"], key=lambda r: r["bytes"], default=None)
        table.add_row(name, str(m["peak_time"]), bytes_cell(m["peak_bytes"]),
                      "" if top is None else f"{value_label(top['name'], top['index'])} ({human_bytes(top['bytes'])})")
    return table


def _kinds_table(kinds: list[dict]) -> Table:
    table = Table(title="Allocations by kind", title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("kind")
    table.add_column("count", justify="right")
    table.add_column("bytes", justify="right")
    for k in kinds:
        table.add_row(k["kind"], str(k["count"]), bytes_cell(k["bytes"]))
    return table


def _peak_rows(report: dict):
    """XLA's own list when it printed one, else bufviz's."""
    xla = report["xla"] or {}
    if xla.get("peak_time") is not None and xla.get("live_at_peak"):
        return xla["live_at_peak"], xla["peak_time"], xla["peak_bytes"], "XLA"
    ours = report["recomputed"]
    if ours and ours["live_at_peak"]:
        return ours["live_at_peak"], ours["peak_time"], ours["peak_bytes"], "bufviz"
    return [], None, None, None


def _buffers_table(rows: list[dict], time: int, total: int, whose: str, top: int | None,
                   width: int) -> Group:
    rows = sorted(rows, key=lambda r: (-r["bytes"], r["name"], r["index"]))
    shown = rows if not top else rows[:top]
    cells = []
    for i, r in enumerate(shown, 1):
        cells.append((str(i), value_label(r["name"], r["index"]), _short_shape(r.get("shape") or ""),
                      human_bytes(r["bytes"]), f"{100 * r['bytes'] / total:.1f}" if total else "—",
                      "" if r.get("allocation") is None else f"{r['allocation']}@{r['offset']}",
                      r.get("op_name") or "", r.get("source") or ""))
    fixed = [max(min(max((len(c[k]) for c in cells), default=0), cap), len(head)) for k, (cap, head) in
             enumerate(((4, "#"), (40, "name"), (30, "shape"), (10, "bytes"), (5, "%"), (12, "alloc@offset")))]
    # What is left after the fixed columns (3 characters of padding and rule between columns).
    spare = width - sum(fixed) - 3 * 7 - 1
    columns = 8 if spare >= 40 else 7 if spare >= 14 else 6  # op_name, then source, when they fit
    op_width = spare if columns == 7 else spare * 3 // 5
    source_width = spare - op_width
    cells = [c[:7] + (ellipsis_start(c[7], source_width),) for c in cells]
    table = Table(title=f"Buffers live at the peak (t={time}, {len(rows)} buffers, "
                        f"{human_bytes(total)}, as {whose} lists them)",
                  title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("#", justify="right", style="dim", no_wrap=True)
    table.add_column("name", overflow="fold", max_width=40)
    table.add_column("shape", overflow="fold", max_width=30)
    table.add_column("bytes", justify="right", no_wrap=True)
    table.add_column("%", justify="right", no_wrap=True)
    table.add_column("alloc@offset", justify="right", no_wrap=True)
    if columns >= 7:
        table.add_column("op_name", overflow="ellipsis", no_wrap=True, max_width=op_width)
    if columns == 8:
        table.add_column("source", overflow="ellipsis", no_wrap=True, max_width=source_width)
    for c in cells:
        table.add_row(*c[:columns])
    parts = [table]
    if len(rows) > len(shown):
        rest = sum(r["bytes"] for r in rows[len(shown):])
        parts.append(Text(f"… {len(rows) - len(shown)} more buffers ({human_bytes(rest)}); "
                          "--top 0 shows all", style="dim"))
    return Group(*parts)


def _short_shape(shape: str) -> str:
    """A long tuple shape shows its first element and how many there are."""
    if len(shape) <= 60 or not shape.startswith("("):
        return shape
    depth = 0
    for k, ch in enumerate(shape):
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 1:
            count = shape.count("/*index=")  # XLA marks every fifth element
            return f"{shape[:k]}, … ({'over ' + str(5 * count) if count else 'several'} elements))"
    return shape



def _mismatches(report: dict):
    if report["xla"] is None or report["recomputed"] is None:
        return Text("")
    found = report["mismatches"]
    if not found:
        return Text("✓ bufviz's recomputation matches every number XLA printed", style="green")
    table = Table(title=f"✗ {len(found)} differences from XLA", title_justify="left",
                  title_style="red", show_edge=False, pad_edge=False)
    table.add_column("quantity")
    table.add_column("XLA", overflow="fold")
    table.add_column("bufviz", overflow="fold")
    for m in found[:MISMATCHES_SHOWN]:
        table.add_row(m["quantity"], _brief(m["xla"]), _brief(m["recomputed"]))
    if len(found) > MISMATCHES_SHOWN:
        table.add_row(Text(f"… {len(found) - MISMATCHES_SHOWN} more (--format json lists all)",
                           style="dim"), "", "")
    return table


def _brief(value) -> str:
    if value is None:
        return "—"
    if isinstance(value, list):
        return ", ".join(value[:6]) + (f" … (+{len(value) - 6})" if len(value) > 6 else "") if value else "—"
    return str(value)


def render_verify(report: dict, console: Console, show: int = 10) -> None:
    """`bufviz verify`: each quantity XLA printed, XLA's value, bufviz's, ✓ or ✗."""
    render_header(report, console)
    checks = report["checks"]
    table = Table(title="bufviz against XLA", title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("", no_wrap=True)
    table.add_column("quantity")
    table.add_column("XLA", justify="right")
    table.add_column("bufviz", justify="right")
    table.add_column("difference", overflow="fold")
    for c in checks:
        mark = Text("✓", style="green") if c["ok"] else Text("✗", style="red")
        table.add_row(mark, c["label"], _brief(c["xla"]), _brief(c["recomputed"]),
                      "" if c["difference"] is None else str(c["difference"]))
    console.print(table)
    failed = [c for c in checks if not c["ok"]]
    console.print()
    if not failed:
        console.print(Text(f"✓ all {len(checks)} quantities match XLA", style="green"))
    else:
        console.print(Text(f"✗ {len(failed)} of {len(checks)} quantities differ from XLA", style="red"))
        listed = [m for m in report["mismatches"] if m["quantity"].startswith(("live_range ", "allocation ", "offset "))]
        if listed and show:
            detail = Table(title="First differences", title_justify="left", show_edge=False, pad_edge=False)
            detail.add_column("what", overflow="fold")
            detail.add_column("XLA", overflow="fold")
            detail.add_column("bufviz", overflow="fold")
            for m in listed[:show]:
                detail.add_row(m["quantity"].replace("_", " "), _brief(m["xla"]), _brief(m["recomputed"]))
            console.print()
            console.print(detail)
            if len(listed) > show:
                console.print(Text(f"… {len(listed) - show} more (--format json lists all)", style="dim"))
    render_notes(report, console)
