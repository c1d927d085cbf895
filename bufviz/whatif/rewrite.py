"""Editing a computation's text the way a user's change would edit the program (an instruction
computed again elsewhere, a copy removed, a buffer's type changed); the new text is parsed again,
so the whole pipeline sees an ordinary module. Instruction order is kept: it is the schedule."""
from __future__ import annotations

import re

from ..hlo.edit import BodyEdit, reparsed
from ..hlo.model import Instruction, Module


def find_sequential(module: Module, name: str) -> Instruction | None:
    """The instruction `name` in a computation that runs in sequence (not inside a fusion)."""
    fusion_bodies = _fusion_bodies(module)
    for comp in module.computations.values():   # what the analysis parsed first: no text scan
        if comp.parsed and comp.name not in fusion_bodies and name in comp:
            return comp.instruction(name)
    at = re.search(r"^[ \t]*(?:ROOT[ \t]+)?%?" + re.escape(name) + r"[ \t]*=[ \t]", module.text, re.M)
    if at is None:
        return None
    comp = next((c for c in module.computations.values() if c.body_span[0] <= at.start() < c.body_span[1]), None)
    if comp is None or comp.name in fusion_bodies or name not in comp:
        return None
    return comp.instruction(name)


_FUSION_CALLS = re.compile(r"[ \t]fusion\([^\n]*?calls=%?([\w.\-]+)")


def _fusion_bodies(module: Module) -> set[str]:
    found = getattr(module, "_fusion_bodies", None)
    if found is None:
        found = module._fusion_bodies = set(_FUSION_CALLS.findall(module.text))
    return found


def fresh_name(module: Module, base: str) -> str:
    name, k = base, 2
    while re.search(r"(?<![\w.\-])%?" + re.escape(name) + r"[ \t]*=[ \t]", module.text):
        name, k = f"{base}{k}", k + 1
    return name


def without_copies(module: Module, names: list[str]) -> Module:
    """The module with each copy in `names` removed: its users read the copied value itself."""
    for name in names:
        copy = find_sequential(module, name)
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
        edit = BodyEdit(instr.computation)
        edit.retype(instr, dtype + instr.shape_text[instr.shape_text.index("["):])
        module = reparsed(module, edit.module_text())
    return module
