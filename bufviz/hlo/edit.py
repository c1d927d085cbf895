"""Editing a computation's text: its instruction blocks moved, copied, dropped or changed, the
rest of the module kept byte for byte. The new text is parsed again by the caller."""
from __future__ import annotations

import re

from ..errors import BufvizError
from .lines import defines, matching_paren, rename_operand
from .tuple_reads import compact_names, expand_tuple_reads, tuple_read_line
from .model import Computation, Instruction
from .module import Module
from .parser import parse_module


class BodyEdit:
    """The body of one computation as blocks of lines, one per instruction, in schedule order."""

    def __init__(self, comp: Computation):
        self.module, self.comp = comp.module, comp
        lines = comp.text.split("\n")
        base = comp.body_line
        printed = [i for i in comp.instructions if i.printed]
        self.head = lines[:printed[0].line - base]
        blocks = {}
        for k, instr in enumerate(printed):
            end = printed[k + 1].line - base if k + 1 < len(printed) else len(lines)
            blocks[instr.name] = lines[instr.line - base:end]
        self.reads = compact_names(comp) if len(printed) < len(comp.instructions) else {}
        if self.reads:
            # Tuple reads folded into operands (`%x#0`) are printed as instructions of their own,
            # so that an edit can move, copy or repoint them like any other.
            blocks = {name: [expand_tuple_reads(line, self.reads) for line in block] for name, block in blocks.items()}
            blocks.update({i.name: [tuple_read_line(i)] for i in comp.instructions if not i.printed})
        self.blocks: list[tuple[str, list[str]]] = [(i.name, blocks[i.name]) for i in comp.instructions]

    def _at(self, name: str) -> int:
        return next(k for k, (n, _) in enumerate(self.blocks) if n == name)

    def copy_before(self, instr: Instruction, before: str, new_name: str) -> None:
        """A second `instr`, named `new_name`, computed just before `before`."""
        lines = _strip_trailing(self.blocks[self._at(instr.name)][1])
        head = defines(lines[0], instr.name)
        assert head is not None  # (the block's first line defines it)
        lines[0] = f"{head.group(1)}{head.group(3)}{new_name}{head.group(4)}{lines[0][head.end():]}"
        self.blocks.insert(self._at(before), (new_name, lines))

    def move_before(self, instr: Instruction, before: str) -> None:
        block = self.blocks.pop(self._at(instr.name))
        self.blocks.insert(self._at(before), (block[0], _strip_trailing(block[1])))

    def insert_before(self, before: str, name: str, line: str) -> None:
        """A new instruction `name`, printed as `line`, computed just before `before`."""
        self.blocks.insert(self._at(before), (name, [line]))

    def drop(self, instr: Instruction) -> None:
        self.blocks.pop(self._at(instr.name))

    def repoint(self, user: Instruction, old: str, new: str) -> None:
        """`user` reads `new` where it read `old` (its operand list only, as printed now: an
        earlier repoint may have changed it)."""
        k = self._at(user.name)
        text = "\n".join(self.blocks[k][1])
        at = text.find(f" {user.opcode}(", text.find("="))
        close = matching_paren(text, at + len(user.opcode) + 1) if at >= 0 else -1
        if close < 0:
            raise BufvizError(f"expected the operands of {user.name} ({user.opcode}(...)) in its text to change, "
                              "found none", self.module.path, user.line)
        start = at + len(user.opcode) + 2
        args = rename_operand(text[start:close], old, new)
        self.blocks[k] = (user.name, (text[:start] + args + text[close:]).split("\n"))

    def retype(self, instr: Instruction, shape_text: str) -> None:
        """`instr` produces `shape_text` instead of its printed shape."""
        k = self._at(instr.name)
        text = "\n".join(self.blocks[k][1])
        at = text.find(instr.shape_text, text.find("="))
        self.blocks[k] = (instr.name, (text[:at] + shape_text + text[at + len(instr.shape_text):]).split("\n"))

    def reorder(self, names: list[str]) -> None:
        """The instructions in this order (every one of them); blank lines at the end stay there."""
        last = self.blocks[-1][1]
        tail = last[len(_strip_trailing(last)):]
        blocks = dict(self.blocks)
        self.blocks = [(name, _strip_trailing(blocks[name])) for name in names]
        self.blocks[-1] = (self.blocks[-1][0], self.blocks[-1][1] + tail)

    def body_text(self) -> str:
        return "\n".join(self.head + [line for _, lines in self.blocks for line in lines])

    def module_text(self) -> str:
        start, end = self.comp.body_span
        return self.module.text[:start] + self.body_text() + self.module.text[end:]


def scheduled_text(module: Module, sequences: dict) -> str:
    """The module's text with each computation in `sequences` printed in that order, marked
    `is_scheduled=true` (XLA then takes the printed order as the schedule)."""
    pieces, last = [], 0
    for comp in sorted(sequences, key=lambda c: c.body_span[0]):
        edit = BodyEdit(comp)
        edit.reorder([i.name for i in sequences[comp]])
        start, end = comp.body_span
        pieces += [module.text[last:start], edit.body_text()]
        last = end
    text = "".join(pieces) + module.text[last:]
    head = re.match(r"(\s*HloModule[ \t]+[^\s,]+)([^\n]*)", text)
    if head and not re.search(r"\bis_scheduled=true\b", head.group(2)):
        text = text[:head.end(1)] + ", is_scheduled=true" + text[head.end(1):]
    return text


def _strip_trailing(lines: list[str]) -> list[str]:
    lines = list(lines)
    while len(lines) > 1 and not lines[-1].strip():
        lines.pop()
    return lines


def reparsed(module: Module, text: str) -> Module:
    # (a module bufviz edited: its call graph is the one already checked for cycles)
    return module if text is module.text else parse_module(text, module.path, edited=True)


