"""The five seed files, and the published dumps in ../shared/corpus/wild."""
from __future__ import annotations

import shutil

import pytest

import xla_text
from conftest import SAMPLES, WILD, run, run_json

SEEDS = sorted(SAMPLES.glob("00*.txt"))
SEED_001 = SAMPLES / "001_04aa0d3336074bf8.txt"


@pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.name[:3])
def test_every_seed_reports(seed):
    report = run_json("peak", seed)
    assert report["schema_version"] == 1
    assert report["recomputed"] is not None
    code, out, err = run("peak", seed)
    assert code == 0 and not err


def test_seed_001_numbers_from_the_dump_alone():
    text = SEED_001.read_text()
    report = run_json("peak", SEED_001)
    xla = report["xla"]
    # The figures, and the same read independently from the file.
    assert (xla["peak_time"], xla["peak_bytes"], xla["total_bytes_used"], xla["schedule_end"]) == \
        (18, 30724, 30920, 32)
    assert xla["peak_time"] == xla_text.peak_time(text)
    assert xla["peak_bytes"] == sum(b for _, b in xla_text.peak_rows(text))
    assert xla["total_bytes_used"] == xla_text.total_bytes_used(text)
    assert len(xla["live_at_peak"]) == 8 == len(xla_text.peak_rows(text))
    assert report["inputs"]["hlo"] is None
    ours = report["recomputed"]
    assert ours["source"] == "dump"
    assert ours["peak_time"] == 18
    # The old (pre-2022-06) normalisation reproduces every printed range.
    assert report["vintage"]["normalization"] == "pre-2022-06"
    assert report["mismatches"] == []
    assert {(r["name"], r["index"]): (r["start"], r["end"]) for r in ours["live_ranges"]} == xla_text.live_ranges(text)


@pytest.mark.parametrize("seed,platform", [("003", "tpu"), ("004", "tpu"), ("000", "gpu"), ("001", "gpu")])
def test_seed_platforms(seed, platform):
    path = next(SAMPLES.glob(f"{seed}_*.txt"))
    assert run_json("peak", path)["platform"] == platform


@pytest.mark.parametrize("seed", ["000", "002"])
def test_unscheduled_modules_say_so_naming_their_backend(seed):
    path = next(SAMPLES.glob(f"{seed}_*.txt"))
    assert "__cublas$gemm" in path.read_text()   # a GPU module: its note must not speak of XLA:CPU
    report = run_json("peak", path)
    note = next(n for n in report["notes"] if "not scheduled" in n)
    assert "XLA:GPU" in note and "XLA:CPU" not in note and "XLA's default choice" in note
    chose = next(r["chose"] for r in run_json("schedule", path)["schedule"]["schedules"] if r["algorithm"] == "default")
    assert {"list": "List", "dfs": "DFS", "postorder": "PostOrder"}[chose] in note


def _wild(pattern):
    return sorted(WILD.glob(pattern)) if WILD.exists() else []


@pytest.mark.parametrize("path", _wild("buffer-assignment-*.txt"), ids=lambda p: p.name)
def test_wild_buffer_assignments(path, tmp_path):
    copy = tmp_path / path.name  # alone in a folder: no sibling discovery
    shutil.copy(path, copy)
    text = path.read_text()
    report = run_json("peak", copy)
    xla = report["xla"]
    assert xla["total_bytes_used"] == xla_text.total_bytes_used(text)
    assert xla["schedule_end"] == xla_text.schedule_end(text)
    assert xla["peak_time"] == xla_text.peak_time(text)
    assert xla["peak_bytes"] == sum(b for _, b in xla_text.peak_rows(text))
    assert {a["index"]: a["size"] for a in xla["allocations"]} == xla_text.allocation_sizes(text)
    assert {(r["name"], r["index"]): (r["start"], r["end"]) for r in xla["live_ranges"]} == \
        xla_text.live_ranges(text)


@pytest.mark.parametrize("path", _wild("hlo-*.txt"), ids=lambda p: p.name)
def test_wild_modules(path):
    report = run_json("peak", path)
    assert report["recomputed"]["schedule_end"] > 0


PAIRS = [("hlo-lorrax-gpu-solve-w-alias-while.txt", "buffer-assignment-lorrax-gpu-solve-w.txt", "gpu"),
         ("hlo-lorrax-cpu-batched-chol.txt", "buffer-assignment-lorrax-cpu-batched-chol.txt", "cpu")]


@pytest.mark.parametrize("hlo,ba,platform", PAIRS)
def test_module_and_dump_named_together(hlo, ba, platform):
    if not WILD.exists():
        pytest.skip("needs ../shared/corpus/wild")
    report = run_json("peak", WILD / hlo, WILD / ba, "--platform", platform)
    assert report["inputs"]["hlo"].endswith(hlo) and report["inputs"]["buffer_assignment"].endswith(ba)
    assert report["platform"] == platform
    assert report["xla"]["peak_time"] == xla_text.peak_time((WILD / ba).read_text())
