"""Storage in use over time: each slice of an allocation counted once while any value in it is
live. XLA's own sums (the live-range peak, MinimumMemoryForModule, the heap's fragmentation)
add up *values*, so storage shared by several values counts several times; these do not."""
from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from ..engine.assignment.totals import HOST_MEMORY_SPACE

if TYPE_CHECKING:
    from ..result import Recomputed


def temp_in_use(allocations: Iterable[Mapping[str, Any]], live_ranges: Iterable[Mapping[str, Any]],
                end: int) -> np.ndarray:
    """Bytes of device temp allocations in use at each time 0..end.

    A slice is in use while one of its values is live (start..end inclusive). Values that
    overlap in time inside one allocation share their offset (XLA's heap places a buffer
    that shares another's chunk at the same offset), so a slice is an (allocation, offset)
    pair sized by the largest value live in it.
    """
    ranges = {(r["name"], r["index"]): (r["start"], r["end"]) for r in live_ranges}
    in_use = np.zeros(end + 2, dtype=np.int64)
    steps: dict[int, int] = {}  # time -> change in bytes (numpy's per-item updates are slow)
    for a in allocations:   # (callers choose the memory space: device memory, host memory, one on chip)
        if "temp" not in a["kinds"]:
            continue
        slices: dict[int, list[tuple[int, int, int]]] = {}
        for v in a["values"]:
            span = ranges.get((v["name"], v["index"]))
            if span is not None:
                slices.setdefault(v["offset"], []).append((span[0], span[1], v["size"]))
        for spans in slices.values():
            _add_slice(steps, spans)
    if steps:
        in_use[np.fromiter(steps, np.int64, len(steps))] += np.fromiter(steps.values(), np.int64, len(steps))
    return np.cumsum(in_use)[: end + 1]


def most_bytes_in_use(allocations: Iterable[Mapping[str, Any]],
                      live_ranges: Iterable[Mapping[str, Any]]) -> tuple[int, int]:
    """(bytes, time): the most temp storage in use at once, as the union of the bytes the live
    values cover. Where libtpu's memory-space assignment placed values (VMEM), one value may
    start at a step where another at the same bytes ends: counted once, not twice. Looked at
    where a value starts (the union only grows there), values kept in a heap by their end."""
    ranges = {(r["name"], r["index"]): (r["start"], r["end"]) for r in live_ranges}
    spans = sorted((span[0], span[1], k, v["offset"], v["offset"] + v["size"])
                   for k, a in enumerate(allocations) if "temp" in a["kinds"] for v in a["values"]
                   if (span := ranges.get((v["name"], v["index"]))) is not None)
    best = (0, 0)
    live: list[tuple] = []   # (end, allocation, begin byte, end byte)
    i = 0
    while i < len(spans):
        t = spans[i][0]
        while i < len(spans) and spans[i][0] == t:
            heapq.heappush(live, (spans[i][1], *spans[i][2:]))
            i += 1
        while live and live[0][0] < t:
            heapq.heappop(live)
        covered, reach = 0, None
        for _, k, lo, hi in sorted(live, key=lambda s: s[1:]):
            if reach is None or reach[0] != k or lo >= reach[1]:
                covered += hi - lo
                reach = (k, hi)
            elif hi > reach[1]:
                covered += hi - reach[1]
                reach = (k, hi)
        best = max(best, (covered, -t))
    return best[0], -best[1]


def _add_slice(steps: dict[int, int], spans: list[tuple[int, int, int]]) -> None:
    """The slice's bytes in use as steps where they change: the largest value live in it."""
    if len(spans) == 1:  # (most slices hold one value)
        start, stop, size = spans[0]
        steps[start] = steps.get(start, 0) + size
        steps[stop + 1] = steps.get(stop + 1, 0) - size
        return
    level = 0
    for t, size, _ in largest_over_time(spans):
        steps[t] = steps.get(t, 0) + size - level
        level = size


def largest_over_time(spans: list[tuple]) -> list[tuple[int, int, object]]:
    """(time, size, what) where the largest of the live spans (start, stop, size[, what]) of one
    slice changes: a sweep over their starts and ends, no array over the slice's whole window."""
    spans = sorted(spans, key=lambda s: s[:3])
    live: list[tuple] = []  # (-size, stop, k) of the spans started; expired ones leave lazily
    changes: list[tuple[int, int, object]]
    changes, level, k = [], 0, 0
    for t in sorted({s[0] for s in spans} | {s[1] + 1 for s in spans}):
        while k < len(spans) and spans[k][0] == t:
            heapq.heappush(live, (-spans[k][2], spans[k][1], k))
            k += 1
        while live and live[0][1] < t:
            heapq.heappop(live)
        top = live[0] if live else None
        largest = -top[0] if top else 0
        what = spans[top[2]][3] if top and len(spans[top[2]]) > 3 else None
        if largest != level or (changes and what != changes[-1][2]):
            changes.append((t, largest, what))
            level = largest
    return changes


def storage_totals(recomputed: Mapping[str, Any]) -> Recomputed:
    """The temp storage peak and the free temp bytes at it, from the recomputed assignment."""
    allocations = recomputed.get("allocations") or []
    temp = sum(a["size"] for a in allocations if "temp" in a["kinds"] and a["color"] != HOST_MEMORY_SPACE)
    curve = temp_in_use([a for a in allocations if a["color"] != HOST_MEMORY_SPACE], recomputed["live_ranges"],
                        recomputed["schedule_end"])
    peak = int(curve.max()) if len(curve) else 0
    return {"temp_in_use_peak_bytes": peak, "temp_free_at_peak_bytes": temp - peak}
