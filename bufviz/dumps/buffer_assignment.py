"""BufferAssignment::ToString (docs/rules.md §1.2) and the sections older XLA appended to it:
`Total bytes used`, `Used values` and the HloLiveRange text. The same reader takes the newer
split files (`-buffer-assignment.txt` with allocations only, `-buffer-assignment-values.txt`)."""
from __future__ import annotations

import re

from ..units import INT64_MAX
from .cursor import Cursor
from .live_range import is_live_range_start, read_live_range
from .records import AllocValue, Allocation, BufferAssignmentDump
from .values import read_values

_ALLOCATION = re.compile(r"allocation (\d+): (?:(0x[0-9a-fA-F]+), )?size (\d+)(.*):\s*$")
_ATTRIBUTE = re.compile(
    r", (?:color (?P<color>\d+)|page (?P<page>\d+)"
    r"|parameter (?P<param>\d+), shape \|(?P<pshape>[^|]*)\| at ShapeIndex \{(?P<pindex>[0-9,]*)\}"
    r"|output shape is \|(?P<oshape>[^|]*)\|"
    r"|(?P<word>constant|thread-local|maybe-live-out|preallocated-temp))")
_VALUE = re.compile(r" value: <(\d+) ([^\s{<>]+)(?:\{([0-9,]*)\})?( \(phi\))?(?: @(\d+))?> "
                    r"\(size=(\d+),offset=(\d+)\): (\S.*)$")   # (the shape's trailing blanks cut after: linear)
_CROSS_HEAD = " reused by buffers of a different color:"
_CROSS_VALUE = re.compile(r"\s+value: <(\d+) ([^\s<>]+)[^>]*> \(color=(\d+)\)\s*$")
_TOTAL = re.compile(r"Total bytes used: (\d+) \(\S+\)\s*$")
_WORD_FIELDS = {"constant": "constant", "thread-local": "thread_local",
                "maybe-live-out": "maybe_live_out", "preallocated-temp": "preallocated_temp"}


def read_buffer_assignment(text: str, path: str) -> BufferAssignmentDump:
    """Read a buffer-assignment file or a values file (they share their sections)."""
    cur = Cursor(text, path)
    cur.check_last_line()
    dump = BufferAssignmentDump(path)
    cur.skip_blank()
    if (line := cur.peek()) is not None and line.strip() == "BufferAssignment:":
        cur.take()
        _read_allocations(cur, dump)
        dump.features["addresses"] = any(a.address for a in dump.allocations)
    cur.skip_blank()
    _read_total_and_values(cur, dump)
    if (line := cur.peek()) is not None and is_live_range_start(line):
        dump.live_range = read_live_range(cur)
        dump.live_range.end_line = cur.end_line
        cur.skip_blank()
    elif dump.allocations and dump.values is not None and not dump.features["addresses"]:
        # Between 2022-09 (no addresses) and 2026-04 (split files) the live ranges always follow.
        raise cur.error("'HloLiveRange (max N):' after the values")
    if not cur.at_end():
        raise cur.error("an allocation, 'Total bytes used', 'Used values' or 'HloLiveRange'")
    if not dump.allocations and dump.values is None and dump.live_range is None:
        raise cur.error("'BufferAssignment:' or 'Used values:'", 1)
    dump.end_lines[path] = cur.end_line
    return dump


def _read_total_and_values(cur: Cursor, dump: BufferAssignmentDump) -> None:
    line = cur.peek()
    if line is not None and (m := _TOTAL.match(line)):
        dump.total_bytes_used = cur.number(m.group(1))
        cur.take()
        cur.skip_blank()
        if (line := cur.peek()) is None or line.strip() != "Used values:":
            raise cur.error("'Used values:' (XLA prints it after 'Total bytes used')")
    elif dump.features.get("addresses"):
        # Allocation addresses date the text before 2022-09: one file, totals and values follow.
        raise cur.error("'Total bytes used: N (...)' after the allocations")
    if (line := cur.peek()) is not None and line.strip() == "Used values:":
        cur.take()
        dump.values = read_values(cur, dump.features)
        cur.skip_blank()
        if not dump.values:
            raise cur.error("a value block '<ID NAME @COLOR>' under 'Used values:'")
        _check_values_listed(cur, dump)


def _check_values_listed(cur: Cursor, dump: BufferAssignmentDump) -> None:
    missing = unlisted_value(dump)
    if missing is not None:
        raise cur.error(f"the value block '<{missing.id} {missing.name} ...>' (held by an allocation) "
                        "in 'Used values'")


def unlisted_value(dump: BufferAssignmentDump) -> AllocValue | None:
    """The first value held by an allocation but missing from 'Used values', which lists every
    one (BufferAssignment::ToString): a missing one was cut off."""
    assert dump.values is not None  # (checked only where the values were read)
    listed = {v.id for v in dump.values}
    return min((v for a in dump.allocations for v in a.values if v.id not in listed),
               key=lambda v: v.id, default=None)


def _read_allocations(cur: Cursor, dump: BufferAssignmentDump) -> None:
    alloc = None
    cross = False
    while (line := cur.peek()) is not None and line.strip():
        if line.startswith("allocation "):
            _check_has_values(cur, alloc)
            alloc = _parse_allocation(cur, line)
            if alloc.index != len(dump.allocations):
                raise cur.error(f"'allocation {len(dump.allocations)}: ...' (XLA numbers them 0, 1, 2, ...)")
            dump.allocations.append(alloc)
            cross = False
        elif alloc is not None and line.startswith(" value:"):
            m = _VALUE.match(line)
            if not m:
                raise cur.error("' value: <ID NAME @COLOR> (size=N,offset=N): SHAPE'")
            ident, name, index, phi, color, size, offset, shape = m.groups()
            size, offset = cur.number(size, alloc.size, "a value size"), cur.number(offset, alloc.size, "an offset")
            alloc.values.append(AllocValue(cur.number(ident), name, cur.index(index) if index is not None else None,
                                           phi is not None, cur.number(color) if color is not None else None,
                                           size, offset, shape.rstrip()))
        elif alloc is not None and line.rstrip() == _CROSS_HEAD:
            cross = True
        elif cross and (m := _CROSS_VALUE.match(line)):
            assert alloc is not None  # (cross is set only under an allocation)
            alloc.cross_color_values.append((cur.number(m.group(1)), m.group(2), cur.number(m.group(3))))
        else:
            raise cur.error("an 'allocation N: size S...:' line or its ' value:' lines")
        cur.take()
    if alloc is None:  # XLA assigns at least the output
        raise cur.error("'allocation 0: size S, ...:'")
    _check_has_values(cur, alloc)
    _check_temp_size(cur, alloc)
    if sum(a.size for a in dump.allocations) > INT64_MAX:
        raise cur.error("allocations whose sizes add up to at most 2^63-1 bytes (XLA sums them in an int64)")


def _check_has_values(cur: Cursor, alloc: Allocation | None) -> None:
    """Every allocation lists its values; libtpu also prints an empty temp allocation of a
    memory space nothing ended up in (`allocation 19: size 0, color 1, ...`: no values)."""
    if alloc is not None and not alloc.values and not (alloc.size == 0 and alloc.preallocated_temp):
        raise cur.error(f"' value:' lines under allocation {alloc.index}")


def _check_temp_size(cur: Cursor, alloc: Allocation) -> None:
    """A combined temp allocation is as large as its furthest value reaches (CombineTempAllocations
    sizes it base + heap size); less means its last value lines are missing. Checked on the
    last allocation, the only one a cut can shorten."""
    if not alloc.preallocated_temp:
        return
    reach = max((v.offset + v.size for v in alloc.values), default=0)
    if reach < alloc.size:
        raise cur.error(f"' value:' lines filling allocation {alloc.index} up to its size {alloc.size} "
                        f"(they reach {reach})")


def _parse_allocation(cur: Cursor, line: str) -> Allocation:
    m = _ALLOCATION.match(line)
    if not m:
        raise cur.error("'allocation N: size S, ...:'")
    alloc = Allocation(cur.number(m.group(1)), cur.number(m.group(3)), cur.line_no, address=m.group(2))
    rest = m.group(4)
    pos = 0
    while pos < len(rest):
        a = _ATTRIBUTE.match(rest, pos)
        if not a:
            raise cur.error(f"allocation attributes (color, parameter, output shape, constant, "
                            f"thread-local, maybe-live-out, preallocated-temp) at {rest[pos:pos + 30]!r} in")
        if a.group("color"):
            alloc.color = cur.number(a.group("color"))
        elif a.group("page"):
            alloc.page = cur.number(a.group("page"))
        elif a.group("param"):
            alloc.parameter = cur.number(a.group("param"))
            alloc.parameter_shape = a.group("pshape")
            alloc.parameter_index = cur.index(a.group("pindex"))
        elif a.group("oshape") is not None:
            alloc.output_shape = a.group("oshape")
        else:
            setattr(alloc, _WORD_FIELDS[a.group("word")], True)
        pos = a.end()
    return alloc
