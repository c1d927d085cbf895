"""jax's `compiled.memory_analysis()` numbers (XLA's CompiledMemoryStats), saved as JSON or as
printed: every `name_in_bytes` key with its integer value."""
from __future__ import annotations

import re

from ..errors import BufvizError

_PAIR = re.compile(r"""["']?(\w+)_in_bytes["']?\s*[:=]\s*(-?\d+)""")
REQUIRED = ("argument_size", "output_size", "alias_size", "temp_size")


def read_memory_stats(text: str, path: str) -> dict[str, int]:
    """{'argument_size': N, 'temp_size': N, 'peak_memory': N, ...} (names without `_in_bytes`)."""
    stats = {name: int(value) for name, value in _PAIR.findall(text)}
    missing = [name for name in REQUIRED if name not in stats]
    if missing:
        raise BufvizError("expected jax memory statistics with " + ", ".join(f"{m}_in_bytes" for m in REQUIRED)
                          + ", found no " + ", ".join(f"{m}_in_bytes" for m in missing), path, 1)
    return stats
