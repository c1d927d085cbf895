"""The live ranges of one allocation's values, kept sorted for phase A's interference tests."""
from __future__ import annotations

import bisect

from ...hlo.model import Instruction
from ..dataflow.dataflow import Value
from .candidates import INF


class Spans:
    """The live ranges of an allocation's values, sorted by start and by end. While no two of
    them overlap by more than a touch (`overlapping` is False), the last range starting before
    a query's end is the only one that can overlap it."""

    def __init__(self):
        self.starts: list[int] = []
        self.ends_by_start: list[int] = []
        self.by_start: list[Value] = []
        self.ends: list[int] = []
        self.by_end: list[Value] = []
        self.positions: set[Instruction] = set()
        self.unranged = False
        self.overlapping = False
        self.longest: tuple[float, float] = (INF, -INF)   # the longest range (none yet: nothing)

    def add(self, value: Value, r) -> None:
        self.positions.update(p for p, _ in value.positions)
        if r is None:
            self.unranged = True
            return
        if r.end - r.start > self.longest[1] - self.longest[0]:
            self.longest = (r.start, r.end)
        k = bisect.bisect_right(self.starts, r.start)
        if (k > 0 and self.ends_by_start[k - 1] > r.start and self.starts[k - 1] < r.end) or (
                k < len(self.starts) and self.starts[k] < r.end and r.start < self.ends_by_start[k]):
            self.overlapping = True
        self.starts.insert(k, r.start)
        self.ends_by_start.insert(k, r.end)
        self.by_start.insert(k, value)
        j = bisect.bisect_right(self.ends, r.end)
        self.ends.insert(j, r.end)
        self.by_end.insert(j, value)

    def overlaps(self, start: int, end: int) -> bool:
        """Some range overlaps [start, end] by more than a touch."""
        k = bisect.bisect_left(self.starts, end) - 1
        return k >= 0 and self.ends_by_start[k] > start

    def starting_at(self, t: int) -> list[Value]:
        return self.by_start[bisect.bisect_left(self.starts, t):bisect.bisect_right(self.starts, t)]

    def ending_at(self, t: int) -> list[Value]:
        return self.by_end[bisect.bisect_left(self.ends, t):bisect.bisect_right(self.ends, t)]
