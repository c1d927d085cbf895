"""The user's own line for a value: the innermost frame of its stack that is not inside an
installed library or Python itself (XLA's StackFrames tables, jax 0.10 on; older printers give
one frame, `source_file`/`source_line`). Values XLA made without metadata (copies, broadcasts of
constants, layout changes) take the line of what they copy, else of what they feed."""
from __future__ import annotations

import re

from ..hlo.model import Instruction, Module

# Installed packages and Python's own files: never the user's line.
_LIBRARY = re.compile(r"(?:^|[/\\])(?:site|dist)-packages[/\\]|(?:^|[/\\])lib[/\\]python\d[\d.]*[/\\]|^<")
_PACKAGE = re.compile(r"(?:site|dist)-packages[/\\]([A-Za-z_][\w]*)")
LOOK = 6   # steps through operands or users for a value without a line of its own


def is_library(file: str) -> bool:
    return _LIBRARY.search(file) is not None


class SourceLines:
    """Each instruction's user line and the library frame under it, worked out once."""

    def __init__(self, module: Module):
        self.module = module
        self._own: dict[int, tuple[str | None, str | None]] = {}
        self._found: dict[int, tuple[str | None, str | None]] = {}

    def of(self, instr: Instruction) -> tuple[str | None, str | None]:
        """(user line 'file:line', library frame 'flax Conv') of an instruction; Nones where
        neither it nor what it copies or feeds says."""
        key = id(instr)
        found = self._found.get(key)
        if found is None:
            found = self._own_line(instr)
            if found[0] is None:
                found = self._nearby(instr) or found
            self._found[key] = found
        return found

    def _own_line(self, instr: Instruction) -> tuple[str | None, str | None]:
        key = id(instr)
        own = self._own.get(key)
        if own is None:
            own = self._own[key] = _frames_line(self.module, instr)
            if own[0] is None and instr.opcode == "fusion":   # a fusion's line is its body's
                own = self._body_line(instr) or own
        return own

    def _body_line(self, fusion: Instruction):
        names = fusion.callee_names(("calls",))
        body = self.module.computations.get(names[0]) if names else None
        if body is None:
            return None
        for instr in [body.root, *reversed(body.instructions)]:
            line = _frames_line(self.module, instr)
            if line[0] is not None:
                return line
        return None

    def _nearby(self, instr: Instruction):
        """The line of what `instr` copies (its operands, nearest first), else of what it feeds."""
        for step in ("operands", "users"):
            frontier, seen = [instr], {id(instr)}
            for _ in range(LOOK):
                following = []
                for each in frontier:
                    for other in getattr(each, step):
                        if id(other) in seen or other.opcode in ("parameter", "constant"):
                            continue
                        seen.add(id(other))
                        line = self._own_line(other)
                        if line[0] is not None:
                            return line
                        following.append(other)
                frontier = following[:64]   # (bounded: the nearest first)
                if not frontier:
                    break
        return None


def _frames_line(module: Module, instr: Instruction) -> tuple[str | None, str | None]:
    """(user line, library frame under it) from an instruction's own metadata."""
    meta = instr.metadata
    frame = meta.get("stack_frame_id")
    number = int(frame) if frame and frame.isdigit() else 0
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
