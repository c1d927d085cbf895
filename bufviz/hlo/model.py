"""The HLO module as bufviz sees it. Computation bodies are parsed on first use, so a large
module costs only what the analysis touches (fusion bodies are rarely needed)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ..errors import BufvizError, found
from .attributes import bracket_depth
from .instruction import Instruction
from .lines import (CONTINUES_FIRST, CONTINUES_LATER, SIMPLE_LINES, STARTS_INSTRUCTION, LineSyntaxError,
                    line_parts, operand_names)
from .shapes import ShapeSyntaxError, known_shape, parse_shape
from .tuple_reads import rebuild_tuple_reads

if TYPE_CHECKING:
    from ..textfile import TextInFile

# Attributes each control-flow opcode must carry (alternatives grouped): the schedule follows them.
REQUIRED_CALLEES = {
    "while": (("condition",), ("body",)),
    "call": (("to_apply", "calls"),),
    "conditional": (("branch_computations", "true_computation"),),
    "async-start": (("calls",),),
    "fusion": (("calls",),),
}


class Computation:
    __slots__ = ("name", "is_entry", "line", "signature", "execution_thread", "module", "order",
                 "_body", "_body_line", "_instructions", "_by_name", "_root", "_parameters")

    def __init__(self, name, is_entry, line, signature, execution_thread, module, body, body_line):
        """`body` is the (start, end) offsets of the body in the module's text."""
        self.name = name
        self.is_entry = is_entry
        self.line = line
        self.signature = signature
        self.execution_thread = execution_thread
        self.module = module
        self.order: int | None = None   # where it is printed, for text bufviz did not write itself
        self._body = body
        self._body_line = body_line
        self._instructions: list[Instruction] | None = None
        self._by_name: dict[str, Instruction] | None = None   # set with _instructions
        self._root: Instruction | None = None
        self._parameters: list[Instruction] | None = None

    @property
    def instructions(self) -> list[Instruction]:
        if self._instructions is None:
            self._parse_body()
            assert self._instructions is not None  # (set by _parse_body)
        return self._instructions

    @property
    def body_span(self) -> tuple[int, int]:
        """Where the body is in the module's text: (start, end) offsets."""
        return self._body

    @property
    def body_line(self) -> int:
        """The line number of the body's first line in the module's text."""
        return self._body_line

    def adopt(self, instructions: list[Instruction], root: Instruction | None) -> None:
        """Instructions built elsewhere (from a dump's values, without the text) as this
        computation's own."""
        self._instructions = instructions
        self._by_name = {i.name: i for i in instructions}
        self._root = root

    @property
    def text(self) -> str:
        """The body as printed (without parsing it)."""
        return self.module.span(*self._body)

    def contains_any(self, needles: tuple[str, ...]) -> bool:
        """Whether the body's text holds one of `needles` (a scan, without parsing it)."""
        text, start, end = self.module.window(*self._body)
        find = text.find
        return any(find(needle, start, end) >= 0 for needle in needles)

    def printed_line(self, name: str | None = None):
        """The ROOT line, or the line defining `name`, read from the text without parsing the
        body: parse_instruction_line's tuple, or None where no such line reads cleanly."""
        text, start, end = self.module.window(*self._body)
        if name is None:
            k = text.rfind("ROOT ", start, end)
        else:  # (printed just before its user, as a rule: searched from the end)
            k = max(text.rfind(f" {name} = ", start, end), text.rfind(f"%{name} = ", start, end))
        if k < 0:
            return None
        line_start = text.rfind("\n", start, k) + 1 or start
        if text[line_start:k].strip() not in ("", "ROOT"):
            return None  # inside some other text, not the line's first word
        line_end = text.find("\n", k, end)
        try:
            return line_parts(text[line_start:end if line_end < 0 else line_end])
        except LineSyntaxError:
            return None

    @property
    def parsed(self) -> bool:
        return self._instructions is not None

    @property
    def root(self) -> Instruction:
        if self._instructions is None:
            self._parse_body()
        return self._root  # type: ignore[return-value]  # (None only where adopt was given no instructions)

    @property
    def instructions_by_name(self) -> dict[str, Instruction]:
        if self._instructions is None:
            self._parse_body()
        assert self._by_name is not None  # (set with _instructions)
        return self._by_name

    def instruction(self, name: str) -> Instruction:
        if self._instructions is None:
            self._parse_body()
        assert self._by_name is not None  # (set with _instructions)
        return self._by_name[name]

    def __contains__(self, name: str) -> bool:
        if self._instructions is None:
            self._parse_body()
        assert self._by_name is not None  # (set with _instructions)
        return name in self._by_name

    @property
    def parameters(self) -> list[Instruction]:
        """Parameters by number (computed once: analyses ask often)."""
        if self._parameters is None:
            params = [i for i in self.instructions if i.opcode == "parameter"]
            self._parameters = sorted(params, key=lambda p: p.parameter_number)
        return self._parameters

    def parameter(self, number: int) -> Instruction | None:
        params = self.parameters
        if number < len(params) and params[number].parameter_number == number:
            return params[number]
        return next((p for p in params if p.parameter_number == number), None)

    def rename(self, instr: Instruction, name: str) -> None:
        """Give an instruction of this computation another name (rebuilt tuple reads take the
        names XLA's dumps give them)."""
        if self._instructions is None:
            self._parse_body()
        assert self._by_name is not None  # (set with _instructions)
        del self._by_name[instr.name]
        instr.name = name
        self._by_name[name] = instr

    def reorder(self, instructions: list[Instruction]) -> None:
        """The same instructions in another order (the schedule a dump gives)."""
        assert len(instructions) == len(self.instructions)
        self._instructions = instructions

    def _error(self, line: int, message: str) -> BufvizError:
        return BufvizError(message, self.module.path, line)

    def _parse_body(self) -> None:
        text = self.text
        rows = _simple_rows(text)
        numbers: Sequence[int]
        if rows is None:
            rows, numbers = self._careful_rows(text)
        else:
            numbers = range(len(rows))  # each row's line in the body
        instructions: list[Instruction] = []
        by_name: dict[str, Instruction] = {}
        root = None
        base, intern = self._body_line, self.module.texts.setdefault
        for number, (root_word, name, shape, opcode, args, attrs) in zip(numbers, rows):
            line = base + number
            if name in by_name:
                raise self._error(line, f"expected a new instruction name, found {name!r} defined twice")
            # One string per distinct opcode and shape text: large modules repeat few of them.
            opcode, shape = intern(opcode, opcode), intern(shape, shape)
            parsed = known_shape(shape)
            if parsed is None:
                try:
                    parsed = parse_shape(shape)
                except ShapeSyntaxError as e:
                    raise self._error(line, f"{e}, found {found(shape)}") from None
            if opcode == "parameter":  # (numbers repeat across the computations of a module)
                if not args.strip().isdigit():
                    printed = text.split("\n")[number]
                    raise self._error(line, f"expected parameter(N), found {found(printed)}")
                args = intern(args, args)
            instr = Instruction(name, opcode, shape, args, attrs, bool(root_word), line)
            instr.computation = self
            instr._shape = parsed
            instructions.append(instr)
            by_name[name] = instr
            if root_word:
                if root is not None:
                    raise self._error(line, f"expected one ROOT in computation {self.name!r}, found a second")
                root = instr
        if not instructions:
            raise self._error(self.line, f"expected instructions in computation {self.name!r}, found none")
        lookup = by_name
        if "#" in text:  # compact tuple reads `%x#0` (XLA since 2026-07), or a '#' in some string
            instructions, reads = rebuild_tuple_reads(self, instructions, by_name)
            if reads:
                lookup = {**by_name, **reads}
        for instr in instructions:
            opcode = instr.opcode
            if opcode == "parameter":  # (most instructions of XLA:CPU's call-wrapped fusions)
                continue
            try:
                operands = instr.operands = [lookup[n] for n in operand_names(opcode, instr.args)]
            except KeyError as e:
                raise self._error(instr.line, f"expected an operand defined in {self.name!r}, "
                                              f"found unknown name {e.args[0]!r}") from None
            except LineSyntaxError as e:
                raise self._error(instr.line, str(e)) from None
            if opcode == "get-tuple-element":
                self._check_tuple_index(instr)
            elif opcode in REQUIRED_CALLEES:
                self._check_callees(instr)
            if len(operands) == 1:
                operands[0].users.append(instr)
            elif operands:  # each user once
                for op in (dict.fromkeys(operands) if len(operands) > 2 else
                           operands[:1] if operands[-1] is operands[0] else operands):
                    op.users.append(instr)
        self._root = root if root is not None else instructions[-1]
        self._root.is_root = True
        self._instructions = instructions
        self._by_name = by_name

    def _careful_rows(self, text: str) -> tuple[list[tuple], list[int]]:
        """Each instruction line's parts (as _simple_rows gives them) and its line in the body,
        read line by line: continued lines joined, blank lines and comments skipped."""
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
                raise self._error(self._body_line + i, f"{e}, found {found(line)}") from None
            if row is not None:
                rows.append(row)
                numbers.append(i)
        return rows, numbers

    def _check_callees(self, instr: Instruction) -> None:
        """Control flow must name computations that exist (the schedule follows them)."""
        for keys in REQUIRED_CALLEES[instr.opcode]:
            names = instr.callee_names(keys)
            if not names:
                raise self._error(instr.line, f"expected {instr.opcode} with {' or '.join(k + '=' for k in keys)}, "
                                              f"found {found(instr.attr_text)}")
            for name in names:
                if name not in self.module.computations:
                    raise self._error(instr.line, f"expected a computation named {name!r}, found none")

    def _check_tuple_index(self, instr: Instruction) -> None:
        index = instr.attr("index")  # (XLA prints it first: no need to split every attribute)
        operand = instr.operands[0] if len(instr.operands) == 1 else None
        if (index is None or not index.isdigit() or operand is None or not operand.shape.is_tuple
                or int(index) >= len(operand.shape.elements)):
            raise self._error(instr.line, "expected get-tuple-element of one tuple operand with an "
                                          f"index=N inside it, found {found(instr.name + ' ' + instr.attr_text)}")

    def __repr__(self) -> str:
        return f"<computation {self.name}>"


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
    joined = cast("list[str | None]", lines)  # the same list: joined lines become None in it
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


class Module:
    """A parsed HLO module. `features` records printer details used to date the text."""

    def __init__(self, name: str, path: str, text: str):
        self.name = name
        self.path = path
        self._text: str | None = text  # kept: computation bodies are parsed from it on first use
        self._file: TextInFile | None = None  # a large file's text, read back in pieces instead
        self._last_window: tuple[tuple[int, int] | None, str] = (None, "")
        self.attributes: dict[str, str] = {}
        self.computations: dict[str, Computation] = {}
        self.entry: Computation | None = None
        self.is_scheduled = False
        self.input_output_alias: list[tuple] = []   # (output_index, parameter, param_index, kind)
        self.buffer_donors: list[tuple] = []        # (parameter, param_index)
        self.entry_computation_layout: str | None = None
        self.file_names: dict[int, str] = {}
        self.function_names: dict[int, str] = {}
        self.file_locations: dict[int, dict[str, int]] = {}
        self.stack_frames: dict[int, tuple[int, int]] = {}  # id -> (file_location_id, parent id)
        self.features: dict[str, bool | str | None] = {}
        self.texts: dict[str, str] = {}  # each opcode and shape text once (instructions share them)
        self.rebuilt_names: set[str] = set()  # names given to rebuilt tuple reads (kept unique)

    @property
    def text(self) -> str:
        """The whole text (read back and kept again where it was let go: edits need it)."""
        if self._text is None:
            assert self._file is not None  # (the text is let go only by read_back_from)
            self._text = self._file.read(0, self._file.size)
        return self._text

    def span(self, start: int, end: int) -> str:
        text, start, end = self.window(start, end)
        return text[start:end]

    def window(self, start: int, end: int) -> tuple[str, int, int]:
        """Text holding [start, end) and the offsets of that span in it: the whole text where it
        is held (no copy), else the span read back."""
        if self._text is not None:
            return self._text, start, end
        if self._last_window[0] != (start, end):  # (a root's chain is read line by line)
            assert self._file is not None  # (the text is let go only by read_back_from)
            self._last_window = ((start, end), self._file.read(start, end))
        return self._last_window[1], 0, end - start

    def parsed_instructions(self) -> dict[str, Instruction]:
        """The instructions of every computation parsed so far, by name: what the analysis read
        (fusion bodies it never needed are left out, unparsed)."""
        found: dict[str, Instruction] = {}
        for comp in self.computations.values():
            if comp.parsed:
                found.update(comp.instructions_by_name)
        return found

    def read_back_from(self, file: TextInFile) -> None:
        """Let go of the text once indexed: spans are read back from `file` (a TextInFile)."""
        self._file = file
        self._text = None

    @property
    def donated(self) -> set[tuple[int, tuple]]:
        """(parameter number, parameter index) of every input_output_alias entry."""
        return {(number, tuple(index)) for _, number, index, _ in self.input_output_alias}

    def computation(self, name: str) -> Computation:
        try:
            return self.computations[name]
        except KeyError:
            raise BufvizError(f"expected a computation named {name!r}, found none", self.path) from None

    def parse_all(self) -> None:
        """Parse every computation body and shape (validation; the analysis parses lazily)."""
        for comp in self.computations.values():
            comp.instructions

    def frame_chain(self, frame_id: int) -> list[tuple[str, int, str]]:
        """(file, line, function) from the innermost frame outwards for a `stack_frame_id`."""
        chain = []
        seen = set()
        while frame_id and frame_id in self.stack_frames and frame_id not in seen:
            seen.add(frame_id)
            chain.append(self._frame(frame_id))
            frame_id = self.stack_frames[frame_id][1]
        return chain

    def _frame(self, frame_id: int) -> tuple[str, int, str]:
        """(file, line, function) of one frame of the stack-frame tables."""
        loc = self.file_locations.get(self.stack_frames[frame_id][0], {})
        return (self.file_names.get(loc.get("file_name_id", 0), "?"), loc.get("line", 0),
                self.function_names.get(loc.get("function_name_id", 0), "?"))

    def source_of(self, instr: Instruction, meta: dict[str, str] | None = None) -> str | None:
        """`file:line` of an instruction: metadata source_file/line, else its innermost stack frame.
        `meta`: its metadata, where the caller has parsed it already."""
        meta = instr.metadata if meta is None else meta
        if meta.get("source_file"):
            line: str | int | None = meta.get("source_line")
            return f"{meta['source_file']}:{line}" if line else meta["source_file"]
        frame = meta.get("stack_frame_id")
        number = int(frame) if frame and frame.isdigit() else 0
        if number and number in self.stack_frames:   # its innermost frame (the chain's first)
            file, line, _ = self._frame(number)
            return f"{file}:{line}"
        return None
