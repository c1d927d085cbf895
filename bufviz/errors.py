"""Errors that bufviz reports to the user, with the exit codes of the CLI contract."""
from __future__ import annotations

USAGE_OR_INPUT = 2  # usage error or unreadable input
INTERNAL = 101  # a bug in bufviz

ISSUES_URL = "https://github.com/bufviz/bufviz/issues"
# The saved results (bufviz's own JSON, read back) a command has read: what breaks reading them
# later was changed by hand, an input error rather than a bug (cli/app.py).
SAVED_READ: list[str] = []


class BufvizError(Exception):
    """A problem with the user's input or command line.

    Printed as one line, `bufviz: error: FILE:LINE: message`, and mapped to exit code 2.
    """

    def __init__(self, message: str, path: str | None = None, line: int | None = None,
                 exit_code: int = USAGE_OR_INPUT, details: list[str] | None = None):
        super().__init__(message)
        self.details = details or []   # lines printed below the one-line error (e.g. a listing)
        self.message = message
        self.path = path
        self.line = line
        self.exit_code = exit_code

    def located(self, path: str, line: int | None = None) -> "BufvizError":
        """Fill in the file (and line) when the raiser did not know them."""
        if self.path is None:
            self.path = path
        if self.line is None:
            self.line = line
        return self

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = f"{self.path}:{self.line}: " if self.line is not None else f"{self.path}: "
        return where + self.message


def found(text: str, limit: int = 60) -> str:
    """Quote a piece of input for an error message, shortened to one readable line."""
    text = text.strip().replace("\t", " ")
    if not text:
        return "an empty line"
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return repr(text)
