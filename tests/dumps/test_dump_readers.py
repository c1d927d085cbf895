"""Dump readers on each variant XLA has printed, checked against the raw text."""
from __future__ import annotations

import re

import pytest

import xla_text
from bufviz.dumps.buffer_assignment import read_buffer_assignment
from bufviz.dumps.live_range import read_live_range_file
from bufviz.dumps.usage_report import read_usage_report
from bufviz.errors import BufvizError
from conftest import DATA, SAMPLES, WILD, run, wild


def ba_of(version: str, case: str, suffix: str = "-buffer-assignment.txt"):
    path = next(DATA.glob(f"corpus/xla-jax-{version}/{case}/*{suffix}"))
    return read_buffer_assignment(path.read_text(), str(path)), path.read_text()


def test_addresses_and_old_combined_file():
    text = (SAMPLES / "001_04aa0d3336074bf8.txt").read_text()
    ba = read_buffer_assignment(text, "seed001")
    assert ba.features["addresses"] and ba.allocations[0].address == "0x15c664b0"
    assert ba.features["from_instruction"] == "no-space"
    assert {a.index: a.size for a in ba.allocations} == xla_text.allocation_sizes(text)
    assert ba.total_bytes_used == xla_text.total_bytes_used(text)
    assert len(ba.values) == len(re.findall(r"^<\d+ ", text, re.M))
    param = ba.allocations[1]
    assert (param.parameter, param.parameter_index, param.parameter_shape) == (1, (), "f32[32,32]")
    assert param.maybe_live_out and param.kinds == ["parameter", "output"]
    assert ba.allocations[4].output_shape == "(s32[], f32[32,32], f32[16,16])"
    assert ba.allocations[13].preallocated_temp and ba.allocations[5].thread_local
    assert ba.allocations[7].constant


def test_values_glued_to_the_previous_from_instruction_line():
    # jax 0.4.30 (2024-06): the next block's header ends the `from instruction:` line.
    ba, text = ba_of("0.4.30", "mlp_train")
    assert ba.features["from_instruction"] == "glued"
    headers = re.findall(r"<(\d+) [^\s<>]+(?: \(phi\))? @\d+>", text.split("Used values:")[1].split("HloLiveRange")[0])
    assert [v.id for v in ba.values] == [int(h) for h in headers]
    assert all(not v.instruction.endswith(">") for v in ba.values)


def test_split_values_file_with_none_uses():
    ba, text = ba_of("0.10.2", "mlp_train", "-buffer-assignment-values.txt")
    assert ba.features["uses_none_marker"] and ba.features["from_instruction"] == "space"
    assert ba.total_bytes_used == xla_text.total_bytes_used(text)
    unused = [v for v in ba.values if v.uses == []]
    assert len(unused) == text.count("  (none)")
    printed = re.search(r"^<\d+ dot @0>\n positions:\n  dot\n uses:\n  (\S+), operand (\d+)\n", text, re.M)
    dot = next(v for v in ba.values if v.name == "dot")
    assert dot.uses == [(printed.group(1), int(printed.group(2)), None)]


def test_phi_values_and_tuple_positions():
    path = wild("buffer-assignment-lorrax-gpu-full-run-large.txt")
    text = path.read_text()
    ba = read_buffer_assignment(text, str(path))
    phis = [v for a in ba.allocations for v in a.values if v.is_phi]
    assert len(phis) == len(re.findall(r"^ value: <\d+ \S+ \(phi\) @", text, re.M)) > 0
    assert sum(v.is_phi for v in ba.values) == len(re.findall(r"^<\d+ \S+ \(phi\) @\d+>$", text, re.M))
    tuple_positions = [p for v in ba.values for p in v.positions if p[1] is not None]
    assert tuple_positions


@pytest.mark.parametrize("version,style,stack", [("0.4.13", "instruction", False), ("0.6.2", "cumulative", False),
                                                   ("0.10.2", "cumulative", True)])
def test_live_range_peak_rows_and_stack_trace(version, style, stack):
    path = next(DATA.glob(f"corpus/xla-jax-{version}/mlp_train/*after_optimizations-*.txt"))
    texts = "\n".join(p.read_text() for p in path.parent.glob("*after_optimizations-*.txt"))
    lr_path = next(iter(path.parent.glob("*-live-range.txt")), None)
    if lr_path is not None:
        lr = read_live_range_file(lr_path.read_text(), str(lr_path))
    else:
        ba_path = next(path.parent.glob("*-buffer-assignment.txt"))
        lr = read_buffer_assignment(ba_path.read_text(), str(ba_path)).live_range
    assert lr.row_style == style
    assert lr.schedule_end == xla_text.schedule_end(texts) == len(lr.sequence)
    assert lr.peak_time == xla_text.peak_time(texts)
    assert [r.bytes for r in lr.peak_rows] == [b for _, b in xla_text.peak_rows(texts)]
    assert {(n, ",".join(map(str, i))): (s, e) for n, i, s, e in lr.ranges} == xla_text.live_ranges(texts)
    if stack:
        assert lr.stack_total == sum(r.bytes for r in lr.peak_rows)
        top = [n for n in lr.stack_trace if n.depth == 0]
        assert len(top) == 1 and top[0].total == lr.stack_total
        assert sum(n.current for n in lr.stack_trace) == lr.stack_total
    else:
        assert not lr.stack_trace


@pytest.mark.parametrize("version,layout", [("0.6.2", "old"), ("0.10.2", "new")])
def test_memory_usage_report_layouts(version, layout):
    path = next(DATA.glob(f"corpus/xla-jax-{version}/mlp_train/*-memory-usage-report.txt"))
    text = path.read_text()
    report = read_usage_report(text, str(path))
    assert report.layout == layout
    assert report.total_bytes_used == xla_text.total_bytes_used(text)
    groups = [g for a in report.allocations for g in a.groups]
    assert len(groups) == len(re.findall(r"^\s+\S+\(\s*\d+%\);\s+\S+;\s+\d+;", text, re.M))


def test_wild_usage_reports_and_live_ranges():
    if not WILD.exists():
        pytest.skip("needs ../shared/corpus/wild")
    for path in sorted(WILD.glob("memory-usage-report-*.txt")):
        report = read_usage_report(path.read_text(), str(path))
        assert report.total_bytes_used == xla_text.total_bytes_used(path.read_text()), path.name
    for path in sorted(WILD.glob("live-range-*.txt")):
        lr = read_live_range_file(path.read_text(), str(path))
        assert lr.peak_time == xla_text.peak_time(path.read_text()), path.name


def test_colour_and_page_attributes():
    # Only an excerpt of a TPU report shows `color 5`; read both attributes in a real
    # allocation line, in the order XLA prints them.
    path = next(DATA.glob("corpus/xla-jax-0.10.2/mlp_train/*-buffer-assignment.txt"))
    text = path.read_text()
    line = next(l for l in text.split("\n") if l.startswith("allocation 5: "))
    changed = text.replace(line, line.replace(", maybe-live-out:", ", color 1, page 2, maybe-live-out:"))
    ba = read_buffer_assignment(changed, "x")
    alloc = ba.allocations[5]
    assert (alloc.color, alloc.page, alloc.maybe_live_out) == (1, 2, True)
    assert sum(len(a.values) for a in ba.allocations) == len(re.findall(r"^ value: ", text, re.M))


def test_libtpu_prints_empty_allocations_and_spaces():
    """libtpu (vmem_unused.py: nothing fits VMEM) ends its buffer assignment with a temp
    allocation of 0 bytes and no values, and its memory-usage report with an empty `vmem` block:
    both read as complete, while an allocation of some bytes cut before its values is still
    an error."""
    folder = DATA / "tpu/vmem_unused-v5e_1chip"
    path = next(folder.glob("*-buffer-assignment.txt"))
    text = path.read_text()
    assert re.search(r"^allocation \d+: size 0, color 1, page 0, preallocated-temp:\n*\Z", text, re.M)
    ba = read_buffer_assignment(text, str(path))
    assert ba.allocations[-1].size == 0 and not ba.allocations[-1].values
    report = next(folder.glob("*-memory-usage-report.txt"))
    assert "Memory Space: vmem (color=1)\nTotal bytes: 0 (0B)" in report.read_text()
    assert run("verify", str(folder))[0] == 0
    cut = text[: text.index("\n", text.index("allocation 1:")) + 1]
    with pytest.raises(BufvizError, match="value:' lines under allocation 1"):
        read_buffer_assignment(cut, str(path))
