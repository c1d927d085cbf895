"""First contact with the command line: help, examples, environment variables, standard input,
and the encodings files come in."""
from __future__ import annotations

import io
import json
import re
import sys

import click
import pytest

from bufviz.cli import cli
from conftest import DATA, SAMPLES, run

README = (SAMPLES.parent / "README.md").read_text() + (SAMPLES.parent / "docs" / "manual.md").read_text()
MLP = DATA / "corpus/xla-jax-0.10.2/mlp_train"
OOM = DATA / "oom/cpu-oom-jax-jit-zeros-0.10.2.txt"
SEED_001 = SAMPLES / "001_04aa0d3336074bf8.txt"


def commands():
    return [(None, cli)] + sorted(cli.commands.items())


def test_no_arguments_prints_the_help():
    code, out, err = run()
    assert code == 0 and err == ""
    assert out.startswith("Usage: bufviz") and "\nCommands:\n" in out
    assert "out-of-memory" in out and "log" in out  # says OOM messages and logs are read too
    assert all(name in out for name in cli.commands)


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_every_command_help_ends_with_examples(name):
    code, out, _ = run(name, "--help")
    assert code == 0
    help_text = out.split("\nOptions:")[0]
    examples = help_text.split("Examples:")[-1].strip().splitlines()
    assert "Examples:" in help_text and len(examples) >= 2
    assert all(line.strip().startswith(("bufviz ", "pbpaste", "BUFVIZ_")) for line in examples)
    assert all(f"bufviz {name}" in line or name == "peak" for line in examples if "bufviz" in line)


def _env_value(param: click.Option) -> tuple[str, object]:
    """A value for the option written as text, and what the option should read from it."""
    if param.is_flag:
        return "1", True
    if isinstance(param.type, click.Choice):
        choice = param.type.choices[-1]
        return choice, (choice,) if param.multiple else choice
    if isinstance(param.type, click.types.IntParamType):
        n = max(3, getattr(param.type, "min", None) or 0)
        return str(n), (n,) if param.multiple else n
    if isinstance(param.type, click.types.FloatParamType):
        value = 0.5 if getattr(param.type, "max", None) == 1 else 2.5   # (a fraction stays in its range)
        return str(value), value
    return "some-file.json", "some-file.json"


def _documented_name(command: str | None, param: click.Option) -> str:
    long = max(param.opts, key=len).lstrip("-").upper().replace("-", "_")
    return f"BUFVIZ_{command.upper()}_{long}" if command else f"BUFVIZ_{long}"


@pytest.mark.parametrize("name,command", commands(), ids=lambda c: c if isinstance(c, str) else "")
def test_every_option_reads_its_documented_environment_variable(name, command, monkeypatch):
    options = [p for p in command.params if isinstance(p, click.Option) and not p.is_eager]
    assert options
    for param in options:
        variable = _documented_name(name, param)
        text, expected = _env_value(param)
        monkeypatch.setenv(variable, text)
        args = [str(MLP)] if name else []
        ctx = command.make_context(name or "bufviz", args, resilient_parsing=True)
        assert ctx.params[param.name] == expected, variable
        monkeypatch.delenv(variable)


def test_variables_named_in_the_readme_and_help_exist():
    help_texts = "".join(run(*([name] if name else []), "--help")[1] for name, _ in commands())
    named = set(re.findall(r"\bBUFVIZ_[A-Z_]+[A-Z]\b", README + help_texts))
    known = {_documented_name(name, p) for name, c in commands() for p in c.params
             if isinstance(p, click.Option) and not p.is_eager}
    assert named and named <= known, named - known


def test_environment_variable_format_gives_json(monkeypatch):
    monkeypatch.setenv("BUFVIZ_PEAK_FORMAT", "json")
    code, out, _ = run("peak", SEED_001)
    assert code == 0 and json.loads(out)["xla"]["total_bytes_used"] == _total_bytes_used(SEED_001.read_text())


def _total_bytes_used(text: str) -> int:
    return int(re.search(r"^Total bytes used: (\d+)", text, re.M).group(1))


def test_standard_input(monkeypatch):
    text = SEED_001.read_text()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, err = run("peak", "-", "--format", "json")
    assert code == 0, err
    report = json.loads(out)
    assert report["xla"]["total_bytes_used"] == _total_bytes_used(text)
    assert report["inputs"]["buffer_assignment"] == "<stdin>"


def test_standard_input_out_of_memory_message(monkeypatch):
    text = OOM.read_text()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, err = run("peak", "-", "--format", "json")
    requested = int(re.search(r"allocat\w* (\d+) bytes", text).group(1))
    assert code == 0 and json.loads(out)["oom"]["requested_bytes"] == requested


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be"])
def test_byte_order_marks_and_utf16(encoding, tmp_path):
    text = SEED_001.read_text()
    path = tmp_path / "pasted.txt"
    path.write_bytes(text.encode(encoding))
    code, out, err = run("peak", path, "--format", "json")
    assert code == 0, err
    assert json.loads(out)["xla"]["total_bytes_used"] == _total_bytes_used(text)


def test_jax_memory_statistics_alone():
    path = MLP / "memory_analysis.json"
    stats = json.loads(path.read_text())
    code, out, err = run("peak", path, "--format", "json")
    assert code == 0, err
    report = json.loads(out)["xla"]["memory_stats"]
    assert report["temp_bytes"] == stats["temp_size_in_bytes"]
    assert report["argument_bytes"] == stats["argument_size_in_bytes"]
    code, text, _ = run("peak", path, "--no-color")
    for key in ("argument_size_in_bytes", "output_size_in_bytes", "temp_size_in_bytes"):
        assert f"{stats[key]:,} B" in text or f"{stats[key]} B" in text, key


def test_json_written_in_pieces_is_one_compact_object(tmp_path):
    """JSON reports are written section by section; the text, to standard output or to a file,
    is exactly what encoding the whole object at once gives."""
    module = next(DATA.glob("corpus/xla-jax-0.10.2/mlp_train/*after_optimizations.txt"))
    target = tmp_path / "report.json"
    code, out, err = run("peak", module, "--no-discover", "--format", "json")
    assert code == 0, err
    assert run("peak", module, "--no-discover", "--format", "json", "-o", target)[0] == 0
    for text in (out, target.read_text()):
        assert text == json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":")) + "\n"
    assert out == target.read_text() and [p.name for p in tmp_path.iterdir()] == ["report.json"]
