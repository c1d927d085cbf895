"""Bad input never breaks bufviz: every cause the mutated-input hunt found (nesting, sizes past
what XLA can hold, numbers of thousands of digits, call cycles, lines of megabytes, saved JSON
changed by hand) ends in one error line naming the file, exit 2, in time linear in the input;
jax's numbers are never silently passed over; and a seeded mutator over tests/data finds no
internal error, hang or traceback (bench/fuzz.py runs hundreds of cases by hand)."""
from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest

from conftest import DATA, run, time_limit
from mutations import mutate_json, mutate_text

CASE = DATA / "corpus/xla-jax-0.10.2/while_tuple_carry"
HLO = next(CASE.glob("*cpu_after_optimizations.txt"))
SECONDS = 30




def folder_with(tmp_path: Path, text: str, name: str = HLO.name) -> Path:
    (tmp_path / name).write_text(text)
    return tmp_path / name


def refused(path: Path, *args: str) -> str:
    with time_limit(SECONDS):
        code, out, err = run("peak", path, "--no-discover", *args)
    assert code == 2 and out == "" and err.startswith(f"bufviz: error: {path}:") and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("shape,why", [
    ("(" * 1000 + "f32[]" + ")" * 1000, "nested more than"),
    ("f32[18446744073709551616]{0}", "a dimension size that XLA can hold"),
    ("f32[99999999999,99999999999]{1,0}", "more elements than XLA can hold"),
    ("f32[" + ",".join(["2"] * 64) + "]", "more elements than XLA can hold"),
])
def test_shapes_past_what_xla_holds_are_input_errors(shape, why, tmp_path):
    text = HLO.read_text()
    first = re.search(r"f32\[256,256\]\{1,0\} parameter", text).start()
    path = folder_with(tmp_path, text[:first] + shape + text[first + len("f32[256,256]{1,0}"):])
    assert why in refused(path)


@pytest.mark.parametrize("newline", ["\n", "\r\n"])   # (found in the bytes read; in the text where \r went)
def test_a_number_of_thousands_of_digits_is_an_input_error(newline, tmp_path):
    text = HLO.read_text().replace("parameter(0)", "parameter(" + "9" * 5000 + ")", 1)
    at = text.index("9" * 5000)
    line, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
    (tmp_path / HLO.name).write_bytes(text.replace("\n", newline).encode())
    err = refused(tmp_path / HLO.name)
    assert "more than 40 digits" in err and f":{line}:" in err and f"at column {column}" in err


@pytest.mark.parametrize("how", ["itself", "back"])
def test_call_cycles_are_input_errors(how, tmp_path):
    text = HLO.read_text()
    body = re.search(r"^%(region_0\.\d+) ", text, re.M).group(1)   # (the while loop's: read to schedule it)
    target = body if how == "itself" else re.search(r"^ENTRY %([\w.]+)", text, re.M).group(1)
    root = text.index("ROOT ", text.index(f"%{body} ("))
    line = f"  %cycle = f32[] call(), to_apply=%{target}\n"
    start = text.rfind("\n", 0, root) + 1
    err = refused(folder_with(tmp_path, text[:start] + line + text[start:]))
    assert "call only computations printed before it" in err
    assert ("calling itself" if how == "itself" else f"calling {target!r}, printed after it") in err
    assert f":{text[:start].count(chr(10)) + 1}:" in err   # the line of the call


FILLERS = [" " * 200_000 + "x", "{ " * 200_000, ") ->" * 100_000, "x" * 1_000_000, "(" * 1_000_000]


@pytest.mark.parametrize("filler", FILLERS, ids=lambda f: repr(f[:4]))
def test_a_line_of_megabytes_takes_linear_time(filler, tmp_path):
    text = HLO.read_text()
    k = text.index("\n}\n")
    path = folder_with(tmp_path, text[:k] + "\n}" + filler + text[k:])
    started = time.perf_counter()
    refused(path)
    assert time.perf_counter() - started < 10


@pytest.mark.parametrize("filler", FILLERS, ids=lambda f: repr(f[:4]))
def test_a_line_of_megabytes_inside_an_instruction_takes_linear_time(filler, tmp_path):
    """Inside an instruction's metadata (continued on the next line) and in a shape."""
    text = HLO.read_text()
    at = text.index("metadata={") + len("metadata={")
    for where in (at, text.index(" = (", text.index("ROOT ")) + 4):
        path = folder_with(tmp_path, text[:where] + "\n" + filler + "\n" + text[where:])
        started = time.perf_counter()
        with time_limit(SECONDS):
            code, _, err = run("explain", path, "--no-discover")
        assert code in (0, 2) and "internal error" not in err and time.perf_counter() - started < 10


def test_a_value_line_of_megabytes_in_a_buffer_assignment_takes_linear_time(tmp_path):
    dump = next(CASE.glob("*-buffer-assignment.txt"))
    lines = dump.read_text().split("\n")
    k = next(i for i, line in enumerate(lines) if line.startswith(" value:"))
    lines[k] += " " * 300_000 + "x"
    path = folder_with(tmp_path, "\n".join(lines), dump.name)
    started = time.perf_counter()
    with time_limit(SECONDS):
        code, _, err = run("peak", path, "--no-discover")
    assert code in (0, 2) and "internal error" not in err and time.perf_counter() - started < 10


def test_memory_analysis_of_megabytes_takes_linear_time(tmp_path):
    (tmp_path / HLO.name).write_text(HLO.read_text())
    (tmp_path / "memory_analysis.json").write_text('{"' + "a" * 2_000_000 + '_in_bytes": 5}')
    started = time.perf_counter()
    with time_limit(SECONDS):
        code, _, err = run("peak", tmp_path)
    assert code == 2 and "memory_analysis.json" in err and time.perf_counter() - started < 10


@pytest.mark.parametrize("how", ["nest", "drop", "retype"])
def test_a_saved_result_changed_by_hand_is_an_input_error(how, tmp_path):
    saved = tmp_path / "saved.json"
    assert run("peak", CASE, "--format", "json", "-o", saved, "--no-advice")[0] == 0
    data = json.loads(saved.read_text())
    if how == "nest":
        data["extra"] = json.loads("[" * 900 + "]" * 900)
        text = json.dumps(data)
    elif how == "drop":
        del data["memory"]["needed_bytes"]
        text = json.dumps(data)
    else:
        data["memory"]["at_peak"][0]["bytes"] = "lots"
        text = json.dumps(data)
    saved.write_text(text)
    for args in (("peak", saved), ("check", saved, "--budget", "1GiB"), ("diff", CASE, saved)):
        with time_limit(SECONDS):
            code, _, err = run(*args)
        assert "internal error" not in err and "Traceback" not in err
        assert code == 0 or (code == 2 and str(saved) in err and err.count("\n") == 1) or \
            (code == 2 and args[0] == "check" and err), (args, code, err)


def test_jax_zeros_are_said_and_a_changed_number_is_compared(tmp_path):
    """jax 0.4.13 reports zeros: nothing of jax's is claimed to match, and a number that is not
    zero is compared (here the alias bytes, changed by hand from 0)."""
    case = DATA / "corpus/xla-jax-0.4.13/while_tuple_carry"
    assert json.loads((case / "memory_analysis.json").read_text())["argument_size_in_bytes"] == 0
    code, out, _ = run("verify", case, "--no-color")
    assert code == 0 and "jax reported zeros" in " ".join(out.split())
    for f in case.iterdir():
        (tmp_path / f.name).write_bytes(f.read_bytes())
    stats = json.loads((case / "memory_analysis.json").read_text())
    stats["alias_size_in_bytes"] = 4096
    (tmp_path / "memory_analysis.json").write_text(json.dumps(stats))
    code, out, _ = run("verify", tmp_path, "--format", "json")
    assert code == 1 and [m["quantity"] for m in json.loads(out)["mismatches"]] == ["jax_alias_bytes"]
    code, out, _ = run("check", tmp_path, "--budget", "1GiB", "--format", "json")
    assert code == 2 and json.loads(out)["doubtful"]


def test_a_check_that_could_not_read_says_so_on_stderr(tmp_path):
    (tmp_path / "module_0001.jit_f.cpu_after_optimizations.txt").write_text("HloModule jit_f\n\nnot a module\n")
    code, out, err = run("check", tmp_path, "--budget", "1GiB", "--format", "json")
    assert code == 2 and "could not read" in err and "module_0001" in err


# A few dozen cases in CI; bench/fuzz.py runs hundreds with any seed.
INPUTS = [HLO, DATA / "corpus/xla-jax-0.4.30/cond_branches", next(CASE.glob("*-buffer-assignment.txt"))]
COMMANDS = [("peak",), ("peak", "--format", "json"), ("verify",), ("explain",), ("timeline",),
            ("allocations",), ("peak", "--format", "svg"), ("check", "--budget", "1GiB"), ("scan",)]


@pytest.mark.parametrize("seed", range(24))
def test_seeded_mutations_of_real_inputs_never_break_bufviz(seed, tmp_path):
    rng = random.Random(1000 + seed)
    source = rng.choice(INPUTS)
    folder = tmp_path / "case"
    folder.mkdir()
    if source.is_dir():
        for f in source.iterdir():
            (folder / f.name).write_bytes(f.read_bytes())
        target = folder / rng.choice(sorted(p.name for p in source.iterdir()))
    else:
        target = folder / source.name
        target.write_bytes(source.read_bytes())
    text = target.read_text()
    mutated, what = mutate_json(text, rng) if target.suffix == ".json" else mutate_text(text, rng)
    target.write_text(mutated)
    command = rng.choice(COMMANDS)
    with time_limit(SECONDS):
        code, out, err = run(command[0], folder, *command[1:])
    assert "internal error" not in err and "Traceback" not in err, (what, command, err)
    assert code in (0, 1, 2), (what, command, code)
    if code == 2:
        assert err.strip(), (what, command)
