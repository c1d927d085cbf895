"""CI never says ok about a module it cannot stand behind. A folder whose optimized module is not
the program jax measured (a small host module beside the program's memory_analysis.json, as when
the program's own text is missing) is flagged in every format and in JSON, marked in scan and
check rows, and check exits 2 for it (1 still wins when a module is over a limit); scan, check
and diff exit 2 when nothing could be read. The numbers compared are jax's, read from the file."""
from __future__ import annotations

import json
import shutil
from xml.etree import ElementTree

import pytest

from conftest import DATA, run, run_json
from conftest import xla_needed

CORPUS = DATA / "corpus/xla-jax-0.10.2"
PROGRAM = CORPUS / "mlp_train"          # the program jax measured
OTHER = CORPUS / "while_tuple_carry"    # another module, put in its folder


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "dumps"
    shutil.copytree(PROGRAM, root / "good")
    wrong = root / "wrong"
    wrong.mkdir()
    for f in OTHER.glob("module_*"):
        shutil.copy(f, wrong / f.name)
    shutil.copy(PROGRAM / "memory_analysis.json", wrong / "memory_analysis.json")
    return root


def _jax(name):
    return json.loads((PROGRAM / "memory_analysis.json").read_text())[name]


def test_a_module_jax_did_not_measure_is_flagged_in_peak(tree, monkeypatch):
    report = run_json("peak", tree / "wrong")
    assert len(report["warnings"]) == 1 and "memory_analysis.json" in report["warnings"][0]
    jax_arguments = _jax("argument_size_in_bytes")
    assert any(m["quantity"] == "jax_argument_bytes" and m["xla"] == jax_arguments for m in report["mismatches"])
    assert run_json("peak", tree / "good")["warnings"] == []
    for width in (80, 120, 200):
        monkeypatch.setenv("COLUMNS", str(width))
        out = run("peak", tree / "wrong", "--no-color")[1]
        assert "warning: jax's memory_analysis.json beside this module disagrees" in out
        assert "do not trust these numbers" in " ".join(out.split())
    svg = run("peak", tree / "wrong", "--format", "svg")[1]
    assert "memory_analysis.json beside this module" in " ".join(
        e.text or "" for e in ElementTree.fromstring(svg).iter() if e.tag.endswith("text"))


def test_scan_marks_it_and_check_never_says_ok(tree, monkeypatch):
    scan = run_json("scan", tree)
    by_name = {m["program"]: m for m in scan["modules"]}
    assert by_name["good · jit_update"]["doubt"] is None and by_name["good · jit_update"]["differs_from_xla"] == 0
    assert by_name["good · jit_update"]["needed_bytes"] == xla_needed(PROGRAM)
    assert by_name["wrong · jit_f"]["doubt"] and by_name["wrong · jit_f"]["differs_from_xla"] > 0
    monkeypatch.setenv("COLUMNS", "80")
    out = run("scan", tree, "--no-color")[1]
    assert "✗" in out and "1 module whose numbers differ from XLA's own files" in out

    code, out, _ = run("check", tree, "--budget", "1GiB", "--format", "json")
    result = json.loads(out)
    assert code == 2 and not result["ok"] and result["failed"] == 0 and result["doubtful"] == ["wrong · jit_f"]
    for width in (80, 120, 200):
        monkeypatch.setenv("COLUMNS", str(width))
        code, out, _ = run("check", tree, "--budget", "1GiB", "--no-color")
        rows = {line.split()[0]: line.split()[-1] for line in out.splitlines() if " · " in line and "≤" in line}
        assert code == 2 and rows == {"good": "ok", "wrong": "unsure"}, out
        assert "not trusted: wrong · jit_f" in out
    for fmt, shown in (("markdown", "| unsure |"), ("github", "::warning "), ("junit", 'type="NotTrusted"')):
        code, out, _ = run("check", tree, "--budget", "1GiB", "--format", fmt)
        assert code == 2 and shown in out, fmt
    # over a limit still wins: 1
    code, out, _ = run("check", tree, "--budget", str(xla_needed(PROGRAM) - 1), "--format", "json")
    assert code == 1 and json.loads(out)["doubtful"] == ["wrong · jit_f"]


def test_nothing_readable_exits_2(tmp_path):
    folder = tmp_path / "cut"
    for name in ("a", "b"):
        (folder / name).mkdir(parents=True)
        hlo = next(PROGRAM.glob("*cpu_after_optimizations.txt"))
        (folder / name / hlo.name).write_text(hlo.read_text()[:3000])
    code, out, _ = run("scan", folder, "--format", "json")
    assert code == 2 and json.loads(out)["modules"] == [] and len(json.loads(out)["errors"]) == 2
    assert run("check", folder, "--budget", "1GiB")[0] == 2
    assert run("diff", folder, folder)[0] == 2
