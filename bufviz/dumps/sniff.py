"""Which kind of XLA text a file holds, decided from its first lines (names are unreliable:
users paste dumps into files of any name)."""
from __future__ import annotations

HLO = "hlo"
BUFFER_ASSIGNMENT = "buffer_assignment"
VALUES = "values"
LIVE_RANGE = "live_range"
USAGE_REPORT = "memory_usage_report"
MEMORY_STATS = "memory_stats"
OOM = "oom"
UNKNOWN = "unknown"

KIND_NAMES = {
    HLO: "HLO module",
    BUFFER_ASSIGNMENT: "buffer assignment",
    VALUES: "buffer-assignment values",
    LIVE_RANGE: "live range",
    USAGE_REPORT: "memory-usage report",
    MEMORY_STATS: "jax memory statistics",
    OOM: "out-of-memory message",
}


def detect_kind(text: str) -> str:
    lines = []
    for line in text[:65536].split("\n"):
        if line.strip():
            lines.append(line.strip())
            if len(lines) == 3:
                break
    if not lines:
        return UNKNOWN
    first = lines[0]
    second = lines[1] if len(lines) > 1 else ""
    if first.startswith("HloModule"):
        return HLO
    if first.startswith(("{", "CompiledMemoryStats")) and "argument_size_in_bytes" in text[:65536]:
        return MEMORY_STATS  # jax's compiled.memory_analysis(), as JSON or as printed
    if first == "BufferAssignment:":
        return BUFFER_ASSIGNMENT
    if first.startswith("HloLiveRange"):
        return LIVE_RANGE
    if first.startswith("Memory Space:"):
        return USAGE_REPORT
    if first.startswith("Total bytes used:"):
        if second == "Used values:":
            return VALUES
        if second.startswith("Allocations sorted by size") or second.startswith("allocation "):
            return USAGE_REPORT
    from .oom import looks_like_oom  # (its many patterns compile only for texts that are not dumps)

    if looks_like_oom(text):
        return OOM  # a log or a pasted error: found anywhere in its head
    if len(lines) == 1:
        return _cut_in_first_line(first)
    return UNKNOWN


def _cut_in_first_line(first: str) -> str:
    """A file cut inside its first line: the start of a dump's first line is that dump (its
    reader then says it was cut short)."""
    for start, kind in (("BufferAssignment:", BUFFER_ASSIGNMENT), ("HloLiveRange", LIVE_RANGE),
                        ("Total bytes used:", VALUES)):
        if len(first) >= 4 and (start.startswith(first) or first.startswith(start)):
            return kind
    return UNKNOWN
