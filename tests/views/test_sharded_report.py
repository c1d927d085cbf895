"""A partitioned program's report in the user's terms, checked against what jax reported when it
compiled each program (tests/data/sharded/*/truth.json, memory_analysis.json): one device of N on
the mesh, each parameter's global array and split, the batch as inputs, collectives by mesh axis,
sharding as a cause in diff, advice on what is replicated."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from conftest import DATA, run, run_json

SHARDED = DATA / "sharded"
DTYPE_BYTES = {"f32": 4, "bf16": 2, "f16": 2, "s32": 4, "u32": 4, "s8": 1, "u8": 1, "pred": 1, "f64": 8, "s64": 8}


def folders() -> list[Path]:
    return sorted(p for p in SHARDED.iterdir() if (p / "truth.json").is_file())


def _truth(folder: Path) -> dict:
    return json.loads((folder / "truth.json").read_text())


def _elements(shape: str) -> int:
    dims = shape.split("[", 1)[1].split("]", 1)[0]
    return math.prod(int(d) for d in dims.split(",") if d)


@pytest.mark.parametrize("folder", folders(), ids=lambda p: p.name)
def test_one_device_of_the_mesh_and_every_parameter_split_as_jax_said(folder):
    truth = _truth(folder)
    stats = json.loads((folder / "memory_analysis.json").read_text())
    report = run_json("peak", str(folder))
    assert report["sharding"]["devices"] == truth["devices"]
    assert report["sharding"]["mesh"] == truth["mesh"]
    memory = report["memory"]
    if "total_allocation_bytes" in stats:   # (jax 0.12 reports it; verify compares jax 0.10's figures)
        assert memory["needed_bytes"] == stats["total_allocation_bytes"]
    args = {a["number"]: a for a in truth["args"]}
    rows = [r for r in memory["at_peak"] if r["kind"] == "parameter"]
    assert rows
    for row in rows:
        arg = args[row["parameter"]["number"]]
        assert (row["global_shape"], row["spec"], row["replicated"]) == \
            (arg["global_shape"], arg["spec"], arg["replicated"]), arg["path"]
        assert (row["category"] == "inputs") == (arg["role"] == "inputs"), (arg["path"], row["category"])
    whole = [a for a in truth["args"] if a["replicated"]]
    at_peak = {r["parameter"]["number"] for r in rows}
    assert memory["replicated"]["bytes"] == sum(
        _elements(a["global_shape"]) * DTYPE_BYTES[a["global_shape"].split("[")[0]]
        for a in whole if a["number"] in at_peak)


@pytest.mark.parametrize("folder", folders(), ids=lambda p: p.name)
def test_verify_agrees_with_xla(folder):
    assert run_json("verify", str(folder))["verified"]


@pytest.mark.parametrize("folder", folders(), ids=lambda p: p.name)
def test_collectives_say_their_op_axes_and_the_parameter_they_gather(folder):
    truth = _truth(folder)
    by_path = {a["path"]: a for a in truth["args"]}
    report = run_json("peak", str(folder), "--top", "0")
    for row in report["memory"]["at_peak"]:
        collective = row.get("collective")
        if row["category"] == "collective buffers" or collective:
            assert collective and collective["op"] and collective["axes"] is not None, row["name"]
            assert set(collective["axes"]) <= set(truth["mesh"])
        if collective and collective["of"]:
            arg = by_path[collective["of"]]   # a parameter jax named
            shard = math.prod(arg["shard_shape"])
            assert collective["op"] == "all-gather"
            assert _elements(row["shape"]) % shard == 0 and shard < _elements(row["shape"]) <= \
                _elements(arg["global_shape"])


def test_fsdp_by_hand_names_the_weights_each_all_gather_gathers():
    """shard_map gathering each layer's weights (XLA:CPU's FSDP step holds none at its peak)."""
    report = run_json("peak", str(SHARDED / "shard_map_step-jax0.10.2"), "--top", "0")
    gathers = [r for r in report["memory"]["at_peak"] if (r.get("collective") or {}).get("op") == "all-gather"]
    assert gathers and all(r["collective"]["of"] for r in gathers)


@pytest.mark.parametrize("width", [80, 120, 200])
def test_the_text_says_one_device_of_n_and_shows_each_split(width, monkeypatch):
    monkeypatch.setenv("COLUMNS", str(width))
    folder = SHARDED / "tp_mlp_2d-jax0.12"
    truth = _truth(folder)
    code, out, _ = run("peak", str(folder))
    assert code == 0
    mesh = " × ".join(f"{a} {n}" for a, n in truth["mesh"].items())
    assert f"one of {truth['devices']} (mesh {mesh})" in out
    lines = out.splitlines()
    header = next(line for line in lines if line.lstrip().startswith("bytes"))
    assert "split" in header
    w_in = next(a for a in truth["args"] if a["path"] == "params['w_in']")
    row = next(line for line in lines if "params['w_in']" in line and " weights " in line)
    split_axes = [axes[0] for axes in w_in["spec"] if axes]
    assert "/" + split_axes[0] in row
    assert any(line.startswith("replicated (whole on every device)") for line in lines)
    assert all(len(line) <= width for line in lines)


def test_diff_of_replicated_and_split_weights_names_sharding_first():
    code, out, _ = run("diff", str(SHARDED / "pair_replicated-jax0.12"), str(SHARDED / "pair_split-jax0.12"))
    first = out.splitlines()[0] + out.splitlines()[1]
    assert "sharding" in first
    result = run_json("diff", str(SHARDED / "pair_replicated-jax0.12"), str(SHARDED / "pair_split-jax0.12"))
    change = result["needed_bytes"]["new"] - result["needed_bytes"]["old"] \
        if isinstance(result["needed_bytes"], dict) else None
    top = result["why"][0]
    assert top["cause"] == "sharding"
    old = json.loads((SHARDED / "pair_replicated-jax0.12" / "memory_analysis.json").read_text())
    new = json.loads((SHARDED / "pair_split-jax0.12" / "memory_analysis.json").read_text())
    delta = new["total_allocation_bytes"] - old["total_allocation_bytes"]
    assert change in (None, delta)
    assert abs(top["bytes"]) * 2 >= abs(delta) and (top["bytes"] < 0) == (delta < 0)


def test_advice_splits_what_every_device_holds_whole():
    folder = SHARDED / "pair_replicated-jax0.12"
    report = run_json("peak", str(folder), "--advice")
    items = [i for i in report["advice"]["items"] if i["kind"] == "shard"]
    assert items and all(i["estimate"] for i in items)
    assert sum(i["saving_bytes"] for i in items) < report["memory"]["replicated"]["bytes"]
    assert any("NamedSharding" in i["how"] or "with_partitioning" in i["how"] for i in items)


def test_will_it_fit_speaks_of_each_device():
    code, out, _ = run("peak", str(SHARDED / "fsdp_adamw-jax0.10.2"), "--device-memory", "16GiB")
    assert "Will it fit on each of the 8 devices?" in out
    assert run_json("peak", str(SHARDED / "fsdp_adamw-jax0.10.2"), "--device-memory", "16GiB")["device"]["devices"] == 8


def test_a_folder_of_the_whole_run_shows_the_step_not_its_initializer():
    """A script dumped without a module filter: jax.jit(init) makes the parameters from a key,
    jax's eager helpers move them, then the step (program.py beside it). `peak FOLDER` shows the
    step, the one jax measured (its memory_analysis.json), and names what it set aside."""
    folder = SHARDED / "init_and_step-jax0.12"
    stats = json.loads((folder / "memory_analysis.json").read_text())
    report = run_json("peak", str(folder))
    assert report["module"] == "jit_train_step"
    assert report["memory"]["needed_bytes"] == stats["total_allocation_bytes"]
    assert any("jit_init, which only initializes" in n for n in report["notes"])


def test_without_the_module_before_optimization_the_split_is_said_in_pieces(tmp_path, monkeypatch):
    """GSPMD's tile assignment names no axes: each split dimension is said as its size over the
    number of pieces (`4096/2`), the pieces jax's truth gives (global over shard)."""
    folder = SHARDED / "tp_mlp_2d-jax0.10.2"
    for f in folder.glob("*cpu_after_optimizations*"):
        (tmp_path / f.name).write_text(f.read_text())
    truth = _truth(folder)
    w_in = next(a for a in truth["args"] if a["path"] == "params['w_in']")
    dims = [int(d) for d in w_in["global_shape"].split("[")[1].rstrip("]").split(",")]
    expected = ",".join(f"{d}/{d // s}" if d != s else str(d) for d, s in zip(dims, w_in["shard_shape"]))
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run("peak", str(tmp_path), "--no-advice")
    assert code == 0
    assert f"[{expected}]" in next(line for line in out.splitlines() if "params['w_in']" in line)
