"""In the user's words, on whole `--xla_dump_to` folders of real programs (tests/data/folders,
with jax's own truth.json): the user's steps told apart from the modules jax compiled for eager
operations, parameters named by the pytree path jax reported, and each value's line in the
user's own file (the innermost frame of XLA's StackFrames tables outside installed packages)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import DATA, SHARED, run, run_json

FOLDERS = sorted(p for p in (DATA / "folders").glob("jax-*/*") if (p / "truth.json").exists())
# The roles programs (one step each, jax's metadata) and the shared corpus of jax 0.10 on.
STEPS = sorted((DATA / "roles").glob("jax-*/*after_optimizations.txt")) + sorted(
    p for v in ("xla-jax-0.10.2", "xla-jax-0.11.2", "xla-jax-0.12.0") for p in (SHARED / "corpus" / v).glob(
        "*/*cpu_after_optimizations.txt"))


def truth(folder: Path) -> dict:
    return json.loads((folder / "truth.json").read_text())


def step_file(folder: Path, step: dict) -> Path:
    return folder / "dump" / step["module_file"]


def fid(p: Path) -> str:
    return f"{p.parent.name}/{p.name}"


def test_folders_are_bundled():
    assert len(FOLDERS) >= 3 and any(len(truth(f)["steps"]) > 1 for f in FOLDERS)


@pytest.mark.parametrize("folder", FOLDERS, ids=fid)
def test_the_users_steps_are_not_eager_and_the_rest_are(folder):
    steps = {s["module_file"] for s in truth(folder)["steps"]}
    scan = run_json("scan", folder)
    rows = scan["modules"]
    assert len(rows) == truth(folder)["module_count"] and not scan["errors"]   # every module read
    for r in rows:
        assert r["eager"] is (Path(r["path"]).name not in steps), r["path"]
        assert not r.get("doubt"), r["path"]   # and every one's numbers agree with XLA's own files


@pytest.mark.parametrize("folder", FOLDERS, ids=fid)
def test_scan_folds_eager_modules_and_gives_each_program_its_command(folder):
    t = truth(folder)
    code, out, _ = run("scan", folder, "--no-color")
    assert code == 0
    assert f"+ {t['eager_modules']} modules jax compiled for eager operations" in out
    for s in t["steps"]:
        assert f"--module {s['module_number']}" in out
    eager_names = set(t["eager_module_names"])
    assert not any(f".{name}" in line for line in out.splitlines() for name in eager_names
                   if line.lstrip()[:1].isdigit())   # (no ranked row is an eager module)
    code, everything, _ = run("scan", folder, "--no-color", "--all")
    assert all(f"module_{n:04d}" in everything for n in range(0, 1))


@pytest.mark.parametrize("folder", [f for f in FOLDERS if len(truth(f)["steps"]) == 1], ids=fid)
def test_peak_of_a_one_step_folder_shows_the_step(folder):
    (step,) = truth(folder)["steps"]
    report = run_json("peak", folder)
    assert report["module"] == step["jit_name"]
    assert report["memory"]["needed_bytes"] == step["memory_analysis"]["argument_size_in_bytes"] + \
        step["memory_analysis"]["output_size_in_bytes"] + step["memory_analysis"]["temp_size_in_bytes"] - \
        step["memory_analysis"]["alias_size_in_bytes"] + report["memory"]["constant_bytes"]
    assert any(f"{truth(folder)['eager_modules']} modules jax compiled" in n for n in report["notes"])
    code, out, _ = run("peak", folder, "--no-color", "--no-advice")
    assert code == 0 and "Storage at the peak" in out


@pytest.mark.parametrize("folder", FOLDERS, ids=fid)
def test_a_folder_of_init_modules_alone_says_the_step_is_not_there(folder, tmp_path, monkeypatch):
    """The script stopped before its step compiled: the folder holds what jax compiled for init."""
    import shutil
    steps = {Path(s["module_file"]).name.split(".")[0] for s in truth(folder)["steps"]}   # module_NNNN
    shutil.copytree(folder / "dump", tmp_path / "dump", ignore=lambda d, names: [
        n for n in names if n.split(".")[0] in steps])
    monkeypatch.setenv("COLUMNS", "80")
    for command in ("scan", "peak"):
        code, out, _ = run(command, tmp_path / "dump", "--no-color")
        assert code == 0 and "No program of yours" in out and "step you jitted is not here" in out
        assert f"{truth(folder)['eager_modules']} modules jax compiled" in out
        assert "bufviz peak" not in out and "largest memory needed first" not in out   # (nothing ranked)


@pytest.mark.parametrize("folder", [f for f in FOLDERS if len(truth(f)["steps"]) > 1], ids=fid)
def test_peak_of_a_folder_of_several_steps_ranks_them(folder):
    code, out, _ = run("peak", folder, "--no-color")
    out = out.replace(" \\\n    ", " ")   # (a long command is continued on a second line, as a shell reads it)
    assert code == 0
    for s in truth(folder)["steps"]:
        assert f"bufviz peak {folder} --module {s['module_number']}" in out


@pytest.mark.parametrize("folder", FOLDERS, ids=fid)
def test_parameters_carry_jax_pytree_paths(folder):
    for step in truth(folder)["steps"]:
        by_number = {a["hlo_parameter"]: a["jax_arg_name"] for a in step["args"] if a["kept"]}
        report = run_json("peak", step_file(folder, step))
        params = [r for r in report["memory"]["at_peak"] if r["kind"] == "parameter"]
        assert params
        for r in params:
            assert r["path"] == by_number[r["parameter"]["number"]], r["name"]


@pytest.mark.parametrize("folder", FOLDERS, ids=fid)
def test_at_80_columns_parameters_show_paths_that_tell_them_apart(folder):
    step = truth(folder)["steps"][0]
    code, out, _ = run("peak", step_file(folder, step), "--no-color", "--no-advice", "--top", "0")
    assert code == 0 and "____" not in out
    table = out.split("Storage at the peak", 1)[1].split("\n= ", 1)[0].splitlines()
    at = table[1].index("value in it")   # (the column, where its header starts)
    # (the parameters' rows: by their kind, or where the kind gave way to longer labels, by the
    # parameter categories in the `what` column with a label naming an argument or a layer)
    paths = {a["jax_arg_name"] for a in step["args"]}
    cells = [(line, line[at:].split("  ")[0].strip()) for line in table[3:]]
    shown = [cell for line, cell in cells if " parameter " in line] if " kind " in table[1] else [
        cell for line, cell in cells if re.search(r" (?:weights|optimizer state|inputs|seeds and counters) ", line)
        and (cell.split(" · ")[0] in paths or cell.startswith("…") or re.match(r"\w+ \w+ · ", cell))]
    # a path that names nothing of the user's (nnx.jit's `model.states[0][3]`) gives way to the
    # layer and the line that read it (`Linear kernel · model.py:24`, views/layers.py)
    named = [cell.split(" · ")[0] for cell in shown if not re.match(r"\w+ \w+ · ", cell)]
    assert shown and len(set(named)) == len(named)   # (the row is told apart by its path's last keys)
    for cell in named:
        assert cell.startswith("…") or any(cell == a["jax_arg_name"] for a in step["args"])
    for cell in shown:   # (the line, where one is said, is a line of the user's program)
        assert " · " not in cell or re.search(r"\.py:\d+$", cell)


def frames(text: str) -> tuple[dict, callable]:
    """XLA's StackFrames tables, read here: frame id -> its chain (file, line), innermost first."""
    head = text.split("\nENTRY ", 1)[0]
    tables = {}
    for name in ("FileNames", "FunctionNames", "FileLocations", "StackFrames"):
        m = re.search(rf"^{name}\n((?:\d+ .*\n)*)", head, re.M)
        tables[name] = dict(re.findall(r"^(\d+) (.*)$", m.group(1), re.M)) if m else {}
    files = {int(k): json.loads(v) for k, v in tables["FileNames"].items()}
    locations = {int(k): dict((a, int(b)) for a, b in re.findall(r"(\w+)=(\d+)", v))
                 for k, v in tables["FileLocations"].items()}
    stack = {int(k): dict((a, int(b)) for a, b in re.findall(r"(\w+)=(\d+)", v))
             for k, v in tables["StackFrames"].items()}

    def chain(frame: int) -> list[tuple[str, int]]:
        out = []
        while frame in stack and len(out) < 1000:
            loc = locations[stack[frame]["file_location_id"]]
            out.append((files[loc["file_name_id"]], loc["line"]))
            frame = stack[frame]["parent_frame_id"] - 1   # (printed one more than the parent's id)
        return out
    return stack, chain


def innermost_user_line(text: str, name: str) -> str | None:
    _, chain = frames(text)
    m = re.search(rf"^\s*(?:ROOT )?%{re.escape(name)} = .*stack_frame_id=(\d+)", text, re.M)
    if not m:
        return None
    return next((f"{f}:{line}" for f, line in chain(int(m.group(1))) if "site-packages" not in f), None)


@pytest.mark.parametrize("path", STEPS, ids=fid)
def test_user_source_is_the_innermost_frame_outside_libraries(path):
    text = path.read_text()
    if "\nStackFrames\n" not in text:
        pytest.skip("no stack-frame tables")
    memory = run_json("peak", path)["memory"]
    rows = [r for r in memory["at_peak"] if r["kind"] != "free"]
    own = [(r, innermost_user_line(text, r["name"])) for r in rows]
    checked = [(r, line) for r, line in own if line is not None]
    agree = sum(r["user_source"] == line for r, line in checked)
    assert agree >= 0.95 * len(checked)
    assert all("site-packages" not in (r["user_source"] or "") for r in rows)
    if memory["peak_instruction"] and (line := innermost_user_line(text, memory["peak_instruction"])):
        assert memory["peak_user_source"] == line


@pytest.mark.parametrize("path", [p for p in STEPS if "roles" in str(p)] + [
    step_file(f, s) for f in FOLDERS for s in truth(f)["steps"]], ids=fid)
def test_temporaries_without_any_source_line_are_few(path):
    memory = run_json("peak", path)["memory"]
    lost = sum(r["bytes"] for r in memory["at_peak"] if r["kind"] == "temp" and not r["user_source"]
               and not r["source"])
    assert lost <= 0.05 * memory["needed_bytes"]


@pytest.mark.parametrize("folder", FOLDERS, ids=fid)
def test_user_lines_are_in_the_users_files(folder):
    t = truth(folder)
    for step in t["steps"]:
        memory = run_json("peak", step_file(folder, step))["memory"]
        lines = [r["user_source"] for r in memory["at_peak"] if r["user_source"]]
        assert lines and all(Path(line.rsplit(":", 1)[0]).name in t["user_files"] for line in lines)
        grouped = run_json("peak", step_file(folder, step), "--by", "source")["groups"]["source"]
        assert sum(g["bytes"] for g in grouped) == memory["needed_bytes"]


def test_github_annotations_point_at_the_users_file_in_the_repository(monkeypatch):
    folder = next(f for f in FOLDERS if len(truth(f)["steps"]) == 1 and truth(f)["steps"][0]["donate_argnums"])
    t = truth(folder)
    step = step_file(folder, t["steps"][0])
    names = re.findall(r'^\d+ "([^"]+)"$', step.read_text().split("\nFunctionNames", 1)[0], re.M)
    program = next(n for n in names if Path(n).name in t["user_files"])   # (as jax wrote it)
    workspace = str(Path(program).parent.parent)
    monkeypatch.setenv("GITHUB_WORKSPACE", workspace)
    code, out, _ = run("check", step, "--budget", "1KiB", "--format", "github")
    placed = re.findall(r"^::error file=([^,]+),line=(\d+)", out, re.M)
    assert code == 1 and placed
    assert {f for f, _ in placed} == {str(Path(program).relative_to(workspace))}


def test_the_new_value_of_a_donated_argument_carries_its_path():
    """input_output_alias `{k}: (n, {})` (read here from the module's header) and the ROOT
    tuple's k-th operand: that value is the new value of argument n, named by n's path."""
    folder = next(f for f in FOLDERS if len(truth(f)["steps"]) == 1 and truth(f)["steps"][0]["donate_argnums"])
    step = truth(folder)["steps"][0]
    text = step_file(folder, step).read_text()
    aliases = {int(k): int(n) for k, n in re.findall(r"\{(\d+)\}: \((\d+), \{\}", text.split("\n", 1)[0])}
    assert aliases
    root = re.search(r"^\s*ROOT %\S+ = \(.*?\) tuple\((.*)\)", text.split("\nENTRY ", 1)[1], re.M).group(1)
    operands = [o.strip().lstrip("%").split("#")[0] for o in root.split(",")]
    by_number = {a["hlo_parameter"]: a["jax_arg_name"] for a in step["args"] if a["kept"]}
    checked = 0
    for k, n in list(aliases.items())[:6]:
        name = operands[k]
        if not re.match(r"^[\w.\-]+$", name) or name.startswith("param"):
            continue
        code, out, _ = run("explain", step_file(folder, step), name, "--format", "json")
        if code != 0:
            continue
        facts = json.loads(out)["explain"]
        assert facts["path"] == by_number[n], name
        checked += 1
    assert checked


@pytest.mark.parametrize("folder", [f for f in FOLDERS if f.name in ("linen_cnn_adamw", "nnx_mesh_train")], ids=fid)
def test_check_and_diff_fold_eager_modules_and_hold_only_the_users_programs_to_limits(folder, tmp_path):
    t = truth(folder)
    result = run_json("check", folder, "--budget", "1GiB")
    steps = {s["module_file"] for s in t["steps"]}
    assert all(r["eager"] is (Path(r["path"]).name not in steps) for r in result["results"])
    assert result["checked"] == len(t["steps"])   # jax's own modules are listed, not held to the limits
    code, out, _ = run("check", folder, "--budget", "1GiB", "--no-color")
    assert code == 0 and f"+ {t['eager_modules']} modules jax compiled for eager operations" in out
    eager = [r for r in result["results"] if r["eager"]]
    budget = max(r["bytes"] for r in eager) - 1   # the largest eager module is over it
    checked = run_json_any("check", folder, "--budget", str(budget))
    assert not [r for r in checked["results"] if r["eager"] and not r["ok"]]
    assert all(r["held"] is not r["eager"] for r in checked["results"])
    # A baseline in which every module jax made was half as large (another jax): the step alone is held.
    scan = run_json("scan", folder)
    for m in scan["modules"]:
        if m["eager"]:
            m["needed_bytes"] //= 2
    (tmp_path / "scan.json").write_text(json.dumps(scan))
    code, out, _ = run("check", folder, "--baseline", tmp_path / "scan.json", "--max-increase", "5%", "--no-color")
    assert code == 0, out
    assert not any(name in line for line in out.splitlines() if "OVER" in line for name in t["eager_module_names"])
    code, out, _ = run("diff", folder, folder, "--no-color")
    assert code == 0 and f"+ {t['eager_modules']} modules jax compiled for eager operations" in out
    assert all(s["jit_name"] in out for s in t["steps"])


def run_json_any(*args: str) -> dict:
    """The JSON of a command whatever its exit code (a check over its limit exits 1)."""
    code, out, err = run(*args, "--format", "json")
    assert code in (0, 1), err
    return json.loads(out)


def test_two_runs_dumped_into_one_folder_are_told_apart_by_number_and_name(tmp_path, monkeypatch):
    """Each run numbers its modules from 0: in one folder, `--module 32` may name several."""
    import shutil
    runs = [DATA / "folders/jax-0.10.2/two_steps", DATA / "folders/jax-0.10.2/nnx_mesh_train"]
    for run_folder in runs:
        shutil.copytree(run_folder / "dump", tmp_path / "dump", dirs_exist_ok=True)
    (tmp_path / "dump" / "memory_analysis.json").write_text((DATA / "corpus/xla-jax-0.10.2/mlp_train/"
                                                             "memory_analysis.json").read_text())
    steps = [(s["module_number"], s["jit_name"]) for r in runs for s in truth(r)["steps"]]
    files = [f.name for f in (tmp_path / "dump").iterdir()]
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run("scan", tmp_path / "dump", "--no-color")
    commands = re.findall(r"bufviz peak \S+ --module (\S+)", out)
    assert code == 0 and len(commands) == len(steps)
    for number, jit_name in steps:   # the number alone where it names one module, else number and name
        shared = sum(f.startswith(f"module_{number:04d}.") and f.endswith("after_optimizations.txt") for f in files)
        assert (str(number) if shared == 1 else f"{number}.{jit_name}") in commands
        report = run_json("peak", tmp_path / "dump", "--module", f"{number}.{jit_name}")
        assert report["module"] == jit_name and report["inputs"]["hlo"].endswith(
            f"module_{number:04d}.{jit_name}.cpu_after_optimizations.txt")
        assert any("memory_analysis.json beside it is not read" in n for n in report["notes"])
        assert report["inputs"]["memory_stats"] is None and report["xla"]["memory_stats"] is None
    code, _, err = run("peak", tmp_path / "dump", "--module", "jit_train_step")
    assert code == 2 and "NUMBER.NAME" in err
    stats = tmp_path / "dump" / "memory_analysis.json"
    named = run_json("peak", tmp_path / "dump", stats, "--module", "34.jit_eval_step")
    assert not any("memory_analysis.json beside it is not read" in n for n in named["notes"])


def test_jax_statistics_beside_several_modules_are_read_where_their_bytes_are_the_modules(tmp_path):
    """A dump folder of a step and jax's eager modules, with the step's memory_analysis.json:
    the file names no module, but its argument, output, alias and temp bytes (read here) are the
    step's own, so it is read for the step, and not for another module of the folder."""
    import shutil
    step = DATA / "labels/lstm_scan_remat"
    for f in step.iterdir():
        shutil.copy(f, tmp_path / f.name)
    eager = DATA / "folders/jax-0.12/two_steps/dump"
    number = next(int(f.name[7:11]) for f in eager.iterdir() if "jit__truncated_normal" in f.name)
    for f in eager.iterdir():
        if f.name.startswith(f"module_{number:04d}.") and f.is_file():
            shutil.copy(f, tmp_path / f.name)
    stats = json.loads((step / "memory_analysis.json").read_text())
    report = run_json("peak", tmp_path)
    assert report["module"] == "jit_train_step"
    assert report["inputs"]["memory_stats"].endswith("memory_analysis.json")
    assert report["xla"]["memory_stats"]["temp_bytes"] == stats["temp_size_in_bytes"]
    assert any("memory_analysis.json beside it read" in n for n in report["notes"])
    other = run_json("peak", tmp_path, "--module", str(number))
    assert other["inputs"]["memory_stats"] is None and other["xla"]["memory_stats"] is None
    assert any("memory_analysis.json beside it is not read" in n for n in other["notes"])
