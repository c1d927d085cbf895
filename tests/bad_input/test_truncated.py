"""Dumps cut short anywhere (at a line boundary or inside a line, alone or next to the other files
of their dump) are reported as truncated, at the file and the line where they stop: never read
quietly and then shown as differences or wrong numbers.

The cuts come from real complete files. A few places are where one of XLA's layouts may itself
end (since 2026-04 a whole `-buffer-assignment.txt` is just the allocation list): a file cut
there reads as complete when it is alone, and only its sibling files can tell."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from bufviz.dumps import sniff
from bufviz.dumps.buffer_assignment import read_buffer_assignment
from bufviz.dumps.dump_set import SPLIT, check_dump_set
from bufviz.dumps.live_range import read_live_range_file
from bufviz.dumps.records import BufferAssignmentDump
from bufviz.dumps.usage_report import read_usage_report
from bufviz.engine.target.vintage import detect_vintage
from bufviz.errors import BufvizError
from bufviz.hlo.attributes import bracket_depth
from bufviz.hlo.parser import parse_module
from conftest import DATA, SAMPLES, hlo_file, run, wild

SUFFIXES = ("-buffer-assignment.txt", "-buffer-assignment-values.txt", "-live-range.txt",
            "-memory-usage-report.txt")
READERS = {sniff.BUFFER_ASSIGNMENT: read_buffer_assignment, sniff.VALUES: read_buffer_assignment,
           sniff.LIVE_RANGE: read_live_range_file, sniff.USAGE_REPORT: read_usage_report}
CASES = sorted(c for c in [*(DATA / "corpus").glob("xla-jax-*/*"), *(DATA / "extra").iterdir(), *SAMPLES.iterdir()]
               if c.is_dir())
BUNDLED = [f for c in CASES for f in sorted(c.iterdir()) if f.name.endswith(SUFFIXES)]
BUNDLED += sorted(SAMPLES.glob("001_*.txt"))   # a seed: allocations, values and live ranges, 2021-04..2022-09
WILD = [f"buffer-assignment-lorrax-{n}.txt" for n in ("cpu-batched-chol", "cpu-tiny-convert", "gpu-solve-w",
                                                       "gpu-scan-window", "gpu-reshard-production",
                                                       "gpu-kernel-async-collectives", "gpu-full-run-large")]
WILD += [f"live-range-lorrax-{n}.txt" for n in ("cpu-batched-chol", "scan-window", "solve-w")]
WILD += [f"memory-usage-report-lorrax-{n}.txt" for n in ("cpu-batched-chol", "gpu-solve-w", "gpu-full-run-large")]
# The CLI runs: one program of each XLA generation, each of its dump files.
CLI_CASES = [DATA / "corpus" / v / p for v, p in (("xla-jax-0.4.13", "while_tuple_carry"),
                                                  ("xla-jax-0.4.30", "cond_branches"),
                                                  ("xla-jax-0.6.2", "fori_kv_cache"),
                                                  ("xla-jax-0.10.2", "mlp_train"))]
CLI_FILES = [f for c in CLI_CASES for f in sorted(c.iterdir()) if f.name.endswith(SUFFIXES)]
_ADDRESS = re.compile(r"^allocation \d+: 0x", re.M)
_SECTION = re.compile(r"^(Total bytes used|Used values:|HloLiveRange|Allocations sorted|Memory Space|"
                      r"\s+(InstructionSequence|BufferLiveRange|Live ranges at|Stack trace breakdown))", re.M)
_FREE_TEXT = re.compile(r"( from instruction:| value: <[^>]*> \(size=\d+,offset=\d+\):) ?(\S.*)")


def cut_points(text: str, most: int) -> list[int]:
    """Offsets spread over the text, at line boundaries and inside lines (in the middle or just
    before the end), from after the first two non-blank lines on: cut inside those, a file is
    not recognisable as a dump at all. Also right before each section and the whole text
    without its last newline."""
    starts = [0] + [m.end() for m in re.finditer("\n", text) if m.end() < len(text)]
    heads = [s for s in starts if text[s:].split("\n", 1)[0].strip()]
    points = []
    for n, start in enumerate(s for s in starts if len(heads) > 2 and s >= heads[2]):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        points.append(start)
        if end - start > 1:
            points.append(start + (end - start) // 2 if n % 2 else end - 1)
    chosen = set(points[::max(1, len(points) // most)])
    sections = {m.start() for m in _SECTION.finditer(text) if m.start() >= points[0]} if points else set()
    return sorted(chosen | sections | set(points[-2:]) | {len(text) - 1})


def may_end_here(original: str, cut: str, alone: bool) -> bool:
    """Whether one of XLA's layouts lets a file end where `cut` does, so that nothing in it
    (or, next to its other files, nothing in them) shows that it was cut."""
    if cut == original.rstrip("\n"):
        return True   # everything there but the last newline
    partial = cut[cut.rfind("\n") + 1:]   # an unfinished last line, or '' at a line boundary
    if partial and not _cut_in_free_text(partial):
        return False
    after = original[len(cut):].split("\n", 1)[1] if partial else original[len(cut):]
    if not alone:   # only text that no count or cross-reference covers
        return partial != "" and not after.strip()
    following = next((line for line in after.split("\n") if line.strip()), "")
    if "BufferAssignment:" in cut and "Total bytes used" not in cut and not _ADDRESS.search(cut):
        return not partial or partial.startswith(" value:")   # an allocation list (since 2026-04)
    if "BufferAssignment:" not in original and "Used values:" in cut:   # a values file (since 2026-04)
        return following.startswith("<") or not following
    if following.strip().startswith("Stack trace breakdown"):
        return True   # a live range of 2025-05..2025-07
    return following.startswith("HloLiveRange") and bool(_ADDRESS.search(cut))   # before 2021-04


def _cut_in_free_text(partial: str) -> bool:
    """An instruction or a shape cut between tokens: nothing unclosed, no dangling separator."""
    m = _FREE_TEXT.fullmatch(partial)
    return bool(m) and bracket_depth(partial) == 0 and partial.count('"') % 2 == 0 \
        and not partial.rstrip().endswith(tuple(",=%([{<:")) and not partial[-1].isspace()


def read(path: Path, text: str):
    kind = sniff.detect_kind(text)
    assert kind in READERS, f"{path.name}: a cut text no longer recognised as a dump"
    return READERS[kind](text, str(path))


def assert_truncated(message: str, path: Path, cut: str) -> None:
    line = cut.count("\n") + 1
    assert message.startswith(f"bufviz: error: {path}:{line}: ") and "(truncated?)" in message, \
        f"expected an error at {path.name}:{line} saying truncated, got: {message[:400]}"


def check_reader(path: Path, most: int) -> None:
    original = path.read_text()
    read(path, original)
    for at in cut_points(original, most):
        cut = original[:at]
        try:
            read(path, cut)
        except BufvizError as e:
            assert_truncated(f"bufviz: error: {e}\n", path, cut)
        else:
            assert may_end_here(original, cut, alone=True), \
                f"{path.name} cut at line {cut.count(chr(10)) + 1} ({cut[-60:]!r}) was read as complete"


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: f"{p.parent.name}/{p.name[-40:]}")
def test_reader_reports_cut_file(path):
    check_reader(path, most=80)


@pytest.mark.parametrize("name", WILD)
def test_reader_reports_cut_wild_file(name):
    check_reader(wild(name), most=80)


def needs_siblings(original: str, cut: str) -> bool:
    return may_end_here(original, cut, alone=True) and not may_end_here(original, cut, alone=False)


def check_cli(path: Path, tmp_path: Path, alone: bool, cuts: list[str]) -> None:
    """`bufviz peak` and `bufviz verify` on each cut of `path`, alone or in a copy of its folder:
    reported truncated, or (where the cut file may be complete) nothing worse than the whole."""
    original = path.read_text()
    folder = tmp_path / "dump"
    whole = {}
    for cut in [original, *cuts]:
        shutil.rmtree(folder, ignore_errors=True)
        if alone:
            folder.mkdir()
        else:
            shutil.copytree(path.parent, folder)
        (folder / path.name).write_text(cut)
        for command in ("peak", "verify"):
            code, out, err = run(command, folder / path.name, "--format", "json")
            mismatches = [json.dumps(m) for m in json.loads(out)["mismatches"]] if code in (0, 1) else []
            if cut is original:
                whole[command] = mismatches
            elif code == 2 and "truncated" in err:
                assert_truncated(err, folder / path.name, cut)
            else:
                where = f"{command} on {path.name} cut at line {cut.count(chr(10)) + 1} ({cut[-50:]!r})"
                assert may_end_here(original, cut, alone), f"{where}: exit {code} {err[:300]}"
                assert code in (0, 1, 2) and set(mismatches) <= set(whole[command]), f"{where}: exit {code}"


def cuts_of(path: Path, most: int, siblings_needed: bool = False) -> list[str]:
    """Cuts of the file, leaving out (or keeping only) those only its sibling files reveal."""
    original = path.read_text()
    cuts = [original[:at] for at in cut_points(original, most)]
    return [c for c in cuts if needs_siblings(original, c) == siblings_needed]


@pytest.mark.parametrize("path", CLI_FILES, ids=lambda p: f"{p.parent.parent.name}/{p.name[-32:]}")
def test_cli_reports_cut_file_alone(path, tmp_path):
    original = path.read_text()
    check_cli(path, tmp_path, True, [original[:at] for at in cut_points(original, 20)])


@pytest.mark.parametrize("path", CLI_FILES, ids=lambda p: f"{p.parent.parent.name}/{p.name[-32:]}")
def test_cli_reports_cut_file_next_to_module(path, tmp_path):
    check_cli(path, tmp_path, False, cuts_of(path, 20))


@pytest.mark.parametrize("path", [next(SAMPLES.glob("001_*.txt")), "live-range-lorrax-cpu-batched-chol.txt",
                                  "buffer-assignment-lorrax-gpu-solve-w.txt"], ids=str)
def test_cli_reports_cut_seed_and_wild_file(path, tmp_path):
    path = path if isinstance(path, Path) else wild(path)
    original = path.read_text()
    check_cli(path, tmp_path, True, [original[:at] for at in cut_points(original, 8)])


# -- Cuts that only the other files of the dump reveal --------------------------------------------

def read_dump_set(folder: Path):
    """The files of one dump read as bufviz reads them: allocations, values and live ranges
    together, with the file each came from."""
    ba, live_range, usage, paths = BufferAssignmentDump(""), None, None, {}
    for f in sorted(folder.iterdir()):
        kind = sniff.detect_kind(f.read_text()) if f.suffix == ".txt" else None
        if kind in (sniff.BUFFER_ASSIGNMENT, sniff.VALUES):
            part = read_buffer_assignment(f.read_text(), str(f))
            if part.allocations:
                ba.allocations, paths["buffer_assignment"] = part.allocations, str(f)
            if part.values is not None:
                ba.values, ba.total_bytes_used, paths["values"] = part.values, part.total_bytes_used, str(f)
            ba.end_lines.update(part.end_lines)
            ba.features.update(part.features)
            if part.live_range is not None:
                live_range, paths["live_range"] = part.live_range, str(f)
        elif kind == sniff.LIVE_RANGE:
            live_range, paths["live_range"] = read_live_range_file(f.read_text(), str(f)), str(f)
        elif kind == sniff.USAGE_REPORT:
            usage = read_usage_report(f.read_text(), str(f))
    module = parse_module(hlo_file(folder).read_text(), str(hlo_file(folder)))
    split = paths.get("values") not in (None, paths.get("buffer_assignment"))
    vintage = detect_vintage(module, ba, live_range, usage, split, "cpu")
    return ba, live_range, paths, None if vintage.conflicting else vintage.is_before(SPLIT)


@pytest.mark.parametrize("path", CLI_FILES, ids=lambda p: f"{p.parent.parent.name}/{p.name[-32:]}")
def test_dump_set_reveals_cut_that_looks_complete(path, tmp_path):
    folder = tmp_path / "dump"
    for cut in cuts_of(path, 20, siblings_needed=True):
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(path.parent, folder)
        (folder / path.name).write_text(cut)
        with pytest.raises(BufvizError) as e:
            check_dump_set(*read_dump_set(folder))
        assert_truncated(f"bufviz: error: {e.value}", folder / path.name, cut)


def test_cli_reports_cut_that_looks_complete_next_to_module(tmp_path):
    for path in CLI_FILES:
        check_cli(path, tmp_path, False, cuts_of(path, 20, siblings_needed=True))


def test_allocations_cut_between_allocations_next_to_the_module(tmp_path):
    """Alone, a split-era allocation list cut at an allocation's end reads as complete; the
    module tells: its assignment has the allocations that follow."""
    case = DATA / "corpus/xla-jax-0.10.2/mlp_train"
    ba = next(case.glob("*after_optimizations-buffer-assignment.txt"))
    lines = ba.read_text().split("\n")
    starts = [k for k, line in enumerate(lines) if re.match(r"allocation \d+:", line)]
    for cut in starts[len(starts) // 2::5]:
        path = tmp_path / ba.name
        path.write_text("\n".join(lines[:cut]) + "\n")
        code, out, err = run("peak", path, next(case.glob("*after_optimizations.txt")), "--no-discover")
        n = int(re.match(r"allocation (\d+):", lines[cut]).group(1))
        assert code == 2 and f"{path}:{cut + 1}: expected allocation {n} " in err and "(truncated?)" in err


@pytest.mark.parametrize("keep", [6, 11, 17, 25])
def test_cut_inside_the_first_line(keep, tmp_path):
    """A file cut in its first lines is still read as the dump it starts, and reported cut."""
    for path in (next(DATA.glob("corpus/xla-jax-0.10.2/mlp_train/*-live-range.txt")),
                 next(DATA.glob("corpus/xla-jax-0.10.2/mlp_train/*-buffer-assignment.txt")),
                 next(DATA.glob("corpus/xla-jax-0.10.2/mlp_train/*-buffer-assignment-values.txt"))):
        cut = tmp_path / path.name
        cut.write_text(path.read_text()[:keep])
        code, _, err = run("peak", cut, "--no-discover")
        assert code == 2 and err.startswith(f"bufviz: error: {cut}:") and "(truncated?)" in err, err
