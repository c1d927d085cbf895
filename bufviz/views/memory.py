"""The headline: memory the program needs (every allocation XLA reserves while it runs, each
once), the peak moment (when the temporaries in use are largest) and the storage in use then,
each allocation slice once, with the value in it and the values that share it. Its rows plus
the free temp bytes sum exactly to the headline."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from ..hlo.attributes import plain_op_name
from ..hlo.shapes import parse_index, value_label
from .categories import backward_at, category_of
from .storage import HOST_MEMORY_SPACE, most_bytes_in_use, temp_in_use

if TYPE_CHECKING:
    from ..result import Memory, StorageRow

# Allocations held for the whole run. "thread-local" only where the platform holds them (TPU:
# libtpu's scratch in device memory, rows of kind "scratch"); XLA:CPU's are stack, never drawn.
WHOLE_RUN = ("parameter", "output", "constant", "thread-local")
SCRATCH = "scratch"
FREE_NAME = "free temp bytes"


# TPU memory spaces on the chip itself (S(1) VMEM, S(2) SMEM, ...): never added to HBM. (On GPU
# a memory space other than 0 is still device memory, e.g. S(1) for symmetric collectives.)
# The others by what libtpu keeps there (docs/rules.md §4.1): S(4) the flags of v5e's async
# collectives, S(6) scalars (loop counters, partition ids), S(7) and S(8) the SparseCore's.
SPACE_NAMES = {0: "HBM", 1: "VMEM", 2: "SMEM", 4: "collective flags", HOST_MEMORY_SPACE: "host memory",
               6: "scalars", 7: "SparseCore tables", 8: "SparseCore flags"}

_Allocation = TypeVar("_Allocation", bound=Mapping[str, Any])   # an allocation as JSON (or an Allocation)


def text_indexed(describe_value):
    """`describe_value(name, index tuple, made=)` asked with the index as the rows write it (`"1,0"`)."""
    def describe(name, index, made=False):
        return describe_value(name, parse_index(index), made=made)
    return describe


def training_of(describe_value) -> bool | None:
    """Whether the program has a backward pass, where the description knows (a module's does)."""
    has_backward = getattr(describe_value, "has_backward", None)
    return has_backward() if has_backward else None


def slot_kind(a: Mapping[str, Any]) -> str:
    """What an allocation is reserved as: parameter, output, constant or scratch (for the whole
    run), else temp."""
    kind = next((k for k in (*WHOLE_RUN, "temp") if k in a["kinds"]), "temp")
    return SCRATCH if kind == "thread-local" else kind


def device_allocations(allocations: Iterable[_Allocation], platform: str | None = None) -> list[_Allocation]:
    """What the program reserves on the device: host memory aside, and thread-local scratch but
    on TPU (libtpu holds it in device memory for the whole run; XLA:CPU's is stack)."""
    local = platform == "tpu"
    return [a for a in allocations if a["color"] != HOST_MEMORY_SPACE and (local or "thread-local" not in a["kinds"])]


def on_chip_spaces(platform: str, allocations: Iterable[Mapping[str, Any]]) -> list[int]:
    """The memory spaces of `allocations` that are not the device's main memory."""
    if platform != "tpu":
        return []
    return sorted({a["color"] for a in device_allocations(allocations, platform) if a["size"]} - {0})   # (not empty)


def host_spaces(allocations: Iterable[Mapping[str, Any]]) -> list[int]:
    """The host memory space where the program keeps something there (S(5): jax's `pinned_host`,
    activations offloaded by a checkpoint policy): a space of its own, never device memory."""
    return [HOST_MEMORY_SPACE] if any(a["color"] == HOST_MEMORY_SPACE and "thread-local" not in a["kinds"]
                                      for a in allocations) else []


def space_name(space: int) -> str:
    return f"S({space})" + (f" {SPACE_NAMES[space]}" if space in SPACE_NAMES else "")


def memory_spaces(source: Mapping[str, Any], spaces: list[int], describe_value=None) -> list[dict]:
    """Each on-chip space (and host memory) on its own: what it reserves, and the most of it in
    use at once (storage, as the headline counts it), so that its peak never exceeds its memory
    needed; with `describe_value`, what its largest buffer then holds (judged beside the values
    at its offset, as a storage row is: what jax offloaded to the host)."""
    out = []
    ranges = {(r["name"], r["index"]): (r["start"], r["end"]) for r in source["live_ranges"]} if spaces else {}
    held = device_allocations(source["allocations"], source.get("platform"))
    hosted = [a for a in source["allocations"] if "thread-local" not in a["kinds"]]
    for space in spaces:
        mine = [a for a in (hosted if space == HOST_MEMORY_SPACE else held) if a["color"] == space]
        in_use, time = most_bytes_in_use(mine, source["live_ranges"])
        whole_run = sum(a["size"] for a in mine if set(a["kinds"]) & set(WHOLE_RUN))
        live = [v for a in mine for v in a["values"] if _live_at(ranges, v, time)]
        top = max(live, key=lambda v: v["size"], default=None)
        holds = None
        if top is not None and describe_value is not None:
            a = next(a for a in mine if any(v is top for v in a["values"]))
            describe = text_indexed(describe_value)
            row = value_row(a, top, slot_kind(a), [v for v in a["values"] if v["offset"] == top["offset"]], ranges,
                            describe)
            holds = row_category(row, describe, False, training_of(describe_value))
        if space == HOST_MEMORY_SPACE:   # (jax puts arrays there by a checkpoint policy's offload, or device_put)
            op_names = getattr(describe_value, "op_names", None)
            by = "a jax.checkpoint policy's offload" if op_names is not None and op_names.remat_ops else None
        out.append({"memory_space": space, "name": space_name(space), "needed_bytes": sum(a["size"] for a in mine),
                    "peak_time": time, "in_use_bytes": whole_run + in_use,
                    "largest": None if top is None else {"name": top["name"], "index": top["index"],
                                                         "bytes": top["size"], "holds": holds},
                    **({"put_there_by": by} if space == HOST_MEMORY_SPACE else {})})
    return out


def memory_section(source: Mapping[str, Any], curve, describe_value, estimate: bool) -> Memory:
    """`source` holds `allocations`, `live_ranges`, `schedule_end`, `instruction_sequence` and
    `peak_time` (XLA's own where it printed them, else bufviz's); `curve` is its temp_curve;
    `describe_value(name, index tuple)` gives a value's shape, opcode, op_name and source."""

    describe = text_indexed(describe_value)
    allocations = device_allocations(source["allocations"], source.get("platform"))
    ranges = {(r["name"], r["index"]): (r["start"], r["end"]) for r in source["live_ranges"]}
    time = int(curve.argmax()) if len(curve) and curve.max() > 0 else source["peak_time"] or 0
    sizes = _kind_sizes(allocations)
    rows = [_whole_run_row(a, time, ranges, describe) for a in allocations if set(a["kinds"]) & set(WHOLE_RUN)]
    rows += _temp_rows([a for a in allocations if not set(a["kinds"]) & set(WHOLE_RUN)], time, ranges, describe)
    in_use = sum(r["bytes"] for r in rows if r["kind"] == "temp")
    free = sizes["temp_bytes"] - in_use
    rows.sort(key=lambda r: (-r["bytes"], r["allocation"], r["offset"]))
    if free:
        rows.append(_free_row(free))
    sequence = source.get("instruction_sequence") or []
    peak_instruction = sequence[time] if 0 <= time < len(sequence) else None
    categorize_rows(rows, describe, peak_instruction, training_of(describe_value))
    return {
        "needed_bytes": sum(a["size"] for a in allocations),
        **sizes,
        "peak_time": time,
        "peak_instruction": peak_instruction,
        "peak_source": describe(peak_instruction, "").get("source") if peak_instruction else None,
        "peak_user_source": describe(peak_instruction, "").get("user_source") if peak_instruction else None,
        "temp_in_use_bytes": in_use,
        "fragmentation_bytes": free,
        "estimate": estimate,
        "at_peak": rows,
        # donated parameters whose buffer XLA gave to another value (or left idle) at the peak
        "donated_slots": donated_slots(rows, _value_sizes(allocations, rows)),
    }


def temp_curve(source: Mapping[str, Any]):
    """Temp bytes in use at each step of the schedule."""
    return temp_in_use(device_allocations(source["allocations"], source.get("platform")), source["live_ranges"],
                       source["schedule_end"])


def _kind_sizes(allocations: Iterable[Mapping[str, Any]]) -> Memory:   # (memory's parts)
    def total(pick):
        return sum(a["size"] for a in allocations if pick(set(a["kinds"])))
    return {
        "argument_bytes": total(lambda k: "parameter" in k),
        "output_bytes": total(lambda k: "output" in k),
        "temp_bytes": total(lambda k: "temp" in k),
        "alias_bytes": total(lambda k: {"parameter", "output"} <= k),
        "constant_bytes": total(lambda k: "constant" in k and not k & {"parameter", "output"}),
        "scratch_bytes": total(lambda k: "thread-local" in k),
    }


def _live_at(ranges: dict, v: Mapping[str, Any], time: int) -> bool:
    span = ranges.get((v["name"], v["index"]))
    return span is not None and span[0] <= time <= span[1]


def _row(a: Mapping[str, Any], offset: int, size: int, kind: str, occupant: Mapping[str, Any],
         others: list[Mapping[str, Any]], ranges, describe) -> StorageRow:
    info = describe(occupant["name"], occupant["index"], made=True)
    span = ranges.get((occupant["name"], occupant["index"]), (None, None))
    # A slice a while loop's value shares is that loop's carry (its body parameter, its result);
    # what the loop does with the element says what it holds (views/loops.py).
    loop = next((v for v in [occupant, *others] if describe(v["name"], v["index"]).get("opcode") == "while"), None)
    carried = carried_in(describe, [occupant, *others])
    return {"allocation": a["index"], "offset": offset, "bytes": size, "value_bytes": occupant["size"], "kind": kind,
            "category": "loop carries" if (loop or info.get("loop_state")) and not carried else None,
            "carry": carried["kind"] if carried else None,
            # (where the loop's start was made, and the loop's line: a carry named as the user wrote it)
            "carried": {k: carried[k] for k in ("made_at", "made_by", "made_from", "loop_at") if carried.get(k)}
            if carried else None,
            "made_by": info.get("made_by"),   # XLA's own: a constant it materialised, a layout copy
            "op_name_near": info.get("op_name_near"),   # a value without op_name: what it copies or feeds
            "loop": value_label(loop["name"], loop["index"]) if loop else
            (value_label(carried["loop"], str(carried["element"])) if carried else None),
            "name": occupant["name"], "index": occupant["index"], "shape": info.get("shape") or occupant["shape"],
            "opcode": info.get("opcode"), "op_name": info.get("op_name"), "source": info.get("source"),
            "user_source": info.get("user_source"), "library": info.get("library"),
            # the jax argument's pytree path (a parameter's slot), or the one XLA's copy copies
            "path": info.get("path"), "copy_of": info.get("copy_of"), "updated": info.get("updated", False),
            "start": span[0], "end": span[1], "parameter": a["parameter"] if kind == "parameter" else None,
            # what a parameter (or XLA's copy of one) holds, and why bufviz says so
            "role": info.get("role"), "role_evidence": info.get("role_evidence"), "output": None,
            "collective": info.get("collective"),   # op, mesh axes, the parameter it gathers
            "layer": info.get("layer"),   # a parameter's layer (`Linear kernel`), from what reads it
            "shared_with": [{"name": v["name"], "index": v["index"]} for v in others]}


def _whole_run_row(a: Mapping[str, Any], time: int, ranges: dict, describe) -> StorageRow:
    """A parameter, output or constant allocation is reserved for the whole run: the value in
    it at the peak (else its first, the parameter or constant itself), and the others in it."""
    kinds = set(a["kinds"])
    kind = slot_kind(a)
    live = [v for v in a["values"] if _live_at(ranges, v, time)]
    occupant = max(live, key=lambda v: v["size"]) if live else a["values"][0]
    holds, own = _slot_holds(a, live, occupant, describe) if kind == "parameter" else (None, None)
    if holds == "nothing live":
        occupant = own   # (an idle slot is named after its parameter)
    row = _row(a, 0, a["size"], kind, occupant, [v for v in a["values"] if v is not occupant], ranges, describe)
    if kind == "parameter":   # what the parameter holds, whatever value is in its slot at the peak
        info: dict   # (the parameter's own value first: a copy of another parameter may share its slot)
        info = describe(own["name"], own["index"]) if own else {}
        if not info.get("role"):
            info = next((info for v in a["values"] if (info := describe(v["name"], v["index"])).get("role")), {})
        row["role"], row["role_evidence"] = info.get("role"), info.get("role_evidence")
        row["path"], row["updated"] = info.get("path"), False   # (the slot is the argument's)
        row["layer"], row["user_source"] = info.get("layer"), row["user_source"] or info.get("user_source")
        row["holds"], row["donated"] = holds, "output" in kinds   # (its buffer is an output's too)
        row["copies"] = describe(own["name"], own["index"]).get("copies") if own else None
        split = info.get("split") or {}   # (a partitioned program's: the global array and its split)
        row["global_shape"], row["spec"], row["replicated"] = (split.get("global_shape"), split.get("spec"),
                                                               split.get("replicated"))
        if row["role"] not in (None, "inputs"):
            row["category"] = None   # what the parameter is, though a loop's carry sits in it
    if "output" in kinds:   # which output (matched across compilations by it), from any value in it
        row["output"] = next((info["output_index"] for v in a["values"]
                              if (info := describe(v["name"], v["index"])).get("output_index") is not None), None)
    return row


def _slot_holds(a: Mapping[str, Any], live: list[dict], occupant: Mapping[str, Any],
                describe) -> tuple[str | None, dict | None]:
    """What a parameter's slot holds at the peak: "the parameter", "its new value" (a donated
    argument's update written over it), "another value" (XLA reused a donated buffer) or
    "nothing live"; None where the module does not say which value is the parameter."""
    own = next((v for v in a["values"] if describe(v["name"], v["index"]).get("opcode") == "parameter"), None)
    if own is None:
        return None, None
    if any(v is own for v in live):
        return "the parameter", own
    if not live:
        return "nothing live", own
    return ("its new value" if describe(occupant["name"], occupant["index"]).get("updated") else "another value"), own


def _value_sizes(allocations: Iterable[Mapping[str, Any]], rows: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """Bytes of each value named as a copy of a donated parameter (looked up only where one is)."""
    wanted = {c for r in rows if r["kind"] == "parameter" for c in r.get("copies") or []}
    if not wanted:
        return {}
    return {v["name"]: v["size"] for a in allocations for v in a["values"] if v["name"] in wanted}


def donated_slots(rows: Iterable[Mapping[str, Any]], sizes: Mapping[str, int | None]) -> list[dict]:
    """The donated parameters XLA copied, and what their buffer holds at the peak: where it holds
    another value (or nothing), the update the user meant to make in place goes to the copy
    (openxla/xla#45912); the others' copies are layout copies beside a working donation. The
    first come first."""
    out = []
    for r in rows:
        if r["kind"] != "parameter" or not r.get("donated") or not r.get("copies"):
            continue   # (a donated buffer idle or reused is donation working; a copy beside it costs)
        copies = [{"name": c, "bytes": sizes.get(c)} for c in r["copies"]]
        out.append({"path": r.get("path"), "parameter": (r["parameter"] or {}).get("number"), "holds": r["holds"],
                    "value": None if r["holds"] == "nothing live" else value_label(r["name"], r["index"]),
                    "copies": copies})
    return sorted(out, key=lambda s: (s["holds"] not in MOVED, -sum(c["bytes"] or 0 for c in s["copies"])))


MOVED = ("another value", "nothing live")   # a donated buffer that no longer holds its argument


def _temp_rows(allocations: Iterable[Mapping[str, Any]], time: int, ranges: dict, describe) -> list[StorageRow]:
    """Temp slices in use at `time`: an (allocation, offset) with a live value, sized by the
    largest live there (values overlapping in time share their offset)."""
    rows: list[StorageRow] = []
    for a in allocations:
        slices: dict[int, list[dict]] = {}
        for v in a["values"]:
            if _live_at(ranges, v, time):
                slices.setdefault(v["offset"], []).append(v)
        for offset, live in sorted(slices.items()):
            occupant = max(live, key=lambda v: (v["size"], -ranges[(v["name"], v["index"])][0]))
            rows.append(_row(a, offset, occupant["size"], "temp", occupant,
                             [v for v in live if v is not occupant], ranges, describe))
    return rows


def _free_row(free: int) -> StorageRow:
    return {"allocation": None, "offset": None, "bytes": free, "value_bytes": None, "kind": "free",
            "category": "fragmentation",
            "made_by": None, "op_name_near": None, "holds": None, "copies": None, "loop": None, "carry": None,
            "name": FREE_NAME,
            "index": "", "shape": None, "opcode": None, "op_name": None,
            "source": None, "user_source": None, "library": None, "path": None, "copy_of": None, "updated": False,
            "start": None, "end": None, "parameter": None, "role": None, "role_evidence": None,
            "output": None,
            "shared_with": []}


def carried_in(describe, values: Iterable[Mapping[str, Any]]) -> dict | None:
    """What a loop does with the element a slice holds, from the first of its values a loop
    carries (its result, its body's parameter), or None."""
    return next((c for v in values if (c := describe(v["name"], v["index"]).get("carried"))), None)


def categorize_rows(rows: list[StorageRow], describe, peak_instruction: str | None, training: bool | None) -> None:
    """`training`: whether the program has a backward pass (None: not known, a dump alone)."""
    backward = backward_at(describe(peak_instruction, "").get("op_name") if peak_instruction else None)
    for r in rows:
        if r["category"] is None:
            r["category"] = row_category(r, describe, backward, training)


def row_category(row: StorageRow, describe, backward: bool, training: bool | None) -> str:
    """What a row's slice holds (`backward`: whether the peak is in the backward pass)."""
    carried = carried_in(describe, [row, *row["shared_with"]]) if row.get("carry") else None
    return category_of({**row, "carried": carried} if carried else row, backward, training)


def value_row(a: Mapping[str, Any], value: Mapping[str, Any], kind: str, sharing: list[Mapping[str, Any]],
              ranges: dict, describe) -> StorageRow:
    """The row a value would have, in its allocation's slice beside values `sharing` its buffer
    (what the pictures name over time, as the storage at the peak names it)."""
    return _row(a, value["offset"], value["size"], kind, value, [v for v in sharing if v is not value],
                ranges, describe)


GROUP_KEYS = {"source": lambda r: r.get("user_source") or r["source"] or "(no source line)",
              "op": lambda r: plain_op_name(r["op_name"]) if r["op_name"] else "(no op_name)",
              "kind": lambda r: r["kind"],
              "category": lambda r: r["category"]}


def groups(rows: Sequence[Mapping[str, Any]]) -> dict[str, list[dict]]:
    """The storage at the peak by source line, op_name, kind and category, largest first. Each
    list sums to memory needed (free temp bytes form a group of their own)."""
    out = {}
    for by, key in GROUP_KEYS.items():
        found: dict[str, dict] = {}
        for r in rows:
            k = r["name"] if r["kind"] == "free" else key(r)
            g = found.setdefault(k, {"key": k, "bytes": 0, "count": 0})
            g["bytes"] += r["bytes"]
            g["count"] += 1
        out[by] = sorted(found.values(), key=lambda g: (-g["bytes"], g["key"]))
    return out


def replicated_parameters(rows: Sequence[Mapping[str, Any]]) -> dict | None:
    """A partitioned program's parameters every device holds whole: their bytes, how many, and
    bytes by category (largest first); None where no row says how it is split."""
    split = [r for r in rows if r["kind"] == "parameter" and r.get("replicated") is not None]
    if not split:
        return None
    whole = [r for r in split if r["replicated"]]
    by: dict[str, int] = {}
    for r in whole:
        by[r["category"] or "other"] = by.get(r["category"] or "other", 0) + r["bytes"]
    return {"bytes": sum(r["bytes"] for r in whole), "count": len(whole),
            "by_category": dict(sorted(by.items(), key=lambda kv: -kv[1]))}
