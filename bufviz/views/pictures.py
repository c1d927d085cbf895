"""What the pictures draw beyond the report: what every allocated value holds (the storage at
the peak names only the values in use then), and memory in use over the schedule stacked by
what it holds, each slice counted once, as the headline counts it."""
from __future__ import annotations

import numpy as np
from typing import TYPE_CHECKING

from ..hlo.shapes import value_label
from .categories import backward_at
from .memory import (SCRATCH, WHOLE_RUN, device_allocations, row_category, slot_kind, text_indexed, training_of,
                     value_row)
from .storage import largest_over_time

if TYPE_CHECKING:
    from ..result import Allocation, PeakReport

FREE_CATEGORY = "free"


def value_categories(report: PeakReport, describe) -> dict[str, str | None]:
    """Value label -> what it holds: the storage rows' word where the value is in use at the
    peak (and the values sharing its buffer then), else inferred the same way, from a row of its
    own beside the values sharing its buffer."""
    memory = report.memory
    assert memory is not None   # (asked only where the report has memory)
    known = {}
    for r in memory["at_peak"]:
        if r["kind"] != "free":
            for v in [r, *r["shared_with"]]:
                known[value_label(v["name"], v["index"])] = r["category"]

    described = text_indexed(describe)   # (as the storage rows describe: the index as text)
    peak = memory["peak_instruction"]
    backward = backward_at((describe(peak, ()) or {}).get("op_name") if peak else None)
    training = training_of(describe)
    ranges = _ranges(report)
    # A donated parameter and the updated value written over it are the same state (weights,
    # optimizer state): every value of a parameter's allocation holds what the parameter holds.
    state = {r["allocation"]: r["category"] for r in memory["at_peak"] if r["kind"] == "parameter"}
    out = {}
    for a in _drawn(report):
        kind = slot_kind(a)
        for buffer in _buffers(a, ranges):
            # (what a loop does with the buffer, from the one value that says: each value's row is
            # judged beside it alone, so a buffer of many values costs no more than its values)
            says = [v for v in buffer if described(v["name"], v["index"]).get("opcode") == "while"][:1] + \
                [v for v in buffer if described(v["name"], v["index"]).get("carried")][:1]
            for v in buffer:
                label = value_label(v["name"], v["index"])
                if a["index"] in state:
                    known[label] = state[a["index"]]
                elif label not in known:
                    row = value_row(a, v, kind, says, ranges, described)
                    known[label] = row_category(row, described, backward, training)
                out[label] = known[label]
    return out


def _ranges(report: PeakReport) -> dict[tuple[str, str], tuple[int, int]]:
    xla, ours = report.xla or {}, report.recomputed or {}
    return {(r["name"], r["index"]): (r["start"], r["end"]) for r in xla.get("live_ranges") or ours["live_ranges"]}


def _buffers(a: Allocation, ranges: dict) -> list[list]:
    """The allocation's values by the buffer they share: at one offset, live at overlapping
    times (XLA gives distinct buffers overlapping memory only at times that do not overlap).
    A value without a live range is a buffer of its own."""
    out: list[list] = []
    at: dict[int, list] = {}
    for v in a["values"]:
        at.setdefault(v["offset"], []).append(v)
    for values in at.values():
        timed = sorted(((ranges.get((v["name"], v["index"])) or (-1, -1), k) for k, v in enumerate(values)))
        end = None
        for (start, stop), k in timed:
            if end is None or start < 0 or start > end:
                out.append([])
                end = stop
            else:
                end = max(end, stop)
            out[-1].append(values[k])
    return out


def in_use_by_category(report: PeakReport, categories: dict[str, str | None]) -> dict[str, list[int]]:
    """Bytes in use at each step, by what they hold: a temp slice as the largest value live in
    it, an allocation reserved for the whole run as the value live in it (between values, as
    its occupant at the peak)."""
    memory, timeline = report.memory, report.timeline
    assert memory is not None and timeline is not None   # (asked only where the report has memory)
    steps = timeline["steps"]
    ranges = _ranges(report)
    rows = {r["allocation"]: r["category"] for r in memory["at_peak"] if r["kind"] in (*WHOLE_RUN, SCRATCH)}
    change: dict[str, np.ndarray] = {}

    def add(category, start, stop, size):
        curve = change.setdefault(category, np.zeros(steps + 2, dtype=np.int64))
        curve[max(start, 0)] += size
        curve[min(stop, steps) + 1] -= size

    category: object   # what a span holds (a category; None where a row has none)
    for a in _drawn(report):
        slices: dict[int, list[tuple]] = {}
        whole_run = bool(set(a["kinds"]) & set(WHOLE_RUN))
        for v in a["values"]:
            span = ranges.get((v["name"], v["index"]))
            if span is not None:
                slices.setdefault(0 if whole_run else v["offset"], []).append(
                    (span[0], span[1], v["size"], categories.get(value_label(v["name"], v["index"]), "other")))
        if whole_run:   # reserved all run: as the newest value live in it, between values as at the peak
            for start, stop, category in _newest(slices.get(0, []), steps, rows.get(a["index"], "other")):
                add(category, start, stop, a["size"])
            continue
        for spans in slices.values():
            changes = largest_over_time(spans)
            for (t, size, category), nxt in zip(changes, changes[1:] + [(steps, 0, None)]):
                if size:
                    add(category, t, nxt[0] - 1, size)
    return {k: [int(x) for x in np.cumsum(c)[:steps]] for k, c in change.items()}


def _newest(spans: list[tuple], steps: int, otherwise: str | None) -> list[tuple[int, int, str | None]]:
    """(start, stop, what) over 0..steps-1: what the most recently started live span holds."""
    bounds = sorted({0, steps} | {s[0] for s in spans} | {s[1] + 1 for s in spans})
    out: list[tuple[int, int, str | None]] = []
    for start, end in zip(bounds, bounds[1:]):
        if start >= steps:
            break
        live = [s for s in spans if s[0] <= start <= s[1]]
        what = max(live, key=lambda s: s[0])[3] if live else otherwise
        if out and out[-1][2] == what and out[-1][1] == start - 1:
            out[-1] = (out[-1][0], min(end, steps) - 1, what)
        else:
            out.append((start, min(end, steps) - 1, what))
    return out


def _drawn(report: PeakReport) -> list[Allocation]:
    """The allocations the headline counts (main memory: no on-chip space, no host memory)."""
    allocations = report.allocations
    assert report.memory is not None   # (asked only where the report has memory)
    spaces = {s["memory_space"] for s in report.memory.get("memory_spaces") or []}
    return [a for a in device_allocations(allocations, report.platform) if a["color"] not in spaces]
