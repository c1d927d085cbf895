"""A CI dump tree of several programs whose modules share a name (`jit_update`, `jit_f`): every
format names each program, an over-limit module is never hidden behind an unreadable one (exit
1, both listed), a baseline of the same tree finds every module, and scan lists each module
once. The tree is built from real dumps; the expected names follow the rule in identity.py (the
shortest end of the folder's path below the root that tells the folders apart, and the dump
number where one folder holds several modules)."""
from __future__ import annotations

import json
import shutil
from xml.etree import ElementTree

import pytest

from conftest import DATA, run, run_json
from conftest import xla_needed

CORPUS = DATA / "corpus"
# folder in the tree -> the real dump copied there
PROGRAMS = {
    "exp0/mlp_train": CORPUS / "xla-jax-0.10.2/mlp_train",
    "exp1/mlp_train": CORPUS / "xla-jax-0.6.2/mlp_train",
    "exp0/while_tuple_carry": CORPUS / "xla-jax-0.10.2/while_tuple_carry",
    "gpu/while_tuple_carry": CORPUS / "xla-jax-0.11.2-gpu/while_tuple_carry",   # (two optimized texts)
}
NAMES = {
    "exp0/mlp_train": "exp0/mlp_train · jit_update",
    "exp1/mlp_train": "exp1/mlp_train · jit_update",
    "exp0/while_tuple_carry": "exp0/while_tuple_carry · jit_f",
    "gpu/while_tuple_carry": "gpu/while_tuple_carry · jit_f",
    # one folder holding two modules: named with their dump numbers
    "both#22": "both · module_0022.jit_update",
    "both#4": "both · module_0004.jit_f",
}


def make_tree(root):
    for folder, source in PROGRAMS.items():
        shutil.copytree(source, root / folder)
    both = root / "both"   # the modules of two programs in one folder (jax's numbers differ)
    both.mkdir()
    for source in (CORPUS / "xla-jax-0.10.2/mlp_train", CORPUS / "xla-jax-0.10.2/while_tuple_carry"):
        for f in source.glob("module_*"):
            shutil.copy(f, both / f.name)
    return root


@pytest.fixture
def tree(tmp_path):
    return make_tree(tmp_path / "dumps")


def test_every_format_names_each_program(tree, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    names = sorted(NAMES.values())
    code, out, _ = run("check", tree, "--budget", "4MiB", "--format", "json")
    assert code == 1 and sorted(r["program"] for r in json.loads(out)["results"]) == names
    for fmt in ("text", "markdown", "github"):
        code, out, _ = run("check", tree, "--budget", "4MiB", "--format", fmt, "--no-color")
        assert code == 1 and all(name in out for name in names), fmt
    code, out, _ = run("check", tree, "--budget", "4MiB", "--metric", "needed", "--metric", "temp", "--format", "junit")
    cases = ElementTree.fromstring(out).findall("./testsuite/testcase")
    named = [c.get("name") for c in cases]
    assert len(named) == len(set(named)) == 2 * len(names)
    assert sorted(n.rsplit(" · ", 1)[0] for n in named) == sorted(names * 2)
    code, out, _ = run("scan", tree, "--no-color")
    assert all(name in out for name in names)


def test_scan_lists_each_module_once(tree):
    result = run_json("scan", tree)
    assert sorted(m["program"] for m in result["modules"]) == sorted(NAMES.values()) and not result["errors"]
    by_name = {m["program"]: m for m in result["modules"]}
    for folder, source in PROGRAMS.items():
        assert by_name[NAMES[folder]]["needed_bytes"] == xla_needed(source)


def test_over_a_limit_with_an_unreadable_module_exits_1_and_lists_both(tree):
    hlo = next((tree / "exp0/while_tuple_carry").glob("*after_optimizations.txt"))
    hlo.write_text(hlo.read_text()[:2000])
    code, out, _ = run("check", tree, "--budget", "4MiB", "--format", "json")
    result = json.loads(out)
    assert code == 1 and result["failed"] == 3   # the three mlp_train modules need 6 MiB
    assert [e["path"] for e in result["errors"]] == [str(hlo)]
    code, out, _ = run("check", tree, "--budget", "1GiB", "--no-color")
    assert code == 2 and "could not be checked" in out and hlo.name in out.replace("\n", "")


def test_a_baseline_of_the_same_tree_finds_every_module(tree, tmp_path):
    baseline = tmp_path / "baseline.json"
    assert run("scan", tree, "--format", "json", "-o", baseline)[0] == 0
    moved = make_tree(tmp_path / "elsewhere")   # the same tree in another place
    for now in (tree, moved):
        result = run_json("check", now, "--baseline", baseline)
        assert result["ok"] and result["baseline_only"] == [] and result["without_baseline"] == []
        assert all(r["delta"] == 0 for r in result["results"]) and len(result["results"]) == len(NAMES)


def test_diff_compares_what_it_can_read_and_exits_2_for_the_rest(tree, tmp_path):
    new = make_tree(tmp_path / "new")
    hlo = next((new / "gpu/while_tuple_carry").glob("*sm_9.0a_gpu_after_optimizations.txt"))
    hlo.write_text(hlo.read_text()[:1500])
    code, out, _ = run("diff", tree, new, "--format", "json")
    result = json.loads(out)
    assert code == 2 and len(result["modules"]) == len(NAMES) - 1 and len(result["errors"]) == 1
    assert result["needed_bytes"]["delta"] == 0
    code, _, _ = run("diff", tree, new, "--fail-on-increase", "0")
    assert code == 2   # nothing grew: the unreadable module decides


def _below(path, root):
    """A module's path from its program's folder down: the same in a baseline and now."""
    return str(path).split(str(root) + "/", 1)[-1]


@pytest.mark.parametrize("sub", ["exp0", "exp1", "gpu", "both", "exp0/mlp_train"])
def test_a_tree_and_its_subfolders_pair_each_program_with_its_own_row(tree, tmp_path, sub):
    whole = tmp_path / "whole.json"
    assert run("scan", tree, "--format", "json", "-o", whole)[0] == 0
    part = tmp_path / "part.json"
    assert run("scan", tree / sub, "--format", "json", "-o", part)[0] == 0
    in_sub = [m for m in run_json("scan", tree)["modules"] if m["path"].startswith(f"{tree}/{sub}/")]
    # the subfolder against the whole tree's baseline: every program its own row, nothing missing
    result = run_json("check", tree / sub, "--baseline", whole)
    assert len(result["results"]) == len(in_sub) and result["ok"]
    assert all(_below(r["baseline"]["path"], tree) == _below(r["path"], tree) for r in result["results"])
    assert all(r["delta"] == 0 for r in result["results"])
    assert result["baseline_only"] == [] and result["baseline_elsewhere"] == len(NAMES) - len(in_sub)
    # the whole tree against the subfolder's baseline: its programs paired, the others new
    result = run_json("check", tree, "--baseline", part)
    paired = [r for r in result["results"] if r["baseline"] is not None]
    assert len(paired) == len(in_sub) and all(r["delta"] == 0 for r in paired)
    assert all(_below(r["baseline"]["path"], tree) == _below(r["path"], tree) for r in paired)
    assert len(result["without_baseline"]) == len(NAMES) - len(in_sub) and result["baseline_only"] == []


def test_a_program_without_its_own_row_is_new_not_another_programs(tree, tmp_path, monkeypatch):
    baseline = tmp_path / "baseline.json"
    shutil.rmtree(tree / "exp1")
    assert run("scan", tree, "--format", "json", "-o", baseline)[0] == 0
    # a new program of the same module name (a bigger model: what it takes differs)
    shutil.copytree(DATA / "extra/mlp_train_big", tree / "exp2/mlp_big")
    shutil.rmtree(tree / "exp0/mlp_train")                                # and one gone
    result = run_json("check", tree, "--baseline", baseline)
    assert result["without_baseline"] == ["mlp_big · jit_update"]
    assert result["baseline_only"] == ["mlp_train · jit_update"]
    new = next(r for r in result["results"] if r["program"] == "mlp_big · jit_update")
    assert new["baseline"] is None and new["baseline_bytes"] is None
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run("check", tree, "--baseline", baseline, "--no-color")
    assert code == 0 and out.count("mlp_big · jit_update") == 2 and "1 program new (no row in the baseline)" in out
