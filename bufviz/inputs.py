"""From command-line paths to the parsed files of one module: discovery, reading, merging."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .dumps import sniff
from .dumps.discover import MEMORY_STATS_FILE, choose_set, dump_sets, files_in_folder, parse_dump_name, siblings
from .errors import BufvizError, found
from .hlo.module import Module
from .hlo.parser import parse_module
from .textfile import STDIN, STDIN_NAME, TextInFile, read_text
from .timings import stage

if TYPE_CHECKING:
    from .request import Request
    from .dumps.discover import DumpName
    from .dumps.oom import OomReport
    from .dumps.records import BufferAssignmentDump, LiveRangeDump, UsageReport

INPUT_KEYS = ("hlo", "buffer_assignment", "values", "live_range", "memory_usage_report", "memory_stats", "oom")


@dataclass
class Inputs:
    paths: dict[str, str | None] = field(default_factory=lambda: dict.fromkeys(INPUT_KEYS))
    module: Module | None = None
    buffer_assignment: BufferAssignmentDump | None = None   # allocations, totals and values
    live_range: LiveRangeDump | None = None
    usage_report: UsageReport | None = None
    memory_stats: dict[str, int] | None = None             # jax's compiled.memory_analysis()
    jax_version: str | None = None                          # the jax release that file names, if any
    memory_stats_guessed: bool = False   # beside other modules: read only where its numbers are this one's
    oom: OomReport | None = None                           # a pasted out-of-memory message
    dump_name: DumpName | None = None
    split_files: bool | None = None   # values / live ranges in their own files (XLA ≥ 2026-04); None: unknown
    platform: str = "unknown"
    vintage: object = None      # analysis.vintage.Vintage, once detected
    notes: list[str] = field(default_factory=list)      # how the files were chosen
    warnings: list[str] = field(default_factory=list)   # what makes the numbers doubtful
    tuple_reads_problem: str | None = None              # why the dump's names did not fit the module's reads
    tuple_reads_placed: int = 0                         # rebuilt tuple reads named and placed from the dump

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


def expand_paths(request: Request) -> tuple[list[str], list[str], list[str], str | None]:
    """Files to read, with notes and warnings about what was chosen: folders become the files of
    their one module; with discovery, each file brings its siblings of the same dump set. Last,
    jax's statistics file among them where it may be another module's."""
    paths, module = list(request.paths), request.module
    files: list[str] = []
    notes: list[str] = []
    warnings: list[str] = []
    stats_named = any(os.path.basename(p) == MEMORY_STATS_FILE for p in paths)   # (then read as named)
    guessed_stats: str | None = None
    for path in paths:
        if path == STDIN:
            files.append(path)
        elif os.path.isdir(path):
            found, more_notes, more_warnings, guessed = files_in_folder(path, module, request.listing, stats_named)
            files.extend(found)
            guessed_stats = guessed_stats or guessed
            notes += more_notes
            warnings += more_warnings
        elif os.path.exists(path):
            found = siblings(path, request.listing, request.optimized) if request.discover else [path]
            if path not in found:   # (an unoptimized module named beside its optimized stage)
                stem = parse_dump_name(os.path.basename(found[0]))
                notes.append(f"reading {stem.stem if stem else found[0]}, the optimized "
                             f"module beside the one named ({os.path.basename(path)} is before XLA's "
                             "optimizations, not what runs)")
            files.extend(found)
        else:
            raise BufvizError("no such file or folder", path)
    unique = []
    seen = set()
    for f in files:
        key = f if f == STDIN else os.path.realpath(f)
        if key not in seen:
            seen.add(key)
            unique.append(f)
    sets = dump_sets(unique)
    if len(sets) > 1 or sets and module is not None and not any(os.path.isdir(p) for p in paths):
        chosen, more_notes, more_warnings = choose_set(sets, paths[0], module)
        dropped = {f for s in sets if s is not chosen for f in s.files}
        unique = [f for f in unique if f not in dropped]
        notes += more_notes
        warnings += more_warnings
    elif sets and not sets[0].name.optimized:
        warnings += choose_set(sets, paths[0], None)[2]
    return unique, list(dict.fromkeys(notes)), list(dict.fromkeys(warnings)), guessed_stats


def load_inputs(request: Request, say=None) -> Inputs:
    inputs = Inputs()
    files, inputs.notes, inputs.warnings, guessed = expand_paths(request)
    inputs.memory_stats_guessed = guessed is not None
    names = [n for n in (parse_dump_name(os.path.basename(f)) for f in files) if n is not None]
    inputs.dump_name = names[0] if names else None
    for path in files:
        if say is not None:
            say(f"reading {os.path.basename(path)}")
        with stage(_stage_name(path)):
            _read_one(inputs, path)
    inputs.split_files = _split_files(inputs)
    _name_tuple_reads(inputs)
    return inputs


def _stage_name(path: str) -> str:
    """`read` stages by what XLA named the file (its suffix), else by the file's name."""
    name = parse_dump_name(os.path.basename(path))
    if name is not None:
        return "file " + (name.suffix.lstrip("-").removesuffix(".txt") or "HLO module")
    return "file " + os.path.basename(path)


def _name_tuple_reads(inputs: Inputs) -> None:
    """Compact tuple reads (`%x#0`, XLA since 2026-07) take the names and schedule slots the
    dump files give them; where they cannot, why is kept for the same-module check."""
    lr, ba = inputs.live_range, inputs.buffer_assignment
    if inputs.module is None or lr is None or not lr.sequence:
        return
    from .hlo.tuple_read_names import ScheduleMismatch, name_tuple_reads
    positions = quoted = None
    if ba is not None and ba.values:
        positions = {(name, index or ()): v.id for v in ba.values for name, index in v.positions}
        quoted = {v.name: v.instruction for v in ba.values}
    try:
        placed = name_tuple_reads(inputs.module, lr.sequence, positions, quoted)
    except ScheduleMismatch as e:
        inputs.tuple_reads_problem = str(e)
        return
    inputs.tuple_reads_placed = placed
    if placed:
        inputs.notes.append(f"{placed} tuple reads the HLO text prints as operands (`%x#N`) take their "
                            f"names and places in the schedule from the live ranges")


def _read_one(inputs: Inputs, path: str) -> None:
    # Each dump reader is imported when a file of its kind comes (most runs read a module alone).
    text = read_text(path)
    if path == STDIN:
        path = STDIN_NAME
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
        file = TextInFile.of(text, path)
        if file is not None:
            inputs.module.read_back_from(file)
    elif kind in (sniff.BUFFER_ASSIGNMENT, sniff.VALUES):
        from .dumps.buffer_assignment import read_buffer_assignment
        dump = read_buffer_assignment(text, path)
        _merge_buffer_assignment(inputs, dump, path)
    elif kind == sniff.LIVE_RANGE:
        from .dumps.live_range import read_live_range_file
        _claim(inputs, "live_range", path)
        inputs.live_range = read_live_range_file(text, path)
    elif kind == sniff.USAGE_REPORT:
        from .dumps.usage_report import read_usage_report
        _claim(inputs, "memory_usage_report", path)
        inputs.usage_report = read_usage_report(text, path)
    elif kind == sniff.OOM:
        from .dumps.oom import read_oom
        _claim(inputs, "oom", path)
        inputs.oom = read_oom(text, path)
    elif kind == sniff.MEMORY_STATS:
        from .dumps.memory_stats import jax_version, read_memory_stats
        _claim(inputs, "memory_stats", path)
        inputs.memory_stats = read_memory_stats(text, path)
        inputs.jax_version = jax_version(text)


def _claim(inputs: Inputs, key: str, path: str) -> None:
    if inputs.paths[key] is not None:
        what = key.replace("_", " ")
        raise BufvizError(f"expected one {what} file, found two ({inputs.paths[key]} and {path})", path)
    inputs.paths[key] = path


def _merge_buffer_assignment(inputs: Inputs, dump: BufferAssignmentDump, path: str) -> None:
    """Old XLA wrote allocations, values and live ranges in one file; newer XLA splits them."""
    from .dumps.records import BufferAssignmentDump

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
    if dump.total_bytes_used is not None:
        ba.total_bytes_used = dump.total_bytes_used
    ba.features.update(dump.features)
    ba.end_lines.update(dump.end_lines)
    if dump.live_range is not None:
        _claim(inputs, "live_range", path)
        inputs.live_range = dump.live_range
        inputs.split_files = False


SPLIT_SUFFIXES = ("-buffer-assignment-values.txt", "-live-range.txt")


def _split_files(inputs: Inputs) -> bool | None:
    """Whether XLA wrote values and live ranges in files of their own: known from XLA's file
    names, or from an allocation file read beside them. A lone pasted excerpt says nothing."""
    if inputs.split_files is False:
        return False
    own = [p for p in (inputs.paths["values"], inputs.paths["live_range"])
           if p and p != inputs.paths["buffer_assignment"]]
    named = any((n := parse_dump_name(os.path.basename(p))) and n.suffix in SPLIT_SUFFIXES for p in own)
    return True if own and (named or inputs.paths["buffer_assignment"]) else None
