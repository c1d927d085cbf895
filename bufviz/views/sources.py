"""The user's own line for a value: the innermost frame of its stack that is not inside an
installed library or Python itself (XLA's StackFrames tables, jax 0.10 on; older printers give
one frame, `source_file`/`source_line`). Values XLA made without metadata (copies, broadcasts of
constants, layout changes) take the line of what they copy, else of what they feed."""
from __future__ import annotations

import re

from ..hlo.model import Instruction
from ..hlo.module import Module
from ..hlo.program import is_library

_PACKAGE = re.compile(r"(?:site|dist)-packages[/\\]([A-Za-z_][\w]*)")
LOOK = 6   # steps through operands or users for a value without a line of its own


class SourceLines:
    """Each instruction's user line, the library frame under it and the op_name beside them,
    worked out once: its own, a fusion's from its body, else what it copies or feeds."""

    def __init__(self, module: Module):
        self.module = module
        self._own: dict[int, tuple] = {}     # (user line, library frame, op_name) of its own
        self._found: dict[int, tuple] = {}   # the same, looked for nearby where it has none

    def of(self, instr: Instruction) -> tuple[str | None, str | None]:
        """(user line 'file:line', library frame 'flax Conv') of an instruction; Nones where
        neither it nor what it copies or feeds says."""
        return self._lookup(instr)[:2]

    def own(self, instr: Instruction) -> tuple[str | None, str | None]:
        """(user line, op_name) from the instruction's own metadata or its fusion body's alone:
        never borrowed from what it feeds (a loop's start made without metadata has none)."""
        facts = self._own_facts(instr)
        return facts[0], facts[2]

    def op_name_near(self, instr: Instruction) -> str | None:
        """The op_name of what `instr` is for: its own, its fusion body's, else that of what it
        copies or feeds (a value XLA made without metadata)."""
        return self._lookup(instr)[2]

    def _lookup(self, instr: Instruction) -> tuple:
        key = id(instr)
        found = self._found.get(key)
        if found is None:
            found = self._own_facts(instr)
            if found[0] is None or found[2] is None:
                near = self._nearby(instr, lambda f: f[0] is not None) if found[0] is None else None
                if near is None and found[2] is None:
                    near = self._nearby(instr, lambda f: f[2] is not None)
                    near = (found[0], found[1], near[2]) if near is not None else None
                found = near or found
            self._found[key] = found
        return found

    def _own_facts(self, instr: Instruction) -> tuple:
        key = id(instr)
        own = self._own.get(key)
        if own is None:
            own = _facts(self.module, instr)
            if instr.opcode == "fusion" and (own[0] is None or own[2] is None):   # its body's
                body = self._body_facts(instr)
                own = (own[0] or body[0], own[1] if own[0] else body[1], own[2] or body[2])
            self._own[key] = own
        return own

    def _body_facts(self, fusion: Instruction) -> tuple:
        body = fusion.called_body()
        line = op_name = (None, None)
        for instr in [body.root, *reversed(body.instructions)] if body is not None else []:
            facts = _facts(self.module, instr)
            if line[0] is None and facts[0] is not None:
                line = facts[:2]
            op_name = op_name if op_name[0] else (facts[2], None)
            if line[0] is not None and op_name[0] is not None:
                break
        return (*line, op_name[0])

    def _nearby(self, instr: Instruction, wanted):
        """The facts of the nearest instruction `instr` copies (operands first), else feeds,
        that are `wanted`."""
        for step in ("operands", "users"):
            frontier, seen = [instr], {id(instr)}
            for _ in range(LOOK):
                following = []
                for each in frontier:
                    for other in getattr(each, step):
                        if id(other) in seen or other.opcode in ("parameter", "constant"):
                            continue
                        seen.add(id(other))
                        facts = self._own_facts(other)
                        if wanted(facts):
                            return facts
                        following.append(other)
                frontier = following[:64]   # (bounded: the nearest first)
                if not frontier:
                    break
        return None


def _facts(module: Module, instr: Instruction) -> tuple:
    """(user line, library frame, op_name) from an instruction's own metadata."""
    return (*frames_line(module, instr), instr.metadata.get("op_name") or None)


def frames_line(module: Module, instr: Instruction) -> tuple[str | None, str | None]:
    """(user line, library frame under it) from an instruction's own metadata."""
    meta = instr.metadata
    number = module.frame_id(instr, meta)
    if number and number in module.stack_frames:
        chain = module.frame_chain(number)
        user = next(((f, line) for f, line, _ in chain if not is_library(f)), None)
        library = next(((f, fn) for f, _, fn in chain if is_library(f)), None) if chain and is_library(
            chain[0][0]) else None
        return (f"{user[0]}:{user[1]}" if user else None, library_words(*library) if library else None)
    if meta.get("source_file"):
        file, line = meta["source_file"], meta.get("source_line")
        text = f"{file}:{line}" if line else file
        return (None, library_words(file, "")) if is_library(file) else (text, None)
    return None, None


def library_words(file: str, function: str) -> str:
    """'flax Conv', 'optax scale_by_adam': the package and the function a library frame is in."""
    found = _PACKAGE.search(file)
    package = found.group(1) if found else file.replace("\\", "/").rsplit("/", 1)[-1]
    name = function.split(".<locals>.")[0].removesuffix(".__call__").lstrip("_")
    return f"{package} {name}".strip()
