"""Allocation kinds in bufviz's vocabulary: shared by the dump readers and the engine (kept apart
from both so that reading a module alone does not load the dump records)."""
from __future__ import annotations


def allocation_kinds(parameter: bool, output: bool, constant: bool, thread_local: bool, temp: bool) -> list[str]:
    """An allocation's kinds, in this order: parameter, output, constant, thread-local, temp."""
    flags = (("parameter", parameter), ("output", output), ("constant", constant),
             ("thread-local", thread_local), ("temp", temp))
    return [kind for kind, on in flags if on]
