"""Every number a reader takes from its input, set past what XLA can print: bufviz reads it or
refuses the file at that line (exit 2, one line naming the file), never an internal error. The
fields are found in real files of each family (HLO text of every printer, a TPU module, buffer
assignment, values, live ranges, memory-usage report, jax's memory_analysis.json, out-of-memory
messages, a saved result): each run of digits, one per kind of place it stands in (the characters
before it on its line, names and numbers made alike), set to 2^64, 2^63-1 or 2^63 in turn:
every kind of every file, in a minute or two; BUFVIZ_NUMBERS=all sets each to all three."""
from __future__ import annotations

import json
import os
import re
import shutil

import pytest

from conftest import DATA, SAMPLES, run

# Every file family and printer: split and combined dumps, both usage-report layouts, donated
# arguments, output_to_operand_aliasing, compact tuple reads, jax's stack-frame tables.
FOLDERS = [DATA / "corpus" / name for name in (
    "xla-jax-0.10.2/mlp_train", "xla-tf-nightly-2.23/cond_model", "xla-jax-0.11.2-gpu/mlp_train",
    "xla-jax-0.4.13/mlp_train", "xla-jax-0.10.2/mlp_train_donated", "xla-jax-0.6.2/fori_kv_cache",
    "xla-jax-0.11.2-gpu/linalg_customcalls", "xla-jax-0.11.2-gpu/cond_branches")]
ALONE = [SAMPLES / "003_54e5854892ee064a.txt", *sorted((DATA / "oom").glob("*.txt"))]
HUGE = [str(2**64), str(2**63 - 1), str(2**63)]
EVERY = os.environ.get("BUFVIZ_NUMBERS") == "all"
_DIGITS = re.compile(r"\d+")


def _place(text: str, at: int) -> str:
    """The kind of place a number stands in: the rest of its line before it, words and numbers alike."""
    before = text[text.rfind("\n", 0, at) + 1:at][-24:]
    return re.sub(r"\d+", "0", re.sub(r"[A-Za-z_][\w.\-]*", lambda w: w.group()
                                      if w.group().endswith(("size", "offset", "index", "max")) else "a", before))


def _spans(text: str) -> list[tuple[int, int]]:
    """Where a number of each kind of place first stands."""
    places: dict[str, tuple[int, int]] = {}
    for m in _DIGITS.finditer(text):
        places.setdefault(_place(text, m.start()), m.span())
    return sorted(places.values())


def _cases(path, alone: bool) -> list:
    spans = _spans(path.read_text())
    return [(path, alone, span, value) for k, span in enumerate(spans)
            for value in (HUGE if EVERY else [HUGE[(k + len(path.name)) % len(HUGE)]])]


CASES = [c for folder in FOLDERS for f in sorted(folder.iterdir()) if f.is_file() for c in _cases(f, False)]
CASES += [c for f in ALONE for c in _cases(f, True)]


def _with(path, span, value: str) -> str:
    text = path.read_text()
    return text[:span[0]] + value + text[span[1]:]


def _ok(code: int, err: str, changed, verify: bool = False) -> None:
    """Read (0; 1 where verify finds bufviz and XLA disagree), or refused in one line naming the file."""
    assert code in ((0, 1, 2) if verify else (0, 2)) and "internal error" not in err and "Traceback" not in err, err
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("bufviz: error: "), err
        assert changed.name in err, err


@pytest.mark.parametrize("path,alone,span,value", CASES,
                         ids=[f"{c[0].parent.name}/{c[0].name[-36:]}@{c[2][0]}={c[3][-2:]}" for c in CASES])
def test_a_number_past_what_xla_prints_is_read_or_refused_at_its_line(path, alone, span, value, tmp_path):
    target = tmp_path / (path.name if alone else path.parent.name)
    if not alone:
        shutil.copytree(path.parent, target)
    changed = target if alone else target / path.name
    changed.write_text(_with(path, span, value))
    command = "verify" if not alone and span[0] % 2 else "peak"
    code, _, err = run(command, target, "--no-color", *(["--no-advice"] if command == "peak" else []))
    _ok(code, err, changed, command == "verify")


def test_a_saved_result_with_a_number_past_64_bits_is_read_or_refused(tmp_path):
    code, saved, err = run("peak", FOLDERS[0], "--format", "json", "--no-advice")
    assert code == 0, err
    keys = sorted(set(re.findall(r'"(\w+)":\d+[,}\]]', saved)))   # (the integers of the JSON bufviz writes, by key)
    path = tmp_path / "saved.json"
    for k, key in enumerate(keys if EVERY else keys[::max(len(keys) // 8, 1)]):
        value = HUGE[k % len(HUGE)]
        path.write_text(re.sub(rf'("{key}":)\d+(?=[,}}\]])', rf"\g<1>{value}", saved, count=1))
        for command in ("peak", "diff"):
            code, _, err = run(command, path, *([path] if command == "diff" else []), "--no-color")
            assert code in (0, 1, 2) and "internal error" not in err, (key, err)
            if value != HUGE[1]:   # (2^63-1 fits)
                assert code == 2 and "saved.json:" in err and "64-bit" in err, (key, err)


@pytest.mark.parametrize("value", HUGE)
def test_jax_memory_statistics_past_64_bits_are_refused_at_their_line(value, tmp_path):
    case = tmp_path / FOLDERS[0].name
    shutil.copytree(FOLDERS[0], case)
    stats = case / "memory_analysis.json"
    text = stats.read_text()
    m = re.search(r'"temp_size_in_bytes":\s*(\d+)', text)
    stats.write_text(text[:m.start(1)] + value + text[m.end(1):])
    code, _, err = run("peak", case, "--no-advice")
    if value == HUGE[1]:
        assert code == 0, err
    else:
        assert code == 2 and f"memory_analysis.json:{text.count(chr(10), 0, m.start()) + 1}:" in err, err


def test_device_memory_statistics_past_64_bits_are_refused(tmp_path):
    stats = tmp_path / "stats.json"
    stats.write_text(json.dumps({"bytes_limit": 1, "bytes_in_use": 0}).replace("1", HUGE[0]))
    code, _, err = run("peak", FOLDERS[0], "--no-advice", "--device-memory", stats)
    assert code == 2 and "stats.json:1:" in err, err


# The four internal errors #56 named, each made from a real file.
def _changed(tmp_path, folder, glob: str, pattern: str, new: str):
    """A copy of `folder` with the first match of `pattern` (its group 1 where it has one) in its
    file `glob` replaced by `new`: (the copy, the file, the line changed)."""
    case = tmp_path / folder.name
    shutil.copytree(folder, case)
    (changed,) = case.glob(glob)
    text = changed.read_text()
    m = re.search(pattern, text, re.M)
    span = m.span(1) if m.re.groups else m.span()
    changed.write_text(text[:span[0]] + new + text[span[1]:])
    return case, changed, text.count("\n", 0, span[0]) + 1


def test_an_allocation_of_2_64_bytes_is_refused_at_its_line(tmp_path):
    case, ba, line = _changed(tmp_path, FOLDERS[0], "*-buffer-assignment.txt", r"^allocation 0: size (\d+)", HUGE[0])
    code, _, err = run("peak", case, "--no-advice")
    assert code == 2 and f"{ba.name}:{line}:" in err and "XLA can hold" in err, err


def test_a_tiled_shape_past_what_an_array_holds_once_padded_is_refused(tmp_path):
    module = tmp_path / "tpu.txt"
    text = (SAMPLES / "003_54e5854892ee064a.txt").read_text()
    assert "f32[4096,3584]{1,0:T(8,128)}" in text
    module.write_text(text.replace("f32[4096,3584]{1,0:T(8,128)}", "f32[1,288230376151711744]{1,0:T(8,128)}"))
    code, _, err = run("peak", module)   # (refused in the first body read that holds it)
    assert code == 2 and "padded to its tiles" in err and "tpu.txt:" in err, err


def test_a_reducer_returning_a_tuple_of_fewer_operands_is_refused(tmp_path):
    case, module, line = _changed(tmp_path, FOLDERS[0], "*after_optimizations.txt",
                                  r"^  ROOT %\S+ = f32\[\] add\([^)]*\)", "  ROOT %t = ((f32[])) tuple()")
    code, _, err = run("peak", case, "--no-advice")
    assert code == 2 and f"{module.name}:{line}:" in err and "tuple of as many elements as its 0 operands" in err


def test_a_live_range_past_the_schedule_is_refused(tmp_path):
    case, lr, line = _changed(tmp_path, FOLDERS[2], "*-live-range.txt", r"^    \S+\{\}:(\d+)-\d+$", str(2**63 - 1))
    code, _, err = run("peak", case, "--no-advice")
    assert code == 2 and "a time of at most" in err and f"{lr.name}:{line}:" in err, err
