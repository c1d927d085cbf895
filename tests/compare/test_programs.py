"""CI about programs, not names: a baseline row of another program is never used, a module read
from standard input is named after its module, the optimized module is read beside an
unoptimized one named, a lone buffer-assignment file says what it can show, the API's errors
speak the API, and folders are analysed without forking a process that imported jax."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import DATA, run, run_json

FOLDERS = DATA / "folders"
CNN = FOLDERS / "jax-0.12/linen_cnn_adamw"
TWO = FOLDERS / "jax-0.12/two_steps"


def truth(folder: Path) -> dict:
    return json.loads((folder / "truth.json").read_text())


def step(folder: Path, k: int = 0) -> Path:
    return folder / "dump" / truth(folder)["steps"][k]["module_file"]


@pytest.mark.parametrize("other", [step(TWO, 0), step(TWO, 1), TWO], ids=["same-name", "other-name", "folder"])
def test_a_baseline_of_another_program_is_never_used(other, tmp_path):
    baseline = tmp_path / "base.json"
    assert run("peak", CNN, "--format", "json", "-o", baseline, "--no-advice")[0] == 0
    code, out, _ = run("check", other, "--baseline", baseline, "--format", "json")
    result = json.loads(out)
    assert code == 2 and not result["ok"] and result["not_compared"]
    assert all(r["baseline_bytes"] is None for r in result["results"])
    assert truth(CNN)["steps"][0]["jit_name"] in result["not_compared"]
    code, out, _ = run("check", other, "--baseline", baseline, "--no-color")
    assert code == 2 and "not compared: the baseline holds jit_train_step" in " ".join(out.split())
    assert " ok" not in out.split("not compared")[0].splitlines()[-1]


def test_the_same_program_moved_pairs_with_its_baseline_row(tmp_path):
    """A whole-folder baseline, the folder renamed: each program finds its own row by what it
    takes; nothing changed, so all is within limits."""
    baseline = tmp_path / "base.json"
    assert run("scan", TWO, "--format", "json", "-o", baseline)[0] == 0
    moved = tmp_path / "renamed_run"
    import shutil
    shutil.copytree(TWO / "dump", moved / "elsewhere")
    result = run_json("check", moved, "--baseline", baseline)
    steps = {s["module_file"] for s in truth(TWO)["steps"]}
    for r in result["results"]:
        if Path(r["path"]).name in steps:
            assert r["baseline"] is not None and Path(r["baseline"]["path"]).name == Path(r["path"]).name
            assert r["delta"] == 0
    assert result["ok"] and not result.get("not_compared")


def test_a_module_from_standard_input_is_named_after_its_module():
    text = step(CNN).read_text()
    proc = subprocess.run([sys.executable, "-m", "bufviz", "check", "-", "--budget", "1GiB", "--format", "json"],
                          input=text, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    assert proc.returncode == 0, proc.stderr
    (row,) = json.loads(proc.stdout)["results"]
    assert row["program"] == truth(CNN)["steps"][0]["jit_name"]


def test_an_unoptimized_module_named_reads_the_optimized_one_beside_it():
    before = step(CNN).with_name(step(CNN).name.replace("cpu_after_optimizations", "before_optimizations"))
    assert before.exists()
    report = run_json("peak", before)
    assert report["memory"]["needed_bytes"] == truth(CNN)["steps"][0]["memory_analysis"]["total_allocation_bytes"]
    assert any("the optimized module beside the one named" in n for n in report["notes"])


def test_a_lone_buffer_assignment_says_what_it_can_show(monkeypatch, tmp_path):
    source = step(CNN).with_name(step(CNN).name[:-4] + "-buffer-assignment.txt")
    lone = tmp_path / source.name
    lone.write_text(source.read_text())
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run("peak", lone, "--no-discover", "--no-color")
    needed = truth(CNN)["steps"][0]["memory_analysis"]["total_allocation_bytes"]
    assert code == 0 and f"({needed:,} B)  from XLA's allocations alone" in out
    assert "Not shown: the peak moment" in out
    code, out, err = run("check", lone, "--budget", "1GiB")
    assert code == 2 and "no memory needed to check" in out + err


def test_the_apis_errors_name_its_arguments():
    import bufviz

    with pytest.raises(bufviz.BufvizError) as caught:
        bufviz.analyze(str(TWO), module="99")
    assert "module=" in str(caught.value) and "--module" not in str(caught.value)
    with pytest.raises(bufviz.BufvizError) as caught:
        bufviz.analyze(str(TWO / "dump"))
    assert "--module" not in str(caught.value) + " ".join(caught.value.details)


def test_folders_are_read_without_forking_a_process_that_imported_jax():
    pytest.importorskip("jax")
    code = ("import warnings; warnings.simplefilter('error', RuntimeWarning); import jax, bufviz; "
            f"r = bufviz.check({str(TWO)!r}, budget='1GiB'); print(r.ok, len(r.results))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split() == ["True", str(truth(TWO)["module_count"])]
    assert "fork" not in proc.stderr


PAIRS = FOLDERS / "pairs-jax-0.12"
VARIANTS = [v for v in ("batch", "nodonate", "remat", "bf16", "policy") if (PAIRS / v).is_dir()]


def manifest() -> dict:
    return json.loads((PAIRS / "manifest.json").read_text())["variants"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_diff_of_two_folders_leads_with_the_users_step(variant, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run("diff", PAIRS / "base", PAIRS / variant, "--no-color")
    lines = out.splitlines()
    assert code == 0 and len(lines) <= 60 and max(map(len, lines)) <= 80
    head = " ".join(lines[:3])
    assert manifest()[variant]["step_jit_name"] in head and "%" in head
    assert "summed over" not in out
    old = manifest()["base"]["memory_analysis"]
    new = manifest()[variant]["memory_analysis"]
    data = run_json("diff", PAIRS / "base", PAIRS / variant)
    lead = data["programs"][0]   # (the user's step first, with its own numbers: jax's, read here)
    assert lead["module"] == manifest()[variant]["step_jit_name"] and not lead["eager"]
    for side, jax in (("old", old), ("new", new)):
        assert lead[side] - jax["argument_size_in_bytes"] - jax["output_size_in_bytes"] - jax["temp_size_in_bytes"] \
            + jax["alias_size_in_bytes"] in range(0, 64)   # (constants aside: a few bytes)


def test_a_whole_folder_baseline_follows_its_program_into_a_renamed_folder(tmp_path):
    """The batch doubled and the folder renamed: the step pairs with its own row and is over."""
    if not (PAIRS / "renamed").is_dir():
        pytest.skip("no renamed pair")
    baseline = tmp_path / "base.json"
    assert run("scan", PAIRS / "base", "--format", "json", "-o", baseline)[0] == 0
    code, out, _ = run("check", PAIRS / "renamed", "--baseline", baseline, "--format", "json")
    result = json.loads(out)
    assert code == 1
    step = next(r for r in result["results"] if r["module"] == manifest()["renamed"]["step_jit_name"])
    assert not step["ok"] and step["baseline"] is not None and step["delta"] > 0
    assert Path(step["baseline"]["path"]).name == manifest()["base"]["step_module_file"]
