"""Finding the files of a dump set, folders with several modules, --no-discover, --module."""
from __future__ import annotations

import shutil

from bufviz.dumps.discover import parse_dump_name
from conftest import DATA, run, run_json

MLP = DATA / "corpus/xla-jax-0.10.2/mlp_train"
LOOP = DATA / "corpus/xla-jax-0.10.2/while_tuple_carry"


def dump_files(case):
    return sorted(str(p) for p in case.iterdir() if "after_optimizations" in p.name)


def two_modules(tmp_path):
    for case in (MLP, LOOP):
        for p in case.iterdir():
            if "after_optimizations" in p.name:
                shutil.copy(p, tmp_path / p.name)
    return tmp_path


def test_dump_names_are_split_into_their_parts():
    name = parse_dump_name("module_0022.jit_update.cpu_after_optimizations-buffer-assignment-values.txt")
    assert (name.number, name.module, name.stage, name.suffix) == \
        (22, "jit_update", "cpu_after_optimizations", "-buffer-assignment-values.txt")
    gpu = parse_dump_name("module_0001.jit_f.sm_8.0_gpu_after_optimizations.txt")
    assert (gpu.module, gpu.stage) == ("jit_f", "sm_8.0_gpu_after_optimizations")
    assert parse_dump_name("buffer-assignment-lorrax-gpu-solve-w.txt") is None


def test_a_folder_with_one_module(tmp_path):
    report = run_json("peak", MLP)
    stats = str(MLP / "memory_analysis.json")
    assert sorted(p for p in set(report["inputs"].values()) if p) == sorted(dump_files(MLP) + [stats])
    assert report["inputs"]["memory_stats"] == stats


def test_memory_statistics_are_left_out_when_the_folder_holds_several_modules(tmp_path):
    folder = two_modules(tmp_path)
    shutil.copy(MLP / "memory_analysis.json", folder)
    report = run_json("peak", folder, "--module", "jit_update")
    assert report["inputs"]["memory_stats"] is None and report["xla"]["memory_stats"] is None


def test_no_discover_reads_only_the_named_file():
    hlo = next(p for p in MLP.iterdir() if p.name.endswith("after_optimizations.txt"))
    report = run_json("peak", hlo, "--no-discover")
    assert report["inputs"]["hlo"] == str(hlo)
    assert report["inputs"]["buffer_assignment"] is None and report["xla"] is None


def test_several_files_named_on_the_command_line():
    files = [p for p in MLP.iterdir() if "after_optimizations" in p.name]
    report = run_json("peak", "--no-discover", *files)
    assert sorted(p for p in set(report["inputs"].values()) if p) == dump_files(MLP)


def test_folder_with_several_modules_needs_module(tmp_path):
    folder = two_modules(tmp_path)
    code, out, err = run("peak", folder)
    assert code == 2 and out == ""
    assert err.startswith(f"bufviz: error: {folder}: expected one module, found 2") and "--module" in err
    number = parse_dump_name(next(p.name for p in LOOP.iterdir() if p.name.endswith(".txt"))).number
    assert run_json("peak", folder, "--module", str(number))["module"] == "jit_f"
    assert run_json("peak", folder, "--module", "jit_update")["module"] == "jit_update"


def test_files_of_two_modules_are_refused(tmp_path):
    folder = two_modules(tmp_path)
    a = next(folder.glob("module_0022*after_optimizations.txt"))
    b = next(p for p in folder.glob("*after_optimizations.txt") if p != a)
    code, _, err = run("peak", a, b, "--no-discover")
    assert code == 2 and "expected the files of one module" in err
