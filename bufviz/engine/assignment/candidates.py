"""The allocations a buffer may join in phase A (docs/rules.md §4.2), newest first, without
visiting the ones that cannot take it. XLA tries every live-out and donated allocation for
every buffer; an optimizer step has hundreds of them, still holding their parameters while
most buffers live, so trying each in turn is quadratic. A tree over the candidates in creation
order keeps, for each stretch of them, what rules the whole stretch out at once: the latest
start of a value live to the end (a buffer ending after it cannot join), the largest size, and
the range that every one of them holds a value over (a buffer overlapping it cannot join)."""
from __future__ import annotations

from ...timings import count

INF = float("inf")


class Candidates:
    """Allocations in the order they were made; `newest_first` yields, newest first, every one
    that the three tests above do not rule out (the caller decides on each)."""

    def __init__(self) -> None:
        self.items: list = []
        self._where: dict = {}          # allocation -> its leaf number
        self._capacity = 1
        self._reset()

    def _reset(self) -> None:
        n = 2 * self._capacity
        self._tail = [-INF] * n        # latest tail below a node
        self._size = [-1] * n          # largest size below a node
        self._start = [INF] * n        # latest start of the blocking ranges below a node
        self._end = [-INF] * n         # earliest end of the blocking ranges below a node

    def __len__(self) -> int:
        return len(self.items)

    def append(self, alloc) -> None:
        if len(self.items) == self._capacity:
            self._capacity *= 2
            self._reset()
            for k, item in enumerate(self.items):
                self._set_leaf(k, item)
            for node in range(self._capacity - 1, 0, -1):
                self._pull(node)   # (every node, changed or not)
        self._where[alloc] = len(self.items)
        self.items.append(alloc)
        self.update(alloc)

    def update(self, alloc) -> None:
        """After values joined `alloc`: its tail and blocking range may have changed."""
        k = self._where.get(alloc)
        if k is None:
            return
        node = self._set_leaf(k, alloc)
        if node is None:
            return
        node //= 2
        while node and self._pull(node):
            node //= 2

    def _set_leaf(self, k: int, alloc) -> int | None:
        """The leaf's node, or None when nothing it holds changed."""
        node = self._capacity + k
        leaf = (alloc.tail, alloc.size, *_blocking(alloc))
        if leaf == (self._tail[node], self._size[node], self._start[node], self._end[node]):
            return None
        self._tail[node], self._size[node], self._start[node], self._end[node] = leaf
        return node

    def _pull(self, node: int) -> bool:
        """Whether the node changed."""
        a, b = 2 * node, 2 * node + 1
        new = (max(self._tail[a], self._tail[b]), max(self._size[a], self._size[b]),
               max(self._start[a], self._start[b]), min(self._end[a], self._end[b]))
        if new == (self._tail[node], self._size[node], self._start[node], self._end[node]):
            return False
        self._tail[node], self._size[node], self._start[node], self._end[node] = new
        return True

    def newest_first(self, last_end: int, size: int, span: tuple[int, int] | None):
        """Candidates whose tail is not before `last_end`, of `size` bytes or more, and (with
        `span`, one live range of the buffer) not holding a value that overlaps `span` by more
        than a touch; newest first."""
        tail, sizes, starts, ends, leaves = self._tail, self._size, self._start, self._end, self._capacity
        s, e = span if span is not None else (INF, -INF)
        stack, visited = [1], 0
        try:
            while stack:
                node = stack.pop()
                visited += 1
                if tail[node] < last_end or sizes[node] < size or (starts[node] < e and ends[node] > s):
                    continue
                if node >= leaves:
                    yield self.items[node - leaves]
                else:
                    stack.append(2 * node)
                    stack.append(2 * node + 1)
        finally:   # (also when the caller stops at the candidate it takes)
            count("phase A tree nodes", visited)


def _blocking(alloc) -> tuple[float, float]:
    """A range the allocation holds a value over: its longest; everything when a value has no
    live range (it interferes with every buffer); nothing before its first value."""
    spans = alloc.spans
    if spans is None:
        return INF, -INF
    if spans.unranged:
        return -INF, INF
    return spans.longest
