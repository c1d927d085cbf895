"""Bad input: one line `bufviz: error: FILE:LINE: ...`, exit 2, no traceback, no output file.
Bugs: exit 101 with a short message."""
from __future__ import annotations

import json
import os
import re
import stat
import threading

import pytest

from conftest import DATA, SAMPLES, run

BA_0413 = next(DATA.glob("corpus/xla-jax-0.4.13/mlp_train/*-buffer-assignment.txt"))
HLO_0102 = next(DATA.glob("corpus/xla-jax-0.10.2/mlp_train/*after_optimizations.txt"))


def fails_cleanly(path, tmp_path, line: int | None, *needles: str) -> str:
    out_file = tmp_path / "report.json"
    code, out, err = run("peak", path, "--no-discover", "--format", "json", "-o", out_file)
    assert code == 2, err
    assert out == "" and not out_file.exists()
    assert err.count("\n") == 1 and "Traceback" not in err
    where = f"{path}:{line}: " if line is not None else f"{path}"
    assert err.startswith(f"bufviz: error: {where}"), err
    for needle in needles:
        assert needle in err, err
    return err


def test_empty_file(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_text("\n  \n")
    fails_cleanly(path, tmp_path, 1, "found an empty file")


def test_binary_file(tmp_path):
    path = tmp_path / "dump.txt"
    path.write_bytes(BA_0413.read_bytes()[:300] + b"\x00\x01\x02garbage")
    fails_cleanly(path, tmp_path, None, "binary data")


def test_not_utf8(tmp_path):
    path = tmp_path / "dump.txt"
    path.write_bytes(b"BufferAssignment:\nallocation 0: size 4, \xff\xfe")
    fails_cleanly(path, tmp_path, 2, "binary data (byte 0xff")


def test_unknown_format(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("\nsome notes about memory\nnot an XLA dump\n")
    fails_cleanly(path, tmp_path, 2, "expected XLA text", "'some notes about memory'")


def test_truncated_values_section(tmp_path):
    text = BA_0413.read_text()
    cut = text.index(" positions:", text.index("Used values:") + 2000)
    path = tmp_path / "truncated.txt"
    path.write_text(text[:cut + len(" positions:\n")])
    line = text[:cut].count("\n") + 2
    fails_cleanly(path, tmp_path, line, "end of the file (truncated?)")


def test_truncated_allocation(tmp_path):
    text = BA_0413.read_text()
    lines = text.split("\n")
    k = next(i for i, l in enumerate(lines) if l.startswith("allocation 3:"))
    path = tmp_path / "truncated.txt"
    path.write_text("\n".join(lines[:k + 1]) + "\n")
    fails_cleanly(path, tmp_path, k + 2, "' value:' lines under allocation 3", "truncated")


def test_truncated_live_range_sequence(tmp_path):
    text = BA_0413.read_text()
    cut = text.index("    20:", text.index("InstructionSequence:"))
    path = tmp_path / "truncated.txt"
    path.write_text(text[:cut])
    m = re.search(r"HloLiveRange \(max (\d+)\)", text)
    fails_cleanly(path, tmp_path, text[:cut].count("\n") + 1, f"{m.group(1)} instructions in the sequence")


def test_truncated_module(tmp_path):
    text = HLO_0102.read_text()
    path = tmp_path / HLO_0102.name
    path.write_text(text[: text.index("ROOT", text.index("ENTRY"))])
    entry_line = text[: text.index("ENTRY")].count("\n") + 1
    fails_cleanly(path, tmp_path, entry_line, "expected '}' closing computation", "truncated")


def test_hlo_syntax_error_names_the_line(tmp_path):
    lines = HLO_0102.read_text().split("\n")
    k = next(i for i, l in enumerate(lines) if "= f32[128,512]{1,0} fusion(" in l and i > 40)
    lines[k] = lines[k].replace("fusion(", "fusion ", 1)
    path = tmp_path / HLO_0102.name
    path.write_text("\n".join(lines))
    fails_cleanly(path, tmp_path, k + 1, "expected an opcode and '(' after the shape")


def test_unknown_operand(tmp_path):
    text = HLO_0102.read_text()
    lines = text.split("\n")
    k = next(i for i, l in enumerate(lines) if "ROOT %tuple.3" in l)
    lines[k] = lines[k].replace("(%", "(%no_such_value, %", 1)
    path = tmp_path / HLO_0102.name
    path.write_text("\n".join(lines))
    fails_cleanly(path, tmp_path, k + 1, "unknown name 'no_such_value'")


def test_missing_file(tmp_path):
    code, out, err = run("peak", tmp_path / "nope.txt")
    assert code == 2 and err.strip() == f"bufviz: error: {tmp_path / 'nope.txt'}: no such file or folder"


def test_usage_errors_are_one_line():
    code, out, err = run("peak", SAMPLES / "001_04aa0d3336074bf8.txt", "--format", "xml")
    assert code == 2 and err.count("\n") == 1 and err.startswith("bufviz: error: ")
    code, out, err = run("peak")
    assert code == 2 and "Missing argument" in err


def test_internal_errors_exit_101(monkeypatch, tmp_path):
    import bufviz.pipeline

    def broken(*args, **kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(bufviz.pipeline, "peak_report", broken)
    out_file = tmp_path / "r.json"
    code, out, err = run("peak", SAMPLES / "001_04aa0d3336074bf8.txt", "-o", out_file)
    assert code == 101 and not out_file.exists()
    assert err.startswith("bufviz: internal error: ZeroDivisionError: boom") and "Traceback" not in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_output_file_is_written_whole(tmp_path, fmt):
    out_file = tmp_path / f"r.{fmt}"
    code, out, err = run("peak", SAMPLES / "001_04aa0d3336074bf8.txt", "--format", fmt, "-o", out_file)
    assert code == 0 and out == ""
    assert "30" in out_file.read_text() and not list(tmp_path.glob(".bufviz-*"))
    umask = os.umask(0)
    os.umask(umask)
    assert out_file.stat().st_mode & 0o777 == 0o666 & ~umask


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_output_to_a_pipe_writes_into_it(tmp_path):
    """`-o /dev/null` or a FIFO is written to, not replaced by a renamed file."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    received = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_text()))
    reader.start()
    code, out, err = run("peak", SAMPLES / "001_04aa0d3336074bf8.txt", "--format", "json", "-o", pipe)
    reader.join(timeout=60)
    assert code == 0, err
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert json.loads(received[0])["schema_version"] == 1
    assert not list(tmp_path.glob(".bufviz-*"))


def test_several_dump_folders_below_the_one_given_are_listed_a_line_each(tmp_path):
    made = []
    for name in ("run_a/dump", "run_b/dump"):
        folder = tmp_path / name
        folder.mkdir(parents=True)
        for f in HLO_0102.parent.iterdir():
            (folder / f.name).write_bytes(f.read_bytes())
        made.append(str(folder))
    code, out, err = run("explain", tmp_path)
    assert code == 2 and out == ""
    first, *listed = err.rstrip("\n").split("\n")
    assert first.startswith(f"bufviz: error: {tmp_path}: expected one folder of dump files below this one, found 2")
    assert sorted(listed) == made
