"""Names for what jax left unnamed, checked against the paths the programs' own libraries give
(tests/data/names/*/paramnames.tsv: each step parameter's HLO op_name beside the path of its
leaf in `nnx.state(...)` or the equinox module, written when the program ran): nnx.jit's
`model.states[0][11]` and equinox's flat lists are shown by their layer and the user's line,
loop carries by where their start was made, and at 80 columns every row says a line."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import DATA, run, run_json

NAMES = DATA / "names"
ROLE_WORDS = {"kernel": "kernel", "weight": "kernel", "bias": "bias", "scale": "scale", "embedding": "embedding"}


def folders() -> list[Path]:
    return sorted(p for p in NAMES.iterdir() if (p / "paramnames.tsv").is_file())


def _truth(folder: Path) -> dict[str, str]:
    """op_name -> the library's own path of the leaf (`model['blocks'][0]['mlp']['fc1']['kernel'].value`)."""
    rows = [line.split("\t") for line in (folder / "paramnames.tsv").read_text().splitlines() if line]
    return {r[0]: r[3] for r in rows}


def _last_key(path: str) -> str:
    keys = [a or b for a, b in re.findall(r"\['(\w+)'\]|\.(\w+)", path) if (a or b) != "value"]
    return keys[-1] if keys else ""


@pytest.mark.parametrize("folder", folders(), ids=lambda p: p.name)
def test_every_weight_and_its_optimizer_state_names_its_layer_and_the_users_line(folder):
    truth = _truth(folder)
    program = (folder / "program.py").read_text().splitlines()
    rows = [r for r in run_json("peak", str(folder))["memory"]["at_peak"]
            if r["kind"] == "parameter" and r["path"] in truth]
    layered = [r for r in rows if r["category"] in ("weights", "optimizer state") and r.get("layer")]
    assert len(layered) >= 0.9 * len([r for r in rows if r["category"] in ("weights", "optimizer state")])
    for r in layered:
        word = ROLE_WORDS.get(_last_key(truth[r["path"]]))
        if word is not None and len(r["layer"].split()) == 2:   # (the part of the layer it is)
            assert r["layer"].split()[1] == word, (r["path"], r["layer"], truth[r["path"]])
        # (program.py is the script the dump names, copied: the line calls the layer)
        file, line = r["user_source"].rsplit(":", 1)
        assert Path(file).stem == folder.name.split("-jax")[0]
        assert "(" in program[int(line) - 1]


@pytest.mark.parametrize("folder", folders(), ids=lambda p: p.name)
def test_at_80_columns_rows_say_the_users_line_or_name(folder, monkeypatch):
    """Rows naming a line of the user's (a temporary by its line and operation, a nameless
    parameter by its layer and line, a loop carry by its start's line) or the user's own
    pytree path hold 90% of memory needed; no loop carry by XLA's tuple name alone."""
    monkeypatch.setenv("COLUMNS", "80")
    report = run_json("peak", str(folder), "--no-advice")
    code, out, _ = run("peak", str(folder), "--no-advice", "--top", "0", "--no-color")
    assert code == 0
    table = out.split("Storage at the peak", 1)[1].split("\n= ", 1)[0].splitlines()[3:]
    assert all(len(line) <= 80 for line in out.splitlines())
    units = {"B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}
    named = total = 0
    paths = {r["path"] for r in report["memory"]["at_peak"] if r.get("path")}
    for line in table:
        m = re.match(r"\s*([\d.]+) (B|KiB|MiB|GiB)\s", line)
        if not m:
            continue
        size = float(m.group(1)) * units[m.group(2)] * int((re.search(r" ×(\d+)", line) or [0, 1])[1])
        total += size
        if re.search(r"\.py:\d+|line \d+", line) or any(p in line for p in paths):
            named += size
        assert not re.search(r"arg_tuple|\bwhile\.\d+\{", line), line
    assert named >= 0.9 * total


def test_a_kv_cache_loop_carry_is_named_by_where_it_was_made():
    folder = NAMES / "nnx_generate_kv-jax0.12"
    rows = [r for r in run_json("peak", str(folder))["memory"]["at_peak"] if r.get("carried")]
    assert rows
    program = (folder / "program.py").read_text().splitlines()
    for r in rows:   # (a start XLA made without metadata, the zeros of jnp.zeros, has no line)
        carried = r["carried"]
        loop = int(carried["loop_at"].rsplit(":", 1)[1])
        assert "fori_loop" in program[loop - 1] or "while_loop" in program[loop - 1]
        if carried.get("made_at"):
            assert int(carried["made_at"].rsplit(":", 1)[1]) < loop
        else:
            assert carried["made_by"] == "zeros" and "zeros" in "".join(program[:loop])


def test_explain_and_donate_take_the_names_shown():
    folder = NAMES / "nnx_train-jax0.10.2"
    truth = _truth(folder)
    report = run_json("peak", str(folder))
    kernel = next(r for r in report["memory"]["at_peak"] if r.get("layer") == "Linear kernel")
    shown = f"Linear kernel · {Path(kernel['user_source']).name}"
    explained = run_json("explain", str(folder), shown)["explain"]
    assert explained["path"] and truth[explained["path"]].endswith("['kernel'].value")
    what_if = run_json("peak", str(folder), "--donate", "Linear kernel")["what_if"]
    donated = {d["path"] for d in what_if["donate"]}
    linear_kernels = {op for op, path in truth.items() if op.startswith("model.") and _last_key(path) == "kernel"}
    assert linear_kernels <= donated
