"""Sizes and allowed increases as people write them on a command line or in a test."""
from __future__ import annotations

from ..errors import BufvizError
from ..units import parse_size

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
    return {"bytes": parse_size(text, "increase")}   # type: ignore[arg-type]  # (a float is read as its str())


def allowed_bytes(baseline: int, increase: dict) -> int:
    """The most a metric may grow over its baseline."""
    if "percent" in increase:
        return int(baseline * increase["percent"] / 100)
    return increase["bytes"]


def increase_text(increase: dict) -> str:
    from ..units import human_bytes
    return f"{increase['percent']:g}%" if "percent" in increase else human_bytes(increase["bytes"])
