"""Byte counts: XLA's own human-readable format (to parse and reproduce it), ours for people, and
sizes as people write them on a command line or in a test."""
from __future__ import annotations

import re

from .errors import BufvizError

_XLA_SUFFIXES = ("KiB", "MiB", "GiB", "TiB", "PiB", "EiB")

# XLA holds every count, size, offset, id and time it prints in an int64, and sums of sizes too:
# a number read from a dump is refused past it where it is read (docs/architecture.md, "Bounds").
INT64_MAX = 2**63 - 1


class OutOfBounds(ValueError):
    """A number past what XLA can have printed; the message says the bound."""


def bounded(text: str, most: int = INT64_MAX, what: str = "a number") -> int:
    """`text` (digits, XLA's groups of three with spaces allowed) as an int, if at most `most`."""
    value = int(text.replace(" ", ""))
    if value > most:
        raise OutOfBounds(f"{what} of at most {most:,}" if most != INT64_MAX else
                          f"{what} that fits XLA's 64-bit integers (at most 2^63-1)")
    return value


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
