"""A line cursor for the line-oriented dump formats, with errors that name file and line."""
from __future__ import annotations

from ..errors import BufvizError, found


class Cursor:
    def __init__(self, text: str, path: str, first_line: int = 1):
        self.lines = text.split("\n")
        if self.lines and self.lines[-1] == "":
            self.lines.pop()
        self.i = 0
        self.path = path
        self.first_line = first_line

    @property
    def line_no(self) -> int:
        return self.first_line + self.i

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

    def error(self, expected: str, line_no: int | None = None) -> BufvizError:
        """'expected X, found <current line>' at the current (or given) line."""
        index = self.i if line_no is None else line_no - self.first_line
        if index < len(self.lines):
            what = found(self.lines[index])
        else:
            what = "the end of the file (truncated?)"
            index = len(self.lines)
        return BufvizError(f"expected {expected}, found {what}", self.path, self.first_line + index)
