"""What an out-of-memory report says in sentences, and what to try, in the words of the framework
that built the program (`jax.checkpoint` is no help to a TensorFlow user). Reads `oom_json`'s
dict; never the message text."""
from __future__ import annotations

from ..views.framework import DONATE_HOW, REMAT_HOW
from ..units import ellipsis_start, human_bytes
from .phase import autotuning_lines, phase_tips, warnings_line

RUN_TIME_TIP = "The failure happened at run time, outside XLA's buffer assignment"

_GPU_SHARE = {"jax": "XLA_PYTHON_CLIENT_MEM_FRACTION (XLA_CLIENT_MEM_FRACTION in newer jax), "
                     "XLA_PYTHON_CLIENT_PREALLOCATE=false",
              "tensorflow": "tf.config.experimental.set_memory_growth, or a memory_limit with "
                            "tf.config.set_logical_device_configuration",
              "pytorch": "PJRT_ALLOCATOR_FRACTION, PJRT_ALLOCATOR_PREALLOCATE=false",
              None: "the share of the GPU its allocator may take"}


def summary(o: dict) -> list[str]:
    """Plain sentences: what ran out (or what is used), by how much, and where the memory went."""
    if o["compile_pass"] == "autotuning":
        lines = autotuning_lines(o)
    else:
        lines = _allocator_lines(o) if o["in_use_bytes"] is not None else _usage_lines(o)
    s = o["stats"] or {}
    if s.get("total_bytes"):
        parts = [(k, s.get(f"{k}_bytes")) for k in ("parameter", "maybe_live_out", "temp", "constant")]
        named = {"parameter": "parameters", "maybe_live_out": "outputs", "temp": "temporaries",
                 "constant": "constants"}
        shown = ", ".join(f"{named[k]} {human_bytes(v)}" for k, v in parts if v)
        lines.append(f"XLA's buffer assignment needs {human_bytes(s['total_bytes'])} in all ({shown}).")
    if s.get("hlo_temp_bytes"):
        frag = s.get("hlo_temp_fragmentation_bytes")
        lines.append(f"Temporaries take {human_bytes(s['hlo_temp_bytes'])}"
                     + (f", of which {human_bytes(frag)} is fragmentation "
                        f"({s.get('hlo_temp_fragmentation_percent')}%)." if frag else "."))
    if o["buffers"]:
        lines.append(f"The {len(o['buffers'])} largest buffers listed add up to {human_bytes(o['listed_bytes'])}"
                     + (f", {human_bytes(o['padding_bytes'])} of it tile padding." if o["padding_bytes"] > 0 else "."))
    if s.get("rematerialization_reached_bytes") is not None:
        aim = s.get("rematerialization_limit_bytes")
        lines.append(f"Rematerialization could only bring the program down to "
                     f"{human_bytes(s['rematerialization_reached_bytes'])}"
                     + (f", not to the {human_bytes(aim)} XLA aimed for." if aim and aim > 0 else "."))
    if warning := warnings_line(o):
        lines.append(warning)
    return lines


def _allocator_lines(o: dict) -> list[str]:
    """A run-time allocator's failure: what it had in use, its limit, the request, the sum."""
    who = f"The allocator {o['allocator']}" if o["allocator"] else "The allocator"
    limit = f", of its {human_bytes(o['limit_bytes'])} limit" if o["limit_bytes"] is not None else ""
    lines = [f"{who} had {human_bytes(o['in_use_bytes'])} in use{limit}."]
    if o["requested_bytes"] is not None:
        lines.append(f"The allocation that failed asked for {human_bytes(o['requested_bytes'])} more.")
    needed, limit_bytes = o["needed_bytes"], o["limit_bytes"]
    if needed is not None and limit_bytes is not None:
        lines.append(f"In use + request: {human_bytes(needed)} needed, "
                     + (f"{human_bytes(o['exceeded_bytes'])} over the limit." if needed > limit_bytes else
                        "within the limit: the free memory was split into blocks too small for the "
                        "request (fragmentation)."))
    return lines


def _usage_lines(o: dict) -> list[str]:
    lines = []
    space = (o["memory_space"] or "device memory").upper() if o["platform"] == "tpu" else "device memory"
    used, capacity = o["used_bytes"], o["capacity_bytes"]
    if o["kind"] == "usage_report" and used is not None and capacity:
        lines.append(f"The program uses {human_bytes(used)} of {human_bytes(capacity)} {space} "
                     f"({100 * used / capacity:.1f}%); the text reports no failure.")
    elif o["needed_bytes"] is not None and capacity is not None:
        over = o["exceeded_bytes"]
        lines.append(f"{human_bytes(o['needed_bytes'])} of {human_bytes(capacity)} {space} were needed"
                     + (f": {human_bytes(over)} too much." if over else "."))
    s = o["stats"] or {}
    if o["requested_bytes"] is not None:
        free = s.get("free_bytes")
        limit = o["limit_bytes"]  # an allocator's limit without its bytes in use (those go to _allocator_lines)
        lines.append(f"The allocation that failed asked for {human_bytes(o['requested_bytes'])}"
                     + (f"; only {human_bytes(free)} was free." if free is not None else
                        f"; the allocator may use {human_bytes(limit)} in all." if limit is not None else "."))
    return lines


def suggestions(o: dict) -> list[str]:
    s = o["stats"] or {}
    framework = o["framework"]
    tips = []
    temp = s.get("temp_bytes") or s.get("hlo_temp_bytes")
    total = s.get("total_bytes") or s.get("program_bytes")
    if temp and total and 0.5 * total <= temp <= total:
        tips.append(f"Temporaries are {100 * temp / total:.0f}% of the program: {REMAT_HOW[framework]}, "
                    "or shrink the batch or sequence length.")
    if tip := _group_tip(o):
        tips.append(tip)
    if o["padding_bytes"] > 0.1 * max(o["listed_bytes"], 1):
        tips.append(f"Tile padding wastes {human_bytes(o['padding_bytes'])} among the listed buffers: make the "
                    "two minor dimensions multiples of the tile (8 and 128 on TPU).")
    donate = DONATE_HOW.get(framework)
    shared, args, out = (s.get("output_shared_with_arguments_bytes"), s.get("arguments_bytes"), s.get("output_bytes"))
    if donate and args and out and shared is not None and shared < min(args, out):
        tips.append(f"Outputs share little memory with the arguments: if the outputs replace arguments, {donate}.")
    param, live_out = s.get("parameter_bytes"), s.get("maybe_live_out_bytes")
    if donate and param and live_out and min(param, live_out) > 0.1 * (s.get("total_bytes") or 1):
        tips.append(f"Parameters and outputs are both large: if the outputs replace arguments, {donate}.")
    if tip := _fragmentation_tip(o, s):
        tips.append(tip)
    limit = s.get("rematerialization_limit_bytes")
    if limit is not None and limit < 0:
        tips.append("XLA's memory limit for the program was negative: arguments or other arrays already "
                    "fill the device before it runs (parameters replicated rather than sharded, earlier "
                    "results kept alive).")
    if (phase := phase_tips(o)) is not None:
        tips += phase
    elif not (s.get("total_bytes") or s.get("program_bytes")) and o["requested_bytes"] is not None:
        tip = (RUN_TIME_TIP + ": look for other arrays still alive and for other processes on the device")
        if o["platform"] == "gpu":
            tip += f", and at {_GPU_SHARE[framework]}"
        tips.append(tip + ".")
    return tips


def _group_tip(o: dict) -> str | None:
    """The biggest set of listed buffers that one op_name or one line of the user's code made."""
    by_op = [g for g in o["groups"] if g["count"] > 1 and g["origin"] == "op_name"]
    by_line = [g for g in o["groups_by_source"] if g["count"] > 1 and not g["in_framework"]]
    if not by_op and not by_line:
        return None
    best = max(by_op + by_line, key=lambda g: g["bytes"])  # an op group wins a tie: it is narrower
    if "op_names" in best:
        where = f"source line {ellipsis_start(best['source'], 70)}"
        if len(best["op_names"]) > 1:
            where += f" ({len(best['op_names'])} op_names)"
    else:
        where = ellipsis_start(best["op_name"], 80)
    return f"{best['count']} of the listed buffers ({human_bytes(best['bytes'])}) come from {where}: look there first."


def _fragmentation_tip(o: dict, s: dict) -> str | None:
    frag_bytes = s.get("hlo_temp_fragmentation_bytes") or s.get("total_fragmentation_bytes")
    frag = s.get("hlo_temp_fragmentation_percent") or _percent(s.get("total_fragmentation_bytes"),
                                                                 s.get("total_bytes"))
    if not frag or frag < 10:
        return None
    over = o["exceeded_bytes"]
    enough = (f", more than the {human_bytes(over)} too much" if over and frag_bytes and frag_bytes >= over else "")
    return (f"Fragmentation is {frag:.0f}% ({human_bytes(frag_bytes)}){enough}: a different schedule or "
            "fewer long-lived temporaries helps.")


def _percent(part: int | None, whole: int | None) -> float | None:
    return 100.0 * part / whole if part and whole else None
