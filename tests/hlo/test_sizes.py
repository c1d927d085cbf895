"""Byte sizes (spec §5.1) against the sizes XLA printed for every value it assigned."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bufviz.engine.target.sizes import buffer_size
from bufviz.dumps.buffer_assignment import read_buffer_assignment
from bufviz.hlo.shapes import parse_shape
from conftest import DATA, SAMPLES, SHARED, WILD, wild


def dumps() -> list[Path]:
    # (libtpu's dumps print its own padded sizes, 512 B for a scalar: tests/engine/test_tpu.py)
    files = sorted(p for p in DATA.rglob("*-buffer-assignment.txt") if "tpu" not in p.relative_to(DATA).parts)
    files += [SAMPLES / "001_04aa0d3336074bf8.txt"]
    files += sorted((SHARED / "corpus").glob("xla-jax-*/*/*-buffer-assignment.txt"))
    files += sorted(WILD.glob("buffer-assignment-*.txt"))
    return files


@pytest.mark.parametrize("path", dumps(), ids=lambda p: f"{p.parent.name}/{p.name}"[-60:])
def test_value_sizes_equal_xlas(path):
    """Outside temp allocations XLA prints each value with its buffer's size, which is the
    value's own ByteSizeOf: tuples 8 bytes per element, E(4) packed, pred one byte."""
    ba = read_buffer_assignment(path.read_text(), str(path))
    for alloc in ba.allocations:
        for v in alloc.values:
            ours = parse_shape(v.shape).byte_size()
            if alloc.preallocated_temp:
                assert ours <= v.size  # a heap chunk may be shared by a larger value
            else:
                assert ours == v.size, (alloc.index, v.name, v.shape)


def test_packed_sub_byte_types_are_in_the_real_dump():
    text = next((DATA / "extra/packed_int4").glob("*-buffer-assignment.txt")).read_text()
    assert "s4[128,64]{1,0:E(4)}" in text and "u4[64]{0:E(4)}" in text and "pred[64]{0}" in text
    assert parse_shape("s4[128,64]{1,0:E(4)}").byte_size() == 4096
    assert parse_shape("u4[64]{0:E(4)}").byte_size() == 32


def test_tokens_and_unpacked_sub_byte_types():
    # Spec §5.1 (no dump prints these sizes): tokens take no memory; without E(n) a
    # sub-byte element takes a whole byte; tiling and memory space do not change ByteSizeOf.
    assert parse_shape("token[]").byte_size() == 0
    assert parse_shape("s4[10]{0}").byte_size() == 10
    assert parse_shape("(f32[8], token[], (s32[]))").byte_size() == 24
    assert parse_shape("bf16[3584,4096]{1,0:T(8,128)(2,1)S(1)}").byte_size() == 3584 * 4096 * 2


TPU_OOMS = ["tpu-oom-qwen3-v6e-34g-top20.txt", "tpu-oom-qwen3-v6e-45g-top20.txt", "tpu-oom-tf1-resnet152-v3.txt"]


def _printed_bytes(text: str) -> float:
    """'9.27G', '512.00M', '40.0K', '12B' as libtpu prints them (binary units)."""
    m = re.fullmatch(r"([\d.]+)([KMGT]?)B?", text)
    return float(m.group(1)) * 1024 ** " KMGT".index(m.group(2) or " ")


@pytest.mark.parametrize("name", TPU_OOMS)
def test_tpu_padded_sizes_equal_what_libtpu_reported(name):
    """Each entry of a TPU out-of-memory report gives a tiled shape with its padded `Size` and
    its `Unpadded size`: bufviz's TPU size function and ByteSizeOf give them back."""
    text = wild(name).read_text()
    entries = re.findall(r"Size: (\S+)\n.*?Shape: (\S+)\n\s+Unpadded size: (\S+)", text, re.S)
    assert len(entries) == 20
    for padded, shape, unpadded in entries:
        parsed = parse_shape(shape)
        for ours, theirs in ((buffer_size(parsed, "tpu"), padded), (parsed.byte_size(), unpadded)):
            printed = _printed_bytes(theirs)
            assert abs(ours - printed) <= printed * 0.005 + 1024, (shape, ours, theirs)
