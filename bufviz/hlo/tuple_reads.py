"""Compact tuple-element reads (XLA since 2026-07, `--xla_dump_compact_gte`): the printer leaves
out every get-tuple-element that is not a ROOT and writes its users' operand as the nearest
ancestor that is not one, with the index path: `%x#3`, nested `%p0#0#1`. Rebuilt here as XLA's
own parser rebuilds them: one get-tuple-element per (ancestor, path) in a computation, named
from the text with `#` turned into `_`, placed just before its first use."""
from __future__ import annotations

from ..errors import BufvizError, found
from .lines import COMPACT_OPERAND, NO_OPERAND_NAMES, LineSyntaxError, operand_names, split_tuple_read
from .instruction import Instruction


class TupleRead(Instruction):
    """A get-tuple-element the text did not print (rebuilt from a `%x#N` operand)."""
    __slots__ = ()
    printed = False


def rebuild_tuple_reads(comp, instructions: list[Instruction],
                        by_name: dict[str, Instruction]) -> tuple[list[Instruction], dict[str, Instruction]]:
    """The computation's instructions with the rebuilt reads in place, and each compact operand
    (`x#0`) -> its read. The reads are added to `by_name`."""
    reads: dict[str, Instruction] = {}
    ordered: list[Instruction] = []
    for instr in instructions:
        if instr.opcode not in NO_OPERAND_NAMES and "#" in instr.args:
            try:
                operands = operand_names(instr.opcode, instr.args)
            except LineSyntaxError as e:
                raise BufvizError(str(e), comp.module.path, instr.line) from None
            for operand in operands:
                if "#" in operand and operand not in reads:
                    ordered.extend(_chain(comp, operand, instr, by_name, reads))
        ordered.append(instr)
    return ordered, reads


def _chain(comp, operand: str, user: Instruction, by_name: dict, reads: dict) -> list[Instruction]:
    """The reads `operand` needs that are not built yet, outermost first."""
    name, path = split_tuple_read(operand)
    base = by_name.get(name)
    if base is None:
        raise BufvizError(f"expected an operand defined in {comp.name!r}, found unknown name {name!r} "
                          f"(in {found('%' + operand)})", comp.module.path, user.line)
    built: list[Instruction] = []
    for depth, element in enumerate(path, 1):
        key = name + "".join(f"#{i}" for i in path[:depth])
        read = reads.get(key)
        if read is None:
            shape = base.shape
            if not shape.is_tuple or element >= len(shape.elements):
                raise BufvizError(f"expected {'%' + key} to read element {element} of a tuple, found "
                                  f"{base.name} of shape {found(shape.text)}", comp.module.path, user.line)
            sub = shape.elements[element]
            read = TupleRead(_unique(comp, key.replace("#", "_"), by_name), "get-tuple-element", sub.text,
                             base.name, f", index={element}", False, user.line)
            read.computation = comp
            read._shape = sub
            reads[key] = by_name[read.name] = read
            built.append(read)
        base = read
    return built


def _unique(comp, wanted: str, by_name: dict) -> str:
    """`wanted`, or `wanted.1`, `wanted.2`... where the name is taken (XLA's name uniquer)."""
    taken = comp.module.rebuilt_names
    name, k = wanted, 0
    while name in by_name or name in taken:
        k += 1
        name = f"{wanted}.{k}"
    taken.add(name)
    return name


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
