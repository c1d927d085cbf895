"""`-memory-usage-report.txt` (spec §1.6): the old layout (2024-10..2026-03, `Total bytes used`
and allocations sorted by size) and the new one (`Memory Space: name (color=c)` blocks)."""
from __future__ import annotations

import re

from .cursor import Cursor
from .records import MemorySpaceTotal, ReportAllocation, ReportGroup, UsageReport

_TOTAL_OLD = re.compile(r"Total bytes used: (\d+)")
_SPACE = re.compile(r"Memory Space: (\S+) \(color=(\d+)\)\s*$")
_TOTAL_NEW = re.compile(r"Total bytes: (\d+)")
_SUMMARY_ROW = re.compile(r"\s*\S+\(\s*\d+%\);\s*\S+; (allocation \d+: .*)$")
_ALLOCATION = re.compile(r"\s*allocation \d+: size \S+.*$")
_GROUP_ROW = re.compile(r"\s*(\S+)\(\s*(\d+)%\);\s*(\S+);\s*(\d+);\s*(\d+); (.*)$")
_TABLE_HEAD = re.compile(r"\s*cumulative_size;")
_IGNORED = re.compile(r"\s*(-{20,}|Allocations sorted by size.*|cumulative_size; total_size.*|The rest \d+ \w+ are less than .*)$")


def read_usage_report(text: str, path: str) -> UsageReport:
    cur = Cursor(text, path)
    cur.skip_blank()
    first = cur.peek() or ""
    report = UsageReport(path, "new" if first.startswith("Memory Space:") else "old", text=text)
    current: ReportAllocation | None = None
    while (line := cur.peek()) is not None:
        if not line.strip() or _IGNORED.match(line):
            pass
        elif m := _TOTAL_OLD.match(line):
            report.total_bytes_used = int(m.group(1))
        elif m := _SPACE.match(line):
            report.memory_spaces.append(MemorySpaceTotal(m.group(1), int(m.group(2)), 0))
        elif (m := _TOTAL_NEW.match(line)) and report.memory_spaces:
            report.memory_spaces[-1].total_bytes = int(m.group(1))
        elif _SUMMARY_ROW.match(line):
            pass  # the same allocations are listed again below, with their values
        elif _ALLOCATION.match(line):
            current = ReportAllocation(cur.line_no, summary=line.strip())
            report.allocations.append(current)
        elif _TABLE_HEAD.match(line):
            if report.layout == "new":
                current = ReportAllocation(cur.line_no)
                report.allocations.append(current)
            elif current is None:
                raise cur.error("an 'allocation N: ...' line before its table")
        elif (m := _GROUP_ROW.match(line)) and current is not None:
            cum, pct, size, offset, count, shapes = m.groups()
            current.groups.append(ReportGroup(cum, int(pct), size, int(offset), int(count), shapes))
        else:
            raise cur.error("a line of a memory-usage report")
        cur.take()
    if report.total_bytes_used is None and not report.memory_spaces:
        raise cur.error("'Total bytes used: N' or 'Memory Space: NAME (color=N)'", 1)
    if report.layout == "new":
        report.total_bytes_used = sum(s.total_bytes for s in report.memory_spaces)
    return report
