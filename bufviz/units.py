"""Numbers read from input (`bounded`: the one bound on them all), byte counts in XLA's own
human-readable format (to parse and reproduce it) and ours for people, and sizes as people write
them on a command line or in a test."""
from __future__ import annotations

import json
import re

from .errors import BufvizError

_XLA_SUFFIXES = ("KiB", "MiB", "GiB", "TiB", "PiB", "EiB")

# XLA holds every count, size, offset, id, index and time it prints in an int64, and sums of
# sizes too: every integer bufviz reads from its input goes through `bounded`, where it is read
# (docs/architecture.md, "Bounds on input").
INT64_MAX = 2**63 - 1
INT64_MIN = -2**63


class NumberError(ValueError):
    """A number XLA cannot have printed; the message says what was expected, `text` is the number."""

    def __init__(self, message: str, text: str):
        super().__init__(message)
        self.text = text


def bounded(number: str | int, most: int = INT64_MAX, what: str = "a number", least: int = INT64_MIN) -> int:
    """`number` as an int, if it fits an int64 and lies in least..most. Text as read (digits with
    a sign) or an int a reader made of such numbers (a size written 1.53MiB, a product)."""
    try:
        value = number if isinstance(number, int) else int(number)
    except ValueError:   # (a digit int() does not take, e.g. a superscript)
        raise NumberError(f"{what} in digits", str(number)) from None
    if value > most and most < INT64_MAX:
        raise NumberError(f"{what} of at most {most:,}", str(number))
    if value < least and least > INT64_MIN:
        raise NumberError(f"{what} of at least {least:,}", str(number))
    if not INT64_MIN <= value <= INT64_MAX:
        raise NumberError(f"{what} that XLA can hold (a signed 64-bit integer)", str(number))
    return value


def bounded_at(number: str | int, path: str | None, line: int | None, what: str = "a number",
               most: int = INT64_MAX, least: int = INT64_MIN) -> int:
    """`bounded` for readers without a Cursor: outside it, an input error at `path`:`line`."""
    try:
        return bounded(number, most, what, least)
    except NumberError as e:
        raise BufvizError(f"expected {e}, found {e.text}", path, line) from None


def read_json(text: str, path: str):
    """`text` as JSON with every integer `bounded`: one outside an int64 is an error at its line
    (json.JSONDecodeError as json.loads raises it)."""
    try:
        return json.loads(text, parse_int=bounded)
    except NumberError as e:
        raise BufvizError(f"expected integers that XLA and bufviz can hold (signed 64-bit), found {e.text}", path,
                          text.count("\n", 0, max(text.find(e.text), 0)) + 1) from None


def xla_human_bytes(n: int) -> str:
    """XLA's HumanReadableNumBytes (tsl numbers.cc): integer-divides by 1024 before the last step.

    30920 -> '30.2KiB', 1605632 -> '1.53MiB', 6288600 -> '6.00MiB', 48 -> '48B'.
    """
    sign = "-" if n < 0 else ""
    n = abs(n)
    if n < 1024:
        return f"{sign}{n}B"
    unit = 0
    while n >= 1024 * 1024 and unit < len(_XLA_SUFFIXES) - 1:
        n //= 1024
        unit += 1
    value = n / 1024.0
    digits = 1 if unit == 0 else 2
    return f"{sign}{value:.{digits}f}{_XLA_SUFFIXES[unit]}"


_HUMAN = re.compile(r"^\s*(-?[0-9]+(?:\.[0-9]*)?)\s*([KMGTPE]?)(i?)B?\s*$", re.IGNORECASE)
_POWERS = {"": 0, "K": 1, "M": 2, "G": 3, "T": 4, "P": 5, "E": 6}


def parse_human_bytes(text: str) -> int | None:
    """Parse '1.53MiB', '30.2KiB', '48B', '63.80G', '512.00M' (binary units) into bytes.

    The result is approximate (the text was rounded); None if the text is not a size.
    """
    m = _HUMAN.match(text)
    if not m:
        return None
    number = float(m.group(1))
    power = _POWERS[m.group(2).upper()]
    return int(round(number * (1024 ** power)))


def human_bytes(n: int | None) -> str:
    """Bytes for people: '1.53 MiB', '48 B'."""
    if n is None:
        return "—"
    sign = "-" if n < 0 else ""
    value = float(abs(n))
    for suffix in ("B", "KiB", "MiB", "GiB", "TiB", "PiB"):
        if value < 1024 or suffix == "PiB":
            if suffix == "B":
                return f"{sign}{int(value)} B"
            return f"{sign}{value:.2f} {suffix}"
        value /= 1024
    raise AssertionError("unreachable")


def ellipsis_start(text: str, width: int) -> str:
    """A long text cut from the front: the end of a path or op_name says the most."""
    return text if len(text) <= width else "…" + text[-(width - 1):]


def spaced_int(n: int) -> str:
    """Digits grouped by three with spaces, as XLA's stack-trace breakdown prints them."""
    return f"{n:,}".replace(",", " ")


_SIZE = re.compile(r"^\s*([0-9]+(?:\.[0-9]*)?(?:e[+-]?[0-9]+)?)\s*([KMGTP]i?B|B)?\s*$", re.IGNORECASE)
_DECIMAL = {"": 1, "B": 1, "KB": 10**3, "MB": 10**6, "GB": 10**9, "TB": 10**12, "PB": 10**15}
_BINARY = {"KIB": 2**10, "MIB": 2**20, "GIB": 2**30, "TIB": 2**40, "PIB": 2**50}
SIZE_EXAMPLES = "16GiB, 512MB, 1.5e9 or 1048576"


def parse_size(text: str | int, what: str = "size") -> int:
    """'16GiB' (binary), '512MB' (decimal), '1.5e9', '1048576' -> bytes."""
    if isinstance(text, int):
        return text
    m = _SIZE.match(str(text))
    if not m:
        raise BufvizError(f"expected a {what} like {SIZE_EXAMPLES}, found {text!r}")
    unit = (m.group(2) or "").upper()
    value = float(m.group(1)) * (_BINARY.get(unit) or _DECIMAL[unit])
    if not value < 2 ** 63:   # (past what any device holds, or 1e400: infinite)
        raise BufvizError(f"expected a {what} like {SIZE_EXAMPLES}, found {text!r}: more bytes than any device has")
    return int(round(value))
