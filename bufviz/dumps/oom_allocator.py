"""What a log says around an out-of-memory failure besides the failure itself, for `read_oom`:
the BFC allocator's limit and the bytes it had in use, its warnings that are no failure, and
when the failure happened (while compiling, autotuning included, or while running)."""
from __future__ import annotations

import re

from ..units import bounded_at, parse_human_bytes

# BFCAllocator::AllocateRaw with its caller's "not a failure" flag (autotuning asks so): a warning.
_NOT_A_FAILURE = re.compile(r"The caller indicates that this is not a failure")
# The BFC allocator's dump: its `Stats:` block (bytes until 2025, sizes like 326.00MiB in jax 0.11),
# its list of in-use chunks by size (exact), its summary line (rounded).
_EXACT = {"limit": [re.compile(r"^Limit:\s+(\d+)$"), re.compile(r"memory_limit_: (\d+)")],
          "in_use": [re.compile(r"^InUse:\s+(\d+)$")]}
_ROUNDED = {"limit": [re.compile(r"^Limit:\s+(\S+)$")],
            "in_use": [re.compile(r"^InUse:\s+(\S+)$"), re.compile(r"^Sum Total of in-use chunks: (\S+)$")]}
_CHUNKS_START = re.compile(r"Summary of in-use Chunks by size:?$")
_CHUNKS = re.compile(r"^(\d+) Chunks of size (\d+) totalling")
# The PjRt GPU client at start-up (jax): the BFC allocator's limit per device, reserved at once
# ("allocating") or grown on demand ("will use up to": XLA_PYTHON_CLIENT_PREALLOCATE=false). Not
# the `CollectiveBFCAllocator` line, another allocator's.
_BACKEND_LIMIT = re.compile(r"XLA backend (will use up to|allocating) (?:\S+ \()?(\d+) bytes\)? on device (\d+) "
                            r"for BFCAllocator\b")
_GPU_ALLOCATOR = re.compile(r"^GPU_(\d+)_bfc$")
_AUTOTUNING = re.compile(r"Failed to get configs for: (\d+) out of (\d+) instructions")
# When it failed, from the words around the failure; the last such line decides.
_COMPILING = re.compile(r"Failed to get configs for|Could not get config for HLO|compile permanent error|"
                        r"TPU compilation failed|CompileTimeHbmOom|, in (?:backend_compile\w*|compile_or_get_cached)$")
_AUTOTUNER = re.compile(r"Failed to get configs for|Could not get config for HLO")
_RUNNING = re.compile(r"Execution of replica|while running replica|BufferAssignment OOM Debugging|"
                      r"ran out of memory trying to allocate \S+ \(rounded to|That was not possible|"
                      r"OOM when allocating tensor")
COMPILE, RUN, AUTOTUNING = "compile", "run", "autotuning"


def is_allocator_warning(line: str) -> bool:
    return _NOT_A_FAILURE.search(line) is not None


def read_allocator(report, lines: list[str], failure_at: int) -> None:
    """Into `report` (the OomReport being read): the allocator's limit and bytes in use (exact
    figures first), its warnings, autotuning's count of instructions left without a
    configuration, and the phase."""
    def number(value: str | int, k: int, what: str = "a number of bytes") -> int:
        return bounded_at(value, report.path, k + 1, what)   # (k: the line's index)

    for key in ("limit", "in_use"):
        if getattr(report, f"{key}_bytes") is None and (found := _first(lines, _EXACT[key])):
            setattr(report, f"{key}_bytes", number(*found))
    if report.in_use_bytes is None:
        report.in_use_bytes = _in_use_chunks(lines, number)
    announced = _backend_limit(report.allocator, lines[:failure_at] or lines)
    if announced is not None:
        report.preallocate = announced[1]
        if report.limit_bytes is None:
            report.limit_bytes = number(*announced[0])
    for key in ("limit", "in_use"):
        if getattr(report, f"{key}_bytes") is None and (found := _first(lines, _ROUNDED[key])):
            size = parse_human_bytes(found[0])
            setattr(report, f"{key}_bytes", number(size, found[1]) if size is not None else None)
    if report.in_use_bytes is not None:   # what `used_bytes` and `capacity_bytes` meant for BFC dumps
        report.used_bytes = report.in_use_bytes
    if report.limit_bytes is not None:
        report.capacity_bytes = report.limit_bytes
    warnings = sum(1 for line in lines if is_allocator_warning(line))
    if warnings:
        report.stats["allocator_warnings"] = warnings
    if found := _first(lines, [_AUTOTUNING], 2):
        report.stats["autotuning_failed_instructions"] = number(found[0], found[2], "a count")
        report.stats["autotuning_instructions"] = number(found[1], found[2], "a count")
    report.phase, report.compile_pass = _phase(lines)


def _first(lines: list[str], patterns: list[re.Pattern], groups: int = 1) -> tuple | None:
    """The first line that the first pattern matches, else the second pattern's, ...: its
    number (its `groups` numbers), then its index."""
    for pattern in patterns:
        for k, line in enumerate(lines):
            if m := pattern.search(line):
                return (*m.groups()[:groups], k)
    return None


def _in_use_chunks(lines: list[str], number) -> int | None:
    """The sum of the first dump's `N Chunks of size S totalling …` lines: the bytes in use, exact.
    None when the list does not end in its `Sum Total` line (a text cut inside it)."""
    start = next((i for i, line in enumerate(lines) if _CHUNKS_START.search(line)), None)
    if start is None:
        return None
    total = 0
    for k in range(start + 1, len(lines)):
        if m := _CHUNKS.match(lines[k]):
            total = number(total + number(m.group(1), k, "a count") * number(m.group(2), k), k,
                           "chunks in use adding up to a number of bytes")
        else:
            return total if lines[k].startswith("Sum Total of in-use chunks:") else None
    return None


def _backend_limit(allocator: str | None, lines: list[str]) -> tuple[tuple[str, int], bool] | None:
    """The failing BFC allocator's limit as the client announced it for that device (its number
    and line), and whether it was reserved at once: the last announcement before the failure (a
    log may hold several processes)."""
    device = _GPU_ALLOCATOR.match(allocator or "")
    if device is None:
        return None
    found = [((m.group(2), k), m.group(1) == "allocating") for k, line in enumerate(lines)
             if (m := _BACKEND_LIMIT.search(line)) and m.group(3) == device.group(1)]
    return found[-1] if found else None


def _phase(lines: list[str]) -> tuple[str | None, str | None]:
    """Compiling or running, by the last line that says which; "autotuning" when compiling failed
    in XLA:GPU's autotuner."""
    phase = None
    for line in lines:
        if _COMPILING.search(line):
            phase = COMPILE
        elif _RUNNING.search(line) and not is_allocator_warning(line):
            phase = RUN
    autotuning = phase == COMPILE and any(_AUTOTUNER.search(line) for line in lines)
    return phase, AUTOTUNING if autotuning else None
