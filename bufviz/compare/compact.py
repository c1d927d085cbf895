"""One module's result in the compact form CI compares: the headline, its parts, XLA's
live-range peak and the storage at the peak. A full peak report and an entry of a saved scan
both become this, so `check` and `diff` read dumps and saved results alike."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..hlo.shapes import ArrayShape, ShapeSyntaxError, parse_shape
from ..result import SCHEMA_VERSION, PeakReport
from ..verify.words import doubt

METRICS = {   # --metric name -> (key in a summary, what people call it)
    "needed": ("needed_bytes", "memory needed"),
    "temp": ("temp_bytes", "temp bytes"),
    "argument": ("argument_bytes", "argument bytes"),
    "output": ("output_bytes", "output bytes"),
    "xla-peak": ("xla_peak_bytes", "XLA's live-range peak"),
}
PARTS = ("needed_bytes", "argument_bytes", "output_bytes", "temp_bytes", "alias_bytes", "constant_bytes",
         "scratch_bytes", "fragmentation_bytes", "xla_peak_bytes")


def summarize(report: PeakReport, path: str | None = None) -> dict:
    """The compact result of one peak report (`path`: where its module was read from)."""
    memory = report.memory or {}
    xla, ours = report.xla or {}, report.recomputed or {}
    rows = [r for r in memory.get("at_peak") or [] if r.get("kind") != "free"]
    largest = max(rows, key=lambda r: r["bytes"], default=None)
    vintage = report.vintage or {}
    return {
        "module": report.module,
        "path": path if path is not None else _first_input(report),
        "platform": report.platform,
        "xla_dates": {"earliest": vintage.get("earliest"), "latest": vintage.get("latest")},
        "needed_bytes": memory.get("needed_bytes"),
        "argument_bytes": memory.get("argument_bytes"),
        "output_bytes": memory.get("output_bytes"),
        "temp_bytes": memory.get("temp_bytes"),
        "alias_bytes": memory.get("alias_bytes"),
        "constant_bytes": memory.get("constant_bytes"),
        "scratch_bytes": memory.get("scratch_bytes") or 0,
        "fragmentation_bytes": memory.get("fragmentation_bytes"),
        # bufviz reproduces XLA's live-range peak exactly; XLA's printed number where there is one.
        "xla_peak_bytes": xla.get("peak_bytes") if xla.get("peak_bytes") is not None else ours.get("peak_bytes"),
        "estimate": memory.get("estimate"),
        "largest_buffer": None if largest is None else {k: largest.get(k) for k in
                                                          ("name", "index", "bytes", "shape", "kind", "source")},
        "at_peak": memory.get("at_peak") or [],
        "why_no_memory": None if memory else _why_no_memory(report),
        # Differences from XLA's own files or jax's figures: the numbers above are not to be trusted.
        "differs_from_xla": len(report.mismatches or []) if report.xla and report.recomputed else None,
        "doubt": doubt(report.mismatches or []),
        "remat_ops": (report.program or {}).get("remat_ops"),   # (diff's evidence of rematerialization)
        # what the program takes, to tell it from another of the same name (match.py)
        "signature": signature(memory.get("at_peak") or []),
        # a module jax compiled for one eager operation or a library's init, not the user's program
        "eager": bool((report.program or {}).get("eager")),
        "jax_version": ((xla.get("memory_stats") or {}).get("jax_version")),
        **({"device": report.device} if report.device is not None else {}),   # (--device-memory)
    }


def signature(rows: Sequence[Mapping[str, Any]]) -> list[list] | None:
    """[pytree path, dtype, dims] of each entry parameter, in parameter order: what a program
    takes (match.py compares paths, dtypes and ranks, and shapes)."""
    params = sorted((r["parameter"]["number"], r["parameter"]["index"], r) for r in rows
                    if r["kind"] == "parameter" and r.get("parameter"))
    found = []
    for _, _, r in params:
        try:
            shape = parse_shape(r["parameter"].get("shape") or r["shape"] or "")
        except ShapeSyntaxError:
            return None
        if shape.is_tuple:
            return None
        assert isinstance(shape, ArrayShape)   # (a shape that is not a tuple is an array)
        found.append([r.get("path"), shape.dtype, list(shape.dims)])
    return found or None


def _first_input(report: PeakReport) -> str | None:
    inputs = report.inputs or {}
    return inputs.get("hlo") or next((p for p in inputs.values() if p), None)


def _why_no_memory(report: PeakReport) -> str:
    if report.oom is not None:
        return "an out-of-memory message alone has no allocations (give the HLO module too)"
    return "neither the HLO module nor XLA's buffer assignment with its values was found"


def xla_dates_text(dates: dict | None) -> str:
    """The XLA that printed a dump, as a date window: '≥2026-06-02', '2024-01-16…2024-05-27'."""
    earliest, latest = (dates or {}).get("earliest"), (dates or {}).get("latest")
    if earliest and latest:
        return f"{earliest}…{latest}"
    if earliest:
        return f"≥{earliest}"
    return f"<{latest}" if latest else "unknown"


def scan_exit_code(result: dict) -> int:
    """2 when nothing could be read (bad input), else 0: a scan lists what it could not read."""
    return 2 if result["errors"] and not result["modules"] else 0


def scan_json(summaries: list[dict], errors: list[dict], root: str | None = None) -> dict:
    """The saved form of several modules (what `scan --format json` writes), largest first."""
    ordered = sorted(summaries, key=lambda s: (-(s["needed_bytes"] or 0), s["module"] or "", s["path"] or ""))
    return {"schema_version": SCHEMA_VERSION, "kind": "scan", "root": root, "modules": ordered, "errors": errors}
