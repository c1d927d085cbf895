"""Sizes and allowed increases as people write them on a command line or in a test."""
from __future__ import annotations

import re

from ..errors import BufvizError

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
    return int(round(float(m.group(1)) * (_BINARY.get(unit) or _DECIMAL[unit])))


def parse_increase(text: str | int | float) -> dict:
    """'5%' -> {'percent': 5.0}; a size -> {'bytes': N}."""
    if isinstance(text, str) and text.strip().endswith("%"):
        try:
            percent = float(text.strip()[:-1])
        except ValueError:
            raise BufvizError(f"expected an increase like 5% or 10MiB, found {text!r}") from None
        if percent < 0:
            raise BufvizError(f"expected an increase of at least 0%, found {text!r}")
        return {"percent": percent}
    return {"bytes": parse_size(text, "increase")}


def allowed_bytes(baseline: int, increase: dict) -> int:
    """The most a metric may grow over its baseline."""
    if "percent" in increase:
        return int(baseline * increase["percent"] / 100)
    return increase["bytes"]


def increase_text(increase: dict) -> str:
    from ..units import human_bytes
    return f"{increase['percent']:g}%" if "percent" in increase else human_bytes(increase["bytes"])
