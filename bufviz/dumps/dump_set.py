"""Checks across the files of one dump. Since 2026-04 XLA writes the allocations, the values and
the live ranges to three files: each can read as complete while one of them was cut short."""
from __future__ import annotations

from ..errors import BufvizError
from .buffer_assignment import unlisted_value
from .cursor import TRUNCATED
from .records import BufferAssignmentDump, LiveRangeDump

SPLIT = "2026-04-03"   # XLA writes values and live ranges in files of their own from this date
_AT_END = ", found the end of the file" + TRUNCATED


def check_dump_set(ba: BufferAssignmentDump | None, live_range: LiveRangeDump | None,
                   paths: dict[str, str | None], written_before_split: bool | None = None) -> None:
    """Raise a BufvizError at the end of the file that stops short of what the others show.
    `paths` names the file each part came from (keys buffer_assignment, values, live_range);
    `written_before_split`: other clues (the HLO module, the memory-usage report) date the
    text before SPLIT, so one file held everything."""
    if ba is None:
        return
    allocations, values = paths.get("buffer_assignment"), paths.get("values")
    if ba.allocations and ba.values is None and written_before_split:
        assert allocations is not None  # (allocations are read only from the file named there)
        raise BufvizError("expected 'Total bytes used: N (...)' and 'Used values:' after the allocations "
                          f"(XLA before {SPLIT} printed them in this file){_AT_END}",
                          allocations, ba.end_lines.get(allocations))
    if ba.allocations and ba.values is not None and values != allocations:
        assert allocations is not None and values is not None  # (each read from the file named there)
        _check_values_listed(ba, values, allocations)
        _check_allocations(ba, allocations, values)
        if live_range is not None and paths.get("live_range") not in (None, values):
            _check_stack_trace(live_range)


def _check_values_listed(ba: BufferAssignmentDump, values_path: str, allocations_path: str) -> None:
    missing = unlisted_value(ba)
    if missing is not None:
        raise BufvizError(f"expected the value block '<{missing.id} {missing.name} ...>' (held by an "
                          f"allocation in {allocations_path}){_AT_END}", values_path,
                          ba.end_lines.get(values_path))


def _check_allocations(ba: BufferAssignmentDump, allocations_path: str, values_path: str) -> None:
    """The allocations hold every value the values file lists, and their sizes add up to its
    `Total bytes used`."""
    held = {v.id for a in ba.allocations for v in a.values}
    assert ba.values is not None  # (checked only where the values were read)
    unheld = next((v for v in ba.values if v.id not in held), None)
    if unheld is not None:
        expected = f"an allocation holding value <{unheld.id} {unheld.name}> of {values_path}"
    elif ba.total_bytes_used is not None and sum(a.size for a in ba.allocations) < ba.total_bytes_used:
        expected = (f"allocations adding up to 'Total bytes used: {ba.total_bytes_used}' of {values_path}, "
                    f"got {len(ba.allocations)} adding up to {sum(a.size for a in ba.allocations)}; then")
    else:
        return
    raise BufvizError(f"expected {expected}{_AT_END}", allocations_path, ba.end_lines.get(allocations_path))


def _check_stack_trace(live_range: LiveRangeDump) -> None:
    """Split files date the text after SPLIT; XLA has printed the stack-trace breakdown after the
    peak list since 2025-07-23."""
    if live_range.peak_rows and live_range.stack_total is None:
        raise BufvizError("expected '  Stack trace breakdown for peak usage: N bytes' after the peak list"
                          + _AT_END, live_range.path, live_range.end_line)
