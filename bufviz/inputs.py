"""From command-line paths to the parsed files of one module: discovery, reading, merging."""
from __future__ import annotations

import os
from dataclasses import dataclass, field

from .dumps import sniff
from .dumps.buffer_assignment import read_buffer_assignment
from .dumps.discover import DumpName, files_in_folder, parse_dump_name, siblings
from .dumps.live_range import read_live_range_file
from .dumps.memory_stats import read_memory_stats
from .dumps.oom import OomReport, read_oom
from .dumps.records import BufferAssignmentDump, LiveRangeDump, UsageReport
from .dumps.usage_report import read_usage_report
from .errors import BufvizError, found
from .hlo.model import Module
from .hlo.parser import parse_module
from .textfile import read_text

INPUT_KEYS = ("hlo", "buffer_assignment", "values", "live_range", "memory_usage_report", "memory_stats", "oom")


@dataclass
class Inputs:
    paths: dict[str, str | None] = field(default_factory=lambda: dict.fromkeys(INPUT_KEYS))
    module: Module | None = None
    buffer_assignment: BufferAssignmentDump | None = None   # allocations, totals and values
    live_range: LiveRangeDump | None = None
    usage_report: UsageReport | None = None
    memory_stats: dict[str, int] | None = None             # jax's compiled.memory_analysis()
    oom: OomReport | None = None                           # a pasted out-of-memory message
    dump_name: DumpName | None = None
    split_files: bool = False   # values / live ranges came in their own files (XLA ≥ 2026-04)
    platform: str = "unknown"
    vintage: object = None      # analysis.vintage.Vintage, once detected

    @property
    def module_name(self) -> str:
        if self.module is not None:
            return self.module.name
        if self.dump_name is not None:
            return self.dump_name.module
        first = next((p for p in self.paths.values() if p), "")
        return os.path.splitext(os.path.basename(first))[0]

    @property
    def has_dump(self) -> bool:
        return self.buffer_assignment is not None or self.live_range is not None


def expand_paths(paths: list[str], discover: bool, module: str | None) -> list[str]:
    """Files to read: folders become the files of their one module; with discovery, each file
    brings its siblings of the same dump set."""
    files: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            files.extend(files_in_folder(path, module))
        elif os.path.exists(path):
            files.extend(siblings(path) if discover else [path])
        else:
            raise BufvizError("no such file or folder", path)
    unique = []
    seen = set()
    for f in files:
        key = os.path.realpath(f)
        if key not in seen:
            seen.add(key)
            unique.append(f)
    return unique


def load_inputs(paths: list[str], discover: bool = True, module: str | None = None, say=None) -> Inputs:
    inputs = Inputs()
    files = expand_paths(paths, discover, module)
    names = [n for n in (parse_dump_name(os.path.basename(f)) for f in files) if n is not None]
    stems = sorted({n.stem for n in names})
    if len(stems) > 1:
        raise BufvizError("expected the files of one module, found several: " + ", ".join(stems), paths[0])
    inputs.dump_name = names[0] if names else None
    for path in files:
        if say is not None:
            say(f"reading {os.path.basename(path)}")
        _read_one(inputs, path)
    return inputs


def _read_one(inputs: Inputs, path: str) -> None:
    text = read_text(path)
    kind = sniff.detect_kind(text)
    if kind == sniff.UNKNOWN:
        first = next((line for line in text.split("\n", 50) if line.strip()), "")
        raise BufvizError("expected XLA text (an HLO module starting 'HloModule', a dump starting "
                          "'BufferAssignment:' or 'HloLiveRange', a memory-usage report, or an "
                          "out-of-memory message), "
                          f"found {found(first)}", path, text[: text.find(first)].count("\n") + 1)
    if kind == sniff.HLO:
        _claim(inputs, "hlo", path)
        inputs.module = parse_module(text, path)
    elif kind in (sniff.BUFFER_ASSIGNMENT, sniff.VALUES):
        dump = read_buffer_assignment(text, path)
        _merge_buffer_assignment(inputs, dump, path)
    elif kind == sniff.LIVE_RANGE:
        _claim(inputs, "live_range", path)
        inputs.live_range = read_live_range_file(text, path)
        inputs.split_files = True
    elif kind == sniff.USAGE_REPORT:
        _claim(inputs, "memory_usage_report", path)
        inputs.usage_report = read_usage_report(text, path)
    elif kind == sniff.OOM:
        _claim(inputs, "oom", path)
        inputs.oom = read_oom(text, path)
    elif kind == sniff.MEMORY_STATS:
        _claim(inputs, "memory_stats", path)
        inputs.memory_stats = read_memory_stats(text, path)


def _claim(inputs: Inputs, key: str, path: str) -> None:
    if inputs.paths[key] is not None:
        what = key.replace("_", " ")
        raise BufvizError(f"expected one {what} file, found two ({inputs.paths[key]} and {path})", path)
    inputs.paths[key] = path


def _merge_buffer_assignment(inputs: Inputs, dump: BufferAssignmentDump, path: str) -> None:
    """Old XLA wrote allocations, values and live ranges in one file; newer XLA splits them."""
    ba = inputs.buffer_assignment
    if ba is None:
        ba = inputs.buffer_assignment = BufferAssignmentDump(path)
    if dump.allocations:
        _claim(inputs, "buffer_assignment", path)
        ba.allocations = dump.allocations
        ba.path = path
    if dump.values is not None:
        _claim(inputs, "values", path)
        ba.values = dump.values
        if dump.path != inputs.paths["buffer_assignment"]:
            inputs.split_files = True
    if dump.total_bytes_used is not None:
        ba.total_bytes_used = dump.total_bytes_used
    ba.features.update(dump.features)
    if dump.live_range is not None:
        _claim(inputs, "live_range", path)
        inputs.live_range = dump.live_range
