"""An out-of-memory message explained: its numbers in bytes, the listed buffers grouped by where
they come from, padding and fragmentation, what to try, and (with the module) which values the
listed buffers are."""
from __future__ import annotations

import re

from ..dumps.oom import OomBuffer, OomReport
from ..hlo.attributes import parse_metadata
from ..hlo.model import Module
from ..hlo.shapes import format_index, without_layout
from ..units import ellipsis_start, human_bytes, parse_human_bytes

_LABEL_NAME = re.compile(r"^%?([\w.\-]+) = ")


def oom_json(report: OomReport, module: Module | None = None) -> dict:
    buffers = [_buffer_json(b) for b in report.buffers]
    if module is not None:
        _match_values(buffers, module)
        for b in buffers:  # the module's stack-frame tables resolve a bare stack_frame_id
            if b["source"] is None and b["stack_frame_id"] and module.stack_frames:
                chain = module.frame_chain(b["stack_frame_id"])
                b["source"] = f"{chain[0][0]}:{chain[0][1]}" if chain else None
    out = {
        "platform": report.platform,
        "memory_space": report.memory_space,
        "requested_bytes": report.requested_bytes,
        "used_bytes": report.used_bytes,
        "capacity_bytes": report.capacity_bytes,
        "exceeded_bytes": report.exceeded_bytes if report.exceeded_bytes is not None else _excess(report),
        "stats": dict(report.stats) or None,
        "buffers": buffers,
        "listed_bytes": sum(b["bytes"] or 0 for b in buffers),
        "padding_bytes": sum((b["bytes"] or 0) - (b["unpadded_bytes"] or b["bytes"] or 0) for b in buffers),
        "groups": _groups(buffers),
        "notes": list(report.notes),
    }
    out["summary"] = _summary(out)
    out["suggestions"] = _suggestions(out)
    return out


def _excess(report: OomReport) -> int | None:
    if report.used_bytes is not None and report.capacity_bytes is not None:
        return report.used_bytes - report.capacity_bytes if report.used_bytes > report.capacity_bytes else None
    return None


def _buffer_json(b: OomBuffer) -> dict:
    f = b.fields
    meta = _operator(f.get("Operator", ""))
    source = None
    if meta.get("source_file"):
        source = meta["source_file"] + (f":{meta['source_line']}" if meta.get("source_line") else "")
    size = parse_human_bytes(f["Size"]) if "Size" in f else None
    unpadded = parse_human_bytes(f["Unpadded size"]) if "Unpadded size" in f else size
    parameter = "Entry Parameter Subshape" in f
    kind = "parameter" if parameter else _kind(f.get("Allocation type"))
    return {"rank": b.rank, "bytes": size, "unpadded_bytes": unpadded, "op_name": meta.get("op_name"),
            "op_type": meta.get("op_type"), "source": source, "stack_frame_id": _int(meta.get("stack_frame_id")),
            "shape": f.get("Entry Parameter Subshape") if parameter else f.get("Shape"),
            "label": f.get("XLA Label"), "kind": kind, "line": b.line, "value": None}


def _operator(text: str) -> dict:
    meta = parse_metadata(text)
    if "op_name" not in meta and 'op_name="' in text:  # cut off before its closing quote
        meta["op_name"] = text.split('op_name="', 1)[1].rstrip('"')
    return meta


def _int(text: str | None) -> int | None:
    return int(text) if text and text.isdigit() else None


def _kind(allocation_type: str | None) -> str | None:
    if allocation_type is None:
        return None
    text = allocation_type.strip().lower()
    return "temp" if text == "hlo temp" else text


def _groups(buffers: list[dict]) -> list[dict]:
    """Listed buffers by where they come from (op_name, else the XLA label), largest first."""
    groups: dict[tuple, dict] = {}
    for b in buffers:
        op = plain_op_name(b["op_name"]) if b["op_name"] else None
        key = (op or ("entry parameter" if b["kind"] == "parameter" else _label_word(b["label"])), b["source"])
        g = groups.setdefault(key, {"op_name": key[0], "source": key[1], "count": 0, "bytes": 0})
        g["count"] += 1
        g["bytes"] += b["bytes"] or 0
    return sorted(groups.values(), key=lambda g: -g["bytes"])


_PARAMS = re.compile(r"\[[^\[\]]*\]")


def plain_op_name(op_name: str) -> str:
    """An op_name without jax's primitive parameters (`dot_general[dimension_numbers=…]`)."""
    while True:
        shorter = _PARAMS.sub("", op_name)
        if shorter == op_name:
            return op_name
        op_name = shorter


def _label_word(label: str | None) -> str:
    if not label:
        return "(no operator)"
    m = _LABEL_NAME.match(label)
    return m.group(1) if m else label.split("(")[0].strip()


def _summary(o: dict) -> list[str]:
    """Plain sentences: what ran out, by how much, and where the memory went."""
    lines = []
    space = (o["memory_space"] or "device memory").upper() if o["platform"] == "tpu" else "device memory"
    if o["used_bytes"] is not None and o["capacity_bytes"] is not None:
        over = o["exceeded_bytes"]
        lines.append(f"{human_bytes(o['used_bytes'])} of {human_bytes(o['capacity_bytes'])} {space} were needed"
                     + (f": {human_bytes(over)} too much." if over else "."))
    s = o["stats"] or {}
    if o["requested_bytes"] is not None:
        free = s.get("free_bytes")
        lines.append(f"The allocation that failed asked for {human_bytes(o['requested_bytes'])}"
                     + (f"; only {human_bytes(free)} was free." if free is not None else "."))
    if s.get("total_bytes"):
        parts = [(k, s.get(f"{k}_bytes")) for k in ("parameter", "maybe_live_out", "temp", "constant")]
        named = {"parameter": "parameters", "maybe_live_out": "outputs", "temp": "temporaries",
                 "constant": "constants"}
        shown = ", ".join(f"{named[k]} {human_bytes(v)}" for k, v in parts if v)
        lines.append(f"XLA's buffer assignment needs {human_bytes(s['total_bytes'])} in all ({shown}).")
    if s.get("program_bytes") is not None or s.get("arguments_bytes") is not None:
        parts = [("program", s.get("program_bytes")), ("arguments", s.get("arguments_bytes")),
                 ("reserved", s.get("reserved_bytes"))]
        lines.append("Usage: " + ", ".join(f"{k} {human_bytes(v) if v is not None else 'unknown'}"
                                            for k, v in parts if f"{k}_bytes" in s) + ".")
    if s.get("hlo_temp_bytes"):
        frag = s.get("hlo_temp_fragmentation_bytes")
        lines.append(f"Temporaries take {human_bytes(s['hlo_temp_bytes'])}"
                     + (f", of which {human_bytes(frag)} is fragmentation "
                        f"({s.get('hlo_temp_fragmentation_percent')}%)." if frag else "."))
    if o["buffers"]:
        lines.append(f"The {len(o['buffers'])} largest buffers listed add up to {human_bytes(o['listed_bytes'])}"
                     + (f", {human_bytes(o['padding_bytes'])} of it tile padding." if o["padding_bytes"] > 0 else "."))
    if s.get("rematerialization_reached_bytes") is not None:
        lines.append(f"Rematerialization could only bring the program down to "
                     f"{human_bytes(s['rematerialization_reached_bytes'])}.")
    return lines


def _suggestions(o: dict) -> list[str]:
    s = o["stats"] or {}
    tips = []
    temp = s.get("temp_bytes") or s.get("hlo_temp_bytes")
    total = s.get("total_bytes") or s.get("program_bytes")
    if temp and total and temp >= 0.5 * total:
        tips.append(f"Temporaries are {100 * temp / total:.0f}% of the program: rematerialize activations "
                    "(jax.checkpoint / remat), or shrink the batch or sequence length.")
    if o["groups"] and o["buffers"] and o["groups"][0]["count"] > 1:
        g = o["groups"][0]
        tips.append(f"{g['count']} of the listed buffers ({human_bytes(g['bytes'])}) come from "
                    f"{ellipsis_start(g['op_name'], 80) if g['op_name'] else 'an unnamed operation'}: look there first.")
    if o["padding_bytes"] > 0.1 * max(o["listed_bytes"], 1):
        tips.append(f"Tile padding wastes {human_bytes(o['padding_bytes'])} among the listed buffers: make the "
                    "two minor dimensions multiples of the tile (8 and 128 on TPU).")
    shared, args, out = (s.get("output_shared_with_arguments_bytes"), s.get("arguments_bytes"), s.get("output_bytes"))
    if args and out and shared is not None and shared < min(args, out):
        tips.append("Outputs share little memory with the arguments: donate arguments that are replaced "
                    "(donate_argnums) so the outputs can reuse their buffers.")
    param, live_out = s.get("parameter_bytes"), s.get("maybe_live_out_bytes")
    if param and live_out and min(param, live_out) > 0.1 * (s.get("total_bytes") or 1):
        tips.append("Parameters and outputs are both large: if the outputs replace the inputs, donate them "
                    "(donate_argnums) so they can share buffers.")
    frag = s.get("hlo_temp_fragmentation_percent") or _percent(s.get("total_fragmentation_bytes"), s.get("total_bytes"))
    if frag and frag >= 10:
        tips.append(f"Fragmentation is {frag:.0f}%: a different schedule or fewer long-lived temporaries helps.")
    limit = s.get("rematerialization_limit_bytes")
    if limit is not None and limit < 0:
        tips.append("XLA's memory limit for the program was negative: arguments or other arrays already "
                    "fill the device before it runs (parameters replicated rather than sharded, earlier "
                    "results kept alive).")
    if not (s.get("total_bytes") or s.get("program_bytes")) and o["requested_bytes"] is not None:
        tip = ("The failure happened at run time, outside XLA's buffer assignment: look for other arrays "
               "still alive and for other processes on the device")
        if o["platform"] == "gpu":
            tip += (", and at the allocator's share of the GPU (XLA_PYTHON_CLIENT_MEM_FRACTION, "
                    "XLA_PYTHON_CLIENT_PREALLOCATE=false)")
        tips.append(tip + ".")
    return tips


def _percent(part: int | None, whole: int | None) -> float | None:
    return 100.0 * part / whole if part and whole else None


def _match_values(buffers: list[dict], module: Module) -> None:
    """The value of the module each listed buffer is: by instruction name where the label gives
    one (TPU), else entry parameter by subshape, else opcode + op_name + shape."""
    instructions = [i for comp in module.computations.values() for i in comp.instructions]
    by_name = {i.name: i for i in instructions}
    taken = set()
    for b in buffers:
        shape = without_layout(b["shape"]) if b["shape"] else None
        candidates = []
        name = _LABEL_NAME.match(b["label"] or "")
        if name and name.group(1) in by_name:
            candidates = [by_name[name.group(1)]]
        elif b["kind"] == "parameter":
            candidates = module.entry.parameters
        elif b["label"]:
            candidates = [i for i in instructions if i.opcode == b["label"]
                          and (b["op_name"] is None or i.op_name == b["op_name"])]
        for instr in candidates:
            index = next((idx for idx, sub in instr.shape.subshapes()
                          if sub.text_without_layout() == shape
                          and (instr.name, idx) not in taken), None)
            if index is not None:
                taken.add((instr.name, index))
                b["value"] = {"name": instr.name, "index": format_index(index),
                              "computation": instr.computation.name}
                break
