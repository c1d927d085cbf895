"""The GitHub composite action: its check step run as GitHub runs it (inputs as INPUT_*
variables, $GITHUB_STEP_SUMMARY a file), and action.yml handing every input to that step."""
from __future__ import annotations

import os
import re
import subprocess
import sys

from conftest import HERE
from conftest import SMALL, xla_needed

ROOT = HERE.parent
SCRIPT = ROOT / "action" / "check.sh"


def run_step(tmp_path, **inputs) -> tuple[int, str, str]:
    summary = tmp_path / "step_summary.md"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("INPUT_", "GITHUB_"))}
    env.update({f"INPUT_{k.upper()}": str(v) for k, v in inputs.items()},
               INPUT_PYTHON=sys.executable, GITHUB_STEP_SUMMARY=str(summary))
    done = subprocess.run(["bash", str(SCRIPT)], env=env, capture_output=True, text=True, cwd=tmp_path)
    return done.returncode, done.stdout, summary.read_text() if summary.exists() else ""


def test_over_budget_fails_the_step_with_annotations_and_a_summary_table(tmp_path):
    code, out, summary = run_step(tmp_path, paths=SMALL, budget=xla_needed(SMALL) - 1)
    assert code == 1 and "::error " in out
    assert "| program |" in summary and "**over**" in summary


def test_within_budget_passes_with_a_notice(tmp_path):
    code, out, summary = run_step(tmp_path, paths=f"{SMALL}\n", budget=xla_needed(SMALL), metric="needed,temp")
    assert code == 0 and out.count("::notice ") == 2 and "::error" not in out
    assert summary.startswith("### ✅")


def test_baseline_and_bad_input(tmp_path):
    baseline = tmp_path / "baseline.json"
    subprocess.run([sys.executable, "-m", "bufviz", "peak", str(SMALL), "--format", "json", "-o", str(baseline)],
                   check=True)
    assert run_step(tmp_path, paths=SMALL, baseline=baseline, max_increase="5%")[0] == 0
    assert run_step(tmp_path, paths=tmp_path / "missing", budget="1GiB")[0] == 2
    assert run_step(tmp_path, paths="", budget="1GiB")[0] == 2


def test_every_input_of_action_yml_reaches_the_check_step():
    text = (ROOT / "action.yml").read_text()
    inputs = re.findall(r"^  ([a-z-]+):\n    description:", text.split("\nruns:")[0], re.M)
    passed = dict(re.findall(r"^\s+(INPUT_[A-Z_]+): \$\{\{ inputs\.([a-z-]+) \}\}", text, re.M))
    assert set(inputs) == set(passed.values())
    assert all(name == "INPUT_" + value.upper().replace("-", "_") for name, value in passed.items())
    script = SCRIPT.read_text()
    used = set(re.findall(r"INPUT_[A-Z_]+", script))
    assert used <= set(passed) and "action/check.sh" in text
