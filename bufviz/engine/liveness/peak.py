"""XLA's peak moment and the list it prints there (HloLiveRange, docs/rules.md §3.3)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import numpy as np

from ...errors import BufvizError
from ...units import INT64_MAX


@dataclass(slots=True)
class LiveValue:
    """A value with its live range, as the peak computation needs it."""
    name: str
    index: tuple
    start: int
    end: int            # inclusive
    instr_bytes: int    # ByteSizeOf(defining instruction's whole shape): what XLA's peak moment uses
    bytes: int          # ByteSizeOf(the value's own subshape)
    order: int          # value id (or creation order): XLA's old peak lists follow it
    shape: str = ""
    opcode: str = ""
    kind: str = "temp"  # parameter | output | temp | constant | thread-local
    memory_space: int = 0
    padded: int | None = None  # TPU: the size padded to its tiles, where it differs from `bytes`


def check_total(values: Iterable[LiveValue], path: str) -> None:
    """XLA sums the values' sizes in an int64: past it, an input error, and no sum made of them
    below (numpy's int64 included) can overflow."""
    if sum(max(v.bytes, v.instr_bytes) for v in values) > INT64_MAX:
        raise BufvizError("expected values whose sizes fit XLA's 64-bit integers, found them adding up to more "
                          "than 2^63-1 bytes", path)


def _live_curve(values: list[LiveValue], schedule_end: int, sizes, extra: int) -> np.ndarray:
    """Live bytes at t = 0..schedule_end when each value counts from start to end+extra."""
    n = len(values)
    starts = np.fromiter((v.start for v in values), dtype=np.int64, count=n)
    stops = np.fromiter((v.end + 1 + extra for v in values), dtype=np.int64, count=n)
    return bytes_live(starts, stops, np.fromiter(sizes, dtype=np.int64, count=n), schedule_end + 1)


def bytes_live(starts: np.ndarray, stops: np.ndarray, amounts: np.ndarray, steps: int) -> np.ndarray:
    """Bytes live at each of `steps` steps, each amount from its start up to (not including)
    its stop; starts and stops beyond the steps count at their edge."""
    change = np.zeros(steps + 1, dtype=np.int64)
    np.add.at(change, np.clip(starts, 0, steps), amounts)
    np.add.at(change, np.clip(stops, 0, steps), -amounts)
    return np.cumsum(change)[:steps]


def peak_moment(values: list[LiveValue], schedule_end: int) -> int:
    """ComputePeakMemoryMoment: first time of the maximum of S(t), where a value counts from its
    start through end+1 (freed one slot late) with its instruction's whole size; 0 if S is never > 0."""
    if not values:
        return 0
    live = _live_curve(values, schedule_end, (v.instr_bytes for v in values), extra=1)
    return int(np.argmax(live)) if live.max() > 0 else 0


def live_at(values: list[LiveValue], time: int) -> list[LiveValue]:
    """Values truly live at `time` (start <= time <= end), as XLA prints them: bytes descending,
    then name (bytewise), then shape index."""
    rows = [v for v in values if v.start <= time <= v.end]
    rows.sort(key=lambda v: (-v.bytes, v.name.encode(), v.index))
    return rows


def max_live_bytes(values: list[LiveValue], schedule_end: int) -> tuple[int, int]:
    """The true maximum of live bytes (value sizes, inclusive ranges) and its first time."""
    if not values:
        return 0, 0
    live = _live_curve(values, schedule_end, (v.bytes for v in values), extra=0)
    t = int(np.argmax(live))
    return int(live[t]), t
