"""Memory in use over the schedule: the allocations reserved for the whole run (parameters,
outputs, constants) and the temp storage in use at each step, with the births and deaths of
the largest temporaries. Its maximum is the peak moment's temp in use."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from .memory import WHOLE_RUN, device_allocations

if TYPE_CHECKING:
    from ..result import Timeline


def timeline(source: Mapping[str, Any], curve, memory: Mapping[str, Any], largest: int = 8) -> Timeline:
    """`source` and `curve` as for memory_section."""
    allocations = device_allocations(source["allocations"], source.get("platform"))
    whole_run = {k: sum(a["size"] for a in allocations if _kind(a) == k) for k in WHOLE_RUN}
    temps = sorted((r for r in memory["at_peak"] if r["kind"] == "temp"), key=lambda r: -r["bytes"])[:largest]
    events = []
    for r in temps:
        events.append({"time": r["start"], "event": "born", "name": r["name"], "index": r["index"],
                       "bytes": r["bytes"]})
        events.append({"time": r["end"], "event": "dies", "name": r["name"], "index": r["index"], "bytes": r["bytes"]})
    sequence = source.get("instruction_sequence") or []
    return {
        "steps": len(curve),
        "whole_run_bytes": whole_run,
        "temp_bytes": memory["temp_bytes"],
        "temp_in_use": [int(x) for x in curve],
        "instructions": sequence[: len(curve)],
        "peak_time": memory["peak_time"],
        "events": sorted(events, key=lambda e: (e["time"], e["event"] != "born")),
    }


def _kind(allocation: Mapping[str, Any]) -> str | None:
    kinds = set(allocation["kinds"])
    return next((k for k in WHOLE_RUN if k in kinds), None)
