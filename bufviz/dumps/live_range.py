"""HloLiveRange::ToString: `HloLiveRange (max N):`, the flattened sequence, every live range,
the peak list in its three historical forms and the stack-trace breakdown (docs/rules.md §1.4)."""
from __future__ import annotations

import math
import re

from .cursor import Cursor
from .records import LiveRangeDump, PeakRow, StackNode

_HEAD = re.compile(r"HloLiveRange \(max (\d+)\):\s*$")
_UNAVAILABLE = "HloLiveRange not available"
_SEQUENCE_ROW = re.compile(r"\s+(\d+):(\S+)\s*$")
_RANGE_ROW = re.compile(r"\s+(\S+?)(?:\{([0-9,]*)\})?:(\d+)-(\d+)\s*$")
_PEAK_HEAD = re.compile(r"\s+Live ranges at (\d+) \(peak\):\s*$")
_PEAK_ROW = re.compile(r"\s+(\S+?)(?:\{([0-9,]*)\})?: (\d+) bytes(?: \(cumulative: (\d+) bytes\))?\s*$")
_STACK_HEAD = re.compile(r"\s+Stack trace breakdown for peak usage: ([\d ]+) bytes\s*$")
_STACK_ROW = re.compile(r"([\s│├└─]*)(.*) \((\d+(?:\.\d+)?|-?nan|-?inf)%, total: ([\d ]+) bytes, "
                        r"current: ([\d ]+) bytes, remaining: ([\d ]+) bytes\)\s*$")
_UNDETERMINED = "Peak memory could not be determined"


def is_live_range_start(line: str) -> bool:
    return line.startswith("HloLiveRange")


def read_live_range(cur: Cursor) -> LiveRangeDump:
    """Read from the cursor's `HloLiveRange` line to the end of that section."""
    dump = LiveRangeDump(cur.path, cur.line_no)
    line: str | None
    line = cur.take()
    if line.startswith(_UNAVAILABLE):
        dump.unavailable = True
        return dump
    m = _HEAD.match(line)
    if not m:
        raise cur.error("'HloLiveRange (max N):'", dump.line)
    dump.schedule_end = cur.number(m.group(1))
    _expect(cur, "InstructionSequence:")
    while (line := cur.peek()) is not None and (m := _SEQUENCE_ROW.match(line)):
        if cur.number(m.group(1)) != len(dump.sequence):
            raise cur.error(f"instruction number {len(dump.sequence)} of the sequence")
        dump.sequence.append(m.group(2))
        cur.take()
    if len(dump.sequence) != dump.schedule_end:
        raise cur.error(f"{dump.schedule_end} instructions in the sequence (max {dump.schedule_end}), "
                        f"got {len(dump.sequence)}; then")
    _expect(cur, "BufferLiveRange:")
    end_at = dump.schedule_end
    while (line := cur.peek()) is not None and (m := _RANGE_ROW.match(line)):
        # a time is a place in the schedule: 0 to its end (XLA's max)
        start, end = cur.number(m.group(3), end_at, "a time"), cur.number(m.group(4), end_at, "a time")
        dump.ranges.append((m.group(1), cur.index(m.group(2) or ""), start, end))
        cur.take()
    line = cur.peek()
    if line is not None and _UNDETERMINED in line:
        dump.peak_undetermined = True
        cur.take()
    elif line is not None and (m := _PEAK_HEAD.match(line)):
        cur.take()
        dump.peak_time = cur.number(m.group(1), dump.schedule_end, "a time")
        _read_peak_rows(cur, dump)
        _check_peak_rows(cur, dump)
        _read_stack_trace(cur, dump)
    else:  # XLA always ends the live ranges with the peak (or why it has none)
        raise cur.error("a live range 'NAME{INDEX}:START-END' or '  Live ranges at T (peak):'")
    return dump


def _expect(cur: Cursor, header: str) -> None:
    line = cur.peek()
    if line is None or line.strip() != header:
        raise cur.error(f"'{header}'")
    cur.take()


def _read_peak_rows(cur: Cursor, dump: LiveRangeDump) -> None:
    while (line := cur.peek()) is not None and (m := _PEAK_ROW.match(line)):
        index = cur.index(m.group(2)) if m.group(2) is not None else None
        cumulative = cur.number(m.group(4)) if m.group(4) is not None else None
        row = PeakRow(m.group(1), index, cur.number(m.group(3)), cumulative)
        first = dump.peak_rows[0] if dump.peak_rows else row
        if (row.index is None, row.cumulative is None) != (first.index is None, first.cumulative is None):
            raise cur.error("a peak row in the form of those above it")  # one XLA prints one form
        dump.peak_rows.append(row)
        cur.take()


def _check_peak_rows(cur: Cursor, dump: LiveRangeDump) -> None:
    """XLA lists at the peak every value whose live range holds the peak time (docs/rules.md §3.3);
    fewer rows means the list was cut."""
    assert dump.peak_time is not None  # (read from the peak's head line just before)
    live = sum(1 for _, _, start, end in dump.ranges if start <= dump.peak_time <= end)
    if len(dump.peak_rows) < live:
        raise cur.error(f"{live} values in the peak list (the live ranges holding {dump.peak_time}), "
                        f"got {len(dump.peak_rows)}; then")


def _read_stack_trace(cur: Cursor, dump: LiveRangeDump) -> None:
    line = cur.peek()
    if line is None or not (m := _STACK_HEAD.match(line)):
        return
    cur.take()
    dump.stack_total = cur.number(m.group(1).replace(" ", ""))   # (XLA groups the digits by three)
    columns = []
    rows = []
    remaining = dump.stack_total
    while (line := cur.peek()) is not None and (m := _STACK_ROW.match(line)):
        total, current, left = (cur.number(m.group(k).replace(" ", "")) for k in (4, 5, 6))
        remaining -= current
        if left != remaining:
            raise cur.error(f"'remaining: {remaining} bytes' (the previous row's less this row's current)")
        cur.take()
        column = len(m.group(1))
        columns.append(column)
        drawn = m.group(1).rstrip()
        last = True if drawn.endswith("└──") else False if drawn.endswith("├──") else None
        rows.append((column, StackNode(0, m.group(2), _share(m.group(3)), total, current, left, last)))
    depth_of = {c: d for d, c in enumerate(sorted(set(columns)))}
    for column, node in rows:
        node.depth = depth_of[column]
    if remaining and _unshown_on_last_path([node for _, node in rows]):
        # the tree counts down to 'remaining: 0 bytes' in its last row, but for the bytes XLA keeps
        # in nodes of no name (`p['a/']`), which have no row and are never counted down
        raise cur.error(f"more stack-trace rows ({remaining} bytes not yet shown)")
    dump.stack_trace.extend(node for _, node in rows)
    top = sum(n.total for n in dump.stack_trace if n.depth == 0)
    if dump.stack_trace and top != dump.stack_total:
        raise cur.error(f"stack-trace rows adding up to {dump.stack_total} bytes (got {top}); then")


def _unshown_on_last_path(rows: list[StackNode]) -> bool:
    """Whether a row of the last path down the tree (the last row and the rows it is drawn
    under) holds bytes that no row drawn under it shows: where a file stops early, rows are
    missing there. A node of no name (`p['a//b']`, `p['a/']`) has no row: its bytes are shown
    nowhere, and its children are drawn under its parent; it leaves such bytes anywhere, so
    elsewhere they are XLA's, not a cut. No row at all: every byte is unshown."""
    if not rows:
        return True
    shown_under = [0] * len(rows)
    parents: list[int] = []
    for i, node in enumerate(rows):
        while parents and rows[parents[-1]].depth >= node.depth:
            parents.pop()
        if parents:
            shown_under[parents[-1]] += node.total
        parents.append(i)
    gaps = [n.total - n.current - shown for n, shown in zip(rows, shown_under)]
    return any(g < 0 for g in gaps) or any(gaps[i] for i in parents)


def read_live_range_file(text: str, path: str) -> LiveRangeDump:
    """A `-live-range.txt` file (XLA ≥ 2026-04 writes the live ranges separately)."""
    cur = Cursor(text, path)
    cur.check_last_line()
    cur.skip_blank()
    dump = read_live_range(cur)
    cur.skip_blank()
    if not cur.at_end():
        raise cur.error("the end of the live-range text")
    dump.end_line = cur.end_line
    return dump


def _share(text: str) -> float | None:
    """A row's percentage; None where XLA divided by a peak of 0 bytes (`-nan%`)."""
    share = float(text)
    return share if math.isfinite(share) else None
