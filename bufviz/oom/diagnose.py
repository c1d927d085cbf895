"""An out-of-memory message explained: its numbers in bytes, each named for what it is (in use,
request, limit, needed), whether the text reports a failure at all, the framework that built the
program, the listed buffers grouped by op_name and by source line, and (with the module) which
values the listed buffers are. The sentences and advice are in `remedies`."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from ..dumps.oom import OomBuffer, OomReport
from ..hlo.attributes import parse_metadata, plain_op_name
from ..hlo.module import Module
from ..hlo.shapes import format_index, without_layout
from ..units import bounded_at, parse_human_bytes
from ..views.framework import detect_framework, is_framework_source
from ..views.labels import row_label, user_line
from .remedies import RUN_TIME_TIP, suggestions, summary

_LABEL_NAME = re.compile(r"^%?([\w.\-]+) = ")
OUT_OF_MEMORY, USAGE_REPORT = "out_of_memory", "usage_report"


def oom_json(report: OomReport, module: Module | None = None) -> dict:
    buffers = [_buffer_json(b, report.path) for b in report.buffers]
    if module is not None:
        _match_values(buffers, module)
        for b in buffers:  # the module's stack-frame tables resolve a bare stack_frame_id
            if b["source"] is None and b["stack_frame_id"] and module.stack_frames:
                chain = module.frame_chain(b["stack_frame_id"])
                b["source"] = f"{chain[0][0]}:{chain[0][1]}" if chain else None
    usage = [asdict(u) for u in report.usage]
    kind = OUT_OF_MEMORY if report.says_out_of_memory or _over_capacity(report, usage) else USAGE_REPORT
    needed = _needed(report, kind)
    out = {
        "kind": kind,
        "framework": _framework(report, buffers),
        "platform": report.platform,
        "phase": report.phase if kind == OUT_OF_MEMORY else None,
        "compile_pass": report.compile_pass if kind == OUT_OF_MEMORY else None,
        "memory_space": report.memory_space,
        "requested_bytes": report.requested_bytes,
        "used_bytes": report.used_bytes,
        "capacity_bytes": report.capacity_bytes,
        "in_use_bytes": report.in_use_bytes,
        "limit_bytes": report.limit_bytes,
        "needed_bytes": needed,
        "exceeded_bytes": _excess(report, needed),
        "allocator": report.allocator,
        "preallocate": report.preallocate,
        "stats": dict(report.stats) or None,
        "usage": usage,
        "buffers": buffers,
        "listed_bytes": sum(b["bytes"] or 0 for b in buffers),
        "padding_bytes": sum((b["bytes"] or 0) - (b["unpadded_bytes"] or b["bytes"] or 0) for b in buffers),
        "groups": _groups(buffers),
        "groups_by_source": _groups_by_source(buffers),
        "notes": list(report.notes),
    }
    out["summary"] = summary(out)
    out["suggestions"] = suggestions(out) if kind == OUT_OF_MEMORY else []
    return out


def _over_capacity(report: OomReport, usage: list[dict]) -> bool:
    pairs = [(u["bytes"], u["capacity_bytes"]) for u in usage] + [(report.used_bytes, report.capacity_bytes)]
    return any(used is not None and capacity is not None and used > capacity for used, capacity in pairs)


def _needed(report: OomReport, kind: str) -> int | None:
    """In use + request when a run-time allocator failed; libtpu's compile-time "Used X" (what
    the program needs) otherwise. None when the text does not give both halves."""
    if report.in_use_bytes is not None:
        return report.in_use_bytes + report.requested_bytes if report.requested_bytes is not None else None
    if kind == OUT_OF_MEMORY and report.memory_space is not None:
        return report.used_bytes
    return None


def _excess(report: OomReport, needed: int | None) -> int | None:
    if report.exceeded_bytes is not None:
        return report.exceeded_bytes
    if needed is not None and report.capacity_bytes is not None and needed > report.capacity_bytes:
        return needed - report.capacity_bytes
    return None


def _framework(report: OomReport, buffers: list[dict]) -> str | None:
    sources = [b["source"] for b in buffers]
    return detect_framework([b["op_name"] for b in buffers], [b["op_type"] for b in buffers],
                            report.context + sources)


def _buffer_json(b: OomBuffer, path: str) -> dict:
    def number(value: str | int | None, what: str = "a number of bytes") -> int | None:
        return None if value is None else bounded_at(value, path, b.line, what)

    f = b.fields
    meta = _operator(f.get("Operator", ""))
    source = None
    if meta.get("source_file"):
        source = meta["source_file"] + (f":{meta['source_line']}" if meta.get("source_line") else "")
    size = number(parse_human_bytes(f["Size"])) if "Size" in f else None
    unpadded = number(parse_human_bytes(f["Unpadded size"])) if "Unpadded size" in f else size
    frame = meta.get("stack_frame_id")
    parameter = "Entry Parameter Subshape" in f
    kind = "parameter" if parameter else _kind(f.get("Allocation type"))
    return {"rank": b.rank, "bytes": size, "unpadded_bytes": unpadded, "op_name": meta.get("op_name"),
            "op_type": meta.get("op_type"), "source": source,
            "stack_frame_id": number(frame if frame and frame.isdigit() else None, "a stack_frame_id"),
            "shape": f.get("Entry Parameter Subshape") if parameter else f.get("Shape"),
            "label": f.get("XLA Label"), "kind": kind, "line": b.line, "value": None}


def _operator(text: str) -> dict:
    meta = parse_metadata(text)
    if "op_name" not in meta and 'op_name="' in text:  # cut off before its closing quote
        meta["op_name"] = text.split('op_name="', 1)[1].rstrip('"')
    return meta


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
        origin = "op_name" if op else "entry_parameter" if b["kind"] == "parameter" else "label"
        key = (op or ("entry parameter" if origin == "entry_parameter" else _label_word(b["label"])), b["source"])
        g = groups.setdefault(key, {"op_name": key[0], "source": key[1], "origin": origin, "count": 0, "bytes": 0,
                                    "ranks": []})
        _add(g, b)
    return sorted(groups.values(), key=lambda g: -g["bytes"])


def _groups_by_source(buffers: list[dict]) -> list[dict]:
    """Listed buffers by source line, whatever their op_names: one line of code often makes
    several buffers (the five projections of one einsum helper). `in_framework`: the line is in
    the framework's own package (TensorFlow names its ops.py), not the user's code."""
    groups: dict[str, dict] = {}
    for b in buffers:
        if b["source"]:
            g = groups.setdefault(b["source"], {"source": b["source"], "count": 0, "bytes": 0, "ranks": [],
                                                "op_names": [], "in_framework": is_framework_source(b["source"])})
            _add(g, b)
            op = plain_op_name(b["op_name"]) if b["op_name"] else None
            if op and op not in g["op_names"]:
                g["op_names"].append(op)
    return sorted(groups.values(), key=lambda g: -g["bytes"])


def _add(group: dict, b: dict) -> None:
    group["count"] += 1
    group["bytes"] += b["bytes"] or 0
    group["ranks"].append(b["rank"])


def _label_word(label: str | None) -> str:
    if not label:
        return "(no operator)"
    m = _LABEL_NAME.match(label)
    return m.group(1) if m else label.split("(")[0].strip()


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
            assert module.entry is not None   # (a parsed module has its entry computation)
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
                assert instr.computation is not None   # (an instruction of the module)
                b["value"] = {"name": instr.name, "index": format_index(index),
                              "computation": instr.computation.name}
                break


def failed_allocation(oom: dict, rows: Sequence[Mapping[str, Any]]) -> None:
    """Where the failed request is one of the module's own allocations (XLA:CPU asks for each
    alone): say which, and what it holds, in place of looking outside the buffer assignment."""
    wanted = oom.get("requested_bytes")
    found = [r for r in rows if wanted and r["kind"] != "free" and r["bytes"] == wanted and r["offset"] in (0, None)]
    if oom.get("kind") != OUT_OF_MEMORY or len(found) != 1:
        return
    r = found[0]
    what, where = row_label(r), user_line(r)
    oom["failed_allocation"] = {"allocation": r["allocation"], "kind": r["kind"], "name": r["name"],
                                "index": r["index"], "shape": r["shape"], "source": where}
    oom["summary"] = [*oom["summary"], f"It is the module's {r['kind']} allocation {r['allocation']}, holding "
                      f"{what} {without_layout(r['shape'] or '')}" + (f" (made at {where})" if where else "") + "."]
    oom["suggestions"] = [t for t in oom["suggestions"] if not t.startswith(RUN_TIME_TIP)] + [
        f"Make {what} smaller (its shape or dtype), or split it over more devices: the program needs all of it "
        "at once."]
