"""What an assignment adds up to: Total bytes used, the numbers jax's memory_analysis() reports,
and the `BufferAssignment stats:` block XLA prints in out-of-memory messages (docs/rules.md §4.4)."""
from __future__ import annotations

from ...units import xla_human_bytes
from .assignment import Assignment
from ..target.target import Target

HOST_MEMORY_SPACE = 5
JAX_STATIC_PEAK = "2025-08-21"   # XLA:CPU drops the heap traces before jax reads the peak


def kind_bytes(allocations: list[dict], donated: set | None) -> dict:
    """jax's CompiledMemoryStats from allocations (JSON shape): argument, output, alias and temp
    bytes of device memory, plus constants and thread-locals. `donated` holds (parameter number,
    index text) pairs of input_output_alias; None counts parameter allocations that also hold an
    output (the same for jax, which copies pass-through outputs)."""
    device = [a for a in allocations if a["color"] != HOST_MEMORY_SPACE]

    def is_alias(a):
        param = a["parameter"]
        if param is None:
            return False
        return "output" in a["kinds"] if donated is None else (param["number"], param["index"]) in donated

    def total(pick, among=device):
        return sum(a["size"] for a in among if pick(a))
    return {
        "argument_bytes": total(lambda a: a["parameter"] is not None),
        "output_bytes": total(lambda a: "output" in a["kinds"]),
        "alias_bytes": total(is_alias),
        "temp_bytes": total(lambda a: "temp" in a["kinds"]),
        "constant_bytes": total(lambda a: "constant" in a["kinds"], allocations),
        "thread_local_bytes": total(lambda a: "thread-local" in a["kinds"], allocations),
    }


def totals(assignment: Assignment, allocations: list[dict], donated: set, target: Target) -> dict:
    """Byte counts in the JSON contract's names; `allocations` are the assignment's, as JSON."""
    assert assignment.minimum_memory is not None  # (the report's runs work it out)
    return {
        "total_bytes_used": assignment.total_bytes,
        **kind_bytes(allocations, donated),
        # Free bytes of the temp heaps at their busiest tick (never negative); XLA's own stat
        # subtracts a peak that counts a value taking over another's chunk twice: stats_block.
        "fragmentation_bytes": sum(h.heap_size - h.most_in_use for h in assignment.heaps),
        "total_fragmentation_bytes": _unless_negative(assignment.total_bytes - assignment.minimum_memory),
        "minimum_memory_bytes": assignment.minimum_memory,
        **_jax_peak(assignment, target),
        # jax 0.12's ComputeTotalAllocationBytes: every allocation of memory space 0 (thread-local
        # scratch aside, but on TPU), the same as memory needed on every program of jax 0.12's corpus
        "total_allocation_bytes": sum(a.size for a in assignment.allocations
                                      if a.color == 0 and (target.holds_thread_local or not a.thread_local)),
        "alignment": assignment.alignment,
    }


def _jax_peak(assignment: Assignment, target: Target) -> dict:
    """jax `peak_memory_in_bytes`: the largest value of every parameter, constant and live-out
    allocation, plus (until XLA:CPU began dropping heap traces) the most temp bytes in use at
    once, each chunk counted while any of its values lives (15 of 15 XLA:GPU programs of jax
    0.11.2; a sum of live values instead misses chunks shared by a value that ends). jax 0.12
    names the first part `indefinite_allocations` (allocations held for the whole run) and the
    peak without tile padding `peak_unpadded_heap_bytes` (none on CPU and GPU; on TPU bufviz's
    padding is itself an estimate, so none is given)."""
    static = scratch = 0
    for a in assignment.allocations:
        if a.thread_local and target.holds_thread_local and a.color == 0:
            scratch += a.size   # (libtpu's HBM scratch: held for the whole run, outside the peak)
        elif (a.parameter is not None or a.constant or a.maybe_live_out) and not a.thread_local:
            static += max(target.size(v.instruction.shape.subshape(v.index)) for v, _, _ in a.values)
    peak = static
    if target.platform != "cpu" or target.is_before(JAX_STATIC_PEAK) is True:
        peak += max((h.most_in_use for h in assignment.heaps), default=0)
    return {"peak_memory_bytes": peak, "indefinite_allocations": static + scratch,
            "peak_unpadded_heap_bytes": None if target.pads_tiles else peak}


def stats_block(assignment: Assignment, numbers: dict) -> str:
    """BufferAssignment::StatsString, as GPU logs and out-of-memory messages print it."""
    temp = numbers["temp_bytes"]
    total = numbers["total_bytes_used"]
    lines = ["BufferAssignment stats:",
             f"             parameter allocation: {xla_human_bytes(numbers['argument_bytes']):>10}",
             f"              constant allocation: {xla_human_bytes(numbers['constant_bytes']):>10}",
             f"        maybe_live_out allocation: {xla_human_bytes(numbers['output_bytes']):>10}",
             f"     preallocated temp allocation: {xla_human_bytes(temp):>10}"]
    frag = sum(h.fragmentation for h in assignment.heaps)
    if assignment.heaps and frag >= 0:   # (values double-counted while they share make it negative)
        percent = 100.0 * frag / temp if temp else float("nan")
        lines.append(f"  preallocated temp fragmentation: {xla_human_bytes(frag):>10} ({percent:.2f}%)")
    lines.append(f"                 total allocation: {xla_human_bytes(total):>10}")
    frag = numbers["total_fragmentation_bytes"]
    if frag is not None:  # XLA leaves out a negative one (values double-counted while they share)
        percent = 100.0 * frag / total if total else float("nan")
        lines.append(f"              total fragmentation: {xla_human_bytes(frag):>10} ({percent:.2f}%)")
    return "\n".join(lines) + "\n"


def _unless_negative(value: int) -> int | None:
    """XLA's total fragmentation (total minus MinimumMemoryForModule, which counts values that
    share storage once each) when it means something: XLA leaves a negative one out."""
    return value if value >= 0 else None
