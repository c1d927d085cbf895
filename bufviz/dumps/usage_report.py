"""`-memory-usage-report.txt` (docs/rules.md §1.5): the old layout (2024-10..2026-03, `Total bytes used`
and allocations sorted by size) and the new one (`Memory Space: name (color=c)` blocks)."""
from __future__ import annotations

import re

from .cursor import Cursor
from .records import MemorySpaceTotal, ReportAllocation, ReportGroup, UsageReport

_TOTAL_OLD = re.compile(r"Total bytes used: (\d+)")
_SPACE = re.compile(r"Memory Space: (\S+) \(color=(\d+)\)\s*$")
_TOTAL_NEW = re.compile(r"Total bytes: (\d+)")
# A percentage of 0 bytes is 0/0: XLA prints `-nan%` or `nan%` (`inf%` where the share is not 0).
_PERCENT = r"\s*(\d+|-?nan|-?inf)%"
_SUMMARY_ROW = re.compile(r"\s*\S+\(" + _PERCENT + r"\);\s*\S+; (allocation \d+: .*)$")
_ALLOCATION = re.compile(r"\s*allocation \d+: size \S+.*$")
_GROUP_ROW = re.compile(r"\s*(\S+)\(" + _PERCENT + r"\);\s*(\S+);\s*(\d+);\s*(\d+); (.*)$")
_TABLE_HEAD = re.compile(r"\s*cumulative_size;")
_REST_ALLOCATIONS = re.compile(r"\s*The rest (\d+) allocations are less than .*$")
_REST_VALUES = re.compile(r"\s*The rest \d+ values are less than .*$")
_BY_SIZE = "Allocations sorted by size:"
_WITH_VALUES = "Allocations sorted by size with their values:"
_IGNORED = re.compile(r"\s*(-{20,}|cumulative_size; total_size.*)$")


class _Reading:
    """What a complete report must still show: the open table's rows up to 100%, and (old
    layout) as many allocations with their values as the size-sorted list announced."""

    def __init__(self):
        self.table: ReportAllocation | None = None   # whose per-offset table is being read
        self.table_cut_short = False                 # 'The rest N values ...' ended it
        self.listed = 0                              # old layout: rows + 'The rest N allocations'
        self.sections: set[str] = set()
        self.empty_space = False   # new layout: the space being read holds 0 bytes (libtpu prints its table empty)

    def close_table(self, cur: Cursor) -> None:
        table, self.table = self.table, None
        if table is None or self.table_cut_short or (self.empty_space and not table.groups):
            return
        if not table.groups or table.groups[-1].percent not in (100, None):
            raise cur.error("more rows of the table above, up to a cumulative size of 100%")


def read_usage_report(text: str, path: str) -> UsageReport:
    cur = Cursor(text, path)
    cur.check_last_line()
    cur.skip_blank()
    first = cur.peek() or ""
    report = UsageReport(path, "new" if first.startswith("Memory Space:") else "old", text=text)
    current: ReportAllocation | None = None
    state = _Reading()
    while (line := cur.peek()) is not None:
        if not line.strip() or _IGNORED.match(line):
            pass
        elif line.strip() in (_BY_SIZE, _WITH_VALUES):
            state.sections.add(line.strip())
        elif m := _REST_ALLOCATIONS.match(line):
            state.listed += cur.number(m.group(1))
        elif _REST_VALUES.match(line):
            state.table_cut_short = True
        elif m := _TOTAL_OLD.match(line):
            report.total_bytes_used = cur.number(m.group(1))
        elif m := _SPACE.match(line):
            state.close_table(cur)
            report.memory_spaces.append(MemorySpaceTotal(m.group(1), cur.number(m.group(2)), 0))
        elif (m := _TOTAL_NEW.match(line)) and report.memory_spaces:
            report.memory_spaces[-1].total_bytes = cur.number(m.group(1))
            state.empty_space = report.memory_spaces[-1].total_bytes == 0
        elif _SUMMARY_ROW.match(line):
            state.listed += 1  # the same allocations are listed again below, with their values
        elif _ALLOCATION.match(line):
            state.close_table(cur)
            current = ReportAllocation(cur.line_no, summary=line.strip())
            report.allocations.append(current)
        elif _TABLE_HEAD.match(line):
            state.close_table(cur)
            if report.layout == "new":
                current = ReportAllocation(cur.line_no)
                report.allocations.append(current)
            elif current is None:
                raise cur.error("an 'allocation N: ...' line before its table")
            state.table, state.table_cut_short = current, False
        elif (m := _GROUP_ROW.match(line)) and current is not None:
            cum, pct, size, offset, count, shapes = m.groups()
            percent = cur.number(pct, 100, "a percentage") if pct.isdigit() else None   # (of an allocation of 0 bytes)
            current.groups.append(ReportGroup(cum, percent, size, cur.number(offset), cur.number(count), shapes))
        else:
            raise cur.error("a line of a memory-usage report")
        cur.take()
    state.close_table(cur)
    if report.total_bytes_used is None and not report.memory_spaces:
        raise cur.error("'Total bytes used: N' or 'Memory Space: NAME (color=N)'", 1)
    _check_complete(cur, report, state)
    if report.layout == "new":
        report.total_bytes_used = sum(s.total_bytes for s in report.memory_spaces)
    return report


def _check_complete(cur: Cursor, report: UsageReport, state: _Reading) -> None:
    """XLA's report (not a few lines quoted from one) ends with a newline; the old layout lists
    every allocation a second time, the new one ends each memory space with an empty line
    after its last table's."""
    if report.layout == "old" and _BY_SIZE not in state.sections:
        return
    if not cur.ends_with_newline:   # (a row's shapes list can stop anywhere)
        raise cur.error("the rest of the line", cur.end_line)
    if report.layout == "new":
        if cur.lines[-2:] != ["", ""]:
            raise cur.error("the empty lines that end a memory space")
    else:
        if _WITH_VALUES not in state.sections:
            raise cur.error(f"'{_WITH_VALUES}'")
        if len(report.allocations) < state.listed:
            raise cur.error(f"{state.listed} allocations with their values (as many as sorted by size "
                            f"above), got {len(report.allocations)}; then")
