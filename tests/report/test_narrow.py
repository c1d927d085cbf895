"""What a user reads in a terminal of 80, 120 or 200 columns: the peak moment's source line
never wraps unindented, "largest first" is largest first, parameters' names are not cut, sizes
and paths are never split across lines, buffers of one tuple are told apart in every format,
a budget's limit stays beside a baseline, and the timeline's peak adds up to memory needed."""
from __future__ import annotations

import json
import re
import shutil

import pytest

from conftest import DATA, run
from conftest import xla_needed

WIDTHS = (80, 120, 200)
UNITS = {"B": 1, "KiB": 2**10, "MiB": 2**20, "GiB": 2**30}
SIZE_SPLIT = re.compile(r"\d\n\s*(?:B|KiB|MiB|GiB)\b")
LIBRARY = DATA / "library/nnx_transformer_dropout"
ADAM = DATA / "roles/jax-optax_adam_update_only"
CARRY = DATA / "corpus/xla-jax-0.10.2/while_tuple_carry"


def _text(monkeypatch, width, *args):
    monkeypatch.setenv("COLUMNS", str(width))
    code, out, err = run(*args, "--no-color")
    assert code in (0, 1, 2), err
    return out


def _bytes(cell: str) -> float:
    number, unit = cell.split()
    return float(number) * UNITS[unit]


@pytest.mark.parametrize("width", (60, *WIDTHS))
def test_the_peak_moment_s_source_stays_in_its_column(monkeypatch, width):
    out = _text(monkeypatch, width, "peak", LIBRARY, "--no-advice")
    lines = out.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("Peak moment"))
    assert all(len(line) <= width for line in lines[k:k + 2])
    source = re.search(r"\((\S+:\d+)\)", lines[k] + lines[k + 1]).group(1)
    assert source.endswith(".py:150")
    if source not in lines[k]:   # on its own line, under the moment
        assert lines[k + 1].startswith(" " * len("Peak moment    ") + "(")


@pytest.mark.parametrize("width", WIDTHS)
def test_storage_at_the_peak_is_largest_first_and_names_are_whole(monkeypatch, width):
    out = _text(monkeypatch, width, "peak", ADAM, "--top", "0", "--no-advice")
    table = out.split("largest first")[1].split("\n= ")[0]
    rows = [line for line in table.splitlines() if re.match(r"\s*[\d.]+ (?:B|KiB|MiB|GiB) ", line)
            and "free temp bytes" not in line]
    sizes = [_bytes(" ".join(line.split()[:2])) for line in rows]
    assert len(sizes) > 5 and sizes == sorted(sizes, reverse=True)
    text = next(ADAM.iterdir()).read_text()
    # parameters are named by the pytree path jax wrote in their op_name, kept whole
    params = re.findall(r'parameter\(\d+\), metadata=\{op_name="([^"]+)"', text.split("\nENTRY ")[1])
    paths = [p.replace("\\'", "'") for p in params]
    param_rows = [line for line in rows if " parameter " in line]
    assert param_rows and all(any(p in line.split() for p in paths) for line in param_rows)


def _check_tree(tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(CARRY, tree / "carry")
    shutil.copytree(DATA / "corpus/xla-jax-0.10.2/mlp_train", tree / "mlp")
    return tree


@pytest.mark.parametrize("width", WIDTHS)
def test_check_splits_no_size_and_tells_tuple_buffers_apart(monkeypatch, tmp_path, width):
    tree = _check_tree(tmp_path)
    baseline = tmp_path / "base.json"
    assert run("scan", tree, "--format", "json", "-o", baseline)[0] == 0
    out = _text(monkeypatch, width, "check", tree, "--budget", "1KiB", "--baseline", baseline)
    assert not SIZE_SPLIT.search(out)
    header = next(line for line in out.splitlines() if line.startswith("program"))
    assert "allowed" in header   # (the budget says why an unchanged module is OVER)
    code, out, _ = run("check", tree, "--budget", "1KiB", "--format", "json")
    result = json.loads(out)
    for r in result["results"]:
        names = [c["what"] for c in r["culprits"]]
        assert len(names) == len(set(names)), names
    carry = next(r for r in result["results"] if r["program"].startswith("carry"))
    assert any("{" in c["what"] for c in carry["culprits"])   # (a while loop's tuple elements)
    for fmt in ("markdown", "github"):
        out = run("check", tree, "--budget", "1KiB", "--format", fmt)[1]
        assert all(c["what"] in out for c in carry["culprits"]), fmt


@pytest.mark.parametrize("width", WIDTHS)
def test_scan_names_an_unreadable_file_whole(monkeypatch, tmp_path, width):
    tree = _check_tree(tmp_path)
    hlo = next((tree / "mlp").glob("*cpu_after_optimizations.txt"))
    hlo.write_text(hlo.read_text()[:3000])
    out = _text(monkeypatch, width, "scan", tree)
    assert any(f"mlp/{hlo.name}" in line for line in out.splitlines())
    assert not SIZE_SPLIT.search(out)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_timeline_s_peak_adds_up_to_memory_needed(monkeypatch, width):
    case = DATA / "corpus/xla-jax-0.10.2/mlp_train"
    out = _text(monkeypatch, width, "timeline", case)
    found = re.search(r"peak t=\d+: ([\d,]+) B in use \+ ([\d,]+) B free\s*=\s*([\d,]+) B, memory\s+needed", out)
    in_use, free, needed = (int(g.replace(",", "")) for g in found.groups())
    assert in_use + free == needed == xla_needed(case)
