"""A line cursor for the line-oriented dump formats, with errors that name file and line."""
from __future__ import annotations

import re

from ..errors import BufvizError, found
from ..hlo.attributes import bracket_depth
from ..hlo.shapes import parse_index
from ..units import INT64_MAX, NumberError, bounded

TRUNCATED = " (truncated?)"
_ESCAPED = re.compile(r"\\.")
_CUT_AFTER = tuple(",=%([{<")   # a complete line never ends with one of these


class Cursor:
    def __init__(self, text: str, path: str, first_line: int = 1):
        # XLA ends every line with a newline: a text without one stops inside its last line.
        self.ends_with_newline = text.endswith("\n")
        self.lines = text.split("\n")
        if self.ends_with_newline:
            self.lines.pop()
        self.i = 0
        self.path = path
        self.first_line = first_line

    @property
    def line_no(self) -> int:
        return self.first_line + self.i

    @property
    def end_line(self) -> int:
        """Where the text stops: its unfinished last line, or the line after its last newline."""
        return self.first_line + len(self.lines) - (0 if self.ends_with_newline or not self.lines else 1)

    def at_end(self) -> bool:
        return self.i >= len(self.lines)

    def peek(self) -> str | None:
        return self.lines[self.i] if self.i < len(self.lines) else None

    def take(self) -> str:
        line = self.lines[self.i]
        self.i += 1
        return line

    def skip_blank(self) -> None:
        while self.i < len(self.lines) and not self.lines[self.i].strip():
            self.i += 1

    def number(self, text: str, most: int = INT64_MAX, what: str = "a number",
               line_no: int | None = None) -> int:
        """A number of the current (or given) line through units.bounded: past it, an error there."""
        try:
            return bounded(text, most, what)
        except NumberError as e:
            raise self.error(str(e), line_no) from None

    def index(self, text: str, line_no: int | None = None) -> tuple[int, ...]:
        """A shape index `0,1` of the current (or given) line, each number through units.bounded."""
        try:
            return parse_index(text)
        except NumberError as e:
            raise self.error(str(e), line_no) from None

    def error(self, expected: str, line_no: int | None = None) -> BufvizError:
        """'expected X, found <current line>' at the current (or given) line; '(truncated?)' when
        that is the end of the text or its unfinished last line."""
        index = self.i if line_no is None else line_no - self.first_line
        if index < len(self.lines):
            what = found(self.lines[index])
            if index == len(self.lines) - 1 and not self.ends_with_newline:
                what += TRUNCATED
            line = self.first_line + index
        else:
            what = "the end of the file" + TRUNCATED
            line = self.end_line
        return BufvizError(f"expected {expected}, found {what}", self.path, line)

    def check_last_line(self) -> None:
        """A last line without its newline must not stop inside a token XLA always closes
        (brackets, a quoted string) or right after a separator or a space (XLA ends no line
        with one)."""
        if self.ends_with_newline or not self.lines:
            return
        last = self.lines[-1]
        if (bracket_depth(last) > 0 or _ESCAPED.sub("", last).count('"') % 2
                or last.rstrip().endswith(_CUT_AFTER) or last[-1:].isspace()):
            tail = last if len(last) <= 40 else "…" + last[-39:]
            raise BufvizError(f"expected the rest of the line, found it cut after {tail!r}{TRUNCATED}",
                              self.path, self.end_line)
