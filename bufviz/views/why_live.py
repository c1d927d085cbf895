"""Why a buffer is live: what defines it, where it lives, when it is born and last dies, what
keeps it alive across the peak, and what it aliases. Read from the report (never XLA text)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import BufvizError
from .labels import SEP, narrow_label, row_label
from .paths import shown_path
from ..hlo.shapes import parse_index, value_label

if TYPE_CHECKING:
    from ..result import AllocatedValue, Allocation, PeakReport


def explain_value(report: PeakReport, name: str | None, describe=None) -> dict:
    """The facts about `name` (`fusion.3` or `fusion.3{1}`), by default the largest buffer in
    use at the peak moment. `describe(name, index tuple)` fills in what the report lacks
    (opcode, op_name, source of a value not in use at the peak)."""
    memory = report.memory
    if memory is None:
        raise BufvizError("expected allocations and live ranges to explain a buffer from (the HLO "
                          "module, or XLA's buffer assignment with its values), found neither")
    row: Mapping[str, Any] = _find(memory["at_peak"], report, name)
    if describe is not None and row.get("opcode") is None:
        info = describe(row["name"], parse_index(row["index"]))
        row = {**row, **{k: info.get(k) or row.get(k) for k in ("opcode", "op_name", "source", "shape", "path",
                                                                 "copy_of", "updated", "user_source", "library")}}
    own = _allocated_value(report, row)
    if own is not None:   # the value's own shape and bytes (the slot may be larger, or another's)
        row = {**row, "shape": own["shape"], "value_bytes": own["size"]}
    sequence = _sequence(report)
    start, end = row["start"], row["end"]
    peak = memory["peak_time"]
    sharing = [value_label(v["name"], v["index"]) for v in row["shared_with"]]
    facts = {
        "name": row["name"], "index": row["index"], "label": value_label(row["name"], row["index"]),
        "opcode": row.get("opcode"), "op_name": row.get("op_name"), "source": row.get("source"),
        # the user's words: the jax argument's path (or the one XLA copied) and their own line
        "path": row.get("path"), "copy_of": row.get("copy_of"), "updated": bool(row.get("updated")),
        "user_source": row.get("user_source"),
        "library": row.get("library"),
        "shape": row.get("shape"), "bytes": row["bytes"], "value_bytes": row.get("value_bytes", row["bytes"]),
        "kind": row["kind"], "category": row["category"], "evidence": row.get("role_evidence"),
        "allocation": row["allocation"], "offset": row["offset"], "shared_with": sharing,
        "start": start, "end": end,
        "born_at": _step(sequence, start, describe),
        "last_use_at": _step(sequence, end, describe),
        "live_at_peak": start is not None and start <= peak <= end,
        "peak_time": peak,
    }
    number = (row.get("parameter") or {}).get("number") if row["kind"] == "parameter" else None
    # a donated parameter XLA copied before giving its buffer to another value
    facts["donated_slot"] = next((s for s in memory.get("donated_slots") or []
                                  if number is not None and s["parameter"] == number), None)
    facts["kept_alive_by"] = _why_alive(report, row, facts)
    facts["aliases"] = _aliases(report, row, sharing)
    return facts


def _step(sequence: list[str], time: int | None, describe) -> str | None:
    """The instruction at `time`, a jax argument by its path."""
    if time is None or time >= len(sequence):
        return None
    name = sequence[time]
    info = describe(name, ()) if describe is not None else {}
    return row_label({**info, "name": name, "index": ""}) if info.get("path") else name


def _allocated_value(report: PeakReport, row: Mapping[str, Any]) -> AllocatedValue | None:
    """The value as its allocation holds it (shape, size), where the report lists it."""
    for a in report.allocations:
        if a["index"] == row["allocation"]:
            return next((v for v in a["values"] if (v["name"], v["index"]) == (row["name"], row["index"])), None)
    return None


def _sequence(report: PeakReport) -> list[str]:
    for side in (report.xla or {}, report.recomputed or {}):
        if sequence := side.get("instruction_sequence"):
            return sequence
    return []


def _find(rows: Sequence[Mapping[str, Any]], report: PeakReport, name: str | None) -> Mapping[str, Any]:
    storage = [r for r in rows if r["kind"] != "free"]
    if name is None:   # the largest buffer at the peak (a temporary among equals: it is the one to change)
        return max(storage, key=lambda r: (r["bytes"], r["kind"] == "temp"))
    for r in storage:   # (by XLA's name, the path, or the label a table shows: `Linear kernel · model.py:24`)
        labels = (row_label(r), narrow_label(r))
        if name in (r["name"], value_label(r["name"], r["index"]), r.get("path"), shown_path(r.get("path") or ""),
                    *labels, *(label.split(SEP, 1)[1] for label in labels if SEP in label)):
            return r
        if any(name in (v["name"], value_label(v["name"], v["index"])) for v in r["shared_with"]):
            return _shared_row(report, r, name)
    for a in report.allocations:
        for v in a["values"]:   # a value not in use at the peak
            if name in (v["name"], value_label(v["name"], v["index"])):
                return _value_row(report, a, v)
    raise BufvizError(f"no buffer named {name!r} in this module (try one of: "
                      + ", ".join(value_label(r["name"], r["index"]) for r in storage[:5]) + ")")


def value_ranges(report: PeakReport) -> dict:
    """(name, index) -> (start, end); XLA's own ranges win where it printed them."""
    return {(r["name"], r["index"]): (r["start"], r["end"])
            for side in (report.recomputed or {}, report.xla or {}) for r in side.get("live_ranges") or []}


def _shared_row(report: PeakReport, row: Mapping[str, Any], name: str) -> dict[str, Any]:
    """The same slice seen from a value that shares it."""
    other = next(v for v in row["shared_with"] if name in (v["name"], value_label(v["name"], v["index"])))
    start, end = value_ranges(report).get((other["name"], other["index"]), (None, None))
    return {**row, "name": other["name"], "index": other["index"], "opcode": None, "op_name": None,
            "source": None, "start": start, "end": end, "category": None,   # (the slot's is its occupant's)
            "shared_with": [{"name": row["name"], "index": row["index"]}]
            + [v for v in row["shared_with"] if v is not other]}


def _value_row(report: PeakReport, allocation: Allocation, v: AllocatedValue) -> dict[str, Any]:
    start, end = value_ranges(report).get((v["name"], v["index"]), (None, None))
    kinds = allocation["kinds"]
    return {"name": v["name"], "index": v["index"], "opcode": None, "op_name": None, "source": None,
            "shape": v["shape"], "bytes": v["size"], "kind": kinds[0] if kinds else "temp", "category": None,
            "allocation": allocation["index"], "offset": v["offset"], "start": start, "end": end,
            "shared_with": [{"name": o["name"], "index": o["index"]} for o in allocation["values"]
                            if o is not v and o["offset"] == v["offset"]]}


def _why_alive(report: PeakReport, row: Mapping[str, Any], facts: dict) -> str:
    params = {(p["name"], p["index"]): p for p in (report.recomputed or {}).get("parameters") or []}
    param = params.get((row["name"], row["index"]))
    if param is not None and param["aliased_output"] is None:
        return "an entry parameter that is not donated: it stays allocated for the whole run"
    if param is not None:
        return f"an entry parameter donated to output {{{param['aliased_output']}}}: it becomes that output"
    loop = f" ({row['loop']})" if row.get("loop") else ""
    carry = row.get("carry")
    if carry == "stacked outputs":
        return (f"a while loop's stacked outputs{loop}: the loop writes a slice of it each iteration, "
                f"and {_last_use(facts)}")
    if carry == "cache":
        return f"a cache a while loop{loop} updates in place each iteration: it lives as long as the loop"
    if carry == "passed through":
        return f"carried unchanged through a while loop{loop}, which reads it each iteration"
    if row["category"] == "loop carries" or carry == "state":
        return f"carried by a while loop{loop}: every iteration reuses its buffer, which lives as long as the loop"
    if row["kind"] == "output":
        return "part of the program's output (or in an output's allocation): it lives to the end"
    if row["kind"] == "constant":
        return "a constant: allocated for the whole run"
    if row["kind"] == "scratch":
        return ("thread-local scratch (the accumulator of a reduction or sort that runs inside a fusion): "
                "libtpu keeps it in device memory for the whole run")
    return _last_use(facts)


def _last_use(facts: dict) -> str:
    if facts["last_use_at"] is None:
        return "its last use is not in the schedule"
    where = "across the peak " if facts["live_at_peak"] and facts["end"] > facts["peak_time"] else ""
    return f"its last use, {facts['last_use_at']} at t={facts['end']}, keeps it alive {where}until then"


def _aliases(report: PeakReport, row: Mapping[str, Any], sharing: list[str]) -> list[str]:
    out = []
    for p in (report.recomputed or {}).get("parameters") or []:
        if p["aliased_output"] is not None and (p["name"], p["index"]) == (row["name"], row["index"]):
            out.append(f"input_output_alias: parameter {p['number']} -> output {{{p['aliased_output']}}}"
                       + (f" ({p['alias_kind']})" if p.get("alias_kind") else ""))
    if sharing:
        out.append("shares its storage with " + ", ".join(sharing[:6]) + (f" and {len(sharing) - 6} more"
                                                                           if len(sharing) > 6 else ""))
    return out
