"""Editing a computation's text the way a user's change would edit the program (an instruction
computed again elsewhere, a copy removed, a buffer's type changed); the new text is parsed again,
so the whole pipeline sees an ordinary module. Instruction order is kept: it is the schedule."""
from __future__ import annotations

import re

from ..errors import BufvizError
from ..hlo.edit import BodyEdit, reparsed
from ..hlo.model import Instruction
from ..hlo.module import Module


def find_sequential(module: Module, name: str) -> Instruction | None:
    """The instruction `name` in a computation that runs in sequence (not inside a fusion)."""
    return _sequential(module).get(name)


def _sequential(module: Module) -> dict[str, Instruction]:
    """Every instruction outside fusion bodies, by name: built once per module (advice looks up
    hundreds of names; a walk over every computation per name was quadratic)."""
    found = module.__dict__.get("_sequential_index")
    if found is None:
        bodies = _fusion_bodies(module)
        found = {}
        for comp in module.computations.values():
            if comp.name in bodies:
                continue
            try:
                instructions = comp.instructions
            except BufvizError:   # a computation nothing runs need not read
                continue
            for instr in instructions:
                found.setdefault(instr.name, instr)
        module._sequential_index = found   # type: ignore[attr-defined]  # (a cache kept on the module)
    return found


_CALLS = re.compile(r"calls=%?([\w.\-]+)")


def _fusion_bodies(module: Module) -> set[str]:
    """The computations fusions call: each `calls=` whose line holds a fusion before it (found
    with str.find, so a long line is read a bounded number of times, not once per character)."""
    found = getattr(module, "_fusion_bodies", None)
    if found is None:
        text, found = module.text, set()
        for m in _CALLS.finditer(text):
            start = text.rfind("\n", 0, m.start()) + 1
            if text.find(" fusion(", start, m.start()) >= 0 or text.find("\tfusion(", start, m.start()) >= 0:
                found.add(m.group(1))
        module._fusion_bodies = found   # type: ignore[attr-defined]  # (a cache kept on the module)
    return found


def fresh_name(module: Module, base: str) -> str:
    """`base`, or `base2`, `base3` ...: the first no instruction of the module is named."""
    name, k = base, 2
    while _defined(module.text, name):
        name, k = f"{base}{k}", k + 1
    return name


def _defined(text: str, name: str) -> bool:
    """An instruction `name = ...` in `text` (str.find: a regex search per try cost a pass over
    the whole text at regex speed; XLA prints one blank each side of the `=`)."""
    needle = f"{name} = "
    at = text.find(needle)
    while at >= 0:
        before = text[at - 1] if at else "\n"
        if not (before.isalnum() or before in "_.-"):
            return True
        at = text.find(needle, at + 1)
    return False


def without_copies(module: Module, names: list[str]) -> Module:
    """The module with each copy in `names` removed: its users read the copied value itself."""
    for name in names:
        copy = find_sequential(module, name)
        assert copy is not None and copy.computation is not None   # (the callers name copies found in the module)
        edit = BodyEdit(copy.computation)
        for user in copy.users:
            edit.repoint(user, copy.name, copy.operands[0].name)
        edit.drop(copy)
        module = reparsed(module, edit.module_text())
    return module


def retyped(module: Module, names: list[str], dtype: str) -> Module:
    """The module with each instruction in `names` producing `dtype` elements (same dimensions
    and layout): what its buffer would take in a lower precision."""
    for name in names:
        instr = find_sequential(module, name)
        assert instr is not None   # (the callers name instructions found in the module)
        assert instr.computation is not None   # (an instruction of the module)
        edit = BodyEdit(instr.computation)
        edit.retype(instr, dtype + instr.shape_text[instr.shape_text.index("["):])
        module = reparsed(module, edit.module_text())
    return module
