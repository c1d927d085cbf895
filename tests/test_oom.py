"""Out-of-memory messages as input: the numbers bufviz reads equal what the text says, read here
with the test's own patterns; TPU modules: padding and memory spaces."""
from __future__ import annotations

import re

import pytest

from conftest import DATA, SAMPLES, WILD, run, run_json, wild

OOM_TEXTS = sorted(p.name for p in WILD.glob("*.txt") if re.match(r"(gpu|tpu)-oom-|tpu-compile-", p.name)) \
    if WILD.exists() else []
UNITS = {"": 0, "K": 1, "M": 2, "G": 3, "T": 4}


def printed_size(text: str) -> float:
    m = re.fullmatch(r"(-?[\d.]+)([KMGT]?)(?:iB|B)?", text)
    return float(m.group(1)) * 1024 ** UNITS[m.group(2)]


def close(ours: int | None, theirs: float | None) -> bool:
    """Equal within the rounding of a human-readable size (three significant digits)."""
    if theirs is None:
        return ours is None
    return ours is not None and abs(ours - theirs) <= abs(theirs) * 0.005 + 1024


def expected(text: str) -> dict:
    """The numbers as the text prints them."""
    requested = None
    for pattern in (r"Out of memory while trying to allocate (\d+) bytes", r"Out of memory allocating (\d+) bytes",
                    r"allocate request for \S+ \((\d+)B\)", r"failed to allocate \S+ \((\d+) bytes\)",
                    r"\(rounded to (\d+)\)"):
        m = re.search(pattern, text)
        if m:
            requested = int(m.group(1))
            break
    used = capacity = None
    if m := re.search(r"Used ([\d.]+[KMGT]?) of ([\d.]+[KMGT]?) \w+\.", text):
        used, capacity = printed_size(m.group(1)), printed_size(m.group(2))
    elif m := re.search(r"HBM usage: ([\d.]+[KMGT]?) / ([\d.]+[KMGT]?)", text):
        used, capacity = printed_size(m.group(1)), printed_size(m.group(2))
    elif m := re.search(r"^Limit:\s+(\d+)$", text, re.M):
        capacity = int(m.group(1))
        used = int(re.search(r"^InUse:\s+(\d+)$", text, re.M).group(1))
    first_report = re.split(r"(?=Ran out of memory in memory space|BufferAssignment OOM Debugging)", text)
    body = "".join(first_report[:2])
    buffers = len(re.findall(r"^\s*(?:Buffer \d+:|\d+\. Size: \S+)\s*$", body, re.M))
    return {"requested": requested, "used": used, "capacity": capacity, "buffers": buffers}


@pytest.mark.parametrize("name", OOM_TEXTS)
def test_published_out_of_memory_texts(name):
    path = wild(name)
    text = path.read_text()
    report = run_json("peak", path)
    oom = report["oom"]
    want = expected(text)
    assert oom["requested_bytes"] == want["requested"]
    assert close(oom["used_bytes"], want["used"]) and close(oom["capacity_bytes"], want["capacity"])
    assert len(oom["buffers"]) == want["buffers"]
    for b in oom["buffers"]:
        assert b["bytes"] is not None and b["unpadded_bytes"] <= b["bytes"]
    code, out, err = run("peak", path, "--no-color")
    assert code == 0 and "Out of memory" in out, err


def test_buffers_keep_their_printed_sizes_and_shapes():
    """TPU entries: `N. Size:`, `Shape:`, `Unpadded size:` as printed, in order."""
    path = wild("tpu-oom-tf1-resnet152-v3.txt")
    text = path.read_text()
    entries = re.findall(r"(\d+)\. Size: (\S+)\n(?:.*\n)*?\s+Shape: (\S+)\n\s+Unpadded size: (\S+)", text)
    oom = run_json("peak", path)["oom"]
    assert [(b["rank"], b["shape"]) for b in oom["buffers"]] == [(int(r), s) for r, _, s, _ in entries]
    for b, (_, size, _, unpadded) in zip(oom["buffers"], entries):
        assert close(b["bytes"], printed_size(size)) and close(b["unpadded_bytes"], printed_size(unpadded))


def test_hard_wrapped_operator_lines_are_joined():
    path = wild("gpu-oom-rocm-mi250-colabfold-wrapped.txt")
    oom = run_json("peak", path)["oom"]
    first = oom["buffers"][0]["op_name"]
    assert "\n" not in first and "/alphafold/alphafold_iteration/" in first
    assert first.endswith("triangle_multiplication_incoming/div")


def test_log_prefixes_do_not_hide_the_exact_request():
    """glog and absl prefixes: the exact byte count of the RESOURCE_EXHAUSTED line, not the
    allocator's rounded one."""
    path = wild("gpu-oom-v100-gemma-lsf-log.txt")
    text = path.read_text()
    oom = run_json("peak", path)["oom"]
    assert oom["requested_bytes"] == int(re.search(r"trying to allocate (\d+) bytes", text).group(1))
    assert oom["platform"] == "gpu" and oom["stats"]["total_bytes"] == pytest.approx(7.88 * 2**30, rel=0.005)


@pytest.mark.parametrize("name", ["tpu-oom-qwen3-v6e-header-only.txt", "tpu-oom-qwen3-v6e-35g-truncated-at-largest.txt",
                                  "tpu-oom-videoprism-header-only.txt"])
def test_cut_texts_report_what_they_hold(name):
    report = run_json("peak", wild(name))
    assert report["oom"]["buffers"] == [] and report["oom"]["used_bytes"] is not None
    if "truncated" in name:
        assert any("cut off" in n for n in report["oom"]["notes"])


def test_a_bundled_cpu_out_of_memory_error():
    """A real jax (CPU) error as Python prints it, traceback included."""
    path = next((DATA / "oom").glob("cpu-oom-*.txt"))
    text = path.read_text()
    report = run_json("peak", path)
    assert report["oom"]["requested_bytes"] == int(re.search(r"allocating (\d+) bytes", text).group(1))
    assert report["oom"]["buffers"] == [] and report["xla"] is None
    code, out, _ = run("peak", path, "--no-color")
    assert code == 0 and "1.00 TiB" in out


@pytest.mark.parametrize("seed,spaces", [("003_54e5854892ee064a.txt", {0, 1}), ("004_915eaf8d7a870eb5.txt", {0, 1, 2})])
def test_tpu_seeds_have_a_peak_per_memory_space(seed, spaces):
    text = (SAMPLES / seed).read_text()
    report = run_json("peak", SAMPLES / seed)
    ours = report["recomputed"]
    assert report["platform"] == "tpu"
    by_space = {m["memory_space"]: m for m in ours["memory_spaces"]}
    printed = {int(n) for n in re.findall(r"S\((\d+)\)", text)} | {0}
    assert spaces <= set(by_space) <= printed
    assert all(m["peak_bytes"] > 0 for m in by_space.values())
    assert ours["peak_bytes"] == by_space[0]["peak_bytes"] and ours["peak_time"] == by_space[0]["peak_time"]
    for m in by_space.values():
        for row in m["live_at_peak"]:
            assert row["unpadded_bytes"] <= row["bytes"]
            space = re.search(r"S\((\d+)\)\}$", row["shape"])
            assert m["memory_space"] == (int(space.group(1)) if space else 0)
