"""Typed records of what XLA printed in its dumps (buffer assignment, values, live ranges,
memory-usage report). Readers fill them; nothing here interprets the numbers."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..kinds import allocation_kinds

Index = tuple  # a shape index, e.g. () or (0, 1)


@dataclass(slots=True)
class AllocValue:
    """` value: <ID NAME{idx} (phi) @C> (size=S,offset=O): SHAPE` inside an allocation."""
    id: int
    name: str
    index: Index | None      # None when the name had no `{...}` (array-shaped instruction)
    is_phi: bool
    color: int | None
    size: int
    offset: int
    shape: str


@dataclass(slots=True)
class Allocation:
    index: int
    size: int
    line: int
    address: str | None = None
    color: int = 0
    page: int | None = None
    parameter: int | None = None
    parameter_index: Index | None = None
    parameter_shape: str | None = None
    output_shape: str | None = None
    constant: bool = False
    thread_local: bool = False
    maybe_live_out: bool = False
    preallocated_temp: bool = False
    values: list[AllocValue] = field(default_factory=list)
    cross_color_values: list[tuple[int, str, int]] = field(default_factory=list)  # (id, name, color)

    @property
    def kinds(self) -> list[str]:
        return allocation_kinds(self.parameter is not None, self.maybe_live_out, self.constant,
                                self.thread_local, self.preallocated_temp)


@dataclass(slots=True)
class ValueRecord:
    """One block of "Used values"."""
    id: int
    name: str
    index: Index | None
    is_phi: bool
    color: int | None
    positions: list[tuple[str, Index | None]]
    uses: list[tuple[str, int, Index | None]] | None   # None: "uses are not initialized yet"
    instruction: str                                    # the `from instruction:` text
    line: int


@dataclass(slots=True)
class PeakRow:
    name: str
    index: Index | None        # None in the old `name: N bytes` form
    bytes: int
    cumulative: int | None


@dataclass(slots=True)
class StackNode:
    depth: int
    name: str
    percent: float | None   # None where XLA printed nan (a peak of 0 bytes)
    total: int
    current: int
    remaining: int
    last: bool | None = None   # drawn └── (True) or ├── (False); None for a top row


@dataclass
class LiveRangeDump:
    """`HloLiveRange (max N):` and what follows."""
    path: str
    line: int
    schedule_end: int | None = None
    sequence: list[str] = field(default_factory=list)
    ranges: list[tuple[str, Index, int, int]] = field(default_factory=list)
    peak_time: int | None = None
    peak_rows: list[PeakRow] = field(default_factory=list)
    stack_total: int | None = None
    stack_trace: list[StackNode] = field(default_factory=list)
    peak_undetermined: bool = False   # "Peak memory could not be determined ..."
    unavailable: bool = False         # "HloLiveRange not available ..."
    end_line: int | None = None       # where the file holding it stops

    @property
    def row_style(self) -> str | None:
        """'instruction' (`name: B bytes`), 'value' (`name{i}: B bytes`), 'cumulative'."""
        if not self.peak_rows:
            return None
        row = self.peak_rows[0]
        if row.index is None:
            return "instruction"
        return "cumulative" if row.cumulative is not None else "value"


@dataclass
class BufferAssignmentDump:
    """A `-buffer-assignment.txt` (old combined or new split) or `-buffer-assignment-values.txt`."""
    path: str
    allocations: list[Allocation] = field(default_factory=list)
    total_bytes_used: int | None = None
    values: list[ValueRecord] | None = None
    live_range: LiveRangeDump | None = None
    features: dict[str, object] = field(default_factory=dict)
    end_lines: dict[str, int] = field(default_factory=dict)   # file read into it -> line where it stops


@dataclass(slots=True)
class ReportGroup:
    """One row of a memory-usage-report table: values sharing an offset in one allocation."""
    cumulative: str
    percent: int | None   # None where XLA printed nan: a share of an allocation of 0 bytes
    size: str
    offset: int
    value_count: int
    shapes: str


@dataclass
class ReportAllocation:
    line: int
    summary: str | None = None              # old layout: the allocation's short string
    groups: list[ReportGroup] = field(default_factory=list)


@dataclass
class MemorySpaceTotal:
    name: str
    color: int
    total_bytes: int


@dataclass
class UsageReport:
    """A `-memory-usage-report.txt` (old layout 2024-10..2026-03, new layout since)."""
    path: str
    layout: str                                        # "old" or "new"
    text: str = ""                                     # as read, to compare with a regenerated one
    total_bytes_used: int | None = None
    memory_spaces: list[MemorySpaceTotal] = field(default_factory=list)
    allocations: list[ReportAllocation] = field(default_factory=list)
