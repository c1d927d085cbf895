"""Out-of-memory messages as users paste them (docs/rules.md §1.6): XLA:GPU's `BufferAssignment OOM
Debugging` report, libtpu's `Ran out of memory in memory space hbm` report and its compile-time
usage log, and bare allocator failures (BFC, ROCm, PjRt, libtpu, TensorFlow). Logs wrap them in
glog or absl prefixes, Ray's `(pid=…)` and dedup suffixes, `> ` quoting; terminals expand tabs and
hard-wrap long lines; people cut them short. The reader takes what is there, and says whether
the text reports a failure at all (a compile log that fits is only a usage report). What the log
says around the failure (the allocator's limit and bytes in use, its warnings that are no failure,
compiling or running) is read by `oom_allocator`."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from ..errors import BufvizError
from ..units import NumberError, bounded, bounded_at, parse_human_bytes
from .oom_allocator import is_allocator_warning, read_allocator

# Anything that says "this is an out-of-memory text", searched in the first 256 KiB.
MARKERS = re.compile("|".join([
    r"BufferAssignment OOM Debugging", r"Ran out of memory in memory space", r"ran out of memory trying to allocate",
    r"Out of memory while trying to allocate", r"Out of memory allocating \d+ bytes",
    r"Failed to allocate request for", r"failed to allocate \S+ \(\d+ bytes\)",
    r"Attempting to (?:reserve|allocate) \S+(?: at the bottom of memory)?\. That was not possible",
    r"OOM when allocating tensor with shape", r"XLA::TPU program \w+ usage:", r"Total \w+ usage >=",
    r"^\s*Peak buffers:", r"^\s*Buffer \d+:\s*$", r"Entry Parameter Subshape:", r"Largest program allocations in",
]), re.M)

_PREFIXES = [
    re.compile(r"^\(pid=[^)]*\)\s*"),                                                # Ray
    re.compile(r"^(?:>\s?)+"),                                                        # quoting
    re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?:?\s+[IWEF]\s+\S+:\d+\]\s?"),  # absl / TF
    re.compile(r"^[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+\s+\d+\s+\S+:\d+\]\s?"),               # glog
    re.compile(r"^[\w./-]*:?\d+\] "),                                                 # a cut glog prefix
]
_RAY_DEDUP = re.compile(r"\s*\[repeated \d+x across cluster\]\s*$")

_REQUESTS = [  # most exact first
    re.compile(r"Out of memory while trying to allocate (\d+) bytes"),
    re.compile(r"Out of memory allocating (\d+) bytes"),
    re.compile(r"Failed to allocate request for \S+ \((\d+)B\)"),
    re.compile(r"failed to allocate \S+ \((\d+) bytes\)"),
    re.compile(r"ran out of memory trying to allocate \S+ \(rounded to (\d+)\)"),
]
# XLA:GPU's allocator adapter, rounded ("24.00MiB"): each instruction autotuning failed for, then
# the error that ends the program repeats one (`Example failure:`), so the last is the failure.
_ADAPTER_REQUEST = re.compile(r"Out of memory while trying to allocate (\S+) with allocator")
# libtpu at run time: "Attempting to reserve 10.51G at the bottom of memory. That was not possible.
# There are 8.97G free, 0B reserved, and 8.97G reservable." (or "Attempting to allocate 129.50M. ...")
_TPU_RUNTIME = re.compile(r"Attempting to (?:reserve|allocate) (\S+?)(?: at the bottom of memory)?\. That was not "
                          r"possible")
_TPU_FREE = re.compile(r"There are (\S+) free, (\S+) reserved, and (\S+) reservable")
# TensorFlow's own allocator: "OOM when allocating tensor with shape[32,1024] and type float on ..."
_TF_TENSOR = re.compile(r"OOM when allocating tensor with shape\[([\d,\s]*)\] and type (\w+)")
_ALLOCATOR = re.compile(r"Allocator \((\w+)\) ran out of memory|(?:by|with) allocator (\w+)")
# Words that say memory ran out. XLA prints its GPU peak-buffer listing only on failure.
_FAILURE = re.compile(r"out of memory|OOM when allocating|failed to allocate|That was not possible|"
                      r"RESOURCE_EXHAUSTED|Exceeded \w+ capacity|^Buffer \d+:$|^Entry Parameter Subshape:", re.I)
_TF_TYPES = {"float": 4, "double": 8, "half": 2, "bfloat16": 2, "int8": 1, "uint8": 1, "int16": 2, "uint16": 2,
             "int32": 4, "uint32": 4, "int64": 8, "uint64": 8, "bool": 1, "complex64": 8, "complex128": 16}
_GPU_STATS = {"parameter allocation": "parameter_bytes", "constant allocation": "constant_bytes",
              "maybe_live_out allocation": "maybe_live_out_bytes", "preallocated temp allocation": "temp_bytes",
              "preallocated temp fragmentation": "temp_fragmentation_bytes", "total allocation": "total_bytes",
              "total fragmentation": "total_fragmentation_bytes"}
_STAT = re.compile(r"^(" + "|".join(_GPU_STATS) + r"):\s*(\S+)")
_SIZE = r"-?\d+(?:\.\d+)?[KMGTPE]?i?B?"
_TPU_HEADER = re.compile(rf"Ran out of memory in memory space (\w+)\. Used ({_SIZE}) of ({_SIZE}) \w+\."
                         rf"(?: Exceeded \w+ capacity by ({_SIZE}))?")
_TPU_USAGE_LOG = re.compile(r"(XLA::TPU program (\w+) usage): (\S+) / (\S+)")
_TPU_PARTS = re.compile(r"^(reserved|program|arguments|global|scoped|overlays)\s+(unknown size|\S+)$")
_TPU_OUTPUT = re.compile(r"^Output size (\S+?)(?:; shares (\S+) with arguments)?\.$")
_TPU_TEMP = re.compile(r"^HLO temp\s+(\S+)\s*\((.*)\)$")
_TOTALS = re.compile(r"^(Total (\w+) usage >=|Program (\w+) requirement) (\S+):$")
_REMAT = re.compile(r"Can't reduce memory use below \S+ \((-?\d+) bytes\) by rematerialization; "
                    r"only reduced to \S+ \((\d+) bytes\)")
_BUFFER_START = re.compile(r"^Buffer (\d+):$")
_ENTRY_START = re.compile(r"^(\d+)\. Size: (\S+)$")
_FIELD = re.compile(r"^(Size|Operator|XLA Label|XLA label|Shape|Entry Parameter Subshape|Unpadded size|"
                    r"Extra memory due to padding|Allocation type):\s*(.*)$")
_END = re.compile(r"^=+$")


@dataclass
class OomBuffer:
    rank: int | None
    line: int
    fields: dict[str, str] = field(default_factory=dict)


@dataclass
class UsageFigure:
    """One `Total hbm usage >= X:`, `Program vmem requirement X:` or `XLA::TPU program HBM usage:
    X / Y` line, with the rows printed under it (`reserved`, `program`, `HLO temp`, …)."""
    label: str                          # as printed: "Total hbm usage >=", "Program hbm requirement", ...
    memory_space: str                   # lower case: hbm, vmem, smem, host, sflag
    bytes: int | None
    capacity_bytes: int | None = None
    parts: dict[str, int | None] = field(default_factory=dict)


@dataclass
class OomReport:
    path: str
    platform: str | None                # "gpu", "tpu", or None when the text does not say
    requested_bytes: int | None = None
    used_bytes: int | None = None       # libtpu's "Used X of Y", or an allocator's bytes in use
    capacity_bytes: int | None = None   # libtpu's "of Y", or an allocator's limit
    exceeded_bytes: int | None = None
    memory_space: str | None = None     # TPU: hbm, vmem, ...
    in_use_bytes: int | None = None     # a run-time allocator's bytes in use when the request failed
    limit_bytes: int | None = None      # that allocator's limit
    allocator: str | None = None        # its name as printed, e.g. GPU_0_bfc
    preallocate: bool | None = None     # jax reserved that limit at start-up (else grew its pool)
    says_out_of_memory: bool = False    # the text says memory ran out (not just how much was used)
    phase: str | None = None            # when it failed: "compile" or "run"; None when the text does not say
    compile_pass: str | None = None     # the compiler's step that failed: "autotuning"
    stats: dict[str, int | float | None] = field(default_factory=dict)
    usage: list[UsageFigure] = field(default_factory=list)
    buffers: list[OomBuffer] = field(default_factory=list)
    context: list[str] = field(default_factory=list)  # lines outside buffer entries: errors, tracebacks
    notes: list[str] = field(default_factory=list)
    reports: int = 0                    # how many reports the text holds (the first is read)


def looks_like_oom(text: str) -> bool:
    return MARKERS.search(text[:262144]) is not None


def clean_line(line: str) -> str:
    """The message without log-framework prefixes, Ray's dedup suffix, tabs and edge spaces."""
    line = line.expandtabs(8)
    for prefix in _PREFIXES:
        line = prefix.sub("", line.strip(), count=1)
    return _RAY_DEDUP.sub("", line).strip()


def read_oom(text: str, path: str) -> OomReport:
    lines = [clean_line(raw) for raw in text.split("\n")]
    report = OomReport(path, _platform(lines))
    failures = [i for i, line in enumerate(lines) if _FAILURE.search(line) and not is_allocator_warning(line)]
    report.says_out_of_memory = bool(failures)
    # A second report restarts the buffer numbering: only the first is read.
    starts = [i for i, line in enumerate(lines)
              if "BufferAssignment OOM Debugging" in line or "Ran out of memory in memory space" in line]
    report.reports = len(starts)
    if report.reports > 1:
        report.notes.append(f"the text holds {report.reports} out-of-memory reports; the first is read")
    if re.search(r"\[repeated \d+x across cluster\]", text):
        report.notes.append("Ray deduplicated this log ([repeated Nx across cluster]): its lines are out of "
                            "order, so a row may sit under another figure than its own")
    first = lines[:starts[1]] if len(starts) > 1 else lines
    _read_numbers(report, first)
    read_allocator(report, first, failures[0] if failures else len(first))
    _read_buffers(report, first)
    return report


_TPU_WORDS = re.compile(r"TPU|memory space hbm|hbm usage|_HBM\d|at the bottom of memory")
_GPU_WORDS = re.compile(r"BufferAssignment OOM Debugging|GPU_\d+_bfc|CUDA|cuda|ROCm|rocm|HIP_|device ordinal|"
                        r"stream_executor|bfc_allocator|Entry Parameter Subshape|XLA Label:|Peak buffers:")


def _platform(lines: list[str]) -> str | None:
    text = "\n".join(lines[:2000])
    if _TPU_WORDS.search(text):
        return "tpu"
    if _GPU_WORDS.search(text):
        return "gpu"
    return None


def _size(text: str | None) -> int | None:
    """A size as printed (`1.53MiB`, `48B`) through units.bounded; None where it is none."""
    size = None if text is None else parse_human_bytes(text)
    return None if size is None else bounded(size, what="a size")


def _read_numbers(report: OomReport, lines: list[str]) -> None:
    requests: list[int | None] = [None] * len(_REQUESTS)   # then less exact ones, in text order
    adapter_request = None
    figure: UsageFigure | None = None                       # the heading the rows below belong to
    for number, line in enumerate(lines, 1):
        if is_allocator_warning(line):
            continue
        try:
            adapter_request, figure = _read_line(report, line, requests, adapter_request, figure)
        except NumberError as e:   # (every number of a line is read through units.bounded)
            raise BufvizError(f"expected {e}, found {e.text}", report.path, number) from None
    requests.append(adapter_request)
    report.requested_bytes = next((r for r in requests if r is not None), None)


def _read_line(report: OomReport, line: str, requests: list[int | None], adapter_request: int | None,
               figure: UsageFigure | None) -> tuple[int | None, UsageFigure | None]:
    """The numbers of one line into `report`; the adapter's request and the usage figure so far."""
    if m := _ADAPTER_REQUEST.search(line):
        adapter_request = _size(m.group(1))
    for k, pattern in enumerate(_REQUESTS):
        m = pattern.search(line)
        if m and requests[k] is None:
            requests[k] = bounded(m.group(1), what="a request's bytes")
    if (m := _ALLOCATOR.search(line)) and report.allocator is None:
        report.allocator = m.group(1) or m.group(2)
    if m := _STAT.match(line):
        report.stats[_GPU_STATS[m.group(1)]] = _size(m.group(2))
    elif m := _TPU_HEADER.search(line):
        report.memory_space = m.group(1)
        report.used_bytes, report.capacity_bytes = _size(m.group(2)), _size(m.group(3))
        report.exceeded_bytes = _size(m.group(4))
    elif m := _TPU_USAGE_LOG.search(line):
        report.usage.append(UsageFigure(m.group(1), m.group(2).lower(), _size(m.group(3)), _size(m.group(4))))
        if m.group(2).lower() == "hbm" and report.used_bytes is None:
            report.memory_space = "hbm"
            report.used_bytes, report.capacity_bytes = _size(m.group(3)), _size(m.group(4))
    elif m := _TPU_PARTS.match(line):
        value = None if m.group(2) == "unknown size" else _size(m.group(2))
        report.stats.setdefault(f"{m.group(1)}_bytes", value)
        if figure is not None:
            figure.parts.setdefault(m.group(1), value)
    elif m := _TPU_OUTPUT.match(line):
        report.stats["output_bytes"] = _size(m.group(1)) if m.group(1) != "unknown" else None
        report.stats["output_shared_with_arguments_bytes"] = _size(m.group(2))
    elif m := _TOTALS.match(line):
        space = (m.group(2) or m.group(3)).lower()
        figure = UsageFigure(m.group(1), space, _size(m.group(4)))
        report.usage.append(figure)
        if space == "hbm":
            key = "total_usage_bytes" if m.group(1).startswith("Total") else "program_requirement_bytes"
            report.stats.setdefault(key, _size(m.group(4)))
    elif m := _TPU_TEMP.match(line):
        _read_hlo_temp(report, m.group(1), m.group(2))
        if figure is not None:
            figure.parts.setdefault("HLO temp", _size(m.group(1)))
    elif m := _TPU_RUNTIME.search(line):
        requests.append(_size(m.group(1)))
    elif m := _TF_TENSOR.search(line):
        dims = [bounded(d, what="a dimension") for d in m.group(1).replace(" ", "").split(",") if d]
        if m.group(2) in _TF_TYPES:
            requests.append(bounded(math.prod(dims) * _TF_TYPES[m.group(2)], what="a tensor's bytes"))
    elif m := _REMAT.search(line):
        report.stats["rematerialization_limit_bytes"] = bounded(m.group(1), what="a limit")
        report.stats["rematerialization_reached_bytes"] = bounded(m.group(2), what="a size")
    if m := _TPU_FREE.search(line):  # libtpu wraps this sentence onto its own line at times
        report.stats.setdefault("free_bytes", _size(m.group(1)))
        report.stats.setdefault("reservable_bytes", _size(m.group(3)))
    return adapter_request, figure


def _read_hlo_temp(report: OomReport, size: str, detail: str) -> None:
    report.stats["hlo_temp_bytes"] = _size(size)
    if m := re.search(r"(\d+(?:\.\d+)?)% utilization", detail):
        report.stats["hlo_temp_utilization_percent"] = float(m.group(1))
    if m := re.search(r"Unpadded \((\S+)\) Padded \((\S+)\)", detail):
        report.stats["hlo_temp_unpadded_bytes"] = _size(m.group(1))
        report.stats["hlo_temp_padded_bytes"] = _size(m.group(2))
    if m := re.search(r"(\d+(?:\.\d+)?)% fragmentation \((\S+)\)", detail):
        report.stats["hlo_temp_fragmentation_percent"] = float(m.group(1))
        report.stats["hlo_temp_fragmentation_bytes"] = _size(m.group(2))


def _read_buffers(report: OomReport, lines: list[str]) -> None:
    """`Buffer N:` (GPU) or `N. Size: X` (TPU) entries. A line that is no field continues the
    previous one: terminals hard-wrap long op_names mid-word."""
    current: OomBuffer | None = None
    last_field = None
    listing = False
    for number, line in enumerate(lines, 1):
        if line.startswith(("Peak buffers:", "Largest program allocations in")):
            listing = True
            continue
        start = _BUFFER_START.match(line) or _ENTRY_START.match(line)
        if start:
            current = OomBuffer(bounded_at(start.group(1), report.path, number, "a buffer number"), number)
            if start.re is _ENTRY_START:
                current.fields["Size"] = start.group(2)
            report.buffers.append(current)
            last_field, listing = None, True
            continue
        if not line:
            continue
        if _END.match(line):
            current, last_field = None, None
            continue
        m = _FIELD.match(line)
        if m and m.group(1) in ("Size", "Unpadded size") and parse_human_bytes(m.group(2)) is None:
            m = None  # e.g. the BFC allocator's "Size: 2.79GiB | Requested Size: 0B | ..."
        if m:
            if current is None:  # a fragment that starts inside an entry
                report.notes.append(f"the text starts inside a buffer's entry (line {number}); "
                                    "that entry is left out")
                current = OomBuffer(None, number)
            last_field = m.group(1).replace("XLA label", "XLA Label")  # GPU and TPU spellings
            current.fields[last_field] = m.group(2)
        elif current is not None and last_field is not None and listing:
            current.fields[last_field] += line  # a hard-wrapped continuation
        elif current is None:
            report.context.append(line)
    if listing and not report.buffers:
        report.notes.append("the list of buffers is cut off before its first entry")
