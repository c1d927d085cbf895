"""Editing a computation's text the way a user's change would edit the program (an instruction
computed again elsewhere, a copy removed, a buffer's type changed); the new text is parsed again,
so the whole pipeline sees an ordinary module. Instruction order is kept: it is the schedule."""
from __future__ import annotations

import re

from ..hlo.model import Computation, Instruction, Module
from ..hlo.parser import parse_module


class BodyEdit:
    """The body of one computation as blocks of lines, one per instruction, in schedule order."""

    def __init__(self, comp: Computation):
        self.module, self.comp = comp.module, comp
        lines = comp.text.split("\n")
        base = comp._body_line
        instructions = comp.instructions
        self.head = lines[:instructions[0].line - base]
        self.blocks: list[tuple[str, list[str]]] = []
        for k, instr in enumerate(instructions):
            end = instructions[k + 1].line - base if k + 1 < len(instructions) else len(lines)
            self.blocks.append((instr.name, lines[instr.line - base:end]))

    def _at(self, name: str) -> int:
        return next(k for k, (n, _) in enumerate(self.blocks) if n == name)

    def copy_before(self, instr: Instruction, before: str, new_name: str) -> None:
        """A second `instr`, named `new_name`, computed just before `before`."""
        lines = _strip_trailing(self.blocks[self._at(instr.name)][1])
        head = re.match(r"(\s*)(ROOT\s+)?(%?)" + re.escape(instr.name) + r"(\s*=)", lines[0])
        lines[0] = f"{head.group(1)}{head.group(3)}{new_name}{head.group(4)}{lines[0][head.end():]}"
        self.blocks.insert(self._at(before), (new_name, lines))

    def move_before(self, instr: Instruction, before: str) -> None:
        block = self.blocks.pop(self._at(instr.name))
        self.blocks.insert(self._at(before), (block[0], _strip_trailing(block[1])))

    def drop(self, instr: Instruction) -> None:
        self.blocks.pop(self._at(instr.name))

    def repoint(self, user: Instruction, old: str, new: str) -> None:
        """`user` reads `new` where it read `old` (its operand list only)."""
        k = self._at(user.name)
        text = "\n".join(self.blocks[k][1])
        call = f"{user.opcode}({user.args})"
        at = text.find(call)
        args = re.sub(r"(?<![\w.\-])(%?)" + re.escape(old) + r"(?![\w.\-])", lambda m: m.group(1) + new, user.args)
        self.blocks[k] = (user.name, (text[:at] + f"{user.opcode}({args})" + text[at + len(call):]).split("\n"))

    def retype(self, instr: Instruction, shape_text: str) -> None:
        """`instr` produces `shape_text` instead of its printed shape."""
        k = self._at(instr.name)
        text = "\n".join(self.blocks[k][1])
        at = text.find(instr.shape_text, text.find("="))
        self.blocks[k] = (instr.name, (text[:at] + shape_text + text[at + len(instr.shape_text):]).split("\n"))

    def module_text(self) -> str:
        start, end = self.comp._body
        body = "\n".join(self.head + [line for _, lines in self.blocks for line in lines])
        return self.module.text[:start] + body + self.module.text[end:]


def _strip_trailing(lines: list[str]) -> list[str]:
    lines = list(lines)
    while len(lines) > 1 and not lines[-1].strip():
        lines.pop()
    return lines


def reparsed(module: Module, text: str) -> Module:
    return module if text is module.text else parse_module(text, module.path)


def find_sequential(module: Module, name: str) -> Instruction | None:
    """The instruction `name` in a computation that runs in sequence (not inside a fusion)."""
    fusion_bodies = _fusion_bodies(module)
    for comp in module.computations.values():   # what the analysis parsed first: no text scan
        if comp.parsed and comp.name not in fusion_bodies and name in comp:
            return comp.instruction(name)
    at = re.search(r"^[ \t]*(?:ROOT[ \t]+)?%?" + re.escape(name) + r"[ \t]*=[ \t]", module.text, re.M)
    if at is None:
        return None
    comp = next((c for c in module.computations.values() if c._body[0] <= at.start() < c._body[1]), None)
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
