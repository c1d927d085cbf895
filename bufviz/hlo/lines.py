"""The grammar of one HLO instruction line, in one place: `[ROOT] %name = shape opcode(operands),
attributes`. The module parser, the body parser, the dump readers (which quote instructions in
`from instruction:` lines, old typed-operand style included) and the text editor all take their
patterns from here, so that a printer change touches this file only."""
from __future__ import annotations

import re

from ..errors import found
from ..units import bounded
from .attributes import bracket_depth, split_top_level

# The pieces every pattern below is built from.
NAME = r"[A-Za-z_][\w.\-]*"
_ROOT = r"(?:ROOT[ \t]+)?"
_ARRAY = r"[a-z][a-z0-9]*\[[^\]]*\](?:\{[^{}]*\})?"
_OPCODE = r"[a-z][a-z0-9\-]*"
# A compact tuple-element read (XLA since 2026-07): `%x#3`, nested `%p0#0#1`, outermost first.
TUPLE_PATH = r"(?:#\d+)+"

# `  ROOT %name = ` (the `%` is optional; old printers and TPU text omit it).
_HEAD = re.compile(rf"[ \t]*(ROOT[ \t]+)?%?({NAME})[ \t]*=[ \t]*")
_ARRAY_SHAPE = re.compile(_ARRAY)
_OPCODE_OPEN = re.compile(rf"[ \t]+({_OPCODE})\(")
_PARENS = re.compile(r"[()]")
# An operand reference `%name`, and one with its tuple path, if any, as one string (`x.0#0`).
_PERCENT_NAME = re.compile(r"%([\w.\-]+)")
_PERCENT_OPERAND = re.compile(rf"%([\w.\-]+(?:{TUPLE_PATH})?)")
_COMMENT = re.compile(r"/\*.*?\*/")
_OPERAND_LIST = re.compile(rf"\s*(?:(?:/\*[^*]*\*/)?%[\w.\-]+(?:{TUPLE_PATH})?\s*(?:,\s*|$))*")

# The start of an instruction line: a line that is not one continues the previous one.
STARTS_INSTRUCTION = re.compile(rf"[ \t]*{_ROOT}%?{NAME}[ \t]*=[ \t]")
# A line that is neither an instruction's start, blank, nor a comment: the first line, or one
# after a newline (searched from the literal newline: far faster than a multi-line `^`).
_NOT_AN_INSTRUCTION = rf"(?![ \t]*{_ROOT}%?{NAME}[ \t]*=[ \t]|[ \t]*(?://[^\n]*)?(?:\n|$))"
CONTINUES_FIRST = re.compile(_NOT_AN_INSTRUCTION)
CONTINUES_LATER = re.compile(r"\n" + _NOT_AN_INSTRUCTION)
# `[ROOT] name = shape opcode(operands without parentheses)`, the shape an array or a tuple of
# arrays (XLA:CPU's custom calls return one): what parse_instruction_line returns for such a
# line, in one match.
_SIMPLE = (rf"[ \t]*(ROOT[ \t]+)?%?({NAME})[ \t]*=[ \t]*"
           rf"([a-z][a-z0-9]*\[[^\]\n]*\](?:\{{[^{{}}\n]*\}})?|\([^()\n]*\))[ \t]+({_OPCODE})\(([^()\n]*)\)")
SIMPLE_LINE = re.compile(_SIMPLE)
# Every line of a body at once, where each is such a line (XLA:CPU's call-wrapped fusions).
SIMPLE_LINES = re.compile("^" + _SIMPLE + "([^\n]*)$", re.M)

# A compact tuple read among an instruction's operands: `%x#0`.
COMPACT_OPERAND = re.compile(rf"%([\w.\-]+{TUPLE_PATH})")

# Printer features, searched in a module's text (they date it).
PERCENT_INSTRUCTION = re.compile(rf"^[ \t]+{_ROOT}%[A-Za-z_]", re.M)
# (a tuple type holds no parenthesis: `[^()]*`, so a run of '(' is tried once each, not to its end)
TYPED_OPERAND = re.compile(rf"\((?:{_ARRAY}|\([^()]*\)) %[A-Za-z_]")
LINE_NAME = re.compile(rf"[ \t]+{_ROOT}%?([\w.\-]+) = ")
# XLA:CPU's parallel fusions wrapped in calls (`call(...), to_apply=%parallel_fusion`).
PARALLEL_WRAPPER = re.compile(r"to_apply=%?parallel_")
# A tuple read printed as an instruction of its own, not the computation's root.
EXPLICIT_TUPLE_READ = re.compile(r"^[ \t]+(?!ROOT )%?[\w.\-]+ = [^\n]*? get-tuple-element\(", re.M)
# jax's op_names with their source inline (jax since 0.10 prints stack-frame tables instead).
JAX_INLINE_SOURCE = re.compile(r'op_name="(?:jit|pmap|xmap)\([^"\n]*"[^\n]*? source_file="')

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
    o = _OPCODE_OPEN.match(line, end)
    if not o:
        raise LineSyntaxError("expected an opcode and '(' after the shape")
    open_pos = o.end() - 1
    close = matching_paren(line, open_pos)
    if close < 0:
        raise LineSyntaxError("expected ')' closing the operand list")
    return (m.group(1) is not None, m.group(2), shape_text, o.group(1),
            line[open_pos + 1:close], line[close + 1:])


def line_parts(line: str) -> tuple | None:
    """parse_instruction_line's parts of one line (None for a blank line or a comment): most
    lines in one regex match instead of the careful parser."""
    simple = SIMPLE_LINE.match(line)
    if simple:
        root_word, name, shape, opcode, args = simple.groups()
        return root_word is not None, name, shape, opcode, args, line[simple.end():]
    stripped = line.strip()
    if not stripped or stripped.startswith("//"):
        return None
    return parse_instruction_line(line)


def operand_names(opcode: str, args: str) -> list[str]:
    """Names of the operands in `args` (new `%a, %b`, bare `a, b`, or old `f32[] %a, f32[] %b`).
    A compact tuple read keeps its path: `%x#0` is `x#0` (see split_tuple_read)."""
    if opcode in NO_OPERAND_NAMES or not args or args.isspace():
        return []
    if "%" in args:
        if "#" not in args:
            return _PERCENT_NAME.findall(args)
        if not _OPERAND_LIST.fullmatch(args):   # a '#' in some operand syntax not known here
            bad = next((part.strip() for part in args.split(",") if not _OPERAND_LIST.fullmatch(part.strip())), args)
            raise LineSyntaxError(f"expected operands like %x or %x#0 (a tuple read), found {found(bad)}")
        return _PERCENT_OPERAND.findall(args)
    if "/*" in args:
        args = _COMMENT.sub("", args)
    if "[" not in args and "(" not in args:
        return [a.strip() for a in args.split(",")]
    # Typed operands without '%': the name is the last word of each operand.
    return [part.split()[-1] for part in split_top_level(args) if part.strip()]


def split_tuple_read(operand: str) -> tuple[str, tuple[int, ...]]:
    """`x.0#1#2` -> ('x.0', (1, 2)); a plain name -> (name, ()); units.NumberError past an int64."""
    name, *path = operand.split("#")
    return name, tuple(bounded(p, what="a tuple element number", least=0) for p in path)


def defines(line_start: str, name: str) -> re.Match | None:
    """The head `[indent][ROOT ][%]name =` of a line that defines `name` (groups: indent, ROOT
    word, percent sign, the `=` with its spaces)."""
    return re.match(r"([ \t]*)(ROOT[ \t]+)?(%?)" + re.escape(name) + r"([ \t]*=)", line_start)


def rename_operand(args: str, old: str, new: str) -> str:
    """An operand list reading `new` where it read `old`."""
    return re.sub(r"(?<![\w.\-])(%?)" + re.escape(old) + r"(?![\w.\-])", lambda m: m.group(1) + new, args)


class BodyLineError(LineSyntaxError):
    """A line of a computation's body that does not read: which (from the body's first) and its text."""

    def __init__(self, message: str, line: int, text: str):
        super().__init__(message)
        self.line, self.text = line, text


def body_rows(text: str) -> tuple[list[tuple], range | list[int]]:
    """The parts of each instruction line of a computation's body (as line_parts gives them) and
    each one's line in the body: one search where every line is a simple instruction line, else
    line by line, continued lines joined, blank lines and comments skipped."""
    rows = _simple_rows(text)
    if rows is not None:
        return rows, range(len(rows))
    lines: list[str] | list[str | None]
    lines = text.split("\n")
    # A line that does not start an instruction continues the one before (attribute values
    # spanning lines, TPU kernel metadata); one search tells whether the body has any.
    if CONTINUES_FIRST.match(text) is not None or CONTINUES_LATER.search(text) is not None:
        lines = _join_continued(lines)
    rows, numbers = [], []
    for i, line in enumerate(lines):
        if line is None:
            continue
        try:
            row = line_parts(line)
        except LineSyntaxError as e:
            raise BodyLineError(str(e), i, line) from None
        if row is not None:
            rows.append(row)
            numbers.append(i)
    return rows, numbers


def _simple_rows(text: str) -> list[tuple] | None:
    """(ROOT or "", name, shape, opcode, operands, attributes) of each line, found by one search
    over the body; None unless every line is a simple instruction line (then none continues
    another: each starts an instruction)."""
    rows = SIMPLE_LINES.findall(text)
    return rows if len(rows) == text.count("\n") + (not text.endswith("\n")) else None


def _join_continued(lines: list[str]) -> list[str | None]:
    """Attribute values may span lines (TPU kernel metadata): a line that leaves brackets open,
    followed by one that does not start an instruction, is joined with the lines after it
    until balanced. Joined lines become None (in place) so that the others keep their numbers."""
    joined: list = lines  # the same list: joined lines become None in it
    i = 0
    while i < len(lines):
        line = lines[i]
        start = i
        i += 1
        stripped = line.strip()
        if not stripped or stripped.startswith("//"):
            continue
        if i < len(lines) and not STARTS_INSTRUCTION.match(lines[i]) and (
                line.count("{") != line.count("}") or line.count("(") != line.count(")")):
            while bracket_depth(line) > 0 and i < len(lines):
                line += "\n" + lines[i]
                joined[i] = None
                i += 1
            lines[start] = line
    return joined
