"""Reading input files as text, with the errors users need for empty or binary files."""
from __future__ import annotations

import os

from .errors import BufvizError


def read_text(path: str) -> str:
    """The file's text. Raises BufvizError for missing, empty, binary or non-UTF-8 files."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except IsADirectoryError:
        raise BufvizError("expected a file, found a directory", path) from None
    except OSError as e:
        raise BufvizError(f"cannot read the file: {e.strerror}", path) from None
    if not data or data.isspace():  # (no stripped copy of a large file)
        raise BufvizError("expected XLA text (an HLO module, a dump or an out-of-memory message), "
                          "found an empty file", path, 1)
    nul = data.find(b"\x00")
    if nul >= 0:
        raise BufvizError(f"expected text, found binary data (a NUL byte at offset {nul})",
                          path, data.count(b"\n", 0, nul) + 1)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BufvizError(f"expected UTF-8 text, found binary data (byte 0x{data[e.start]:02x} "
                          f"at offset {e.start})", path, data.count(b"\n", 0, e.start) + 1) from None
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def display_path(path: str) -> str:
    """The path as the user will recognise it: relative to the working directory when shorter."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return rel if len(rel) < len(path) else path
