"""jax's `compiled.memory_analysis()` numbers (XLA's CompiledMemoryStats), saved as JSON or as
printed: every `name_in_bytes` key with its integer value, and the three numbers jax 0.12 added
under names of their own."""
from __future__ import annotations

import re

from ..errors import BufvizError
from ..units import bounded_at

# A name starts where no word character stands before it (no retry inside a long word: linear).
_PAIR = re.compile(r"""(?<!\w)(\w+)["']?\s*[:=]\s*(-?\d{1,30})(?!\d)""")
# jax's names for numbers that do not end in `_in_bytes` (jax 0.12 on)
NAMED = ("total_allocation_bytes", "peak_unpadded_heap_bytes", "indefinite_allocations")
# The jax release that compiled it, where the file says (gen_corpus.py and similar scripts write it).
_JAX_VERSION = re.compile(r"""["']?jax_version["']?\s*[:=]\s*["']([\w.+\-]+)["']""")
REQUIRED = ("argument_size", "output_size", "alias_size", "temp_size")


def read_memory_stats(text: str, path: str) -> dict[str, int]:
    """{'argument_size': N, 'temp_size': N, 'peak_memory': N, ...} (names without `_in_bytes`),
    and jax 0.12's `total_allocation_bytes`, `peak_unpadded_heap_bytes`, `indefinite_allocations`."""
    stats = {}
    for m in _PAIR.finditer(text):
        name, value = m.groups()
        if name.endswith("_in_bytes") or name in NAMED:
            # (jax's int64 fields; a negative one is read as printed)
            stats[name.removesuffix("_in_bytes")] = bounded_at(value, path, text.count("\n", 0, m.start()) + 1, name)
    missing = [name for name in REQUIRED if name not in stats]
    if missing:
        raise BufvizError("expected jax memory statistics with " + ", ".join(f"{m}_in_bytes" for m in REQUIRED)
                          + ", found no " + ", ".join(f"{m}_in_bytes" for m in missing), path, 1)
    return stats


def jax_version(text: str) -> str | None:
    """The jax release a memory_analysis.json names, if it names one."""
    m = _JAX_VERSION.search(text)
    return m.group(1) if m else None
