"""Reading input files as text, with the errors users need for empty or binary files. Text
comes as people have it: UTF-8 with or without a BOM, UTF-16 from a PowerShell redirect, or
standard input (`-`)."""
from __future__ import annotations

import codecs
import os
import re
import sys
import weakref

from .errors import BufvizError

STDIN = "-"
STDIN_NAME = "<stdin>"

# Above this size a module's text is not held once indexed: the parts the analysis reads are
# read back from the file, so that peak memory is the analysis's own rather than text + analysis.
READ_BACK_ABOVE = 64 << 20


def read_text(path: str) -> str:
    """The file's text. Raises BufvizError for missing, empty, binary or undecodable files."""
    data = _read_bytes(path)
    name = STDIN_NAME if path == STDIN else path
    text = _decode(data, name)
    if not text or text.isspace():  # (no stripped copy of a large file)
        raise BufvizError("expected XLA text (an HLO module, a dump or an out-of-memory message), "
                          "found an empty " + ("input" if path == STDIN else "file"), name, 1)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    # (the bytes read are the text's own where the lengths agree on ASCII: no BOM, no \r dropped)
    _refuse_long_numbers(text, name, data if len(data) == len(text) and text.isascii() else None)
    return text


MAX_DIGITS = 40   # XLA prints no number longer (a 64-bit count has 20 digits, a float 17 significant)
_LONG_NUMBER = re.compile(r"\d{%d}" % (MAX_DIGITS + 1))
_DIGITS_AS_ZEROS = bytes.maketrans(b"0123456789", b"0" * 10)


def _refuse_long_numbers(text: str, name: str, ascii_bytes: bytes | None = None) -> None:
    """Numbers are read with a bound on their length: a run of digits longer than any XLA prints
    is an input error here, not a slow or failed conversion later (one linear scan).
    `ascii_bytes`: the text's own bytes, where the caller has them (no copy made then)."""
    if ascii_bytes is not None or text.isascii():   # (every digit a 0, then one search for a run)
        raw = ascii_bytes if ascii_bytes is not None else text.encode("ascii")
        at = raw.translate(_DIGITS_AS_ZEROS).find(b"0" * (MAX_DIGITS + 1))
    else:                # (other scripts' digits are digits to int() too)
        m = _LONG_NUMBER.search(text)
        at = m.start() if m else -1
    if at >= 0:
        raise BufvizError(f"expected numbers as XLA prints them, found one of more than {MAX_DIGITS} digits "
                          f"at column {at - text.rfind(chr(10), 0, at)}", name, text.count("\n", 0, at) + 1)


def _read_bytes(path: str) -> bytes:
    if path == STDIN:
        if sys.stdin is None or sys.stdin.isatty():
            raise BufvizError("expected text on standard input (e.g. `pbpaste | bufviz peak -`), "
                              "found a terminal", STDIN_NAME)
        stream = getattr(sys.stdin, "buffer", None)
        return stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
    try:
        with open(path, "rb") as f:
            return f.read()
    except IsADirectoryError:
        raise BufvizError("expected a file, found a directory", path) from None
    except OSError as e:
        raise BufvizError(f"cannot read the file: {e.strerror}", path) from None


def _decode(data: bytes, name: str) -> str:
    encoding = _utf16_encoding(data)
    if encoding is not None:
        try:
            return data.decode(encoding).lstrip("\ufeff")
        except UnicodeDecodeError:
            pass  # not UTF-16 after all: the checks below say what it is
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    nul = data.find(b"\x00")
    if nul >= 0:
        raise BufvizError(f"expected text, found binary data (a NUL byte at offset {nul})",
                          name, data.count(b"\n", 0, nul) + 1)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BufvizError(f"expected UTF-8 or UTF-16 text, found binary data (byte 0x{data[e.start]:02x} "
                          f"at offset {e.start})", name, data.count(b"\n", 0, e.start) + 1) from None


def _utf16_encoding(data: bytes) -> str | None:
    """UTF-16 by its BOM, or (no BOM) by ASCII text with every other byte zero."""
    if data.startswith(codecs.BOM_UTF16_LE):
        return "utf-16-le"
    if data.startswith(codecs.BOM_UTF16_BE):
        return "utf-16-be"
    head = data[:4096]
    if len(head) >= 8 and len(head) % 2 == 0:
        if not head[1::2].strip(b"\x00") and head[0::2].count(0) == 0:
            return "utf-16-le"
        if not head[0::2].strip(b"\x00") and head[1::2].count(0) == 0:
            return "utf-16-be"
    return None


class TextInFile:
    """A file's text read back in pieces. Only for files whose text is their bytes (ASCII, no
    BOM, no carriage returns), so that an offset in the text is an offset in the file."""

    def __init__(self, path: str, file):
        self.path = path
        self._file = file
        self._stamp = _stamp(file)
        self.size = self._stamp[0]
        weakref.finalize(self, file.close)

    @classmethod
    def of(cls, text: str, path: str) -> "TextInFile | None":
        """The file `text` was read from, where it is large and can be read back exactly."""
        if path == STDIN or len(text) < READ_BACK_ABOVE or not text.isascii():
            return None
        try:
            file = open(path, "rb")
        except OSError:
            return None
        if _stamp(file)[0] != len(text):  # (a BOM or carriage returns were dropped)
            file.close()
            return None
        return cls(path, file)

    def read(self, start: int, end: int) -> str:
        if _stamp(self._file) != self._stamp:
            raise BufvizError("expected the file unchanged while bufviz reads it, found it changed; "
                              "run again", self.path)
        self._file.seek(start)
        return self._file.read(max(end - start, 0)).decode("ascii")


def _stamp(file) -> tuple[int, int]:
    st = os.fstat(file.fileno())
    return st.st_size, st.st_mtime_ns
