"""Recomputed numbers against what XLA printed, quantity by quantity."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..engine.assignment.matching import EVERYTHING, LIBTPU, TOTAL_BYTES_USED, USAGE_REPORT, allocation_mismatches
from ..engine.assignment.usage_report import hash_order_free
from ..engine.liveness.stack_trace import share_text
from .words import JAX_NAMED


def mismatches(xla: Mapping[str, Any] | None, recomputed: Mapping[str, Any] | None) -> list[dict]:
    """Every disagreement between the `xla` and `recomputed` sections of a peak report."""
    if not xla or not recomputed:
        return []
    out = []
    peak = xla_definition(recomputed)

    def check(quantity, a, b):
        if a is not None and b is not None and a != b:
            out.append({"quantity": quantity, "xla": a, "recomputed": b})

    check("schedule_end", xla.get("schedule_end"), recomputed.get("schedule_end"))
    check("peak_time", xla.get("peak_time"), peak.get("peak_time"))
    if xla.get("peak_rows") == "instruction":
        # Before 2025-04 XLA listed instruction sizes, not value sizes: compare like with like.
        check("peak_bytes_printed", xla.get("peak_bytes"), peak.get("peak_instruction_bytes"))
        ours = Counter(r["name"] for r in peak["live_at_peak"])
        theirs = Counter(r["name"] for r in xla["live_at_peak"])
    else:
        check("peak_bytes", xla.get("peak_bytes"), peak.get("peak_bytes"))
        ours = Counter((r["name"], r["index"]) for r in peak["live_at_peak"])
        theirs = Counter((r["name"], r["index"]) for r in xla["live_at_peak"])
    if xla.get("peak_time") is not None and ours != theirs:
        out.append({"quantity": "live_at_peak",
                    "xla": _labels(theirs - ours), "recomputed": _labels(ours - theirs)})
    _first_difference(out, "instruction_sequence", xla.get("instruction_sequence"),
                      recomputed.get("instruction_sequence"), lambda t, name: f"t={t}: {name}")
    theirs_tree, ours_tree = xla.get("stack_trace"), recomputed.get("stack_trace")
    if theirs_tree and ours_tree:
        _first_difference(out, "stack_trace", [_node(n) for n in theirs_tree["nodes"]],
                          [_node(n) for n in ours_tree["nodes"]], lambda t, node: f"row {t + 1}: {node}")
    left = recomputed.get("not_recomputed") or {}
    if xla.get("allocations") and recomputed.get("allocations"):
        if TOTAL_BYTES_USED not in left:
            check("total_bytes_used", xla.get("total_bytes_used"), recomputed.get("total_bytes_used"))
        out.extend(allocation_mismatches(xla["allocations"], recomputed["allocations"], LIBTPU if left else EVERYTHING))
    key: str | tuple[str, str]   # a jax figure's name, then a value's (name, index)
    stats = xla.get("memory_stats")
    if stats and recomputed.get("allocations"):
        for key in compared_jax(stats, left):
            check(f"jax_{key}", stats.get(key), recomputed.get(key))
        for key in JAX_NAMED:   # (jax 0.12 on: checked under jax's own names)
            check(key, stats.get(key), recomputed.get(key))
    report = None if USAGE_REPORT in left else _usage_report_difference(xla, recomputed)
    if report is not None:
        out.append(report)
    xla_ranges = {(r["name"], r["index"]): (r["start"], r["end"]) for r in xla.get("live_ranges") or []}
    if xla_ranges:
        our_ranges = {(r["name"], r["index"]): (r["start"], r["end"]) for r in recomputed["live_ranges"]}
        for key in sorted(set(xla_ranges) | set(our_ranges)):
            a, b = xla_ranges.get(key), our_ranges.get(key)
            if a != b:
                out.append({"quantity": f"live_range {_label(key)}",
                            "xla": f"{a[0]}-{a[1]}" if a else None,
                            "recomputed": f"{b[0]}-{b[1]}" if b else None})
    return out


def xla_definition(recomputed: Mapping[str, Any]) -> Mapping[str, Any]:
    """The peak as XLA defines it (over every memory space), to set beside XLA's printed one."""
    return recomputed.get("all_memory_spaces") or recomputed


BYTE_COUNTS = ("argument_bytes", "output_bytes", "alias_bytes", "temp_bytes")
# jax's numbers of what the dump does not hold: machine code, host memory
NOT_COMPARED = ("generated_code_bytes", "host_argument_bytes", "host_output_bytes", "host_alias_bytes",
                "host_temp_bytes")


def compared_jax(stats: dict, left: dict | None = None) -> tuple[str, ...]:
    """jax's numbers to compare: all of them where jax reported its figures; where it reported
    zeros for argument, output and temp bytes (as jax 0.4.13 does), each that is not zero.
    `left`: what bufviz does not recompute (the `not_recomputed` of a TPU module)."""
    keys = tuple(k for k in BYTE_COUNTS + ("peak_memory_bytes",) if f"jax {jax_name(k)}" not in (left or {}))
    return keys if stats.get("reported") else tuple(k for k in keys if stats.get(k))


def jax_name(key: str) -> str:
    """The name jax's CompiledMemoryStats gives one of bufviz's byte counts."""
    return "peak_memory_in_bytes" if key == "peak_memory_bytes" else key.removesuffix("_bytes") + "_size_in_bytes"


def uncompared_jax(stats: dict | None) -> list[str]:
    """What jax reported that bufviz does not compare: its zeros (nothing reported), and the
    non-zero numbers of what a dump does not hold."""
    if not stats:
        return []
    out = [] if stats.get("reported") else ["argument, output and temp bytes (jax reported zeros)"]
    return out + [jax_name(k) for k in NOT_COMPARED if stats.get(k)]


def _usage_report_difference(xla: Mapping[str, Any], recomputed: Mapping[str, Any]) -> dict | None:
    """The first line where the regenerated memory-usage report differs from XLA's file. Where
    XLA left ties in hash order, the two are compared with those put in one order."""
    theirs, ours = xla.get("memory_usage_report"), recomputed.get("memory_usage_report")
    if not theirs or not ours or theirs["text"] == ours["text"]:
        return None
    a, b = hash_order_free(theirs["text"]), hash_order_free(ours["text"])
    if a == b:
        return None
    a_lines, b_lines = a.split("\n"), b.split("\n")
    t = next((i for i, (x, y) in enumerate(zip(a_lines, b_lines)) if x != y), min(len(a_lines), len(b_lines)))
    return {"quantity": "memory_usage_report",
            "xla": f"line {t + 1}: {a_lines[t].strip()}" if t < len(a_lines) else f"ends after {len(a_lines)} lines",
            "recomputed": (f"line {t + 1}: {b_lines[t].strip()}" if t < len(b_lines)
                           else f"ends after {len(b_lines)} lines")}


def _first_difference(out: list, quantity: str, a: list | None, b: list | None, show) -> None:
    """One mismatch naming the first position where two lists differ."""
    if a is None or b is None or a == b:
        return
    t = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    out.append({"quantity": quantity,
                "xla": show(t, a[t]) if t < len(a) else f"ends after {len(a)}",
                "recomputed": show(t, b[t]) if t < len(b) else f"ends after {len(b)}"})


def _node(n: dict) -> str:
    return f"{'  ' * n['depth']}{n['name']} {share_text(n['percent'])} total {n['total']} current {n['current']}"


def _label(key) -> str:
    if isinstance(key, tuple):
        return f"{key[0]}{{{key[1]}}}"
    return key


def _labels(counter: Counter) -> list[str]:
    return sorted(_label(k) for k in counter.elements())


def verification(xla: Mapping[str, Any], recomputed: Mapping[str, Any], found: list[dict]) -> list[dict]:
    """One row per quantity XLA printed: XLA's value, bufviz's, and whether they agree.
    `found` is mismatches(xla, recomputed)."""
    failed = {m["quantity"].split(" ")[0] for m in found}
    rows = []
    peak = xla_definition(recomputed)

    def row(quantity, label, theirs, ours, difference=None):
        if theirs is None:
            return
        rows.append({"quantity": quantity, "label": label, "ok": quantity not in failed,
                     "xla": theirs, "recomputed": ours, "difference": difference})

    def delta(a, b):
        return None if a is None or b is None or a == b else b - a

    row("schedule_end", "schedule length", xla.get("schedule_end"), recomputed.get("schedule_end"),
        delta(xla.get("schedule_end"), recomputed.get("schedule_end")))
    seq = next((m for m in found if m["quantity"] == "instruction_sequence"), None)
    theirs_seq, ours_seq = xla.get("instruction_sequence"), recomputed.get("instruction_sequence")
    if theirs_seq is not None and ours_seq is not None:
        row("instruction_sequence", "instruction sequence", f"{len(theirs_seq)} instructions",
            f"{len(ours_seq)} instructions", f"first difference {seq['xla']} vs {seq['recomputed']}" if seq else None)
    wrong: int | set[str] | dict | None   # a count, then the quantities that differ, then one mismatch
    ranges = xla.get("live_ranges") or []
    if ranges:
        wrong = sum(1 for m in found if m["quantity"].startswith("live_range "))
        row("live_range", "live ranges", f"{len(ranges)} values", f"{len(ranges) - min(wrong, len(ranges))} equal",
            f"{wrong} differ" if wrong else None)
    row("peak_time", "peak time", xla.get("peak_time"), peak.get("peak_time"),
        delta(xla.get("peak_time"), peak.get("peak_time")))
    if xla.get("peak_time") is not None:
        live = next((m for m in found if m["quantity"] == "live_at_peak"), None)
        row("live_at_peak", "values live at the peak", f"{len(xla['live_at_peak'])} values",
            f"{len(peak['live_at_peak'])} values",
            f"XLA only: {len(live['xla'])}, bufviz only: {len(live['recomputed'])}" if live else None)
        if xla.get("peak_rows") == "instruction":
            row("peak_bytes_printed", "peak bytes (as printed)", xla.get("peak_bytes"),
                peak.get("peak_instruction_bytes"),
                delta(xla.get("peak_bytes"), peak.get("peak_instruction_bytes")))
        else:
            row("peak_bytes", "peak bytes", xla.get("peak_bytes"), peak.get("peak_bytes"),
                delta(xla.get("peak_bytes"), peak.get("peak_bytes")))
    left = recomputed.get("not_recomputed") or {}
    if xla.get("allocations") and recomputed.get("allocations"):
        wrong = {m["quantity"] for m in found if m["quantity"].startswith(("allocation ", "offset "))}
        failed_allocations = bool(wrong)
        rows.append({"quantity": "allocations", "label": "allocations (values, size, kinds, offsets"
                     + (", index)" if not left else " in main memory)"),
                     "ok": not failed_allocations, "xla": f"{len(xla['allocations'])} allocations",
                     "recomputed": f"{len(recomputed['allocations'])} allocations",
                     "difference": f"{len(wrong)} differences" if wrong else None})
        if TOTAL_BYTES_USED not in left:
            total, ours_total = xla.get("total_bytes_used"), recomputed.get("total_bytes_used")
            row("total_bytes_used", "total bytes used", total, ours_total, delta(total, ours_total))
    stats = xla.get("memory_stats")
    if stats and recomputed.get("allocations"):
        for key in compared_jax(stats, left):
            row(f"jax_{key}", "jax " + key.replace("_", " "), stats.get(key), recomputed.get(key),
                delta(stats.get(key), recomputed.get(key)))
        for key in JAX_NAMED:
            row(key, "jax " + key, stats.get(key), recomputed.get(key), delta(stats.get(key), recomputed.get(key)))
    theirs, ours = xla.get("memory_usage_report"), recomputed.get("memory_usage_report")
    if theirs and ours and USAGE_REPORT not in left:
        exact = theirs["text"] == ours["text"]
        wrong = next((m for m in found if m["quantity"] == "memory_usage_report"), None)
        row("memory_usage_report", "memory-usage report", f"{theirs['text'].count(chr(10))} lines",
            "identical" if exact else "identical up to hash order" if wrong is None else "differs",
            f"{wrong['xla']} vs {wrong['recomputed']}" if wrong else None)
    tree = xla.get("stack_trace")
    if tree and recomputed.get("stack_trace"):
        row("stack_trace", "stack-trace breakdown", f"{len(tree['nodes'])} rows",
            f"{len(recomputed['stack_trace']['nodes'])} rows",
            next((f"{m['xla']} vs {m['recomputed']}" for m in found if m["quantity"] == "stack_trace"), None))
    return rows
