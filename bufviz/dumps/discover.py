"""Finding the files of one dump set. XLA names them `module_NNNN.<name>.<stage><suffix>`;
given one of them (or a folder), bufviz uses every sibling with the same stem."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass

from ..errors import BufvizError

# Longest first: "-buffer-assignment.txt" must not swallow "-buffer-assignment-values.txt".
SUFFIXES = ("-buffer-assignment-values.txt", "-buffer-assignment.txt", "-live-range.txt",
            "-memory-usage-report.txt", ".txt", ".hlo")
MEMORY_STATS_FILE = "memory_analysis.json"
_DUMP_NAME = re.compile(r"^module_(\d+)\.(.+)$")
_STAGE = re.compile(r"\.(?:cl_\d+\.)?(?:[A-Za-z0-9_]*?sm_\d+\.\d+_)?[A-Za-z0-9_]*optimizations$")


@dataclass(frozen=True)
class DumpName:
    """The parts of an XLA dump file name."""
    stem: str          # module_0022.jit_update.cpu_after_optimizations
    number: int        # 22
    module: str        # jit_update
    stage: str         # cpu_after_optimizations
    suffix: str        # -buffer-assignment.txt

    @property
    def optimized(self) -> bool:
        return "after_optimizations" in self.stage


def parse_dump_name(filename: str) -> DumpName | None:
    """Split an XLA dump file name; None if it does not follow XLA's naming."""
    for suffix in SUFFIXES:
        if filename.endswith(suffix):
            stem = filename[: -len(suffix)]
            m = _DUMP_NAME.match(stem)
            if not m:
                return None
            rest = m.group(2)
            stage = _STAGE.search(rest)
            if not stage:
                return None
            return DumpName(stem, int(m.group(1)), rest[: stage.start()], stage.group()[1:], suffix)
    return None


def siblings(path: str) -> list[str]:
    """Every file of the same dump set as `path` (including `path`), or just `path`."""
    folder, filename = os.path.split(path)
    name = parse_dump_name(filename)
    if name is None:
        return [path]
    found = []
    for other in sorted(os.listdir(folder or ".")):
        other_name = parse_dump_name(other)
        if other_name is not None and other_name.stem == name.stem:
            found.append(os.path.join(folder, other))
    return (found or [path]) + _memory_stats(folder or ".", name)


def files_in_folder(folder: str, module: str | None) -> list[str]:
    """The files of the one optimized module in `folder` (or the one `module` selects)."""
    stems: dict[str, DumpName] = {}
    for filename in sorted(os.listdir(folder)):
        name = parse_dump_name(filename)
        if name is not None and os.path.isfile(os.path.join(folder, filename)):
            stems.setdefault(name.stem, name)
    candidates = [n for n in stems.values() if n.optimized] or list(stems.values())
    if module is not None:
        candidates = [n for n in candidates if _selects(module, n)]
    if not candidates:
        what = f"a module matching --module {module!r}" if module else "XLA dump files (module_NNNN.*)"
        raise BufvizError(f"expected {what}, found none", folder)
    if len(candidates) > 1:
        listing = ", ".join(f"{n.number} ({n.module})" for n in candidates[:8])
        more = f" and {len(candidates) - 8} more" if len(candidates) > 8 else ""
        raise BufvizError(f"expected one module, found {len(candidates)}: {listing}{more}; "
                          "choose one with --module NUMBER or --module NAME", folder)
    stem = candidates[0].stem
    return [os.path.join(folder, f) for f in sorted(os.listdir(folder))
            if (n := parse_dump_name(f)) is not None and n.stem == stem] + _memory_stats(folder, candidates[0])


def _memory_stats(folder: str, name: DumpName) -> list[str]:
    """jax's memory statistics saved next to the dump belong to it only when the folder holds
    one optimized module (the file name says nothing about which)."""
    path = os.path.join(folder, MEMORY_STATS_FILE)
    if not name.optimized or not os.path.isfile(path):
        return []
    optimized = {n.stem for f in os.listdir(folder) if (n := parse_dump_name(f)) is not None and n.optimized}
    return [path] if optimized == {name.stem} else []


def _selects(selector: str, name: DumpName) -> bool:
    if selector.isdigit():
        return int(selector) == name.number
    return selector in (name.module, name.stem)
