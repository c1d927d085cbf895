"""Finding the files of one dump set. XLA names them `module_NNNN.<name>.<stage><suffix>`;
given one of them (or a folder), bufviz uses every sibling with the same stem."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass

from ..errors import BufvizError
from ..units import human_bytes

# Longest first: "-buffer-assignment.txt" must not swallow "-buffer-assignment-values.txt".
SUFFIXES = ("-buffer-assignment-values.txt", "-buffer-assignment.txt", "-live-range.txt",
            "-memory-usage-report.txt", ".txt", ".hlo")
DUMP_SUFFIXES = SUFFIXES[:4]   # XLA's own analysis of the module, beside its text
MEMORY_STATS_FILE = "memory_analysis.json"
_DUMP_NAME = re.compile(r"^module_(\d+)\.(.+)$")
# The stage, e.g. `cpu_after_optimizations`, `sm_9.0a_gpu_after_optimizations` (a GPU's compute
# capability, with a letter for its architecture-specific features), `after_optimizations`.
_STAGE = re.compile(r"\.(?:cl_\d+\.)?(?:[A-Za-z0-9_]*?sm_\d+\.\d+[a-z]*_)?[A-Za-z0-9_]*optimizations$")


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


class FolderListing:
    """The files of each folder, listed once for a whole command: finding a module's files asks
    about the same dump folder several times, and one can hold thousands of files."""

    def __init__(self) -> None:
        self._files: dict[str, list[str]] = {}
        self._bytes: dict[str, int] = {}

    def files(self, folder: str) -> list[str]:
        """The names of the plain files in `folder`, sorted."""
        key = os.path.normpath(folder or ".")
        found = self._files.get(key)
        if found is None:
            with os.scandir(key) as entries:
                sizes = {e.name: e.stat().st_size for e in entries if e.is_file()}
            found = self._files[key] = sorted(sizes)
            self._bytes[key] = sum(sizes.values())
        return found

    def bytes(self, folder: str) -> int:
        """The size of the plain files in `folder`, together."""
        key = os.path.normpath(folder or ".")
        if key not in self._bytes:
            self._bytes[key] = sum(os.path.getsize(os.path.join(key, f)) for f in self.files(key))
        return self._bytes[key]

    def walk(self, root: str):
        """(folder, its files) for `root` and every folder below it, in sorted order."""
        for folder, subfolders, filenames in os.walk(root):
            subfolders.sort()
            self._files.setdefault(os.path.normpath(folder), sorted(filenames))
            yield folder, self._files[os.path.normpath(folder)]


def siblings(path: str, listing: FolderListing | None = None, optimized: bool = True) -> list[str]:
    """Every file of the same dump set as `path` (including `path`), or just `path`. An
    optimized text without XLA's dump files brings the optimized stage of its module that has
    them (XLA:GPU writes a second text when an executable is loaded from a compilation cache);
    the text before XLA's optimizations brings its optimized stage instead, where there is one
    (inputs.py says so in a note)."""
    listing = listing or FolderListing()
    folder, filename = os.path.split(path)
    name = parse_dump_name(filename)
    if name is None:
        return [path]
    sets = dump_sets([os.path.join(folder, f) for f in listing.files(folder)])
    if optimized and not name.optimized:   # the module before XLA's optimizations: its optimized stage runs
        stages = [s for s in sets if module_key(s.name) == module_key(name) and s.name.optimized]
        if stages:
            name = best_stage(stages).name
    own = next((s for s in sets if s.name.stem == name.stem), None)
    found = own.files if own is not None else [path]
    if own is not None and name.optimized and not own.has_dump:
        dumped = [s for s in sets if module_key(s.name) == module_key(name) and s.name.optimized and s.has_dump]
        found = found + [f for s in dumped[:1] for f in s.files]
    return found + memory_stats_files(folder or ".", name, listing)


@dataclass
class DumpSet:
    """The files of one module at one stage."""
    name: DumpName
    files: list[str]

    @property
    def size(self) -> int:
        return sum(os.path.getsize(f) for f in self.files if os.path.isfile(f))

    @property
    def has_dump(self) -> bool:
        """XLA wrote its buffer assignment or live ranges beside this text (only the text written
        at compile time has them: the one written when an executable is loaded back has none)."""
        return any((n := parse_dump_name(os.path.basename(f))) is not None and n.suffix in DUMP_SUFFIXES
                   for f in self.files)


def module_key(name: DumpName) -> tuple[int, str]:
    """What names a module in a dump folder: its number and name (its stages share both)."""
    return name.number, name.module


def dump_sets(files: list[str]) -> list[DumpSet]:
    """The XLA-named files among `files`, by dump set (files with other names are left out)."""
    sets: dict[str, DumpSet] = {}
    for f in files:
        name = parse_dump_name(os.path.basename(f))
        if name is not None:
            sets.setdefault(name.stem, DumpSet(name, [])).files.append(f)
    return list(sets.values())


def files_in_folder(folder: str, module: str | None, listing: FolderListing | None = None,
                    stats_named: bool = False) -> tuple[list[str], list[str], list[str], str | None]:
    """The files of the one module in `folder` (or the one `module` selects; else the folder's
    one program of the user's, beside the modules jax compiled for eager operations), with notes
    and warnings about the choice; and jax's statistics file where the folder holds other
    modules too (read only where its numbers are this module's: sections.py checks)."""
    listing = listing or FolderListing()
    files = [os.path.join(folder, f) for f in listing.files(folder)]
    sets = dump_sets(files)
    if not sets:   # the dump folder may be below the one given (a run's folder holding `dump/`)
        folder, sets = _folder_below(folder, module, listing)
    notes: list[str] = []
    if module is None and len(by_module(sets)) > 1:
        program, eager, initializers = the_program([best_stage(g) for g in by_module(sets).values()])
        if program is not None:
            sets = [s for s in sets if module_key(s.name) == module_key(program.name)]
            beside = [f"{len(eager)} module{'s' * (len(eager) != 1)} jax compiled for eager operations"] * bool(eager)
            beside += [f"{initializer_words([s.name.module for s in initializers])}"] * bool(initializers)
            notes.append(f"using {program.name.stem}, the one program of yours in {folder}; beside it "
                         f"{' and '.join(beside)} (--module chooses another)")
    chosen, more, warnings = choose_set(sets, folder, module)
    notes += more
    stats = memory_stats_files(folder, chosen.name, listing)
    guessed = None
    if not stats and not stats_named and chosen.name.optimized and MEMORY_STATS_FILE in listing.files(folder):
        guessed = os.path.join(folder, MEMORY_STATS_FILE)
        stats = [guessed]
    return chosen.files + stats, notes, warnings, guessed


STATS_OF_ANOTHER = (f"{MEMORY_STATS_FILE} beside it is not read: the folder holds several optimized modules "
                    "and its argument, output, alias and temp bytes are not this module's")
STATS_MATCHED = (f"{MEMORY_STATS_FILE} beside it read: the folder holds several optimized modules, and its "
                 "argument, output, alias and temp bytes are this module's")


def the_program(sets: list[DumpSet]) -> tuple[DumpSet | None, list[DumpSet], list[DumpSet]]:
    """(the one module among `sets` that is not one jax compiled for an eager operation, nor,
    beside a step, one that only initializes its state; None where there are several or none;
    the eager ones; the initializers set aside)."""
    eager = [s for s in sets if _is_set(s, "eager")]
    programs = [s for s in sets if not any(s is e for e in eager)]
    initializers: list[DumpSet] = []
    if len(programs) > 1:   # (`jit(init)` beside the step it makes the state of)
        initializers = [s for s in programs if _is_set(s, "initializer")]
        if len(programs) - len(initializers) == 1:
            programs = [s for s in programs if not any(s is i for i in initializers)]
        else:
            initializers = []
    return (programs[0] if len(programs) == 1 else None), eager, initializers


def is_eager_set(dump_set: DumpSet) -> bool:
    """Whether a module is one jax compiled for an eager operation or a library's init
    (hlo/program.py), from its HLO text alone: no analysis. Unreadable: not eager (the analysis
    says why)."""
    return _is_set(dump_set, "eager")


def _is_set(dump_set: DumpSet, kind: str) -> bool:
    """Whether a jax module is eager (is_eager) or an initializer (is_initializer), from its
    HLO text alone; unreadable: neither (the analysis says why)."""
    from ..hlo.parser import parse_module
    from ..hlo.program import is_eager, is_initializer
    from ..textfile import read_text

    text_file = next((f for f in dump_set.files if f.endswith(("optimizations.txt", ".hlo"))), None)
    if text_file is None or not dump_set.name.module.startswith(("jit_", "pmap_")):
        return False
    try:
        module = parse_module(read_text(text_file), text_file)
    except BufvizError:
        return False
    return is_eager(module) if kind == "eager" else is_initializer(module)


def _folder_below(root: str, module: str | None, listing: FolderListing) -> tuple[str, list[DumpSet]]:
    """The one folder below `root` that holds dump files (of `module`, where one is named)."""
    below = []
    for folder, names in listing.walk(root):
        sets = dump_sets([os.path.join(folder, f) for f in names])
        if sets and (module is None or any(selects(module, s.name) for s in sets)):
            below.append((folder, sets))
    if len(below) == 1:
        return below[0]
    if not below:
        raise BufvizError("expected XLA dump files (module_NNNN.NAME.STAGE.txt)"
                          + (f" of --module {module}" if module else "") + ", found none", root)
    raise BufvizError(f"expected one folder of dump files below this one, found {len(below)}: give one of them",
                      root, details=[f for f, _ in below[:10]])


def choose_set(sets: list[DumpSet], where: str, module: str | None) -> tuple[DumpSet, list[str], list[str]]:
    """One module among `sets`: several modules are an error that lists them; several stages of
    one module resolve to the optimized one, said in a note. Never picked silently."""
    candidates = [s for s in sets if module is None or selects(module, s.name)]
    if not candidates:
        raise BufvizError(f"no module matches --module {module!r}", where,
                          details=module_listing(sets, where))
    stages = by_module(candidates)
    if len(stages) > 1:
        raise BufvizError(f"expected the files of one module, found {len(stages)} modules; choose one with --module",
                          where, details=module_listing(candidates, where, sets))
    group = next(iter(stages.values()))
    chosen = best_stage(group)
    notes, warnings = [], []
    others = [s.name.stage for s in group if s is not chosen]
    if others:
        notes.append(f"using {chosen.name.stem} ({_why_chosen(chosen, group)}); also given: {', '.join(others)}")
    if not chosen.name.optimized:
        warnings.append(f"{chosen.name.stem} is the module before XLA's optimizations: its numbers "
                        "are not what runs (use the after_optimizations dump)")
    return chosen, notes, warnings


def by_module(sets: list[DumpSet]) -> dict[tuple[int, str], list[DumpSet]]:
    """The dump sets of each module (its stages), in the order met."""
    groups: dict[tuple[int, str], list[DumpSet]] = {}
    for s in sets:
        groups.setdefault(module_key(s.name), []).append(s)
    return groups


def best_stage(group: list[DumpSet]) -> DumpSet:
    """The stage to analyse: the optimized text with XLA's dump files beside it (XLA:GPU also
    writes a plain `after_optimizations` text when an executable is loaded from a compilation
    cache: the same module, without them), else an optimized text, else the first."""
    return max(group, key=lambda s: (s.name.optimized and s.has_dump, s.name.optimized))


def _why_chosen(chosen: DumpSet, group: list[DumpSet]) -> str:
    if chosen.has_dump and any(s.name.optimized and s is not chosen for s in group):
        return "the optimized module XLA wrote with its buffer assignment"
    return "the optimized module" if chosen.name.optimized else "no optimized module given"


def module_listing(sets: list[DumpSet], where: str, folder: list[DumpSet] | None = None) -> list[str]:
    """The modules of a folder (`sets`, or those of them a `--module` matched), one line each,
    and how to pick one out of the whole `folder`."""
    groups = by_module(sets)
    optimized = [best_stage(g) for g in groups.values() if any(s.name.optimized for s in g)]
    shown = sorted(optimized or [best_stage(g) for g in groups.values()], key=lambda s: s.name.number)
    width = max(len(s.name.module) for s in shown)
    lines = [f"  {'number':>6}  {'module':<{width}}  files  {'size':>10}"]
    for s in shown[:40]:
        lines.append(f"  {s.name.number:>6}  {s.name.module:<{width}}  {len(s.files):>5}  {human_bytes(s.size):>10}")
    if len(shown) > 40:
        lines.append(f"  … and {len(shown) - 40} more")
    if len(shown) < len(groups):
        lines.append(f"  ({len(groups) - len(shown)} modules with no optimized stage not listed)")
    example = module_selector(shown[0].name, [s.name for s in folder or sets])
    lines.append(f"pick one with --module NUMBER, NAME or NUMBER.NAME, e.g. --module {example}")
    return lines


def memory_stats_files(folder: str, name: DumpName, listing: FolderListing | None = None) -> list[str]:
    """jax's memory statistics saved next to the dump belong to it only when the folder holds
    one optimized module (the file name says nothing about which)."""
    names = (listing or FolderListing()).files(folder)
    if not name.optimized or MEMORY_STATS_FILE not in names:
        return []
    path = os.path.join(folder, MEMORY_STATS_FILE)
    optimized = {module_key(n) for f in names if (n := parse_dump_name(f)) is not None and n.optimized}
    return [path] if optimized == {module_key(name)} else []


def selects(selector: str, name: DumpName) -> bool:
    """`--module`: a number, a name, both (`32.jit_train_step`: two runs dumped into one folder
    number their modules alike), or the file name's start (`module_0032.jit_train_step`)."""
    if selector.isdigit():
        return int(selector) == name.number
    number, _, module = selector.partition(".")
    if number.isdigit() and module == name.module:
        return int(number) == name.number
    return selector in (name.module, name.stem, name.stem.rpartition(".")[0])


def module_selector(name: DumpName, names: list[DumpName]) -> str:
    """The shortest `--module` that picks `name`'s module out of `names` (the folder's)."""
    if sum(n.number == name.number for n in {(n.number, n.module): n for n in names}.values()) == 1:
        return str(name.number)
    return f"{name.number}.{name.module}"


def before_optimizations(path: str | None, listing: FolderListing | None = None) -> str | None:
    """The text of `path`'s module before XLA's optimizations, beside it in its dump folder (it
    holds each parameter's global shape and sharding: dumps/sharding.py); None where absent."""
    if not path:
        return None
    folder, filename = os.path.split(path)
    name = parse_dump_name(filename)
    if name is None:
        return None
    listing = listing or FolderListing()
    for f in listing.files(folder or "."):
        other = parse_dump_name(f)
        if other is not None and module_key(other) == module_key(name) and other.suffix == ".txt" \
                and other.stage.endswith("before_optimizations"):
            return os.path.join(folder, f)
    return None


def initializer_words(names: list[str]) -> str:
    """`jit_init, which only initializes (from random keys and integers alone)`."""
    return f"{', '.join(names)}, which only initialize{'s' * (len(names) == 1)} (from random keys and integers alone)"
