"""Compact tuple-element reads (XLA since 2026-07, `--xla_dump_compact_gte`): the printer leaves
out every get-tuple-element that is not a ROOT and writes its users' operand as the nearest
ancestor that is not one, with the index path: `%x#3`, nested `%p0#0#1`. Rebuilt here as XLA's
own parser rebuilds them (model.py, as a body is read): one get-tuple-element per (ancestor, path)
in a computation, named from the text with `#` turned into `_`, placed just before its first use.
Here: where the rebuilt reads come from, and writing them out again for an edit."""
from __future__ import annotations

from .lines import COMPACT_OPERAND
from .model import Instruction


# Callers whose callees HloLiveRange flattens into the schedule (the dumps name their reads).
_FLATTENED = {"while": ("condition", "body"), "conditional": ("branch_computations", "true_computation",
              "false_computation"), "call": ("to_apply", "calls"), "async-start": ("calls",)}


def flattened_computations(module) -> list:
    """The entry and every computation a while, conditional, call or async-start runs."""
    found: dict = {}   # computation -> None, in order
    queue = [module.entry]
    while queue:
        comp = queue.pop()
        if comp in found:
            continue
        found[comp] = None
        for instr in comp.instructions:
            keys = _FLATTENED.get(instr.opcode)
            if keys:
                queue.extend(module.computations[n] for n in instr.callee_names(keys) if n in module.computations)
    return list(found)


def source_of(read: Instruction) -> tuple[Instruction, tuple[int, ...]]:
    """The ancestor a rebuilt read reads from, and the index path."""
    path: tuple[int, ...] = ()
    while not read.printed:
        path = (read.tuple_index,) + path
        read = read.operands[0]
    return read, path


def compact_names(comp) -> dict[str, str]:
    """Each compact operand of the computation (`x#0`) -> the name of its rebuilt read (worked out
    once per computation edited: every line of its body asks)."""
    return {_compact(r): r.name for r in comp.instructions if not r.printed}


def expand_tuple_reads(line: str, reads: dict[str, str]) -> str:
    """The line with each compact operand `%x#0` written as the name of its rebuilt read."""
    if "#" not in line:
        return line
    return COMPACT_OPERAND.sub(lambda m: "%" + reads.get(m.group(1), m.group(1)), line)


def tuple_read_line(read: Instruction) -> str:
    """A rebuilt read as XLA prints a get-tuple-element without compaction."""
    return f"  %{read.name} = {read.shape_text} get-tuple-element(%{read.operands[0].name}), index={read.tuple_index}"


def _compact(read: Instruction) -> str:
    source, path = source_of(read)
    return source.name + "".join(f"#{i}" for i in path)
