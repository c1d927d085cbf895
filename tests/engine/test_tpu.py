"""XLA:TPU (libtpu) dumps compiled ahead of time: bufviz's recomputation against what libtpu
printed and what jax's memory_analysis() reported, each read here on its own."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bufviz.dumps.buffer_assignment import read_buffer_assignment
from bufviz.dumps.tpu_chip import chip_beside, tuple_granule
from bufviz.engine.assignment.matching import LIBTPU, allocation_mismatches
from bufviz.engine.target.sizes import buffer_size
from bufviz.hlo.shapes import parse_shape
from bufviz.verify.words import doubt
from conftest import DATA, SHARED, run, run_json

TPU = DATA / "tpu"


def folders() -> list[Path]:
    """Every TPU dump folder: the bundled ones, and the corpus's where ../shared is present."""
    found = sorted(p.parent for p in TPU.glob("*/memory_analysis.json"))
    return found + sorted(p.parent for p in (SHARED / "corpus").glob("tpu-jax-*/*/memory_analysis.json"))


def _stats(folder: Path) -> dict:
    return json.loads((folder / "memory_analysis.json").read_text())


def _buffer_assignment(folder: Path):
    path = next(folder.glob("*after_optimizations-buffer-assignment.txt"))
    return read_buffer_assignment(path.read_text(), str(path))


@pytest.mark.parametrize("folder", folders(), ids=lambda p: p.name)
def test_verify_agrees_with_libtpu_on_everything_it_compares(folder):
    report = run_json("verify", str(folder))
    assert report["verified"], [m["quantity"] for m in report["mismatches"]][:10]
    compared = {c["quantity"] for c in report["checks"]}
    assert {"live_range", "peak_bytes", "allocations", "total_allocation_bytes", "indefinite_allocations",
            "stack_trace"} <= compared


@pytest.mark.parametrize("folder", folders(), ids=lambda p: p.name)
def test_memory_needed_is_jax_total_allocation_bytes(folder):
    """jax counts every allocation of memory space 0, libtpu's thread-local scratch included
    (its memory-usage report's `default` total says the same: read here too)."""
    memory = run_json("peak", str(folder))["memory"]
    report = next(folder.glob("*memory-usage-report.txt")).read_text()
    default = int(re.search(r"Memory Space: default \(color=0\)\nTotal bytes: (\d+)", report).group(1))
    assert memory["needed_bytes"] == _stats(folder)["total_allocation_bytes"] == default
    scratch = sum(a.size for a in _buffer_assignment(folder).allocations if a.thread_local and a.color == 0)
    assert memory["scratch_bytes"] == scratch > 0
    rows = memory["at_peak"]   # the rows and the free temp bytes add up to memory needed
    assert sum(r["bytes"] for r in rows) == memory["needed_bytes"]
    assert sum(r["bytes"] for r in rows if r["kind"] == "scratch") == scratch
    assert all(r["category"] == "scratch" for r in rows if r["kind"] == "scratch")
    for space in memory["memory_spaces"]:   # (libtpu's VMEM reuses bytes at the step a value ends)
        assert 0 < space["in_use_bytes"] <= space["needed_bytes"], space["name"]


@pytest.mark.parametrize("folder", folders(), ids=lambda p: p.name)
def test_every_value_size_is_libtpus(folder):
    """Tiled arrays padded to their tiles; untiled ones outside SMEM to 1024 elements; tuple
    tables 4 bytes an element, rounded up to the chip's granule (its topology file names the
    chip)."""
    ba = _buffer_assignment(folder)
    module = next(folder.glob("*.after_optimizations.txt"))
    granule = tuple_granule(chip_beside(str(module)), None)
    assert granule == tuple_granule(None, ba)   # the chip's known granule, and the dump's own
    checked = 0
    for alloc in ba.allocations:
        for v in alloc.values:
            if v.color is not None and v.color >= 7:
                continue   # (SparseCore's own spaces: none in these programs)
            assert buffer_size(parse_shape(v.shape), "tpu", granule) == v.size, (alloc.index, v.name, v.shape)
            checked += 1
    assert checked > 20


def test_the_chip_is_read_from_the_topology_file():
    module = next((TPU / "mlp_grad_1chip-v4_2x2x1").glob("*.after_optimizations.txt"))
    topology = next(module.parent.glob("*/topology.textproto")).read_text()
    assert 'platform_version: "TFRT TPU v4' in topology
    assert chip_beside(str(module)) == "TPU v4"
    assert chip_beside(str(TPU / "no_such_module.after_optimizations.txt")) is None


def test_untiled_and_tuple_sizes_by_rule():
    # (what the dumps above show, and the rule's edges: SMEM keeps bytes, an empty array none)
    assert buffer_size(parse_shape("u32[]"), "tpu") == 4096
    assert buffer_size(parse_shape("bf16[]"), "tpu") == 2048
    assert buffer_size(parse_shape("pred[]"), "tpu") == 1024
    assert buffer_size(parse_shape("s32[2]{0:S(4)}"), "tpu") == 4096
    assert buffer_size(parse_shape("u32[]{:S(2)}"), "tpu") == 4
    assert buffer_size(parse_shape("f32[0]"), "tpu") == 0
    table = parse_shape("(" + ", ".join(["f32[8]{0:T(128)}"] * 41) + ")")
    assert buffer_size(table, "tpu", 512) == 512 and buffer_size(table, "tpu", 32) == 192
    assert buffer_size(table, "cpu") == 41 * 8


def test_what_is_left_to_libtpu_is_said():
    """On TPU, verify names what it does not compare (libtpu's numbering, its placement of the
    on-chip spaces, its own jax figures) instead of failing on them."""
    code, out, _ = run("verify", str(TPU / "mlp_grad-v6e_2x2"))
    assert code == 0
    assert "not compared, libtpu's own:" in out
    for what in ("allocation numbers", "on-chip memory spaces", "jax peak_memory_in_bytes"):
        assert f"  {what}:" in out
    for line in out.splitlines():
        assert len(line) <= 80


def test_will_it_fit_on_a_tpu_chip():
    """libtpu's allocator takes no share of the device as jax's GPU client does: memory needed
    (HBM) is held to the chip's whole HBM, named by chip, and the room to spare is at most that
    (libtpu keeps part for its runtime). A limit from jax's memory_stats() is the limit itself."""
    folder = TPU / "mlp_grad-v6e_2x2"
    needed = _stats(folder)["total_allocation_bytes"]
    device = run_json("peak", str(folder), "--device-memory", "v6e")["device"]
    assert device["limit_bytes"] == 32 << 30 and device["mem_fraction"] is None and device["limit_at_most"]
    assert device["fits"] and device["headroom_bytes"] == (32 << 30) - needed
    device = run_json("peak", str(folder), "--device-memory", "16GiB")["device"]   # (no 0.75 on TPU)
    assert device["limit_bytes"] == 16 << 30 and device["headroom_bytes"] == (16 << 30) - needed
    code, out, _ = run("peak", str(folder), "--device-memory", "tpu-v5e", "--no-color")
    assert code == 0 and "yes, at most" in out and "a TPU v5e's HBM" in out
    assert not run_json("peak", str(folder), "--device-memory", str(needed - 1))["device"]["fits"]


def test_a_kv_cache_on_tpu_is_caches():
    """kv_decode.py writes its `cache` argument inside a fori_loop with dynamic_update_slice (read
    here from the program). XLA:TPU copies the donated cache into the loop's buffer (in VMEM for
    one of the two), chains one in-place write per layer, and copies the result back: the
    arguments, and the chain's own buffers at the peak, are caches, not weights or activations."""
    program = (TPU / "kv_decode.py").read_text()
    assert 'lax.dynamic_update_slice(cache["k"]' in program and "lax.fori_loop" in program
    rows = run_json("peak", str(TPU / "kv_decode-v5e_2x2"))["memory"]["at_peak"]
    caches = [r for r in rows if (r.get("path") or "").startswith("cache[")]
    assert sorted(r["path"] for r in caches) == ["cache['k']", "cache['v']"]
    assert all(r["category"] == "caches" for r in caches)
    chain = [r for r in rows if r["kind"] == "temp" and r["shape"] and r["shape"].startswith("bf16[4,8,1024,8,128]")]
    assert all(r["category"] == "caches" for r in chain)


def test_libtpus_heap_placement_is_told_apart_from_a_wrong_recomputation():
    """libtpu places its temp heap's pieces by a rule of its own (docs/rules.md §5): where only
    that placement differs, the differences say so and peak's warning says the numbers shown
    are libtpu's; any other difference still reads as one bufviz cannot stand behind."""
    report = run_json("peak", str(TPU / "scan_offload-v5e_2x2"))
    theirs = report["xla"]["allocations"]
    heap = next(a for a in theirs if a["color"] == 0 and "temp" in a["kinds"])
    arrays = sorted({v["offset"] for v in heap["values"] if not v["shape"].startswith("(")})
    assert len(arrays) >= 3
    # the same values, two pieces of the heap swapped: what another placement rule gives
    placed = json.loads(json.dumps(theirs))
    moved = next(a for a in placed if a["index"] == heap["index"])
    swap = {arrays[1]: arrays[2], arrays[2]: arrays[1]}
    for v in moved["values"]:
        v["offset"] = swap.get(v["offset"], v["offset"])
    found = allocation_mismatches(theirs, placed, LIBTPU)
    assert found and all(m["placement"] == "libtpu" for m in found)
    assert doubt(found).startswith("libtpu placed")
    # a value missing from the heap is no placement of libtpu's
    lost = json.loads(json.dumps(theirs))
    next(a for a in lost if a["index"] == heap["index"])["values"].pop()
    found = allocation_mismatches(theirs, lost, LIBTPU)
    assert found and not any("placement" in m for m in found)
    assert "may be wrong" in doubt(found)
