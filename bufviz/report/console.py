"""Terminal output of `bufviz peak`: report dict in, rich renderables out."""
from __future__ import annotations

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text
from typing import TYPE_CHECKING, Any, Mapping

from ..engine.liveness.stack_trace import tree_prefixes
from ..views.labels import row_label, row_source, short_label
from ..views.memory import space_name
from ..hlo.shapes import value_label
from ..units import human_bytes
from .headline import groups_table, headline, other_numbers_table, sparkline, storage_table
from .header import bytes_cell, drop_exact, exact_dropped_width, pairs_table, render_header, render_notes
from .layout import Column, cut_middle, fit_table, from_front, said, shape_column
from .oom import render_oom
from ..verify.compare import uncompared_jax
from .verify import differences_table
from .advice import advice_block
from .device import device_block
from .whatif import what_if_block

if TYPE_CHECKING:
    from ..result import PeakReport

MISMATCHES_SHOWN = 8


def render_peak(report: PeakReport, console: Console, top: int | None = 20, by: str | None = None) -> None:
    render_header(report, console)
    if report.what_if:
        console.print(what_if_block(report.what_if, console.width))
        console.print()
    width = console.width
    if report.oom:
        render_oom(report.oom, console, top)
        if report.xla is None and report.recomputed is None:
            render_notes(report, console)
            return
        console.print()
    if report.recomputed is None and not (report.xla or {}).get("allocations") \
            and (stats := (report.xla or {}).get("memory_stats")):
        console.print(_jax_table(stats, width))
        render_notes(report, console)
        return
    memory = report.memory
    parts: list[RenderableType | None]
    if memory is None and _allocations_alone(report):   # (a lone buffer-assignment file)
        assert report.xla is not None   # (_allocations_alone: XLA's allocations are there)
        parts = [_allocations_headline(report.xla, width, report.platform == "tpu")]
    elif memory is None:   # nothing to tell storage from: XLA's and bufviz's live-range numbers
        parts = [_numbers(report, width), *_value_views(report, top, width)]
    elif by is not None:
        parts = [headline(memory, width), groups_table(report, by, top, width)]
    else:   # (the timeline is set with memory: None only in a saved result changed by hand, which fails as before)
        parts = [Group(headline(memory, width), sparkline(report.timeline, width)),  # type: ignore[arg-type]
                 storage_table(memory, top, width),
                 other_numbers_table(memory, width)]
    if memory is not None and memory.get("memory_spaces"):
        parts.append(_spaces_table(memory, width))
    if report.device is not None:
        parts.insert(1, device_block(report.device, width))
    for part in parts:
        if part is not None:
            console.print(part)
            console.print()
    console.print(_mismatches(report, width))
    advice = advice_block(report.advice, (memory or {}).get("needed_bytes"), width, (report.inputs or {}).get("hlo"))
    if advice is not None:
        console.print()
        console.print(advice)
        console.print()
    render_notes(report, console)


def _allocations_alone(report: PeakReport) -> bool:
    """XLA's allocations and nothing to time them by: no live ranges, no module."""
    xla = report.xla or {}
    return bool(xla.get("allocations")) and not xla.get("live_ranges") and report.recomputed is None


def _allocations_headline(xla: Mapping[str, Any], width: int, scratch_held: bool) -> Group:
    """What XLA's allocations alone say (memory needed and its parts), and what they cannot.
    `scratch_held`: thread-local scratch is device memory (TPU)."""
    parts = [("parameters", xla.get("argument_bytes") or 0), ("outputs", xla.get("output_bytes") or 0),
             ("temporaries", xla.get("temp_bytes") or 0), ("constants", xla.get("constant_bytes") or 0),
             ("thread-local scratch", (xla.get("thread_local_bytes") or 0) if scratch_held else 0)]
    both = xla.get("alias_bytes") or 0
    needed = sum(b for _, b in parts) - both
    terms = " + ".join(f"{name} {human_bytes(b)}" for name, b in parts if b) + (
        f" − {human_bytes(both)} both parameter and output" if both else "")
    return Group(Text.assemble(("Memory needed  ", "bold"), f"{bytes_cell(needed)}  from XLA's allocations alone"),
                 said(f"= {terms}", width, indent="    "),
                 said("Not shown: the peak moment and what holds memory then, which need when each value lives: "
                      "give XLA's -live-range.txt beside this file, or the HLO module", width, "yellow"))


def _value_views(report: PeakReport, top: int | None, width: int) -> list:
    """Without allocations: the values live at XLA's peak and its stack-trace breakdown."""
    rows, time, total, whose = _peak_rows(report)
    return [_buffers_table(rows, time, total, whose, top, width) if rows else None,
            _breakdown(report, top, width)]


def _numbers(report: PeakReport, width: int) -> Table:
    xla = report.xla or {}
    ours = report.recomputed or {}
    rows = []

    def row(label, a, b, fmt=str):
        rows.append((label, fmt(a) if a is not None else None, fmt(b) if b is not None else None))

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
        row("temp fragmentation", None, ours.get("temp_free_at_peak_bytes"), bytes_cell)
        if jax.get("peak_memory_bytes") is not None:
            row("jax peak_memory_in_bytes", jax["peak_memory_bytes"], ours.get("peak_memory_bytes"), bytes_cell)
    if ours and ours.get("max_live_bytes") is not None and ours["max_live_bytes"] != ours.get("peak_bytes"):
        rows.append(("max live bytes", None, f"{bytes_cell(ours['max_live_bytes'])} at t={ours['max_live_time']}"))
    if ours.get("padding_bytes"):
        rows.append(("tile padding at the peak", None, f"{bytes_cell(ours['padding_bytes'])} "
                     f"({100 * ours['padding_bytes'] / ours['peak_bytes']:.1f}%)"))
    params = ours.get("parameters") if ours else None
    if params:
        donated = [p for p in params if p["aliased_output"] is not None]
        rows.append(("donated parameters", None, f"{len(donated)} of {len(params)} "
                     f"({human_bytes(sum(p['bytes'] for p in donated))})"))
    return pairs_table("Peak memory", rows, width)


JAX_ROWS = (("argument_bytes", "arguments"), ("output_bytes", "outputs"), ("alias_bytes", "aliased (counted in both)"),
            ("temp_bytes", "temporaries"), ("generated_code_bytes", "generated code"),
            ("peak_memory_bytes", "peak_memory_in_bytes"))


def _jax_table(stats: Mapping[str, Any], width: int) -> Table:
    """jax's compiled.memory_analysis() numbers when they are all there is."""
    rows = [(label, stats[key]) for key, label in JAX_ROWS if stats.get(key) is not None]
    cells = [bytes_cell(n) for _, n in rows]
    return fit_table([Column("number", [label for label, _ in rows]),
                      Column("bytes", cells, "right", shorten=drop_exact, least=exact_dropped_width(cells))],
                     width, "jax memory statistics (compiled.memory_analysis())")


def _breakdown(report: PeakReport, top: int | None, width: int):
    """The peak grouped by call path and op_name (XLA's stack-trace breakdown)."""
    tree = (report.xla or {}).get("stack_trace") or (report.recomputed or {}).get("stack_trace")
    if not tree or len(tree["nodes"]) < 2:
        return None
    nodes = tree["nodes"]
    shown = nodes if not top else nodes[:top]
    whose = "XLA" if (report.xla or {}).get("stack_trace") else "bufviz"
    text = Text(f"Peak by call path ({whose}'s stack-trace breakdown)", style="italic")
    for lead, node in zip(tree_prefixes(nodes), shown):
        share = '' if node['percent'] is None else f"{node['percent']:.1f}%"
        figures = f"  {share}  {human_bytes(node['total'])}"
        room = max(width - len(lead) + 2 - len(figures), 12)
        text.append(f"\n{lead[2:]}{from_front(node['name'], room)}")
        text.append(figures, style="dim")
    if len(nodes) > len(shown):
        text.append(f"\n… {len(nodes) - len(shown)} more rows; --top 0 shows all", style="dim")
    return text


def _spaces_table(memory: Mapping[str, Any], width: int) -> Table:
    """Each memory space on its own, storage counted as the headline counts it: what it reserves
    and the most of it in use at once (never more than it reserves), and the largest buffer then."""
    largest = max((r for r in memory["at_peak"] if r["kind"] != "free"), key=lambda r: r["bytes"], default=None)
    rows = [{"name": space_name(0), "needed_bytes": memory["needed_bytes"], "peak_time": memory["peak_time"],
             "in_use_bytes": memory["needed_bytes"] - memory["fragmentation_bytes"],
             "largest": largest and {"name": largest["name"], "index": largest["index"], "bytes": largest["bytes"]}},
            *memory["memory_spaces"]]
    biggest = ["" if r["largest"] is None else
               f"{value_label(r['largest']['name'], r['largest']['index'])} ({human_bytes(r['largest']['bytes'])})"
               for r in rows]
    return fit_table([Column("space", [r["name"] for r in rows]),
                      Column("memory needed", [human_bytes(r["needed_bytes"]) for r in rows], "right"),
                      Column("most in use", [human_bytes(r["in_use_bytes"]) for r in rows], "right"),
                      Column("at", [f"t={r['peak_time']}" for r in rows], "right"),
                      Column("largest buffer then", biggest, shorten=cut_middle, keep=1)],
                     width, "Memory spaces, each on its own (never added together)")


def _peak_rows(report: PeakReport):
    """XLA's own list when it printed one, else bufviz's."""
    xla = report.xla or {}
    if xla.get("peak_time") is not None and xla.get("live_at_peak"):
        return xla["live_at_peak"], xla["peak_time"], xla["peak_bytes"], "XLA"
    ours = report.recomputed
    if ours and ours["live_at_peak"]:
        return ours["live_at_peak"], ours["peak_time"], ours["peak_bytes"], "bufviz"
    return [], None, None, None


def _buffers_table(rows: list[dict], time: int, total: int, whose: str, top: int | None,
                   width: int) -> Group:
    rows = sorted(rows, key=lambda r: (-r["bytes"], r["name"], r["index"]))
    shown = rows if not top else rows[:top]

    def cells(f):
        return [f(i, r) for i, r in enumerate(shown, 1)]
    shapes = cells(lambda i, r: r.get("shape") or "")
    names = cells(lambda i, r: row_label(r))
    columns = [
        Column("#", cells(lambda i, r: str(i)), "right", style="dim"),
        Column("name", names, shorten=short_label, least=min(max(map(len, names)), 32)),
        shape_column(shapes, keep=1),
        Column("bytes", cells(lambda i, r: human_bytes(r["bytes"])), "right"),
        Column("%", cells(lambda i, r: f"{100 * r['bytes'] / total:.1f}" if total else "—"), "right", keep=3),
        Column("alloc@offset", cells(lambda i, r: "" if r.get("allocation") is None
                                      else f"{r['allocation']}@{r['offset']}"), "right", keep=2),
        Column("op_name", cells(lambda i, r: r.get("op_name") or ""), shorten=from_front, keep=4),
        Column("source", cells(lambda i, r: row_source(r)), shorten=from_front, keep=5),
    ]
    title = (f"Buffers live at the peak (t={time}, {len(rows)} buffers, {human_bytes(total)}, "
             f"as {whose} lists them)")
    parts: list[Table | Text] = [fit_table(columns, width, title)]
    if len(rows) > len(shown):
        rest = sum(r["bytes"] for r in rows[len(shown):])
        parts.append(Text(f"… {len(rows) - len(shown)} more buffers ({human_bytes(rest)}); "
                          "--top 0 shows all", style="dim"))
    return Group(*parts)


def _mismatches(report: PeakReport, width: int):
    if report.xla is None or report.recomputed is None:
        return Text("")
    found = report.mismatches
    if not found:
        missed = uncompared_jax((report.xla or {}).get("memory_stats"))
        said = Text("✓ bufviz's recomputation matches every number XLA printed" + (" that it compares" if missed
                                                                                 else ""), style="green")
        return Group(said, Text(f"  not compared: jax's {', '.join(missed)}", style="dim")) if missed else said
    table = differences_table(report, found[:MISMATCHES_SHOWN], width, f"✗ {len(found)} differences from XLA")
    if len(found) <= MISMATCHES_SHOWN:
        return table
    return Group(table, Text(f"… {len(found) - MISMATCHES_SHOWN} more (--format json lists all)", style="dim"))
