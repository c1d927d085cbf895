"""The "Used values" blocks (HloValue::ToString, docs/rules.md §1.3), in all three `from instruction:`
variants: `from instruction:%x` (≤2024-01), the next block's `<id ...>` glued to the end of the
line (2024-01..2024-11), and the current `from instruction: %x` followed by a newline."""
from __future__ import annotations

import re

from ..hlo.attributes import bracket_depth
from .cursor import Cursor
from .records import ValueRecord

_HEADER = re.compile(r"<(\d+) ([^\s{<>]+)(?:\{([0-9,]*)\})?( \(phi\))?(?: @(\d+))?>\s*$")
_POSITION = re.compile(r"  (\S+)(?: \{([0-9,]*)\})?\s*$")
_USE = re.compile(r"  (\S+), operand (\d+)(?: \{([0-9,]*)\})?\s*$")
_FROM = " from instruction:"


def is_block_header(line: str) -> bool:
    return _HEADER.match(line) is not None


def read_values(cur: Cursor, features: dict) -> list[ValueRecord]:
    """Read value blocks until a blank line, an `HloLiveRange` line, or the end."""
    values: list[ValueRecord] = []
    header = None  # a header glued to the previous `from instruction:` line
    while True:
        if header is None:
            line = cur.peek()
            if line is None or not line.strip() or line.startswith("HloLiveRange"):
                return values
            header = _HEADER.match(line)
            if not header:
                raise cur.error("a value block '<ID NAME @COLOR>'")
            cur.take()
        line_no = cur.line_no - 1
        ident, name, index, phi, color = header.groups()
        positions = _read_positions(cur)
        uses = _read_uses(cur, features)
        text, header = _read_from_instruction(cur, features)
        values.append(ValueRecord(cur.number(ident, line_no=line_no), name,
                                  cur.index(index, line_no) if index is not None else None, phi is not None,
                                  cur.number(color, line_no=line_no) if color is not None else None,
                                  positions, uses, text, line_no))


def _read_positions(cur: Cursor) -> list:
    if cur.peek() != " positions:":
        raise cur.error("' positions:'")
    cur.take()
    positions = []
    while (line := cur.peek()) is not None and (m := _POSITION.match(line)):
        if line.startswith("  (none)"):
            break
        positions.append((m.group(1), cur.index(m.group(2)) if m.group(2) is not None else None))
        cur.take()
    if not positions:
        raise cur.error("at least one position")
    return positions


def _read_uses(cur: Cursor, features: dict):
    line = cur.peek()
    if line is not None and line.startswith(" uses are not initialized"):
        cur.take()
        features["uses_not_initialized"] = True
        return None
    if line != " uses:":
        raise cur.error("' uses:'")
    cur.take()
    uses = []
    while (line := cur.peek()) is not None:
        if line.strip() == "(none)":
            features["uses_none_marker"] = True
            cur.take()
            break
        m = _USE.match(line)
        if not m:
            break
        uses.append((m.group(1), cur.number(m.group(2)), cur.index(m.group(3)) if m.group(3) is not None else None))
        cur.take()
    return uses


def _read_from_instruction(cur: Cursor, features: dict):
    line = cur.peek()
    if line is None or not line.startswith(_FROM):
        raise cur.error("' from instruction: ...'")
    cur.take()
    text = line[len(_FROM):]
    if text.startswith(" "):
        text = text[1:]
        features.setdefault("from_instruction", "space")
    else:
        features["from_instruction"] = "no-space"
    # An instruction whose attributes span lines (TPU kernel metadata) continues until balanced.
    while bracket_depth(text) > 0 and (line := cur.peek()) is not None and not is_block_header(line):
        text += "\n" + cur.take()
    if not text.strip() or bracket_depth(text) > 0 and cur.at_end():
        raise cur.error("the instruction after 'from instruction:' (with its brackets closed)")
    glued = _HEADER.search(text)
    if glued and glued.start() > 0:
        features["from_instruction"] = "glued"
        return text[:glued.start()], glued
    return text, None
