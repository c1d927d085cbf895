"""The core of a peak report: XLA's printed numbers (`xla`), bufviz's recomputation
(`recomputed`) and where they differ, as the JSON contract has them."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, cast

from .hlo.shapes import format_index, parse_index
from .dumps.discover import STATS_MATCHED, STATS_OF_ANOTHER
from .inputs import Inputs
from .result import SCHEMA_VERSION, Allocation, LiveRow, PeakReport, Recomputed, XlaNumbers
from .verify.compare import mismatches, verification
from .verify.words import JAX_NAMED
from .engine.assignment.totals import kind_bytes
from .views.storage import storage_totals
from .engine.liveness.liveness import PeakResult
from .engine.target.vintage import Vintage

if TYPE_CHECKING:
    from .dumps.records import BufferAssignmentDump, LiveRangeDump


def build_peak_report(inputs: Inputs, platform: str, vintage: Vintage, result: PeakResult | None,
                      describe, notes: list[str], assignment: dict | None = None,
                      unplaced_tuple_reads: int | None = None) -> PeakReport:
    """`describe(name, index)` gives a dict with the shape, opcode, op_name and source of a value,
    used to annotate the rows live at the peak."""
    placement = _placement(inputs.buffer_assignment)
    xla = xla_section(inputs, describe, placement)
    if inputs.memory_stats_guessed and xla is not None and xla["memory_stats"] is not None:
        notes = [*notes, _guessed_stats(inputs, xla)]
    if assignment is not None:  # bufviz's rows show where bufviz put them
        placement = {(v["name"], parse_index(v["index"])): (a["index"], v["offset"], v["shape"])
                     for a in assignment["allocations"] for v in a["values"]}
    recomputed = recomputed_section(result, describe, placement)
    if recomputed is not None and assignment is not None:
        recomputed.update(cast(Recomputed, assignment))   # (the assignment's part of the section)
        recomputed["allocation_kinds"] = allocation_summary(assignment["allocations"])
    found = mismatches(xla, recomputed)
    checks = verification(xla, recomputed, found) if xla and recomputed else []
    if recomputed is not None and assignment is not None:
        recomputed.update(storage_totals(recomputed))
    if recomputed is not None and unplaced_tuple_reads is not None:
        recomputed["unplaced_tuple_reads"] = unplaced_tuple_reads
    return PeakReport(schema_version=SCHEMA_VERSION, module=inputs.module_name, platform=platform,
                      inputs=dict(inputs.paths), vintage=vintage.to_json(platform), xla=xla, recomputed=recomputed,
                      mismatches=found, checks=checks, notes=notes + (result.notes if result else []))


def xla_section(inputs: Inputs, describe, placement: dict) -> XlaNumbers | None:
    ba, lr, report = inputs.buffer_assignment, inputs.live_range, inputs.usage_report
    if ba is None and lr is None and report is None and inputs.memory_stats is None:
        return None
    total = ba.total_bytes_used if ba is not None else None
    if total is None and report is not None:
        total = report.total_bytes_used
    section: XlaNumbers = {
        "total_bytes_used": total,
        "schedule_end": lr.schedule_end if lr else None,
        "peak_time": lr.peak_time if lr else None,
        "peak_bytes": sum(r.bytes for r in lr.peak_rows) if lr and lr.peak_time is not None else None,
        "peak_rows": lr.row_style if lr else None,
        "live_at_peak": _xla_live_at_peak(lr, describe, placement) if lr and lr.peak_time is not None else [],
        "live_ranges": [{"name": n, "index": format_index(i), "start": s, "end": e}
                        for n, i, s, e in lr.ranges] if lr else [],
        "stack_trace": _stack_trace(lr) if lr and lr.stack_total is not None else None,
        "instruction_sequence": list(lr.sequence) if lr and lr.schedule_end is not None else None,
        "allocations": [allocation_json(a) for a in ba.allocations] if ba else [],
        "allocation_kinds": None,
        "memory_usage_report": _usage_report_json(report) if report else None,
        "memory_stats": None,
    }
    section["allocation_kinds"] = allocation_summary(section["allocations"]) or None
    if section["allocations"]:
        donated = None
        if inputs.module is not None:
            donated = {(number, format_index(index)) for number, index in inputs.module.donated}
        # (engine's kind_bytes takes and gives plain dicts: these allocations, their KindBytes)
        section.update(kind_bytes(section["allocations"], donated))  # type: ignore[arg-type, typeddict-item]
    section["memory_stats"] = _memory_stats_json(inputs.memory_stats)
    if section["memory_stats"] is not None:
        section["memory_stats"]["jax_version"] = inputs.jax_version
    return section


def _guessed_stats(inputs: Inputs, xla: XlaNumbers) -> str:
    """jax's statistics file beside several modules is this module's where its argument, output,
    alias and temp bytes are the allocations': kept then, else dropped. The note that says which."""
    stats = xla["memory_stats"]
    assert stats is not None   # (asked only where it was read)
    keys = ("argument_bytes", "output_bytes", "alias_bytes", "temp_bytes")
    if stats["reported"] and all(k in xla and stats[k] == xla[k] for k in keys):   # type: ignore[literal-required]
        return STATS_MATCHED
    xla["memory_stats"] = None
    inputs.memory_stats, inputs.jax_version, inputs.paths["memory_stats"] = None, None, None
    return STATS_OF_ANOTHER


def _memory_stats_json(stats: dict | None) -> dict | None:
    """jax's numbers under the JSON contract's names (None where jax did not report one)."""
    if stats is None:
        return None
    names = {"argument_bytes": "argument_size", "output_bytes": "output_size", "alias_bytes": "alias_size",
             "temp_bytes": "temp_size", "peak_memory_bytes": "peak_memory",
             "generated_code_bytes": "generated_code_size", "host_argument_bytes": "host_argument_size",
             "host_output_bytes": "host_output_size", "host_alias_bytes": "host_alias_size",
             "host_temp_bytes": "host_temp_size"}
    out = {ours: stats.get(theirs) for ours, theirs in names.items()}
    out.update({name: stats.get(name) for name in JAX_NAMED})   # (jax 0.12 on, under jax's names)
    # XLA:CPU filled these only from 2024-05 (jax 0.4.13 reports zeros): nothing to compare.
    out["reported"] = any(out[k] for k in ("argument_bytes", "output_bytes", "temp_bytes"))
    return out


def _xla_live_at_peak(lr: LiveRangeDump, describe, placement: dict) -> list[LiveRow]:
    """Rows as printed, with the shape, op_name, source, allocation and offset of each value.
    Old rows (`name: N bytes`) carry no index: the k-th row of a name is the k-th of that name's
    values live at the peak in the BufferLiveRange list (both are in value-id order)."""
    assert lr.peak_time is not None   # (asked only where the dump has a peak)
    live_indices: dict[str, list[tuple]] = {}
    index: tuple | None
    for name, index, start, end in lr.ranges:
        if start <= lr.peak_time <= end:
            live_indices.setdefault(name, []).append(index)
    taken: dict[str, int] = {}
    rows: list[LiveRow] = []
    for row in lr.peak_rows:
        index = row.index
        if index is None:
            k = taken.get(row.name, 0)
            taken[row.name] = k + 1
            candidates = live_indices.get(row.name, [])
            index = candidates[k] if k < len(candidates) else ()
        info = describe(row.name, index)
        alloc, offset, shape = placement.get((row.name, index), (None, None, None))
        rows.append({"name": row.name, "index": format_index(index), "bytes": row.bytes,
                     "shape": info.get("shape") or shape, "opcode": info.get("opcode"),
                     "op_name": info.get("op_name"), "source": info.get("source"),
                     "user_source": info.get("user_source"), "path": info.get("path"),
                     "allocation": alloc, "offset": offset})
    return rows


def _stack_trace(lr: LiveRangeDump) -> dict:
    return {"total": lr.stack_total,
            "nodes": [{"depth": n.depth, "name": n.name, "percent": n.percent, "total": n.total,
                       "current": n.current, "remaining": n.remaining, "last": n.last}
                      for n in lr.stack_trace]}


def allocation_json(a) -> Allocation:
    return {
        "index": a.index,
        "size": a.size,
        "kinds": a.kinds,
        "color": a.color,
        "parameter": (None if a.parameter is None
                      else {"number": a.parameter, "index": format_index(a.parameter_index or ()),
                            "shape": a.parameter_shape}),
        "output_shape": a.output_shape,
        "values": [{"id": v.id, "name": v.name, "index": format_index(v.index or ()), "size": v.size,
                    "offset": v.offset, "shape": v.shape} for v in a.values],
    }


def _usage_report_json(report) -> dict:
    return {"layout": report.layout, "text": report.text, "total_bytes_used": report.total_bytes_used,
            "memory_spaces": [{"name": s.name, "color": s.color, "total_bytes": s.total_bytes}
                              for s in report.memory_spaces],
            "allocations_listed": len(report.allocations)}


def _placement(ba: BufferAssignmentDump | None) -> dict:
    """(name, index) -> (allocation index, offset) from XLA's buffer assignment."""
    if ba is None:
        return {}
    return {(v.name, v.index or ()): (a.index, v.offset, v.shape) for a in ba.allocations for v in a.values}


def recomputed_section(result: PeakResult | None, describe, placement: dict) -> Recomputed | None:
    if result is None:
        return None

    def rows(live):
        out = []
        cumulative = 0
        for v in live:
            cumulative += v.bytes
            info = describe(v.name, v.index)
            alloc, offset, _ = placement.get((v.name, v.index), (None, None, None))
            out.append({"name": v.name, "index": format_index(v.index), "bytes": v.bytes,
                        "unpadded_bytes": v.bytes,
                        "cumulative": cumulative, "shape": v.shape, "memory_space": v.memory_space,
                        "opcode": v.opcode, "op_name": info.get("op_name"), "source": info.get("source"),
                        "user_source": info.get("user_source"), "path": info.get("path"), "start": v.start,
                        "end": v.end, "kind": v.kind, "allocation": alloc, "offset": offset})
        return out

    live_rows = rows(result.live)
    section: Recomputed = {
        "source": result.source,
        "schedule_end": result.schedule_end,
        "peak_time": result.peak_time,
        "peak_bytes": result.peak_bytes,
        "peak_instruction_bytes": result.peak_instruction_bytes,
        "padding_bytes": sum(v.padded - v.bytes for v in result.live if v.padded is not None),
        "max_live_bytes": result.max_bytes,
        "max_live_time": result.max_time,
        "live_at_peak": live_rows,
        "live_ranges": [{"name": v.name, "index": format_index(v.index), "start": v.start, "end": v.end}
                        for v in sorted(result.values, key=lambda v: v.order)],
        "stack_trace": result.stack_trace,
        "parameters": result.parameters,
        "instruction_sequence": result.sequence,
    }
    if result.memory_spaces:
        section["memory_spaces"] = [{"memory_space": m["memory_space"], "peak_time": m["peak_time"],
                                     "peak_bytes": m["peak_bytes"], "live_at_peak": rows(m["live"])}
                                    for m in result.memory_spaces]
        overall = result.all_spaces
        assert overall is not None   # (set with memory_spaces)
        section["all_memory_spaces"] = {"peak_time": overall.peak_time, "peak_bytes": overall.peak_bytes,
                                        "peak_instruction_bytes": overall.peak_instruction_bytes,
                                        "live_at_peak": rows(overall.live)}
    else:
        section["memory_spaces"] = [{"memory_space": result.live[0].memory_space if result.live else 0,
                                     "peak_time": result.peak_time, "peak_bytes": result.peak_bytes,
                                     "live_at_peak": live_rows}]
    return section


def allocation_summary(allocations: Iterable[Mapping[str, Any]]) -> list[dict]:
    """Allocations by kind: count and bytes (an allocation with several kinds counts in each)."""
    order = ("parameter", "output", "temp", "constant", "thread-local")
    rows: dict[str, dict[str, Any]] = {k: {"kind": k, "count": 0, "bytes": 0} for k in order}
    for a in allocations:
        for k in a["kinds"] or ["temp"]:
            rows[k]["count"] += 1
            rows[k]["bytes"] += a["size"]
    return [r for r in rows.values() if r["count"]]
