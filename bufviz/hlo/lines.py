"""One HLO instruction line -> its parts. Shared by the module parser and the dump readers,
which quote instructions in `from instruction:` lines (old typed-operand style included)."""
from __future__ import annotations

import re

from .attributes import split_top_level

# `  ROOT %name = ` (the `%` is optional; old printers and TPU text omit it).
_HEAD = re.compile(r"[ \t]*(ROOT[ \t]+)?%?([A-Za-z_][\w.\-]*)[ \t]*=[ \t]*")
_ARRAY_SHAPE = re.compile(r"[a-z][a-z0-9]*\[[^\]]*\](?:\{[^{}]*\})?")
_OPCODE = re.compile(r"[ \t]+([a-z][a-z0-9\-]*)\(")
_PARENS = re.compile(r"[()]")
_PERCENT_NAME = re.compile(r"%([\w.\-]+)")
_COMMENT = re.compile(r"/\*.*?\*/")

# Opcodes whose parenthesised text is not a list of operand names.
NO_OPERAND_NAMES = frozenset({"parameter", "constant"})


class LineSyntaxError(ValueError):
    """The line is not an instruction; the message says what was expected."""


def matching_paren(text: str, open_pos: int) -> int:
    """Index of the ')' matching the '(' at open_pos, or -1."""
    close = text.find(")", open_pos + 1)
    if close < 0:
        return -1
    if text.find("(", open_pos + 1, close) < 0:
        return close
    depth = 0
    for m in _PARENS.finditer(text, open_pos):
        depth += 1 if m.group() == "(" else -1
        if depth == 0:
            return m.start()
    return -1


def parse_instruction_line(line: str):
    """`[ROOT] name = shape opcode(args), attrs` -> (is_root, name, shape_text, opcode, args, attrs).

    Raises LineSyntaxError with what was expected.
    """
    m = _HEAD.match(line)
    if not m:
        raise LineSyntaxError("expected an instruction 'name = shape opcode(operands)'")
    pos = m.end()
    if line.startswith("(", pos):
        end = matching_paren(line, pos)
        if end < 0:
            raise LineSyntaxError("expected ')' closing the tuple shape")
        end += 1
    else:
        s = _ARRAY_SHAPE.match(line, pos)
        if not s:
            raise LineSyntaxError("expected a shape such as f32[8,128]{1,0} after '='")
        end = s.end()
    shape_text = line[pos:end]
    o = _OPCODE.match(line, end)
    if not o:
        raise LineSyntaxError("expected an opcode and '(' after the shape")
    open_pos = o.end() - 1
    close = matching_paren(line, open_pos)
    if close < 0:
        raise LineSyntaxError("expected ')' closing the operand list")
    return (m.group(1) is not None, m.group(2), shape_text, o.group(1),
            line[open_pos + 1:close], line[close + 1:])


def operand_names(opcode: str, args: str) -> list[str]:
    """Names of the operands in `args` (new `%a, %b`, bare `a, b`, or old `f32[] %a, f32[] %b`)."""
    if opcode in NO_OPERAND_NAMES or not args or args.isspace():
        return []
    if "%" in args:
        return _PERCENT_NAME.findall(args)
    if "/*" in args:
        args = _COMMENT.sub("", args)
    if "[" not in args and "(" not in args:
        return [a.strip() for a in args.split(",")]
    # Typed operands without '%': the name is the last word of each operand.
    return [part.split()[-1] for part in split_top_level(args) if part.strip()]
