"""Finding the files of a dump set, folders with several modules, --no-discover, --module."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from bufviz.dumps.discover import parse_dump_name
from bufviz.units import human_bytes
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
    hopper = parse_dump_name("module_0000.jit_update.sm_9.0a_gpu_after_optimizations-live-range.txt")
    assert (hopper.module, hopper.stage) == ("jit_update", "sm_9.0a_gpu_after_optimizations")
    cached = parse_dump_name("module_0000.jit_update.after_optimizations.txt")
    assert (cached.module, cached.stage) == ("jit_update", "after_optimizations")
    assert parse_dump_name("buffer-assignment-lorrax-gpu-solve-w.txt") is None


def test_a_folder_with_one_module(tmp_path):
    report = run_json("peak", MLP)
    stats = str(MLP / "memory_analysis.json")
    assert sorted(p for p in set(report["inputs"].values()) if p) == sorted(dump_files(MLP) + [stats])
    assert report["inputs"]["memory_stats"] == stats


def test_memory_statistics_beside_several_modules_are_read_only_for_the_module_they_describe(tmp_path):
    """mlp_train's memory_analysis.json in a folder of mlp_train's jit_update and another
    program's jit_f: its bytes (read here) are jit_update's, never jit_f's."""
    folder = two_modules(tmp_path)
    shutil.copy(MLP / "memory_analysis.json", folder)
    stats = json.loads((MLP / "memory_analysis.json").read_text())
    report = run_json("peak", folder, "--module", "jit_update")
    assert report["xla"]["memory_stats"]["argument_bytes"] == stats["argument_size_in_bytes"]
    other = run_json("peak", folder, "--module", "jit_f")
    assert other["inputs"]["memory_stats"] is None and other["xla"]["memory_stats"] is None


def test_no_discover_reads_only_the_named_file():
    hlo = next(p for p in MLP.iterdir() if p.name.endswith("after_optimizations.txt"))
    report = run_json("peak", hlo, "--no-discover")
    assert report["inputs"]["hlo"] == str(hlo)
    assert report["inputs"]["buffer_assignment"] is None and report["xla"] is None


def test_several_files_named_on_the_command_line():
    files = [p for p in MLP.iterdir() if "after_optimizations" in p.name]
    report = run_json("peak", "--no-discover", *files)
    assert sorted(p for p in set(report["inputs"].values()) if p) == dump_files(MLP)


def test_peak_on_a_folder_with_several_modules_ranks_them(tmp_path):
    folder = two_modules(tmp_path)
    result = run_json("peak", folder)
    assert result["kind"] == "scan" and {m["module"] for m in result["modules"]} == {"jit_update", "jit_f"}


def test_folder_with_several_modules_needs_module(tmp_path):
    folder = two_modules(tmp_path)
    code, out, err = run("verify", folder)
    assert code == 2 and out == ""
    first, *listing = err.splitlines()
    assert first.startswith(f"bufviz: error: {folder}: expected the files of one module, found 2 modules")
    for case in (MLP, LOOP):  # each module's number, name and the size of its files
        name = parse_dump_name(next(p.name for p in case.iterdir() if p.name.endswith("optimizations.txt")))
        row = next(line for line in listing if re.match(rf"\s*{name.number}\s+{name.module}\s", line))
        files = [p for p in case.iterdir() if p.name.startswith(name.stem)]
        assert row.split()[2] == str(len(files))
        assert row.split()[3] + " " + row.split()[4] == human_bytes(sum(p.stat().st_size for p in files))
    assert "--module" in listing[-1]
    number = parse_dump_name(next(p.name for p in LOOP.iterdir() if p.name.endswith(".txt"))).number
    assert run_json("peak", folder, "--module", str(number))["module"] == "jit_f"
    assert run_json("peak", folder, "--module", "jit_update")["module"] == "jit_update"


def test_files_of_two_modules_are_refused(tmp_path):
    folder = two_modules(tmp_path)
    a = next(folder.glob("module_0022*after_optimizations.txt"))
    b = next(p for p in folder.glob("*after_optimizations.txt") if p != a)
    code, _, err = run("peak", a, b, "--no-discover")
    assert code == 2 and "expected the files of one module" in err


def test_unknown_module_lists_the_valid_ones(tmp_path):
    folder = two_modules(tmp_path)
    code, _, err = run("peak", folder, "--module", "jit_nope")
    first, *listing = err.splitlines()
    assert code == 2 and first == f"bufviz: error: {folder}: no module matches --module 'jit_nope'"
    assert any(" jit_update " in line for line in listing) and any(" jit_f " in line for line in listing)


def stages(case, tmp_path):
    """A copy of a case folder holding the module before and after optimizations."""
    for p in case.iterdir():
        shutil.copy(p, tmp_path / p.name)
    return tmp_path


LOOP_STAGES = DATA / "corpus/xla-jax-0.10.2/while_tuple_carry"   # has its before_optimizations file


def test_folder_with_two_stages_uses_the_optimized_one(tmp_path):
    folder = stages(LOOP_STAGES, tmp_path)
    report = run_json("peak", folder)
    assert report["inputs"]["hlo"].endswith("after_optimizations.txt")
    assert any("optimized" in n and "before_optimizations" in n for n in report["notes"])
    assert report["warnings"] == []


def test_glob_of_two_stages_uses_the_optimized_one():
    files = sorted(LOOP_STAGES.glob("module_*.txt"))
    assert any("before_optimizations" in p.name for p in files)
    report = run_json("peak", *files)
    assert report["inputs"]["hlo"].endswith("after_optimizations.txt")
    assert any("before_optimizations" in n for n in report["notes"])


def test_a_lone_unoptimized_module_is_analysed_with_a_warning(tmp_path):
    before = tmp_path / next(LOOP_STAGES.glob("*before_optimizations.txt")).name
    before.write_text(next(LOOP_STAGES.glob("*before_optimizations.txt")).read_text())
    report = run_json("peak", before)
    assert report["inputs"]["hlo"] == str(before) and report["recomputed"]["peak_bytes"] > 0
    assert any("before XLA's optimizations" in w for w in report["warnings"])
    code, out, _ = run("peak", before, "--no-color")
    assert code == 0 and "warning:" in out.split("Peak memory")[0]


def test_an_unoptimized_module_named_beside_its_optimized_one_reads_that():
    before = next(LOOP_STAGES.glob("*before_optimizations.txt"))
    optimized = next(LOOP_STAGES.glob("*cpu_after_optimizations.txt"))
    report = run_json("peak", before)
    assert report["inputs"]["hlo"] == str(optimized) and not report["warnings"]
    assert any("the optimized module beside the one named" in n for n in report["notes"])
    assert run_json("peak", before, "--no-discover")["inputs"]["hlo"] == str(before)   # (exactly what was named)


def test_dump_of_another_module_is_refused(tmp_path):
    """Files with plain names: only their content tells they belong to different programs."""
    hlo = tmp_path / "model.hlo.txt"
    shutil.copy(next(MLP.glob("*after_optimizations.txt")), hlo)
    dump = tmp_path / "dump.txt"
    shutil.copy(next(LOOP.glob("*after_optimizations-buffer-assignment.txt")), dump)
    code, out, err = run("peak", hlo, dump)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"bufviz: error: {dump}: ") and "different modules" in err and "--match" in err
    report = run_json("peak", hlo, dump, "--match")
    assert any("different modules" in n for n in report["notes"])


def test_dump_of_the_same_module_under_other_names_is_accepted(tmp_path):
    hlo = tmp_path / "model.hlo.txt"
    shutil.copy(next(MLP.glob("*after_optimizations.txt")), hlo)
    dump = tmp_path / "dump.txt"
    shutil.copy(next(MLP.glob("*after_optimizations-buffer-assignment.txt")), dump)
    report = run_json("peak", hlo, dump)
    assert report["mismatches"] == [] and not any("different modules" in n for n in report["notes"])


def test_out_of_memory_message_of_another_program_is_refused():
    from conftest import wild
    oom = wild("gpu-oom-alphafold-speedppi-spaces.txt")
    hlo = next(MLP.glob("*after_optimizations.txt"))
    code, out, err = run("peak", hlo, oom, "--no-discover")
    assert code == 2 and out == "" and "different programs" in err and "--match" in err
    report = run_json("peak", hlo, oom, "--no-discover", "--match")
    assert report["oom"]["buffers"] and all(b["value"] is None for b in report["oom"]["buffers"])


GPU_CASE = DATA / "corpus/xla-jax-0.11.2-gpu/fori_kv_cache"


def test_an_xla_gpu_folder_with_two_optimized_texts_is_one_module():
    """XLA:GPU writes `*.sm_9.0a_gpu_after_optimizations.txt` with its dump files at compile
    time, and `*.after_optimizations.txt` when jax loads the executable from its cache."""
    texts = sorted(p.name for p in GPU_CASE.glob("*after_optimizations.txt"))
    assert len(texts) == 2
    dumped = next(t for t in texts if (GPU_CASE / (t[:-4] + "-buffer-assignment.txt")).exists())
    for start in [GPU_CASE, GPU_CASE / texts[0], GPU_CASE / texts[1]]:
        for extra in ([], ["--module", "0"]):
            report = run_json("peak", start, *extra)
            assert Path(report["inputs"]["hlo"]).name == dumped
            assert report["inputs"]["memory_stats"] is not None
            assert report["xla"]["allocations"]
    code, out, _ = run("peak", GPU_CASE, "--no-color")
    assert code == 0 and f"using {dumped[:-4]} (the optimized module XLA wrote with its buffer assignment)" \
        in " ".join(out.split())


def test_scan_lists_an_xla_gpu_module_once(tmp_path):
    shutil.copytree(GPU_CASE, tmp_path / GPU_CASE.name)
    result = run_json("scan", tmp_path)
    (row,) = result["modules"]
    stats = json.loads((GPU_CASE / "memory_analysis.json").read_text())
    assert row["temp_bytes"] == stats["temp_size_in_bytes"]
