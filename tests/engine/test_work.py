"""How much work each pass does, counted (never timed): a pass linear or n log n in the module
stays so, advice costs at most one more analysis, and --timings shows the stages."""
from __future__ import annotations

import json
import math

import pytest

from bufviz import timings
from bufviz.pipeline import peak_report
from bufviz.request import Request

from conftest import DATA, SAMPLES, corpus_cases, hlo_file, run

LIBRARY = DATA / "library" / "nnx_transformer_dropout"
MODULES = [LIBRARY, *(p for p in sorted((DATA / "roles").iterdir()) if p.is_dir())]


def counted(path, **kwargs):
    """(the report, the work counted while making it)."""
    with timings.recording() as recorder:
        report = peak_report(Request([str(path)]), **kwargs)
    return report, recorder.counts


def scheduled(report) -> int:
    return len(report.recomputed["instruction_sequence"])


@pytest.mark.parametrize("case", MODULES, ids=lambda p: p.name)
def test_what_parameters_hold_is_found_in_a_few_steps_per_instruction(case):
    report, counts = counted(case)
    assert report.memory is not None
    assert 0 < counts["role walk steps"] <= 8 * scheduled(report)


@pytest.mark.parametrize("case", MODULES + corpus_cases()[::7], ids=lambda p: p.name)
def test_phase_a_visits_n_log_n_candidates(case):
    report, counts = counted(case)
    runs, n = counts["assignment runs"], scheduled(report)
    assert counts.get("phase A candidates visited", 0) <= 4 * runs * n * max(1.0, math.log2(n))


def test_an_optimizer_step_does_not_try_every_parameter_for_every_buffer():
    """220 donated parameters stay candidates for the 2,000 buffers of the step: trying each
    would be 440,000 visits a run."""
    report, counts = counted(LIBRARY)
    params = len([a for a in report.recomputed["allocations"] if "parameter" in a["kinds"]])
    buffers = sum(len(a["values"]) for a in report.recomputed["allocations"])
    assert params > 200 and buffers > 2000
    assert counts["phase A candidates visited"] / counts["assignment runs"] < params * buffers / 10


def test_the_default_advice_costs_at_most_one_more_analysis():
    without, plain = counted(LIBRARY)
    report, advised = counted(LIBRARY, advice=None)   # what text output does
    assert without.advice is None and report.advice["skipped_because"] is None
    assert advised["dataflow passes"] - plain["dataflow passes"] <= 1
    assert advised["assignment runs"] - plain["assignment runs"] <= 1
    assert report.advice["not_measured"], "this step has more candidates than one analysis measures"
    full, every = counted(LIBRARY, advice=True)
    assert every["dataflow passes"] > advised["dataflow passes"] and full.advice["not_measured"] == []
    for item in report.advice["items"]:   # what the default says, full advice says too (or more of it)
        same = [i for i in full.advice["items"] if i["kind"] == item["kind"]]
        assert any(all(set(v) <= set(i["change"].get(k, ())) for k, v in item["change"].items()) for i in same)


def test_the_role_walk_counts_the_same_roles_as_before_on_every_parameter():
    """The evidence the walk finds on the library step: its donated state is weights and adam's
    moments, its batch the tokens (what the program of tests/data/library is)."""
    report, _ = counted(LIBRARY)
    rows = [r for r in report.memory["at_peak"] if r["kind"] == "parameter"]
    categories = {r["category"] for r in rows}
    assert {"weights", "optimizer state"} <= categories
    by_category = {c: sum(r["bytes"] for r in rows if r["category"] == c) for c in categories}
    assert by_category["optimizer state"] >= 2 * by_category["weights"] - 1024   # adam: mu and nu


def test_timings_name_each_stage_on_stderr_and_change_nothing_on_stdout(tmp_path):
    plain = run("peak", LIBRARY, "--format", "json", "--no-advice")   # (the analysis alone: one pass)
    timed = run("peak", LIBRARY, "--format", "json", "--no-advice", "--timings")
    assert plain[0] == timed[0] == 0 and json.loads(plain[1]) == json.loads(timed[1])
    assert plain[2] == ""
    lines = timed[2].splitlines()
    stages = [line.split()[0] for line in lines[1:]]
    for stage in ("read", "analyse", "assign", "sections", "render", "total"):
        assert stage in stages
    work = " ".join(lines[next(k for k, line in enumerate(lines) if line.startswith("work: ")):])
    assert "dataflow passes 1," in work
    total = float(next(line for line in lines if line.startswith("total")).split()[1])
    top = [float(line.split()[-2]) for line in lines[1:] if line[0] != " " and not line.startswith(("total", "work"))]
    assert sum(top) <= total + 1e-3   # the stages are parts of the whole


def test_timings_work_for_folder_commands():
    code, out, err = run("scan", SAMPLES, "--timings", "--jobs", "1")
    assert code == 0 and "total" in err and "read" in err


def test_timings_of_a_module_alone_read_one_file():
    code, _, err = run("peak", hlo_file(LIBRARY), "--no-discover", "--timings", "--no-advice")
    assert code == 0
    reads = [line.strip().split()[1] for line in err.splitlines() if line.startswith("  file ")]
    assert reads == ["HLO"]


@pytest.mark.parametrize("columns", [80, 120, 200])
def test_what_was_not_measured_is_named_in_the_text(columns, monkeypatch):
    monkeypatch.setenv("COLUMNS", str(columns))
    code, out, _ = run("peak", LIBRARY, "--no-color")
    assert code == 0
    advice = " ".join(out[out.index("What to try"):].split())
    assert "Not measured (" in advice and "--advice measures every one" in advice
    assert all(len(line) <= columns for line in out.splitlines())
    full = run("peak", LIBRARY, "--no-color", "--advice")[1]
    assert "Not measured" not in full
