"""Schedules against XLA's own: XLA:CPU's printed order is BFS since mid-2024 (jax 0.6.2,
0.10.2) and DFS before (jax 0.4.30), and bufviz's schedulers must reproduce it instruction for
instruction; `bufviz schedule` measures every order with the same pipeline as `peak`, and
--emit writes a module that reads back with the same peak."""
from __future__ import annotations

import itertools

import pytest

from bufviz.engine.scheduling.module import OWN_ALGORITHMS, Planner, schedule_module
from bufviz.engine.scheduling.search import exact_order
from bufviz.pipeline import peak_context
from bufviz.request import Request
from bufviz.schedule.run import ALGORITHMS
from bufviz.hlo.parser import parse_module
from conftest import DATA, SAMPLES, SHARED, run, run_json
from conftest import xla_needed

PRINTED_BY = {"xla-jax-0.10.2": "bfs", "xla-jax-0.6.2": "bfs", "xla-jax-0.4.30": "dfs"}


def cases(root) -> list:
    return [c for c in sorted(root.glob("xla-jax-*/*")) if list(c.glob("*after_optimizations.txt"))]


# Held out: random programs of gen_corpus.py (seeds 1021, 1022) that no rule was tuned on.
CASES = cases(DATA / "corpus") + cases(DATA / "heldout") + \
    (cases(SHARED / "corpus") if (SHARED / "corpus").is_dir() else [])
SCHEDULED = [c for c in CASES if c.parent.name in PRINTED_BY]


def module_of(case):
    path = next(case.glob("*after_optimizations.txt"))
    return parse_module(path.read_text(), str(path))


@pytest.mark.parametrize("case", SCHEDULED, ids=lambda c: f"{c.parent.parent.parent.name}/{c.parent.name}/{c.name}")
def test_xlas_cpu_scheduler_gives_the_printed_order(case):
    module = module_of(case)
    schedule = schedule_module(module, PRINTED_BY[case.parent.name])
    for comp, sequence in schedule.sequences.items():
        assert [i.name for i in sequence] == [i.name for i in comp.instructions], comp.name


@pytest.mark.parametrize("case", SCHEDULED[:8], ids=lambda c: f"{c.parent.name}/{c.name}")
def test_schedule_measures_the_printed_order_as_peak_does(case):
    data = run_json("schedule", case)["schedule"]
    peak = run_json("peak", case)
    assert data["original"]["peak_bytes"] == peak["recomputed"]["minimum_memory_bytes"]
    assert data["original"]["needed_bytes"] == xla_needed(case)
    rows = {r["algorithm"]: r for r in data["schedules"]}
    assert set(rows) == {"postorder", "dfs", "list", "bfs", "default", "beam", "exact", "improve"}
    printed = rows[PRINTED_BY[case.parent.name]]   # XLA's own order, measured again
    assert (printed["peak_bytes"], printed["needed_bytes"]) == (data["original"]["peak_bytes"], xla_needed(case))
    default = rows["default"]
    candidates = [rows[n] for n in ("list", "dfs", "postorder")]
    assert default["peak_bytes"] == min(r["peak_bytes"] for r in candidates)
    assert default["chose"] == next(r["algorithm"] for r in candidates if r["peak_bytes"] == default["peak_bytes"])
    best = data["best"]
    assert best["algorithm"] in rows and best["peak_bytes"] == min(r["peak_bytes"] for r in rows.values())
    assert best["peak_bytes"] <= data["original"]["peak_bytes"]


def test_emitted_module_reads_back_with_the_same_peak(tmp_path):
    case = DATA / "corpus/xla-jax-0.10.2/mlp_train"
    out = tmp_path / "scheduled.txt"
    data = run_json("schedule", case, "--algorithm", "list", "--emit", out)["schedule"]
    (row,) = data["schedules"]
    assert row["algorithm"] == "list" and data["emitted"]["algorithm"] == "list"
    text = out.read_text()
    assert text.split("\n", 1)[0].startswith("HloModule jit_update, is_scheduled=true")
    again = run_json("peak", out)
    assert again["recomputed"]["minimum_memory_bytes"] == row["peak_bytes"]
    assert again["memory"]["needed_bytes"] == row["needed_bytes"]
    printed = next(case.glob("*after_optimizations.txt")).read_text()
    assert sorted(text.splitlines()) == sorted(printed.splitlines())   # the same lines, in another order
    assert text != printed


UNSCHEDULED = [SAMPLES / "000_8d2741cff48cd2ab.txt", SAMPLES / "002_31f0e50696cb742c.txt",
               *sorted((DATA / "corpus").glob("*/*/*before_optimizations.txt"))[:6]]


@pytest.mark.parametrize("path", UNSCHEDULED, ids=lambda p: p.name[:40])
def test_unscheduled_modules_get_every_schedule_and_a_scheduled_emit(path, tmp_path):
    out = tmp_path / "s.txt"
    data = run_json("schedule", path, "--emit", out)["schedule"]
    assert data["original"] is None and len(data["schedules"]) == 8
    assert all(r["peak_bytes"] > 0 and r["needed_bytes"] > 0 for r in data["schedules"])
    assert run_json("peak", out)["recomputed"]["minimum_memory_bytes"] == data["best"]["peak_bytes"]


def test_schedule_refuses_clearly():
    code, _, err = run("schedule", DATA / "oom/cpu-oom-jax-jit-zeros-0.10.2.txt")
    assert code == 2 and "expected the HLO module" in err
    code, _, err = run("schedule", DATA / "corpus/xla-jax-0.10.2/mlp_train", "--algorithm", "best")
    assert code == 2 and "Traceback" not in err


def test_bufviz_orders_keep_every_dependency_and_run_each_instruction_once():
    for case in CASES[:12] + [SAMPLES / "000_8d2741cff48cd2ab.txt"]:
        report, context = peak_context(Request([str(case)]))
        planner = Planner(context.inputs.module, context.target)
        for algorithm in OWN_ALGORITHMS:
            for comp, sequence in planner.schedule(algorithm).sequences.items():
                assert sorted(i.name for i in sequence) == sorted(i.name for i in comp.instructions)
                position = {instr: t for t, instr in enumerate(sequence)}
                for instr in sequence:
                    for before in instr.operands + instr.control_predecessors:
                        assert position[before] < position[instr], (case, algorithm, instr.name)


def test_exact_search_finds_the_least_peak_of_every_order():
    """Checked against brute force: every topological order of each small computation."""
    tried = 0
    for case in CASES[:16]:
        _, context = peak_context(Request([str(case)]))
        planner = Planner(context.inputs.module, context.target)
        for model in planner.models.values():
            if not 2 <= model.n <= 9:
                continue
            orders = [list(p) for p in itertools.permutations(range(model.n))
                      if all(p.index(q) < p.index(k) for k in range(model.n) for q in model.preds[k])]
            for optimistic in (False, True):
                least = min(max([model.initial] + _steps(model, order, optimistic)) for order in orders)
                assert exact_order(model, optimistic)[0] == least
            tried += 1
    assert tried >= 10


def _steps(model, order, optimistic):
    live, done, steps = model.initial, 0, []
    for k in order:
        at, live = model.step(k, live, done, optimistic)
        done |= 1 << k
        steps.append(at)
    return steps


@pytest.mark.parametrize("case", CASES + UNSCHEDULED[:2], ids=lambda c: c.name if c.is_file() else
                         f"{c.parent.parent.parent.name}/{c.parent.name}/{c.name}")
def test_lower_bound_is_below_every_order(case):
    """XLA's MinimumMemoryForModule can exceed the memory XLA allocates (values of one buffer are
    counted together for a moment), so the bound is checked against every order's peak."""
    data = run_json("schedule", case)["schedule"]
    bound = data["lower_bound_bytes"]
    assert 0 < bound <= min(r["peak_bytes"] for r in data["schedules"])
    if data["original"]:   # the printed order, measured as `peak` measures it
        assert bound <= data["original"]["peak_bytes"] == run_json("peak", case)["recomputed"]["minimum_memory_bytes"]


def test_best_order_is_not_worse_than_the_printed_one_on_nine_modules_in_ten():
    better_or_equal = [run_json("schedule", c)["schedule"] for c in SCHEDULED]
    kept = [d["best"]["peak_bytes"] <= d["original"]["peak_bytes"] for d in better_or_equal]
    assert sum(kept) >= 0.9 * len(kept)
    assert all(d["best"]["algorithm"] in ALGORITHMS for d in better_or_equal)


def test_a_time_limit_of_zero_still_gives_every_order(tmp_path):
    out = tmp_path / "s.txt"
    data = run_json("schedule", DATA / "corpus/xla-jax-0.10.2/mlp_train", "--algorithm", "beam",
                    "--time-limit", "0", "--emit", out)["schedule"]
    (row,) = data["schedules"]
    assert row["algorithm"] == "beam" and data["lower_bound_bytes"] <= row["peak_bytes"]
    assert run_json("peak", out)["recomputed"]["minimum_memory_bytes"] == row["peak_bytes"]


def test_explain_names_the_saving_of_a_better_order_as_schedule_measures_it(monkeypatch):
    case = DATA / "corpus/xla-jax-0.4.30/mlp_train"
    peak = run_json("peak", case)
    order = run_json("explain", case)["explain"]["better_order"]
    (row,) = run_json("schedule", case, "--algorithm", order["algorithm"])["schedule"]["schedules"]
    assert order["saving_bytes"] == peak["memory"]["needed_bytes"] - row["needed_bytes"]
    assert order["saving_bytes"] > peak["memory"]["temp_bytes"] / 10
    assert peak["memory"]["needed_bytes"] == xla_needed(case)   # the order compared with is XLA's own
    monkeypatch.setenv("COLUMNS", "80")
    assert "Another order of the instructions needs" in run("explain", case, "--no-color")[1]
    assert run_json("explain", DATA / "corpus/xla-jax-0.10.2/mlp_train")["explain"]["better_order"] is None


BEFORE = sorted((DATA / "corpus").glob("*/*/*before_optimizations.txt")) + \
    (sorted((SHARED / "corpus").glob("xla-jax-*/*/*before_optimizations.txt")) if (SHARED / "corpus").is_dir() else [])


@pytest.mark.parametrize("path", BEFORE, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}")
def test_every_unoptimized_module_is_scheduled_and_names_its_scheduler(path):
    report = run_json("peak", path, "--no-discover")   # (named beside its optimized stage: that would be read)
    note = next(n for n in report["notes"] if "not scheduled" in n)
    assert "ordered with XLA's" in note and report["recomputed"]["minimum_memory_bytes"] > 0
    data = run_json("schedule", path, "--algorithm", "default")["schedule"]
    (row,) = data["schedules"]
    assert row["chose"] in ("list", "dfs", "postorder") and data["original"] is None


@pytest.mark.parametrize("case", SCHEDULED, ids=lambda c: f"{c.parent.parent.parent.name}/{c.parent.name}/{c.name}")
def test_the_order_called_xlas_own_is_the_order_xla_printed(case):
    """What `schedule` calls XLA's own order on this backend and version runs every computation
    in the order XLA:CPU printed."""
    data = run_json("schedule", case, "--algorithm", "postorder")["schedule"]
    own = data["xla_order"]["algorithm"]
    module = module_of(case)
    for comp, sequence in schedule_module(module, own).sequences.items():
        assert [i.name for i in sequence] == [i.name for i in comp.instructions], comp.name


def test_search_runs_long_chains_without_recursing():
    """Each instruction that allocates nothing used to be run in a recursive call: a keras
    ResNet-50 step (thousands of instructions) overflowed Python's stack. Under a stack of 200
    frames the haiku step (a chain of some hundreds) must still be scheduled."""
    import sys
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        code, out, err = run("schedule", DATA / "roles/jax-haiku_transformer_block_adam", "--algorithm", "improve",
                             "--format", "json")
    finally:
        sys.setrecursionlimit(limit)
    assert code == 0, err


def test_a_search_cut_short_by_its_time_limit_says_so():
    """No time at all: every search of bufviz's own stops at once, and the result says so (the
    orders of XLA's own schedulers are whole, and measured as ever)."""
    cut = run_json("schedule", SAMPLES / "jax-0.10.2-mlp_train", "--time-limit", "0")
    whole = run_json("schedule", SAMPLES / "jax-0.10.2-mlp_train", "--time-limit", "60")
    assert cut["schedule"]["time_limit_hit"] == 0 and whole["schedule"]["time_limit_hit"] is None
    xla = [r for r in whole["schedule"]["schedules"] if r["algorithm"] in ("list", "dfs", "postorder", "bfs")]
    assert xla and all(r in cut["schedule"]["schedules"] for r in
                       [{**r, "seconds": c["seconds"]} for r in xla for c in cut["schedule"]["schedules"]
                        if c["algorithm"] == r["algorithm"]])
    text = run("schedule", SAMPLES / "jax-0.10.2-mlp_train", "--time-limit", "0", "--no-color")[1]
    assert "stopped at the time limit (0 s)" in text
