"""Every other memory number a user meets, named, with a one-line reason why it differs from
memory needed. Each reason's figures are exact: they account for the whole difference."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..units import human_bytes
from .memory import device_allocations
from .storage import HOST_MEMORY_SPACE

JAX_STATIC = ("parameter", "output", "constant")   # what jax's peak_memory_in_bytes holds for the whole run


def other_numbers(memory: Mapping[str, Any], allocations: Sequence[Mapping[str, Any]], xla: Mapping[str, Any],
                  ours: Mapping[str, Any], platform: str | None = None) -> list[dict]:
    """`allocations`: the report's (`PeakReport.allocations`); `xla` and `ours`: its xla and
    recomputed sections ({} where there is none)."""
    needed = memory["needed_bytes"]
    rows = []
    side = xla if xla.get("peak_time") is not None and xla.get("peak_rows") != "instruction" else ours
    if side.get("peak_time") is not None and side.get("live_ranges"):
        peak = side["peak_bytes"]
        name = "XLA's live-range peak" if side is xla else "live-range peak (recomputed)"
        # XLA's own peak sums every memory space; bufviz's is the main memory's alone.
        spaces = memory.get("memory_spaces") or []
        reason = _live_range_reason(device_allocations(allocations, platform), side, peak, needed, spaces,
                                    with_chip=side is xla)
        if side is ours and ours.get("unplaced_tuple_reads"):
            name = "live-range peak (estimate)"
            reason += (f"; {ours['unplaced_tuple_reads']} tuple reads the text does not place are put "
                       "before their first use")
        rows.append({"name": name, "bytes": peak, "reason": reason})
    shown = rows[-1]["bytes"] if rows else None
    if ours.get("max_live_bytes") is not None and shown is not None and ours["max_live_bytes"] > shown:
        rows.append({"name": "largest sum of live values", "bytes": ours["max_live_bytes"],
                     "reason": f"the live-range peak's sum of values taken at t={ours['max_live_time']}, where it "
                               f"is largest; XLA takes it at t={side['peak_time']}, by a rule of its own"})
    stats = xla.get("memory_stats") or {}
    jax = stats.get("peak_memory_bytes") if stats.get("reported") else ours.get("peak_memory_bytes")
    if jax is not None:
        largest = sum(max((v["size"] for v in a["values"]), default=0) for a in device_allocations(allocations)
                      if set(a["kinds"]) & set(JAX_STATIC))
        temps = f"plus {human_bytes(jax - largest)} of temporaries" if jax != largest else "without temporaries"
        chip = next((s for s in memory.get("memory_spaces") or [] if s["in_use_bytes"] == jax - largest > 0
                     and s["memory_space"] != HOST_MEMORY_SPACE), None)
        if chip is not None:   # (libtpu's figure: the busiest space's most in use, here an on-chip one)
            temps = f"plus the most in use of {chip['name']} ({human_bytes(jax - largest)})"
        rows.append({"name": "jax peak_memory_in_bytes", "bytes": jax,
                     "reason": f"jax's estimate: the largest value of each parameter, output and constant "
                               f"allocation ({human_bytes(largest)}), {temps}"})
    rows += _jax_named(stats, needed, jax, platform == "tpu")
    printed = xla.get("total_bytes_used") is not None
    total = xla["total_bytes_used"] if printed else ours.get("total_bytes_used")
    if total is not None:
        chip = sum(s["needed_bytes"] for s in memory.get("memory_spaces") or []
                   if s["memory_space"] != HOST_MEMORY_SPACE)   # (host memory: what is left of the total)
        rows.append({"name": "XLA's Total bytes used" if printed else "Total bytes used (recomputed)",
                     "bytes": total, "reason": _total_reason(allocations, total, needed, chip, platform)})
    return rows


def _jax_named(stats: dict, needed: int, peak: int | None, scratch_held: bool) -> list[dict]:
    """jax 0.12's own numbers, under jax's names, each said as the bufviz number it is."""
    rows = []
    total = stats.get("total_allocation_bytes")
    if total is not None:
        reason = ("every allocation of device memory: the same as memory needed" if total == needed else
                  f"every allocation of memory space 0, thread-local scratch aside: {human_bytes(total - needed)} "
                  "more than memory needed" if total > needed else
                  f"every allocation of memory space 0: {human_bytes(needed - total)} less than memory needed")
        rows.append({"name": "jax total_allocation_bytes", "bytes": total, "reason": reason})
    unpadded = stats.get("peak_unpadded_heap_bytes")
    if unpadded is not None:
        same = "the same" if unpadded == peak else f"{human_bytes(abs((peak or 0) - unpadded))} of padding less"
        rows.append({"name": "jax peak_unpadded_heap_bytes", "bytes": unpadded,
                     "reason": f"peak_memory_in_bytes without tile padding ({same})"})
    indefinite = stats.get("indefinite_allocations")
    if indefinite is not None:
        held = "parameters, outputs, constants and thread-local scratch" if scratch_held else \
            "parameters, outputs and constants"
        rows.append({"name": "jax indefinite_allocations", "bytes": indefinite,
                     "reason": f"{held}, held for the whole run: the largest value of each allocation"})
    return rows


def _live_range_reason(allocations: Sequence[Mapping[str, Any]], side: Mapping[str, Any], peak: int, needed: int,
                       spaces: list[dict], with_chip: bool) -> str:
    """XLA sums the values live at its peak time; storage shared by several counts once per value,
    and (in XLA's own peak) values in on-chip memory spaces count too. `allocations`: the device's."""
    time = side["peak_time"]
    on_chip = {s["memory_space"] for s in spaces}
    mine = [a for a in allocations if with_chip or a["color"] not in on_chip]
    held = {(v["name"], v["index"]) for a in mine for v in a["values"]}
    live = {(r["name"], r["index"]) for r in side["live_ranges"] if r["start"] <= time <= r["end"]
            and (with_chip or not on_chip or (r["name"], r["index"]) in held)}
    slices: dict[tuple, list[int]] = {}
    chip = 0
    for a in mine:
        for v in a["values"]:
            if (v["name"], v["index"]) in live:
                slices.setdefault((a["index"], v["offset"]), []).append(v["size"])
    colours = {a["index"]: a["color"] for a in mine}
    for (index, _), sizes in slices.items():
        if colours[index] in on_chip:
            chip += max(sizes)
    twice = sum(sum(sizes) - max(sizes) for sizes in slices.values())
    sharing = sum(len(sizes) - 1 for sizes in slices.values())
    idle = needed + twice + chip - peak
    parts = [f"sums the {len(live)} values live at t={time}, not storage"]
    if chip:
        parts.append(f"{human_bytes(chip)} of them in on-chip memory, outside memory needed")
    if twice:
        parts.append(f"{sharing} {'value shares' if sharing == 1 else 'values share'} storage with another "
                     f"and {'counts' if sharing == 1 else 'count'} again (+{human_bytes(twice)})")
    if idle > 0:
        parts.append(f"storage holding no live value then is left out (−{human_bytes(idle)})")
    elif idle < 0:
        parts.append(f"values outside the allocations add {human_bytes(-idle)}")
    return "; ".join(parts)


def _thread_local_bytes(allocations: Sequence[Mapping[str, Any]]) -> int:
    return sum(a["size"] for a in allocations if "thread-local" in a["kinds"])


def _total_reason(allocations: Sequence[Mapping[str, Any]], total: int, needed: int, chip: int,
                  platform: str | None) -> str:
    if total == needed:
        return "every allocation: the same as memory needed"
    local = _thread_local_bytes(allocations) - _thread_local_bytes(device_allocations(allocations, platform))
    host = total - needed - local - chip
    parts = [f"{human_bytes(local)} of thread-local scratch"] if local else []
    if chip:
        parts.append(f"{human_bytes(chip)} of on-chip memory")
    if host:
        parts.append(f"{human_bytes(host)} in host memory")
    return "every allocation, including " + " and ".join(parts)
