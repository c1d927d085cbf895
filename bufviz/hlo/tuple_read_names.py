"""Rebuilt tuple reads given the names and schedule slots XLA's dump files still hold.

The compact printer drops a tuple read's name and its place in the schedule, but the live-range
file lists every scheduled instruction by its original name, and the values file lists each read
among the positions of the values it holds. Each unprinted name in the flattened sequence
belongs to the computation of the nearest printed instruction before it (callees are flattened
just before their caller, and a read comes after its ancestor). Inside a computation a name goes
to a rebuilt read that holds the same values (the values file), that one of its users quoted
(`from instruction:` lines print the original operand names), and whose slot lies after its
operand and before its first user; among reads that hold the same values any such choice gives
the same live ranges. Slots are filled in order, earliest deadline first."""
from __future__ import annotations

from .lines import operand_names, parse_instruction_line, LineSyntaxError
from .model import Computation, Instruction
from .module import Module
from .tuple_reads import flattened_computations, source_of


class ScheduleMismatch(ValueError):
    """The dump's schedule cannot hold the module's rebuilt reads; the message says why."""


def name_tuple_reads(module: Module, sequence: list[str], positions: dict | None = None,
                     quoted: dict[str, str] | None = None) -> int:
    """Rename and reorder the rebuilt reads of the flattened computations after the dump's
    `sequence`; `positions`: (name, index) -> value id from the values file; `quoted`: an
    instruction's name -> its `from instruction:` text. Returns how many reads were placed."""
    comps = flattened_computations(module)
    reads = {c: [i for i in c.instructions if not i.printed] for c in comps}
    if not any(reads.values()):
        return 0
    printed = {i.name: i for c in comps for i in c.instructions if i.printed}
    time: dict[str, int] = {}
    slots: dict[Computation, list[tuple[int, str]]] = {}
    current = None
    for t, name in enumerate(sequence):
        time[name] = t
        instr = printed.get(name)
        if instr is not None:
            current = instr.computation
        elif current is None:
            raise ScheduleMismatch(f"the live ranges start with {name!r}, which the HLO module does not print")
        else:
            slots.setdefault(current, []).append((t, name))
    if any(name not in time for name in printed):
        return 0   # another module: the same-module check says so
    placed = 0
    for comp, rebuilt in reads.items():
        if not rebuilt:
            continue
        names = slots.get(comp, [])
        if len(names) != len(rebuilt):
            raise ScheduleMismatch(f"computation {comp.name!r} reads {len(rebuilt)} tuple elements the text "
                                   f"does not print as instructions, but the live ranges schedule "
                                   f"{len(names)} unprinted instructions there")
        chosen = _match(rebuilt, names, time, positions or {}, _quoted_reads(comp, rebuilt, quoted or {}))
        for read, (t, name) in chosen.items():
            comp.rename(read, name)
            time[name] = t
        comp.reorder(sorted(comp.instructions, key=lambda i: time[i.name]))
        placed += len(rebuilt)
    return placed


def _match(rebuilt: list[Instruction], slots: list[tuple[int, str]], time: dict[str, int],
           positions: dict, fixed: dict[str, Instruction]) -> dict[Instruction, tuple[int, str]]:
    deadline = {r: _deadline(r, time) for r in rebuilt}
    signature = {r: _signature(r, positions) for r in rebuilt}
    fixed = {name: read for name, read in fixed.items() if name in {n for _, n in slots}}
    taken = set(fixed.values())
    chosen: dict[Instruction, tuple[int, str]] = {}
    at: dict[Instruction, int] = {}   # where each read is placed so far
    for t, name in slots:
        read = fixed.get(name)
        if read is None:
            fits = [r for r in rebuilt if r not in taken and _released(r, t, time, at)
                    and _holds_same(r, name, signature[r], positions)]
            if not fits:
                raise ScheduleMismatch(f"no tuple read of the module fits {name!r} at t={t} of the live ranges")
            read = min(fits, key=deadline.__getitem__)
            taken.add(read)
        if not (_released(read, t, time, at) and t < deadline[read]):
            raise ScheduleMismatch(f"{name!r} at t={t} of the live ranges cannot be the module's read "
                                   f"{_text(read)}: it must come after its operand and before its users")
        chosen[read] = (t, name)
        at[read] = t
    return chosen


def _released(read: Instruction, t: int, time: dict[str, int], at: dict[Instruction, int]) -> bool:
    operand = read.operands[0]
    when = at.get(operand) if not operand.printed else time.get(operand.name)
    return when is not None and when < t


def _deadline(read: Instruction, time: dict[str, int]) -> float:
    """The time of its first user (through reads of reads)."""
    found = float("inf")
    for user in read.users:
        found = min(found, time.get(user.name, float("inf")) if user.printed else _deadline(user, time))
    return found


def _signature(read: Instruction, positions: dict) -> list[tuple[tuple, int | None]]:
    """(index, value id) of each index of the read's shape: the values at its ancestor and path."""
    if not positions:
        return []
    source, path = source_of(read)
    return [(index, positions.get((source.name, path + index))) for index, _ in read.shape.subshapes()]


def _holds_same(read: Instruction, name: str, signature: list, positions: dict) -> bool:
    """The unprinted `name` holds the values the read holds (where the values file lists both)."""
    for index, value in signature:
        held = positions.get((name, index))
        if value is not None and held is not None and held != value:
            return False
    return True


def _quoted_reads(comp: Computation, rebuilt: list[Instruction], quoted: dict[str, str]) -> dict[str, Instruction]:
    """Unprinted name -> read, where a user's `from instruction:` line names the read it took."""
    fixed: dict[str, Instruction] = {}
    wanted = set(rebuilt)
    for user in {u for r in rebuilt for u in r.users if u.printed}:
        text = quoted.get(user.name)
        if text is None:
            continue
        try:
            _, _, _, opcode, args, _ = parse_instruction_line(text)
        except LineSyntaxError:
            continue
        names = operand_names(opcode, args)
        if len(names) != len(user.operands):
            continue
        for operand, name in zip(user.operands, names):
            if operand in wanted and "#" not in name:
                fixed.setdefault(name, operand)
    return fixed


def _text(read: Instruction) -> str:
    source, path = source_of(read)
    return "%" + source.name + "".join(f"#{i}" for i in path)
