"""An independent reading of the numbers XLA prints, for the tests: plain regular expressions on
the raw text, sharing no code with bufviz's readers."""
from __future__ import annotations

import re


def total_bytes_used(text: str) -> int | None:
    m = re.search(r"^Total bytes used: (\d+) ", text, re.M)
    if m:
        return int(m.group(1))
    spaces = re.findall(r"^Total bytes: (\d+) ", text, re.M)  # new memory-usage report
    return sum(map(int, spaces)) if spaces else None


def schedule_end(text: str) -> int | None:
    m = re.search(r"^HloLiveRange \(max (\d+)\):$", text, re.M)
    return int(m.group(1)) if m else None


def peak_time(text: str) -> int | None:
    m = re.search(r"^  Live ranges at (\d+) \(peak\):$", text, re.M)
    return int(m.group(1)) if m else None


def peak_rows(text: str) -> list[tuple[str, int]]:
    """(printed name with any {index}, bytes) for each row of the peak list."""
    m = re.search(r"^  Live ranges at \d+ \(peak\):\n((?:    .*\n?)*)", text, re.M)
    if not m:
        return []
    rows = []
    for line in m.group(1).splitlines():
        row = re.match(r"    (.+?): (\d+) bytes", line)
        if row:
            rows.append((row.group(1), int(row.group(2))))
    return rows


def live_ranges(text: str) -> dict[tuple[str, str], tuple[int, int]]:
    """{(name, index 'a,b'): (start, end)} from the BufferLiveRange list."""
    m = re.search(r"^  BufferLiveRange:\n((?:    .*\n?)*)", text, re.M)
    out = {}
    if m:
        for line in m.group(1).splitlines():
            r = re.fullmatch(r"    (.+)\{([\d,]*)\}:(\d+)-(\d+)", line)
            if r:
                out[(r.group(1), r.group(2))] = (int(r.group(3)), int(r.group(4)))
    return out


def allocation_sizes(text: str) -> dict[int, int]:
    return {int(i): int(s) for i, s in
            re.findall(r"^allocation (\d+): (?:0x[0-9a-fA-F]+, )?size (\d+)", text, re.M)}


def allocation_values(text: str) -> dict[int, list[tuple[int, int, int]]]:
    """{allocation index: [(value id, size, offset)]}."""
    out: dict[int, list] = {}
    current = None
    for line in text.splitlines():
        a = re.match(r"allocation (\d+):", line)
        if a:
            current = int(a.group(1))
            out[current] = []
            continue
        v = re.match(r" value: <(\d+) .*> \(size=(\d+),offset=(\d+)\)", line)
        if v and current is not None:
            out[current].append(tuple(int(x) for x in v.groups()))
    return out


def instruction_sequence(text: str) -> list[str]:
    m = re.search(r"^  InstructionSequence:\n((?:    \d+:.*\n?)*)", text, re.M)
    return [line.split(":", 1)[1] for line in m.group(1).split("\n") if line.strip()] if m else []


def stack_trace_rows(text: str) -> list[tuple[str, int, int]]:
    """(name, total, current) of each row of the stack-trace breakdown, in print order."""
    rows = []
    for m in re.finditer(r"^\s+(?:[│ ]*[├└]── |  )(.+?) \([\d.]+%, total: ([\d ]+) bytes, "
                         r"current: ([\d ]+) bytes", text, re.M):
        rows.append((m.group(1), int(m.group(2).replace(" ", "")), int(m.group(3).replace(" ", ""))))
    return rows


def allocations(text: str) -> list[dict]:
    """Every `allocation N: ...` block: index, size, the words of its line, and its values as
    {(name, index text): (offset, size)}."""
    out = []
    for line in text.splitlines():
        a = re.match(r"allocation (\d+): (?:0x[0-9a-fA-F]+, )?size (\d+)(.*):$", line)
        if a:
            rest = a.group(3)
            out.append({"index": int(a.group(1)), "size": int(a.group(2)),
                        "parameter": "parameter " in rest, "constant": ", constant" in rest,
                        "thread_local": ", thread-local" in rest, "live_out": ", maybe-live-out" in rest,
                        "temp": ", preallocated-temp" in rest, "values": {}})
            continue
        v = re.match(r" value: <\d+ ([^{ >]+)(?:\{([\d,]*)\})?[^>]*> \(size=(\d+),offset=(\d+)\)", line)
        if v and out:
            out[-1]["values"][(v.group(1), v.group(2) or "")] = (int(v.group(4)), int(v.group(3)))
    return out


def storage_peak(text: str) -> int:
    """The most bytes of XLA's temp allocations covered at one time by live values, from XLA's
    dump alone: at each time, the union of the [offset, offset + size) ranges of live values."""
    ranges = live_ranges(text)
    end = schedule_end(text)
    temps = [a for a in allocations(text) if a["temp"]]
    best = 0
    for t in range(end + 1):
        total = 0
        for a in temps:
            spans = sorted((offset, offset + size) for key, (offset, size) in a["values"].items()
                           if key in ranges and ranges[key][0] <= t <= ranges[key][1])
            covered, reach = 0, 0
            for lo, hi in spans:
                lo = max(lo, reach)
                if hi > lo:
                    covered += hi - lo
                    reach = hi
            total += covered
        best = max(best, total)
    return best


# The report's allocations against XLA's (for tests of several folders).

def ours_by_content(report: dict) -> dict:
    return {frozenset((v["name"], v["index"]) for v in a["values"]): a for a in report["recomputed"]["allocations"]}


def assert_allocations_equal(report: dict, text: str) -> None:
    """XLA's allocations, numbering included, unless the report says the text cannot tell how
    XLA numbered its thread-local allocations (the newest XLA:CPU numbers them by value id)."""
    theirs = allocations(text)
    ours = ours_by_content(report)
    numbered = not any("their numbers may differ" in note for note in report["notes"])
    assert len(ours) == len(theirs)
    for t in theirs:
        a = ours.get(frozenset(t["values"]))
        assert a is not None, f"XLA's allocation {t['index']} has no counterpart"
        assert (a["index"] if numbered else t["index"], a["size"]) == (t["index"], t["size"])
        kinds = set(a["kinds"])
        assert ("parameter" in kinds, "constant" in kinds, "thread-local" in kinds, "output" in kinds,
                "temp" in kinds) == (t["parameter"], t["constant"], t["thread_local"], t["live_out"], t["temp"])
        assert {(v["name"], v["index"]): (v["offset"], v["size"]) for v in a["values"]} == t["values"]
