"""The allocations a buffer may join in phase A (docs/rules.md §4.2), newest first, without
visiting the ones that cannot take it. XLA tries every live-out and donated allocation for
every buffer; an optimizer step has hundreds of them, still holding their parameters while
most buffers live, so trying each in turn is quadratic. The candidates are kept in blocks in
creation order, each block with what rules all of it out at once: the latest start of a value
live to the end among them (a buffer ending after it cannot join), their largest size, and the
range every one of them holds a value over (a buffer overlapping it cannot join). A block's
summary is worked out again only when asked after one of its candidates changed."""
from __future__ import annotations

from ...timings import count

INF = float("inf")
BLOCK = 16   # candidates summarised together


class Candidates:
    """Allocations in the order they were made; `newest_first` yields, newest first, every one
    that the three tests above do not rule out (the caller decides on each)."""

    def __init__(self) -> None:
        self.items: list = []
        self._where: dict = {}                         # allocation -> its place in `items`
        self._summaries: list[tuple | None] = []       # per block; None: to work out again

    def append(self, alloc) -> None:
        k = len(self.items)
        self._where[alloc] = k
        self.items.append(alloc)
        if k % BLOCK == 0:
            self._summaries.append(None)
        else:
            self._summaries[k // BLOCK] = None

    def update(self, alloc) -> None:
        """After values joined `alloc`: its tail and blocking range may have changed."""
        k = self._where.get(alloc)
        if k is not None:
            self._summaries[k // BLOCK] = None

    def _summary(self, block: int) -> tuple:
        members = self.items[block * BLOCK:(block + 1) * BLOCK]
        spans = [_blocking(a) for a in members]
        found = self._summaries[block] = (max(a.tail for a in members), max(a.size for a in members),
                                          max(s for s, _ in spans), min(e for _, e in spans))
        return found

    def newest_first(self, last_end: int, size: int, span: tuple[int, int] | None):
        """Candidates whose tail is not before `last_end`, of `size` bytes or more, and (with
        `span`, one live range of the buffer) not holding a value that overlaps `span` by more
        than a touch; newest first."""
        s, e = span if span is not None else (INF, -INF)
        items, summaries = self.items, self._summaries
        visited = 0
        try:
            for block in range(len(summaries) - 1, -1, -1):
                tail, most, start, end = summaries[block] or self._summary(block)
                visited += 1
                if tail < last_end or most < size or (start < e and end > s):
                    continue
                for k in range(min((block + 1) * BLOCK, len(items)) - 1, block * BLOCK - 1, -1):
                    alloc = items[k]
                    visited += 1
                    if alloc.tail < last_end or alloc.size < size:
                        continue
                    start, end = _blocking(alloc)
                    if start < e and end > s:
                        continue
                    yield alloc
        finally:   # (also when the caller stops at the candidate it takes)
            count("phase A candidates visited", visited)


def _blocking(alloc) -> tuple[float, float]:
    """A range the allocation holds a value over: its longest; everything when a value has no
    live range (it interferes with every buffer); nothing before its first value."""
    spans = alloc.spans
    if spans is None:
        return INF, -INF
    if spans.unranged:
        return -INF, INF
    return spans.longest
