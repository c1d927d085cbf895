"""Out-of-memory messages as input: the numbers bufviz reads equal what the text says, read here
with the test's own patterns, and each is named for what it is; a compile log that fits is a
usage report; advice in the framework's words; TPU modules: padding and memory spaces."""
from __future__ import annotations

import re

import pytest

from bufviz.views.framework import detect_framework
from bufviz.hlo.parser import parse_module
from bufviz.units import human_bytes
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
    # A failure is an error word, a peak-buffer listing (printed only on failure), or a usage over capacity.
    failed = bool(re.search(r"out of memory|failed to allocate|RESOURCE_EXHAUSTED|Exceeded \w+ capacity|"
                            r"Entry Parameter Subshape|^\s*Buffer \d+:", text, re.I | re.M))
    failed = failed or any(printed_size(a) > printed_size(b)
                           for a, b in re.findall(r"usage: ([\d.]+[KMGT]?B?) / ([\d.]+[KMGT]?B?)", text))
    return {"requested": requested, "used": used, "capacity": capacity, "buffers": buffers, "failed": failed}


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
    assert oom["kind"] == ("out_of_memory" if want["failed"] else "usage_report")
    code, out, err = run("peak", path, "--no-color")
    assert code == 0 and ("Out of memory" in out) == want["failed"], err


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


def test_a_runtime_allocator_dump_names_in_use_request_limit_and_needed():
    """A BFC dump: `InUse:` is memory already in use, not what was needed; needed = in use +
    the request, and the excess is over the allocator's `Limit:`."""
    path = wild("gpu-oom-runtime-bfc-allocator-dump-reactant.txt")
    text = path.read_text()
    in_use = int(re.search(r"^InUse:\s+(\d+)$", text, re.M).group(1))
    limit = int(re.search(r"^Limit:\s+(\d+)$", text, re.M).group(1))
    request = int(re.search(r"trying to allocate (\d+) bytes", text).group(1))
    oom = run_json("peak", path)["oom"]
    assert (oom["in_use_bytes"], oom["limit_bytes"], oom["requested_bytes"]) == (in_use, limit, request)
    assert oom["used_bytes"] == in_use and oom["capacity_bytes"] == limit  # their meaning since schema 1
    assert oom["needed_bytes"] == in_use + request
    assert oom["exceeded_bytes"] == (in_use + request - limit if in_use + request > limit else None)
    assert oom["allocator"] == re.search(r"Allocator \((\w+)\)", text).group(1)
    out = run("peak", path, "--no-color")[1]
    in_use_line = next(line for line in out.splitlines() if human_bytes(in_use) in line)
    assert "in use" in in_use_line and "needed" not in in_use_line
    assert "needed" in next(line for line in out.splitlines() if human_bytes(in_use + request) in line)


@pytest.mark.parametrize("name", [n for n in OOM_TEXTS if "runtime" in n or "rocm" in n])
def test_allocator_failures_without_a_dump_give_only_the_request(name):
    """No allocator statistics in the text: nothing is said about what was in use or needed."""
    text = wild(name).read_text()
    oom = run_json("peak", wild(name))["oom"]
    if not re.search(r"^InUse:", text, re.M):
        assert oom["in_use_bytes"] is None and oom["needed_bytes"] is None
        assert "were needed" not in run("peak", wild(name), "--no-color")[1]


def test_a_compile_log_that_fits_is_a_usage_report():
    """libtpu's INFO log of a successful compile: every usage figure it prints, no failure, no advice."""
    path = wild("tpu-compile-memory-log-v6e-ray-dedup-collapsed.txt")
    text = path.read_text()
    printed = re.findall(r"(Total \w+ usage >=|Program \w+ requirement) ([\d.]+[KMGT]?B?):", text)
    printed += re.findall(r"(XLA::TPU program \w+ usage): ([\d.]+[KMGT]?B?) /", text)
    assert printed
    report = run_json("peak", path)
    oom = report["oom"]
    assert oom["kind"] == "usage_report" and oom["suggestions"] == [] and oom["exceeded_bytes"] is None
    figures = [(u["label"], u["bytes"]) for u in oom["usage"]]
    assert len(figures) == len(printed)
    for label, size in printed:
        assert any(label == ours and close(b, printed_size(size)) for ours, b in figures), label
    out = run("peak", path, "--no-color")[1]
    assert "Out of memory" not in out and "What to try" not in out
    for label, size in printed:
        assert label in out and human_bytes(int(printed_size(size))) in out


@pytest.mark.parametrize("name,framework", [("gpu-oom-tf-handwriting-rnn-while-spaces.txt", "tensorflow"),
                                            ("tpu-oom-tf1-resnet152-v3.txt", "tensorflow"),
                                            ("gpu-oom-alphafold-speedppi-spaces.txt", "jax"),
                                            ("tpu-oom-qwen3-v6e-45g-top20.txt", "jax")])
def test_advice_is_in_the_words_of_the_framework(name, framework):
    """The text's own op_types (TensorFlow's CamelCase ops) or jax op_names (`jit(f)/…`) decide."""
    text = wild(name).read_text()
    tf_ops = re.findall(r'op_type="([A-Z]\w*)"', text)
    jax_ops = re.findall(r'op_name="(?:jit|pjit)\(', text)
    assert bool(tf_ops) == (framework == "tensorflow") and bool(jax_ops) == (framework == "jax")
    oom = run_json("peak", wild(name))["oom"]
    assert oom["framework"] == framework
    advice = " ".join(oom["suggestions"])
    assert advice, "these reports all have temporaries worth recomputing"
    if framework == "tensorflow":
        assert "jax" not in advice and "donate_argnums" not in advice and "tf.recompute_grad" in advice
    else:
        assert "jax.checkpoint" in advice and "tf." not in advice


def test_framework_of_bundled_modules_and_errors():
    """The same detector on an HLO module's op_names and on a traceback; nothing to go on: None."""
    module = parse_module(next(SAMPLES.glob("jax-0.10.2-mlp_train/*after_optimizations.txt")).read_text(), "m")
    names = [i.op_name for c in module.computations.values() for i in c.instructions]
    assert detect_framework(op_names=names) == "jax"
    assert detect_framework(other=(DATA / "oom" / "cpu-oom-jax-jit-zeros-0.10.2.txt").read_text().splitlines()) == "jax"
    assert detect_framework() is None and detect_framework(other=["RESOURCE_EXHAUSTED: Out of memory"]) is None


def test_framework_of_a_2021_jax_module_with_op_types():
    """jax once wrote lowercase op_types (`op_type="mul"`): they are not TensorFlow's CamelCase ops."""
    alpa = wild("hlo-alpa-2021-xmap-all-to-all-typed-operands.txt").read_text()
    meta = re.findall(r'op_type="([^"]*)" op_name="([^"]*)"', alpa)
    assert meta and detect_framework([n for _, n in meta], [t for t, _ in meta]) == "jax"


def test_buffers_from_one_source_line_form_one_group():
    """Buffers with different op_names but one `source_file:source_line` are one group, and the
    grouping tables list only groups of two or more."""
    path = wild("gpu-oom-alphafold-speedppi-spaces.txt")
    text = path.read_text()
    lines = re.findall(r'source_file="([^"]+)" source_line=(\d+)', text)
    top_line, count = max(((f"{f}:{n}", lines.count((f, n))) for f, n in set(lines)), key=lambda x: x[1])
    assert count > 1
    oom = run_json("peak", path)["oom"]
    group = next(g for g in oom["groups_by_source"] if g["source"] == top_line)
    assert group["count"] == count and len(group["op_names"]) > 1
    assert group["bytes"] == sum(b["bytes"] for b in oom["buffers"] if b["source"] == top_line)
    out = run("peak", path, "--no-color", "--top", "0")[1]
    assert "by source line" in out and f"{count} of the listed buffers" in out
    tables = out.split("The listed buffers by")[1:]
    assert tables and all(not re.search(r"^\s+1 │", t, re.M) for t in tables)


def test_no_grouping_table_when_every_buffer_stands_alone():
    path = wild("tpu-oom-tf1-resnet152-v3.txt")
    names = re.findall(r'Operator:.*op_name="([^"]+)"', path.read_text())
    assert len(names) == len(set(names))
    assert "The listed buffers by" not in run("peak", path, "--no-color")[1]


def test_the_bundled_error_says_its_framework():
    path = SAMPLES / "cpu-oom-jax-jit-zeros-0.10.2.txt"
    oom = run_json("peak", path)["oom"]
    assert "jax." in path.read_text() and oom["framework"] == "jax" and oom["kind"] == "out_of_memory"
    assert oom["in_use_bytes"] is None and oom["needed_bytes"] is None


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


# jax 0.11.2 on an H100 under a small XLA_PYTHON_CLIENT_MEM_FRACTION: the whole stderr of each run.
AUTOTUNE = DATA / "oom" / "jax-0.11.2-gpu-compile-autotune.txt"
RUN_BFC = DATA / "oom" / "jax-0.11.2-gpu-run-bfc.txt"
NOT_A_FAILURE = "The caller indicates that this is not a failure"


def bfc_limit(text: str) -> int:
    """The limit the client announced for the BFC allocator of device 0 (the last one: a log
    may hold several processes), never the CollectiveBFCAllocator's."""
    found = re.findall(r"XLA backend will use up to [\d.]+MiB \((\d+) bytes\) on device 0 for BFCAllocator\.", text)
    collective = re.search(r"use up to (\d+) bytes on device 0 for CollectiveBFCAllocator", text)
    assert found and collective and int(collective.group(1)) not in map(int, found)
    return int(found[-1])


def mib(text: str) -> int:
    return round(float(text) * 2**20)


def test_a_jax_gpu_failure_while_autotuning():
    """The program never ran: autotuning could not allocate scratch memory. The failure is the
    error that ends the log; the allocator's warnings marked 'not a failure' are only counted."""
    text = AUTOTUNE.read_text()
    final = re.search(r"RESOURCE_EXHAUSTED: Failed to get configs for: (\d+) out of (\d+) instructions\..*\n"
                      r"Out of memory while trying to allocate ([\d.]+)MiB with allocator (\w+) on device 0\."
                      r"[^\n]*\s*$",
                      text)
    assert final, "the log ends in jax's error"
    limit = bfc_limit(text)
    oom = run_json("peak", AUTOTUNE)["oom"]
    assert (oom["kind"], oom["phase"], oom["compile_pass"]) == ("out_of_memory", "compile", "autotuning")
    assert oom["requested_bytes"] == mib(final.group(3)) and oom["allocator"] == final.group(4)
    assert oom["limit_bytes"] == limit and oom["capacity_bytes"] == limit
    assert oom["in_use_bytes"] is None and oom["needed_bytes"] is None and oom["exceeded_bytes"] is None
    assert oom["stats"]["autotuning_failed_instructions"] == int(final.group(1))
    assert oom["stats"]["autotuning_instructions"] == int(final.group(2))
    assert oom["stats"]["allocator_warnings"] == text.count(NOT_A_FAILURE) > 0
    assert oom["framework"] == "jax"
    code, out, err = run("peak", AUTOTUNE, "--no-color")
    assert code == 0 and "Out of memory while compiling" in out, err
    flat = " ".join(out.split())
    assert human_bytes(mib(final.group(3))) in flat and human_bytes(limit) in flat
    assert f"{final.group(1)} of the {final.group(2)} instructions" in flat
    assert "--xla_gpu_autotune_level=0" in flat and "XLA_PYTHON_CLIENT_MEM_FRACTION" in flat
    assert "run time" not in flat and "while running" not in flat


def test_allocator_warnings_alone_are_no_failure(tmp_path):
    """The same log cut before its first error: only warnings marked 'not a failure' are left."""
    text = AUTOTUNE.read_text()
    before = text[: text.index("Could not get config")].rsplit("\n", 1)[0] + "\n"
    assert before.count(NOT_A_FAILURE) == before.count("ran out of memory") > 0
    path = tmp_path / "warnings.txt"
    path.write_text(before)
    oom = run_json("peak", path)["oom"]
    assert oom["kind"] == "usage_report" and oom["phase"] is None and oom["requested_bytes"] is None
    assert oom["suggestions"] == [] and oom["stats"]["allocator_warnings"] == before.count(NOT_A_FAILURE)
    code, out, _ = run("peak", path, "--no-color")
    assert code == 0 and "Out of memory" not in out and "reports no failure" in " ".join(out.split())


def test_a_jax_gpu_failure_while_running():
    """The BFC allocator's dump at run time (jax 0.11 prints its Stats block in rounded sizes):
    bytes in use are the sum of its in-use chunks, the limit the client's start-up line."""
    text = RUN_BFC.read_text()
    failing = re.search(r"Allocator \((\w+)\) ran out of memory trying to allocate ([\d.]+)MiB \(rounded to (\d+)\)",
                        text)
    assert failing and NOT_A_FAILURE not in text
    request = int(failing.group(3))
    limit = bfc_limit(text[: failing.start()])
    chunks = [(int(n), int(size)) for n, size in re.findall(r"\] (\d+) Chunks of size (\d+) totalling", text)]
    in_use = sum(n * size for n, size in chunks)
    # The same bytes three ways: the chunk list, the chunks by size, the rounded Stats block.
    assert in_use == sum(map(int, re.findall(r"\] InUse at \w+ of size (\d+) ", text)))
    assert close(in_use, printed_size(re.search(r"^InUse:\s+([\d.]+M)iB$", text, re.M).group(1)))
    assert close(limit, printed_size(re.search(r"^Limit:\s+([\d.]+M)iB$", text, re.M).group(1)))
    oom = run_json("peak", RUN_BFC)["oom"]
    assert (oom["kind"], oom["phase"], oom["compile_pass"]) == ("out_of_memory", "run", None)
    assert (oom["requested_bytes"], oom["in_use_bytes"], oom["limit_bytes"]) == (request, in_use, limit)
    assert (oom["used_bytes"], oom["capacity_bytes"]) == (in_use, limit)
    assert oom["needed_bytes"] == in_use + request and oom["exceeded_bytes"] == in_use + request - limit
    assert oom["allocator"] == failing.group(1) and oom["framework"] == "jax"
    assert "allocator_warnings" not in (oom["stats"] or {})
    code, out, err = run("peak", RUN_BFC, "--no-color")
    assert code == 0 and "Out of memory while running" in out, err
    flat = " ".join(out.split())
    assert f"{human_bytes(in_use)} in use, of its {human_bytes(limit)} limit" in flat
    assert f"{human_bytes(in_use + request)} needed, {human_bytes(in_use + request - limit)} over" in flat
    assert request > limit and "freeing other arrays cannot make room" in flat and "jax.checkpoint" in flat


@pytest.mark.parametrize("name", OOM_TEXTS)
def test_published_texts_say_when_they_failed(name):
    """libtpu's compile-time report was printed while compiling; `Execution of replica` failed
    while running; a log that says neither leaves the phase open."""
    text = wild(name).read_text()
    oom = run_json("peak", wild(name))["oom"]
    if oom["kind"] == "usage_report":
        assert oom["phase"] is None
    elif re.search(r"compile permanent error|TPU compilation failed", text):
        assert oom["phase"] == "compile" and oom["compile_pass"] is None
    elif "Execution of replica" in text:
        assert oom["phase"] == "run"
