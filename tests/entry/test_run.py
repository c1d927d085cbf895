"""`bufviz run`: real scripts run with jax on the CPU, their dumps read as `bufviz peak` reads
the same dumps made by hand; the user's XLA_FLAGS kept, no folder left behind, the script's
exit code through, an out-of-memory death explained, Ctrl-C handled."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time

import pytest

from conftest import DATA, run, run_json

pytest.importorskip("jax")
SCRIPTS = DATA / "scripts"
STEP = str(SCRIPTS / "mlp_step.py")


@pytest.fixture
def temp(tmp_path, monkeypatch):
    """bufviz's temporary folders go here, to see that none is left behind."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    monkeypatch.delenv("XLA_FLAGS", raising=False)
    return folder


def _by_hand(folder, *args) -> None:
    env = dict(os.environ, XLA_FLAGS=f"--xla_dump_to={folder} --xla_dump_hlo_as_text", JAX_PLATFORMS="cpu")
    subprocess.run([sys.executable, STEP, *args], env=env, check=True, capture_output=True)


def _run_json(*args: str) -> dict:
    """`bufviz run --format json ARGS` (options before the script: what follows is the script's)."""
    code, out, err = run("run", "--format", "json", *args)
    assert code == 0, err
    return json.loads(out)


def _memory(report: dict) -> dict:
    memory = report["memory"]
    return {"needed": memory["needed_bytes"], "temp": memory["temp_bytes"],
            "rows": [(r["name"], r["index"], r["bytes"], r["category"]) for r in memory["at_peak"]]}


def test_the_same_report_as_dumping_by_hand_and_no_folder_left(temp, tmp_path):
    by_hand = tmp_path / "by_hand"
    _by_hand(by_hand, "--steps", "1")
    expected = run_json("peak", str(by_hand))
    report = _run_json(STEP, "--steps", "1")
    assert report["module"] == expected["module"] == "jit_train_step"
    assert _memory(report) == _memory(expected)
    assert list(temp.iterdir()) == []


def test_the_users_xla_flags_are_kept(temp, tmp_path, monkeypatch, capfd):
    monkeypatch.setenv("XLA_FLAGS", "--xla_cpu_enable_fast_math=false")
    seen = tmp_path / "flags.txt"
    code, out, err = run("run", STEP, "--steps", "1", "--flags-to", str(seen))
    assert code == 0
    flags = seen.read_text().split()
    assert flags[0] == "--xla_cpu_enable_fast_math=false"
    assert any(f.startswith("--xla_dump_to=") for f in flags) and "--xla_dump_hlo_as_text" in flags
    assert "trained 1 steps" in capfd.readouterr().out   # (the script's own output passes through)


def test_where_the_user_dumps_already_bufviz_reads_that_folder_and_leaves_it(temp, tmp_path, monkeypatch):
    theirs = tmp_path / "theirs"
    monkeypatch.setenv("XLA_FLAGS", f"--xla_dump_to={theirs}")
    report = _run_json(STEP, "--steps", "1")
    assert report["module"] == "jit_train_step"
    assert any(p.name.endswith("jit_train_step.cpu_after_optimizations.txt") for p in theirs.iterdir())


def test_keep_keeps_the_dump(temp, tmp_path):
    kept = tmp_path / "kept"
    code, out, _ = run("run", "--keep", str(kept), STEP, "--steps", "1")
    assert code == 0 and "jit_train_step" in out
    assert run_json("peak", str(kept))["module"] == "jit_train_step"


def test_a_failing_scripts_exit_code_comes_through_after_the_report(temp):
    code, out, err = run("run", STEP, "--steps", "1", "--fail-with", "3")
    assert code == 3
    assert "Memory needed" in out
    assert "the script exited with 3" in err
    assert list(temp.iterdir()) == []


def test_an_out_of_memory_death_is_explained_with_the_module_that_failed(temp):
    code, out, err = run("run", "--format", "json", str(SCRIPTS / "big_cache.py"))
    assert code == 1   # (Python's, for the uncaught JaxRuntimeError)
    report = json.loads(out)
    assert report["module"] == "jit_make_cache"
    oom = report["oom"]
    assert oom["kind"] == "out_of_memory" and oom["requested_bytes"] == 4 << 38   # (f32 of 2**38 elements)
    assert oom["failed_allocation"]["kind"] == "output"
    assert "RESOURCE_EXHAUSTED" in err   # (the script's own error passed through)
    assert list(temp.iterdir()) == []


def test_a_budget_makes_it_a_ci_check(temp):
    code, out, _ = run("run", "--budget", "1KiB", STEP, "--steps", "1")
    assert code == 1 and "over" in out.lower()
    code, _, _ = run("run", "--budget", "1GiB", STEP, "--steps", "1")
    assert code == 0


def test_a_module_form_and_a_script_that_compiles_nothing(temp, tmp_path):
    (tmp_path / "quiet.py").write_text("print('no jax here')\n")
    code, _, err = run("run", str(tmp_path / "quiet.py"))
    assert code == 2 and "compiled nothing with XLA" in err
    code, _, err = run("run", "-m", "json.tool", "--help")
    assert code == 2 and "compiled nothing with XLA" in err
    code, _, err = run("run", str(tmp_path / "missing.py"))
    assert code == 2 and "no such file" in err
    code, _, err = run("run", "--python", str(tmp_path / "no-python"), STEP)
    assert code == 2 and "could not start" in err
    assert list(temp.iterdir()) == []   # (nothing left behind by a script that never started)


def test_ctrl_c_stops_the_script_and_removes_the_folder(tmp_path):
    env = dict(os.environ, TMPDIR=str(tmp_path), JAX_PLATFORMS="cpu")
    env.pop("XLA_FLAGS", None)
    process = subprocess.Popen([sys.executable, "-m", "bufviz", "run", str(SCRIPTS / "waits.py")], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, text=True)
    assert process.stdout is not None
    assert "compiled" in process.stdout.readline()   # (the script is waiting: as a terminal's Ctrl-C)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "stopped" in err and "Traceback (most recent call last)" not in err.split("KeyboardInterrupt")[-1]
    assert [p for p in tmp_path.iterdir() if p.name.startswith("bufviz-run-")] == []
    time.sleep(0)


def test_peaks_what_ifs_run_on_the_runs_step(temp):
    """`--donate` as `peak` takes it: the step's parameters by pytree path."""
    report = _run_json("--donate", "params", STEP, "--steps", "1")
    donated = {d["path"] for d in report["what_if"]["donate"]}
    assert donated == {"params['w1']", "params['w2']"}   # (the script's init returns these two)
