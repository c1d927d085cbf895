"""Every number a reader takes from a dump, set past what XLA can print: bufviz reads it or refuses
the file at that line (exit 2), never an internal error. The fields are found in real dumps of
each file family (HLO text of every printer, buffer assignment, values, live ranges, memory-usage
report, jax's memory_analysis.json, a saved result): each run of digits, one per kind of place it
stands in (the characters before it on its line, names and numbers made alike), set to 2^64,
2^63, 2^63-1 and 2^32 in turn (every kind of place of every file). Files read alone too: a TPU
module and out-of-memory messages."""
from __future__ import annotations

import re
import shutil

import pytest

from conftest import DATA, SAMPLES, run

FOLDERS = [DATA / "corpus/xla-jax-0.10.2/mlp_train", DATA / "corpus/xla-tf-nightly-2.23/cond_model",
           DATA / "corpus/xla-jax-0.11.2-gpu/mlp_train", DATA / "corpus/xla-jax-0.4.13/mlp_train"]
HUGE = ["18446744073709551616", "9223372036854775808", "9223372036854775807", "4294967296"]
_DIGITS = re.compile(r"\d+")


def _place(text: str, at: int) -> str:
    """The kind of place a number stands in: the rest of its line before it, words and numbers alike."""
    before = text[text.rfind("\n", 0, at) + 1:at][-24:]
    return re.sub(r"\d+", "0", re.sub(r"[A-Za-z_][\w.\-]*(?==)|[A-Za-z_][\w.\-]*", lambda w: w.group()
                                      if w.group().endswith(("size", "offset", "index", "max")) else "a", before))


def _fields(path) -> list[tuple[int, int]]:
    text = path.read_text()
    places: dict[str, tuple[int, int]] = {}
    for m in _DIGITS.finditer(text):
        places.setdefault(_place(text, m.start()), m.span())
    return sorted(places.values())


ALONE = [SAMPLES / "003_54e5854892ee064a.txt", *sorted((DATA / "oom").glob("*.txt"))]
CASES = [(folder, f.name, span, HUGE[k % len(HUGE)]) for folder in FOLDERS if folder.is_dir()
         for f in sorted(folder.iterdir()) if f.is_file() for k, span in enumerate(_fields(f))]
CASES += [(f.parent, f.name, span, HUGE[k % len(HUGE)]) for f in ALONE for k, span in enumerate(_fields(f))]


def _ok(code: int, err: str, name: str) -> None:
    assert code in (0, 1, 2) and "internal error" not in err and "Traceback" not in err, err
    if code == 2:   # one line naming the file
        assert err.count("\n") == 1 and "error:" in err, err


@pytest.mark.parametrize("folder,name,span,value", CASES,
                         ids=[f"{c[0].parent.name[4:]}/{c[1][-40:]}@{c[2][0]}={c[3][:4]}" for c in CASES])
def test_a_number_past_what_xla_prints_is_read_or_refused_at_its_line(folder, name, span, value, tmp_path):
    alone = folder / name in ALONE
    case = tmp_path / (name if alone else folder.name)
    if not alone:
        shutil.copytree(folder, case)
    changed = case if alone else case / name
    text = (folder / name).read_text()
    changed.write_text(text[:span[0]] + value + text[span[1]:])
    for command in ("peak",) if alone else ("peak", "verify"):
        code, _, err = run(command, case, "--no-color", *(["--no-advice"] if command == "peak" else []))
        _ok(code, err, name)


def test_a_saved_result_with_a_number_past_64_bits_is_refused(tmp_path):
    saved = tmp_path / "saved.json"
    code, out, _ = run("peak", FOLDERS[0], "--format", "json", "--no-advice")
    saved.write_text(re.sub(r'("needed_bytes":\s*)\d+', r"\g<1>18446744073709551616", out, count=1))
    code, _, err = run("diff", saved, saved)
    assert code == 2 and "saved.json:1:" in err and "64-bit" in err


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
    assert code == 2 and f"{ba.name}:{line}:" in err


def test_a_tiled_shape_past_what_an_array_holds_once_padded_is_refused(tmp_path):
    module = tmp_path / "tpu.txt"
    text = (SAMPLES / "003_54e5854892ee064a.txt").read_text()
    assert "f32[4096,3584]{1,0:T(8,128)}" in text
    module.write_text(text.replace("f32[4096,3584]{1,0:T(8,128)}", "f32[1,288230376151711744]{1,0:T(8,128)}"))
    code, _, err = run("peak", module)
    assert code == 2 and "padded to its tiles" in err and "tpu.txt:" in err


def test_a_tuple_of_fewer_operands_than_its_shape_is_refused(tmp_path):   # (at a reducer's root)
    case, module, line = _changed(tmp_path, FOLDERS[0], "*after_optimizations.txt",
                                  r"^  ROOT %\S+ = f32\[\] add\([^)]*\)", "  ROOT %t = ((f32[])) tuple()")
    code, _, err = run("peak", case, "--no-advice")
    assert code == 2 and f"{module.name}:{line}:" in err and "tuple of as many elements as its 0 operands" in err


def test_a_live_range_past_the_schedule_is_refused(tmp_path):
    case, lr, line = _changed(tmp_path, FOLDERS[2], "*-live-range.txt", r"^    \S+\{\}:(\d+)-\d+$", str(2**63 - 1))
    code, _, err = run("peak", case, "--no-advice")
    assert code == 2 and "a time of at most" in err and f"{lr.name}:{line}:" in err
