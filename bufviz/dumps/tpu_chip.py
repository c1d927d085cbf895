"""Which TPU chip a dump was compiled for, and the tuple granule its sizes show. libtpu writes
`topology.textproto` in a folder beside each module's files (`module_0000.NAME.cl_N/`), whose
`platform_version` names the chip ("TFRT TPU v5 lite"); the buffer assignment prints the size of
every tuple it holds. Both are optional: a module alone leaves the granule assumed."""
from __future__ import annotations

import os
import re

from .discover import parse_dump_name
from ..engine.target.sizes import CHIP_TUPLE_GRANULE, tuple_granule_of
from ..hlo.shapes import ShapeSyntaxError, parse_shape

_PLATFORM_VERSION = re.compile(r'^platform_version: "(?:TFRT )?(TPU[^"\\]*)', re.M)
TOPOLOGY_FILE = "topology.textproto"


def chip_beside(module_path: str | None) -> str | None:
    """The chip named by the topology file in the module's own folder, if there is one."""
    if not module_path:
        return None
    folder, name = os.path.split(module_path)
    parsed = parse_dump_name(name)
    if parsed is None:
        return None
    stem = parsed.stem[: len(parsed.stem) - len(parsed.stage) - 1]   # module_0000.jit_f[.cl_N]
    cl = parsed.stage.split(".")[0] if parsed.stage.startswith("cl_") else None
    path = os.path.join(folder, f"{stem}.{cl}" if cl else stem, TOPOLOGY_FILE)
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read(1 << 16)
    except OSError:
        return None
    found = _PLATFORM_VERSION.search(text)
    return found.group(1).strip() if found else None


def tuple_granule(chip: str | None, buffer_assignment) -> int | None:
    """The granule the dump's own tuple sizes give, else the chip's known one, else None."""
    if buffer_assignment is not None:
        tuples = []
        for allocation in buffer_assignment.allocations:
            for v in allocation.values:
                if v.shape.startswith("(") and v.size:   # (a SparseCore computation's tables take none)
                    try:
                        tuples.append((len(parse_shape(v.shape).elements), v.size))
                    except ShapeSyntaxError:
                        continue
        found = tuple_granule_of(tuples)
        if found is not None:
            return found
    return CHIP_TUPLE_GRANULE.get(chip or "")
