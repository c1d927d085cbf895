"""Where a value of an async-wrapped computation starts, as a dump's live ranges show it: at its
own place in the flattened schedule (just before the async-start) or at the async-start."""
from __future__ import annotations


def async_from_start(module, live_range) -> bool | None:
    """True where XLA started such a value at its async-start, False at its own time, None where
    the dump holds no value that tells (docs/rules.md §3.2)."""
    time = {name: t for t, name in enumerate(live_range.sequence)}
    starts = {name: start for name, index, start, _ in live_range.ranges if not index}
    for comp in module.computations.values():
        if not comp.contains_any(("async-start(",)):
            continue
        for instr in comp.instructions:
            callee = instr.called_body() if instr.opcode == "async-start" and instr.name in time else None
            for inner in callee.instructions if callee is not None else ():
                own, printed = time.get(inner.name), starts.get(inner.name)
                if inner.opcode == "parameter" or own is None or printed is None or own == time[instr.name]:
                    continue
                if printed in (own, time[instr.name]):
                    return printed == time[instr.name]
    return None
