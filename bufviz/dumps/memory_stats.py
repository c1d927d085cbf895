"""jax's `compiled.memory_analysis()` numbers (XLA's CompiledMemoryStats), saved as JSON or as
printed: every `name_in_bytes` key with its integer value."""
from __future__ import annotations

import re

from ..errors import BufvizError

_PAIR = re.compile(r"""["']?(\w+)_in_bytes["']?\s*[:=]\s*(-?\d+)""")
# The jax release that compiled it, where the file says (gen_corpus.py and similar scripts write it).
_JAX_VERSION = re.compile(r"""["']?jax_version["']?\s*[:=]\s*["']([\w.+\-]+)["']""")
REQUIRED = ("argument_size", "output_size", "alias_size", "temp_size")


def read_memory_stats(text: str, path: str) -> dict[str, int]:
    """{'argument_size': N, 'temp_size': N, 'peak_memory': N, ...} (names without `_in_bytes`)."""
    stats = {name: int(value) for name, value in _PAIR.findall(text)}
    missing = [name for name in REQUIRED if name not in stats]
    if missing:
        raise BufvizError("expected jax memory statistics with " + ", ".join(f"{m}_in_bytes" for m in REQUIRED)
                          + ", found no " + ", ".join(f"{m}_in_bytes" for m in missing), path, 1)
    return stats


def jax_version(text: str) -> str | None:
    """The jax release a memory_analysis.json names, if it names one."""
    m = _JAX_VERSION.search(text)
    return m.group(1) if m else None
