"""Rules shared by every live-range computation, whatever the source of the values."""
from __future__ import annotations

from dataclasses import dataclass, field

from .peak import LiveValue, live_at, max_live_bytes, peak_moment


def normalize_aliased(buffer: list[LiveValue], old_rule: bool) -> None:
    """NormalizeAliasedBuffers: values of one buffer stop overlapping (docs/rules.md §3.2).

    Current rule (since 2022-06-24): sort by (start, end, order); for consecutive v1, v2:
    v2.end = max(v1.end, v2.end), v1.end = min(v1.end, v2.start). The pre-2022-06 rule cut v1 at
    v2.start - 1 instead, and gave v1 v2's end when both started together.
    """
    if len(buffer) < 2:
        return
    buffer.sort(key=lambda v: (v.start, v.end, v.order))
    for v1, v2 in zip(buffer, buffer[1:]):
        if old_rule:
            if v1.start == v2.start:
                v1.end = v2.end
            elif v1.end < v2.start:
                continue
            else:
                v2.end = max(v1.end, v2.end)
                v1.end = v2.start - 1
        else:
            v2.end = max(v1.end, v2.end)
            v1.end = min(v1.end, v2.start)


@dataclass
class PeakResult:
    """Live ranges and XLA's peak, recomputed by bufviz."""
    source: str                  # "hlo" or "dump": where the values came from
    schedule_end: int
    values: list[LiveValue]      # every value with a live range
    peak_time: int
    live: list[LiveValue]        # values live at peak_time, in XLA's print order
    max_bytes: int               # the true maximum of live bytes over the schedule
    max_time: int
    notes: list[str] = field(default_factory=list)
    stack_trace: dict | None = None       # the breakdown of the peak by call path (§3.8)
    parameters: list[dict] | None = None  # entry parameters and the outputs they alias
    sequence: list[str] | None = None     # the flattened schedule, by instruction name
    buffers: list[list[int]] | None = None  # dump only: value ids that share a buffer (2 or more)
    memory_spaces: list[dict] | None = None  # with several spaces: each one's peak (this is space 0)
    all_spaces: "PeakResult | None" = None    # with several spaces: XLA's peak over all of them

    @property
    def peak_bytes(self) -> int:
        return sum(v.bytes for v in self.live)

    @property
    def peak_instruction_bytes(self) -> int:
        """The peak list summed with instruction sizes, as XLA printed it before 2025-04."""
        return sum(v.instr_bytes for v in self.live)


def compute_peak(source: str, values: list[LiveValue], schedule_end: int,
                 notes: list[str] | None = None) -> PeakResult:
    time = peak_moment(values, schedule_end)
    max_bytes, max_time = max_live_bytes(values, schedule_end)
    return PeakResult(source, schedule_end, values, time, live_at(values, time),
                      max_bytes, max_time, notes or [])


def split_by_memory_space(overall: PeakResult, spaces: list[int]) -> PeakResult:
    """The peak of each memory space (first time of its maximum of live bytes, value sizes),
    with space 0 as the headline result; `overall` (XLA's definition) is kept in all_spaces."""
    per_space = []
    headline = None
    for space in spaces:
        mine = [v for v in overall.values if v.memory_space == space]
        peak_bytes, time = max_live_bytes(mine, overall.schedule_end)
        live = live_at(mine, time)
        per_space.append({"memory_space": space, "peak_time": time, "peak_bytes": peak_bytes, "live": live})
        if space == 0:  # its peak is its true maximum
            headline = PeakResult(overall.source, overall.schedule_end, overall.values, time, live,
                                  peak_bytes, time, overall.notes)
    if headline is None:  # nothing in HBM: an empty headline
        headline = PeakResult(overall.source, overall.schedule_end, overall.values, 0, [],
                              overall.max_bytes, overall.max_time, overall.notes)
    headline.memory_spaces = per_space
    headline.all_spaces = overall
    return headline
