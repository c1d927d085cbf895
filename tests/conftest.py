"""Shared test helpers: where the real dumps are, and running the CLI in-process."""
from __future__ import annotations

import contextlib
import io
import json
import os
import signal
from pathlib import Path

import pytest

from bufviz.cli import main

import xla_text

pytest_plugins = ["pytester"]   # the pytest plugin's tests run pytest on test files of their own

HERE = Path(__file__).parent
DATA = HERE / "data"
SAMPLES = HERE.parent / "samples"
# The workplace's shared corpus (absent in a user's clone: those tests skip).
SHARED = Path(os.environ.get("BUFVIZ_SHARED", HERE.parent.parent / "shared"))
SEEDS = SAMPLES  # the five seed files are bundled under their own names
WILD = SHARED / "corpus" / "wild"


def corpus_cases() -> list[Path]:
    """Every real dump case: the bundled ones (corpus copies and tests/data/extra), plus the
    shared corpus where it exists."""
    cases = {}
    for root in (DATA / "corpus", SHARED / "corpus"):
        if root.is_dir():
            for version in sorted(root.glob("xla-*")):   # jax's releases, XLA:GPU, tf-nightly
                for case in sorted(p for p in version.iterdir() if p.is_dir()):
                    cases.setdefault((version.name, case.name), case)
    for case in sorted(p for p in (DATA / "extra").iterdir() if p.is_dir() and any(p.glob("*optimizations.txt"))):
        cases[("extra", case.name)] = case
    return [cases[k] for k in sorted(cases)]


def case_id(case: Path) -> str:
    return f"{case.parent.name.replace('xla-jax-', '').replace('xla-', '')}/{case.name}"


def hlo_file(case: Path) -> Path:
    """The optimized module XLA wrote with its dump files (an XLA:GPU folder also holds the text
    written when the executable was loaded from a compilation cache, without them)."""
    texts = sorted(p for p in case.iterdir() if p.name.endswith("after_optimizations.txt"))
    return next((p for p in texts if (case / (p.name[:-4] + "-buffer-assignment.txt")).exists()), texts[0])


def dump_text(case: Path) -> str:
    """The buffer assignment, values and live ranges XLA printed for one case, concatenated."""
    parts = [p.read_text() for p in sorted(case.iterdir())
             if "after_optimizations-" in p.name and "memory-usage-report" not in p.name]
    return "\n".join(parts)


def usage_report_text(case: Path) -> str | None:
    found = [p for p in case.iterdir() if p.name.endswith("-memory-usage-report.txt")]
    return found[0].read_text() if found else None


def wild(name: str) -> Path:
    path = WILD / name
    if not path.exists():
        pytest.skip("needs ../shared/corpus/wild (not part of a user's clone)")
    return path


@contextlib.contextmanager
def _captured():
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        yield out, err


def run(*args: str) -> tuple[int, str, str]:
    """Run `bufviz ARGS` in this process; return (exit code, stdout, stderr)."""
    with _captured() as (out, err):
        try:
            main([str(a) for a in args])
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
    return code, out.getvalue(), err.getvalue()


def run_json(*args: str) -> dict:
    code, out, err = run(*args, "--format", "json")
    assert code == 0, err
    return json.loads(out)


@contextlib.contextmanager
def time_limit(seconds: int):
    """Fail a test that runs bufviz longer than `seconds` (a hang on bad input)."""
    def expired(signum, frame):
        raise TimeoutError(f"bufviz ran longer than {seconds}s")
    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# Cases and XLA's own numbers several test modules share (read from XLA's files, not bufviz).
CORPUS = DATA / "corpus"
SMALL = CORPUS / "xla-jax-0.10.2/mlp_train"
BIG = DATA / "extra/mlp_train_big"
VERSIONS = sorted(CORPUS.glob("xla-jax-*"))


def xla_needed(case) -> int:
    """What XLA reserves: jax's argument + output + temp - alias, plus XLA's constant allocations."""
    stats = json.loads((case / "memory_analysis.json").read_text())
    constants = sum(a["size"] for a in xla_text.allocations(dump_text(case)) if a["constant"])
    return (stats["argument_size_in_bytes"] + stats["output_size_in_bytes"] + stats["temp_size_in_bytes"]
            - stats["alias_size_in_bytes"] + constants)


def reported(case) -> bool:
    """jax's numbers are there (TensorFlow's dumps have none) and not zeros (XLA:CPU of jax 0.4.13)."""
    path = case / "memory_analysis.json"
    return path.exists() and json.loads(path.read_text())["argument_size_in_bytes"] > 0
