"""The heap simulator that places temporary buffers (docs/rules.md §5).

Events come from the live ranges in schedule order (values of one HloBuffer share one chunk;
a value may take over the chunk of an operand that dies where it starts); each event is one
tick. GlobalDecreasingSizeBestFitHeap then places the intervals biggest first (spatial
order) and longest first (temporal order); XLA keeps the smaller heap."""
from __future__ import annotations

import bisect
import itertools
from dataclasses import dataclass, field
from typing import Any

import numpy as np

ALLOC, SHARE, FREE = "alloc", "share", "free"
_NO_GAP = np.iinfo(np.int64).max


@dataclass(eq=False)
class HeapValue:
    """What the simulator needs of one value (compared by identity)."""
    id: int
    start: int
    end: int
    size: int            # the size of the value's HloBuffer
    buffer: int          # HloBuffer id
    buffer_values: int   # how many values that buffer has
    key: Any = None      # the caller's handle (a dataflow Value)


@dataclass
class HeapResult:
    heap_size: int
    chunks: dict[int, tuple[int, int]]          # value id -> (offset, size)
    trace: list[tuple[str, int, int | None]]    # (kind, value id, shared-with id)
    no_fragmentation_size: int
    most_in_use: int = 0                        # the most bytes of chunks in use at one tick

    @property
    def fragmentation(self) -> int:
        return self.heap_size - self.no_fragmentation_size


def events(values: list[HeapValue], schedule_end: int, reuse) -> list[tuple[str, int, int | None]]:
    """HeapSimulator::RunComputation's event stream. `reuse(value, t, freed_now)` returns the
    operand value whose chunk `value` may take over at time t (or None)."""
    order = sorted(values, key=lambda v: (v.start, v.end, v.id))
    defined: dict[int, list[HeapValue]] = {}
    freed: dict[int, list[HeapValue]] = {}
    for v in order:
        defined.setdefault(v.start, []).append(v)
        freed.setdefault(v.end, []).append(v)
    trace: list[tuple[str, int, int | None]] = []
    first_in_buffer: dict[int, int] = {}
    for t in sorted(set(defined) | set(freed)):
        freed_now = freed.get(t, [])
        for v in defined.get(t, ()):
            if v.buffer in first_in_buffer:
                trace.append((SHARE, v.id, first_in_buffer[v.buffer]))
                continue
            operand = reuse(v, t, freed_now) if v.buffer_values == 1 else None
            if operand is not None:
                trace.append((FREE, operand.id, None))
                freed_now.remove(operand)
                trace.append((SHARE, v.id, operand.id))
                operand.end = v.end
            else:
                trace.append((ALLOC, v.id, None))
                first_in_buffer[v.buffer] = v.id
        for v in freed_now:
            trace.append((FREE, v.id, None))
    return trace


def no_fragmentation_size(trace, sizes: dict[int, int]) -> int:
    """NoFragmentationStatsHeap: the peak of Σ sizes, a share counting as an allocation."""
    current = peak = 0
    for kind, value, _ in trace:
        size = sizes[value]
        if kind == FREE:
            current -= size
        else:
            current += size
            peak = max(peak, current)
    return peak


@dataclass
class _Interval:
    value: int
    size: int
    start: int
    end: int = -1
    need_allocation: bool = True
    colocations: list[int] = field(default_factory=list)


def best_fit(trace, sizes: dict[int, int], alignment: int, times: dict | None = None) -> HeapResult:
    """ChooseBestHeapAlgorithm over the spatial and temporal GlobalDecreasingSizeBestFitHeap:
    the temporal result wins only if strictly smaller. With `times` (value id -> live range),
    libtpu's heap instead: intervals span the values' live ranges, placed once, in order of
    start (then end, then value id), each where it fits best (docs/rules.md §5)."""
    intervals = _intervals(trace, sizes, times)
    groups = _colocation_groups(intervals)
    in_use = _most_live_at_once(intervals, groups)
    if times is not None:
        chosen = _place(intervals, groups, alignment, order="start")
    else:
        chosen = _place(intervals, groups, alignment, order="spatial")
        # No heap is smaller than the chunks live together at one tick: where the spatial order
        # reaches that, the temporal one cannot be strictly smaller.
        if chosen[0] > in_use:
            chosen = _place(intervals, groups, alignment, order="temporal", give_up_at=chosen[0]) or chosen
    heap_size, chunks = chosen
    for value, size in sizes.items():
        if size == 0:
            chunks[value] = (0, 0)
    return HeapResult(heap_size, chunks, trace, no_fragmentation_size(trace, sizes), in_use)


def _intervals(trace, sizes, times: dict | None = None) -> dict[int, _Interval]:
    """Each Alloc/ShareWith/Free is one tick; size-0 buffers take no ticks. With `times`,
    each interval spans its value's live range instead."""
    intervals: dict[int, _Interval] = {}
    tick = 0
    for kind, value, other in trace:
        if sizes[value] == 0:
            continue
        start = times[value][0] if times else tick
        if kind == ALLOC:
            intervals[value] = _Interval(value, sizes[value], start)
        elif kind == SHARE:
            intervals[value] = _Interval(value, sizes[value], start, need_allocation=False)
            intervals[other].colocations.append(value)
        else:
            intervals[value].end = times[value][1] if times else tick
        tick += 1
    return intervals


def _colocation_groups(intervals: dict[int, _Interval]) -> dict[int, tuple[list[_Interval], int, int]]:
    """For each interval that needs a chunk: it and the intervals sharing it (transitively),
    and the span from the earliest start to the latest end among them."""
    groups = {}
    for v, interval in intervals.items():
        if interval.need_allocation:
            members = [intervals[m] for m in _transitive(intervals, v)]
            groups[v] = (members, min(m.start for m in members), max(m.end for m in members))
    return groups


def _most_live_at_once(intervals: dict[int, _Interval], groups: dict) -> int:
    """The most bytes of chunks in use at any one tick: a group's chunk (its largest member's
    size) is in use while any member is alive. Placements never overlap chunks in use at once."""
    ticks = max((i.end for i in intervals.values()), default=0) + 2
    change = np.zeros(ticks, dtype=np.int64)
    for members, _, _ in groups.values():
        size = max(m.size for m in members)
        spans = sorted((m.start, m.end) for m in members)
        begin, end = spans[0]
        for start, stop in spans[1:]:
            if start > end + 1:
                change[begin] += size
                change[end + 1] -= size
                begin = start
            end = max(end, stop)
        change[begin] += size
        change[end + 1] -= size
    return int(np.cumsum(change).max())


def _place(intervals: dict[int, _Interval], groups: dict, alignment: int, order: str,
           give_up_at: int | None = None):
    """(heap size, chunks); None once the heap reaches `give_up_at` (it only grows, and
    only a strictly smaller one would be chosen). `order`: spatial (biggest first), temporal
    (longest first) or start (earliest first)."""
    if order == "start":
        key = lambda i: (groups[i.value][1], groups[i.value][2], i.value)  # noqa: E731
    elif order == "temporal":
        key = lambda i: (groups[i.value][1] - groups[i.value][2], -i.size, i.value)  # noqa: E731
    else:
        key = lambda i: (-i.size, i.start - i.end, i.value)  # noqa: E731
    placed = _Placed(sum(len(members) for members, _, _ in groups.values()),
                     max((i.end for i in intervals.values()), default=0) + 1)
    chunks: dict[int, tuple[int, int]] = {}
    heap_size = 0
    for interval in sorted((intervals[v] for v in groups), key=key):
        members, first, last = groups[interval.value]
        size = max(m.size for m in members)
        offset = _best_gap(*placed.alive(members, first, last), size)
        chunk_end = _round_up(offset + size, alignment)
        for m in members:
            chunks[m.value] = (offset, size)
            placed.add(m.start, m.end, offset, chunk_end)
        heap_size = max(heap_size, offset + size)
        if give_up_at is not None and heap_size >= give_up_at:
            return None
    return heap_size, chunks


class _Placed:
    """The chunks placed so far, and which of them are alive during a query (some tick of a
    member's interval), by offset (ties: placement order), as _best_gap reads them.

    Up to SCAN_LIMIT chunks they are kept in that order, so one vectorised comparison of every
    chunk's interval gives the alive ones already sorted. Past it they are held by placement
    number in two segment trees over ticks, so that a query costs what it finds rather than
    everything placed: one tree holds each chunk in the O(log T) nodes covering its interval
    (the chunks alive at `a` lie on the path from leaf `a` to the root), the other in every
    node above its start tick (the chunks starting in (a, b] are in the O(log T) nodes
    covering that range); the two answers are disjoint and are sorted by offset per query."""

    SCAN_LIMIT = 4096

    def __init__(self, capacity: int, ticks: int):
        self.count = 0
        self.ticks = ticks
        self.starts, self.ends, self.offsets, self.chunk_ends, self.numbers = (
            np.empty(capacity, dtype=np.int64) for _ in range(5))
        self.by_offset: list[int] | None = []  # the offsets in order, while chunks are held so
        self.covering: dict[int, list[int]] = {}
        self.starting: dict[int, list[int]] = {}
        self.size = 0

    def add(self, start: int, end: int, offset: int, chunk_end: int) -> None:
        number = self.count
        self.count += 1
        if self.by_offset is None:
            self._store(number, number, start, end, offset, chunk_end)
            self._index(number, start, end)
            return
        k = bisect.bisect_right(self.by_offset, offset)
        self.by_offset.insert(k, offset)
        for column in self._columns():
            column[k + 1:number + 1] = column[k:number]  # (numpy copies overlapping slices safely)
        self._store(k, number, start, end, offset, chunk_end)
        if self.count == self.SCAN_LIMIT:
            self._to_trees()

    def _columns(self) -> tuple:
        return self.starts, self.ends, self.offsets, self.chunk_ends, self.numbers

    def _store(self, k: int, number: int, start: int, end: int, offset: int, chunk_end: int) -> None:
        self.starts[k], self.ends[k], self.offsets[k], self.chunk_ends[k] = start, end, offset, chunk_end
        self.numbers[k] = number

    def _to_trees(self) -> None:
        """From offset order to placement order, every chunk indexed in the trees."""
        count, order = self.count, self.numbers[:self.count].copy()
        for column in self._columns():
            column[order] = column[:count].copy()
        self.by_offset = None
        self.size = 1 << max(self.ticks, 1).bit_length()
        for number in range(count):
            self._index(number, int(self.starts[number]), int(self.ends[number]))

    def _index(self, chunk: int, start: int, end: int) -> None:
        node = start + self.size
        while node:
            self.starting.setdefault(node, []).append(chunk)
            node >>= 1
        lo, hi = start + self.size, end + self.size + 1
        while lo < hi:
            if lo & 1:
                self.covering.setdefault(lo, []).append(chunk)
                lo += 1
            if hi & 1:
                hi -= 1
                self.covering.setdefault(hi, []).append(chunk)
            lo >>= 1
            hi >>= 1

    def alive(self, members: list[_Interval], first: int, last: int) -> tuple[np.ndarray, np.ndarray]:
        """Offsets and aligned ends of the chunks alive during some member's interval (the
        members span [first, last]), by offset."""
        count = self.count
        if self.by_offset is not None:
            mask = _alive_mask(self.starts[:count], self.ends[:count], members, first, last)
            return self.offsets[:count][mask], self.chunk_ends[:count][mask]
        near = self._near(first, last)
        if len(members) > 1:
            near = near[_alive_mask(self.starts[near], self.ends[near], members, first, last)]
        order = near[np.argsort(self.offsets[near], kind="stable")]
        return self.offsets[order], self.chunk_ends[order]

    def _near(self, start: int, end: int) -> np.ndarray:
        """Placement numbers of the chunks alive at some tick of [start, end], each once,
        ascending (the ties of the offset order)."""
        found = []
        node = start + self.size
        while node:
            found.append(self.covering.get(node, ()))
            node >>= 1
        lo, hi = start + 1 + self.size, end + self.size + 1
        while lo < hi:
            if lo & 1:
                found.append(self.starting.get(lo, ()))
                lo += 1
            if hi & 1:
                hi -= 1
                found.append(self.starting.get(hi, ()))
            lo >>= 1
            hi >>= 1
        total = sum(len(f) for f in found)
        chunks = np.fromiter(itertools.chain.from_iterable(found), dtype=np.int64, count=total)
        chunks.sort()
        return chunks


def _alive_mask(starts, ends, members: list[_Interval], first: int, last: int):
    """Which of the chunks with these intervals are alive during some member's interval (the
    members span [first, last]; colocated members: alive during any of them)."""
    if len(members) == 1:
        return (starts <= last) & (ends >= first)
    mask = np.zeros(starts.size, dtype=bool)
    for m in members:
        mask |= (starts <= m.end) & (ends >= m.start)
    return mask


def _transitive(intervals, value: int) -> list[int]:
    group = [value]
    i = 0
    while i < len(group):
        group.extend(intervals[group[i]].colocations)
        i += 1
    return group


def _round_up(x, alignment: int):
    return (x + alignment - 1) // alignment * alignment


def _best_gap(offsets, chunk_ends, size: int) -> int:
    """Best fit among the free gaps left by the chunks in use, given by offset: the smallest
    gap that holds `size` (ties: lowest), else the end of the heap. A gap runs from the end of
    everything before to the next chunk. Offsets and `chunk_ends` are aligned (every offset
    is 0 or such an end), so each gap starts aligned; `size` is the colocation group's
    largest, never less than the interval's own."""
    if offsets.size == 0:
        return 0
    free_from = np.maximum.accumulate(chunk_ends)  # (ends are never negative)
    gaps = offsets.copy()
    gaps[1:] -= free_from[:-1]
    fitting = np.where(gaps >= size, gaps, _NO_GAP)
    k = int(fitting.argmin())
    if fitting[k] != _NO_GAP:
        return int(free_from[k - 1]) if k else 0
    return int(free_from[-1])
