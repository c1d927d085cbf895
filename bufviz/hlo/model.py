"""The HLO module's instructions and computations as bufviz sees them (the module itself:
module.py). Computation bodies are parsed on first use, so a large module costs only what the
analysis touches (fusion bodies are rarely needed); an instruction's shape and attributes are
parsed on first use too, its operands and users linked once its computation is read."""
from __future__ import annotations

from ..errors import BufvizError, found
from ..units import INT64_MAX, NumberError, bounded
from .attributes import (parse_alias_pairs, parse_backend_config, parse_frontend_attributes, parse_metadata,
                         parse_name_list, plain_attribute, split_attributes, unquote)
from .lines import (NO_OPERAND_NAMES, BodyLineError, LineSyntaxError, body_rows, line_parts, operand_names,
                    split_tuple_read)
from .shapes import Shape, ShapeSyntaxError, known_shape, parse_shape

# Attributes naming called computations, in the order XLA lists an instruction's callees
# (except while, whose condition we list first because it is flattened first).
CALLEE_KEYS = ("calls", "to_apply", "condition", "body", "branch_computations",
               "true_computation", "false_computation", "select", "scatter", "called_computations")


_NO_OPERANDS: list = []  # shared by every instruction without operands (most are parameters)


class Instruction:
    __slots__ = ("name", "opcode", "shape_text", "args", "attr_text", "is_root", "line",
                 "computation", "operands", "users", "_attrs", "_shape", "_metadata", "_callees")
    printed = True  # False for a tuple read rebuilt from a compact operand (hlo/tuple_reads.py)

    def __init__(self, name, opcode, shape_text, args, attr_text, is_root, line):
        self.name = name
        self.opcode = opcode
        self.shape_text = shape_text
        self.args = args
        self.attr_text = attr_text
        self.is_root = is_root
        self.line = line
        self.computation: Computation | None = None   # its Computation (model.py), set as the computation is read
        self.operands: list[Instruction] = _NO_OPERANDS  # replaced, never changed in place
        self.users: list[Instruction] = []
        self._attrs = None
        self._shape = None
        self._metadata = None
        self._callees = None

    @property
    def shape(self) -> Shape:
        if self._shape is None:
            self._shape = parse_shape(self.shape_text)
        return self._shape

    @property
    def attrs(self) -> dict[str, str]:
        if self._attrs is None:
            self._attrs = split_attributes(self.attr_text) if self.attr_text else {}
        return self._attrs

    def attr(self, key: str) -> str | None:
        # Cheap pre-check: most instructions have few attributes and most lookups miss.
        text = self.attr_text
        if key not in text:
            return None
        if self._attrs is None:
            # Names of callees, indices and kinds come before the long metadata and backend
            # config: read one plainly printed value without splitting them all.
            value = plain_attribute(text, key)
            if value is not None:
                return value
        return self.attrs.get(key)

    @property
    def metadata(self) -> dict[str, str]:
        """Parsed once (op_names and sources are asked for by many passes); do not change it."""
        if self._metadata is None:
            text = self.attr("metadata")
            self._metadata = parse_metadata(text) if text else {}
        return self._metadata

    @property
    def op_name(self) -> str:
        return self.metadata.get("op_name", "")

    @property
    def backend_config(self):
        text = self.attr("backend_config")
        return parse_backend_config(text) if text is not None else None

    @property
    def frontend_attributes(self) -> dict[str, str]:
        text = self.attr("frontend_attributes")
        return parse_frontend_attributes(text) if text else {}

    @property
    def sharding(self) -> str | None:
        return self.attr("sharding")

    @property
    def custom_call_target(self) -> str | None:
        text = self.attr("custom_call_target")
        return unquote(text) if text is not None else None

    @property
    def parameter_number(self) -> int:
        return bounded(self.args)   # (checked when the body is read)

    @property
    def tuple_index(self) -> int:
        index = self.attr("index")
        assert index is not None  # (a get-tuple-element's index=N is checked when the body is parsed)
        return bounded(index)

    @property
    def output_to_operand_aliasing(self):
        """[(output_index, operand_number, operand_index)] from `output_to_operand_aliasing`."""
        text = self.attr("output_to_operand_aliasing")
        if not text:
            return []
        try:
            return [(out, num, idx) for out, num, idx, _ in parse_alias_pairs(text)]
        except NumberError as e:
            raise BufvizError(f"expected output_to_operand_aliasing of {e}, found {e.text}",
                              self.computation.module.path if self.computation else None, self.line) from None

    @property
    def control_predecessors(self) -> list["Instruction"]:
        text = self.attr("control-predecessors")
        if not text:
            return []
        comp = self.computation
        assert comp is not None  # (set as its computation is read)
        return [comp.instruction(n) for n in parse_name_list(text) if n in comp]

    def callee_names(self, keys=CALLEE_KEYS) -> list[str]:
        """Names of the computations this instruction calls, for the given attribute keys (read
        once per keys: a dozen passes ask)."""
        found = self._callees.get(keys) if self._callees is not None else None
        if found is not None:
            return list(found)
        names = []
        attr_text = self.attr_text
        for key in keys:
            if key in attr_text:  # (most keys are absent: spared the call)
                text = self.attr(key)
                if text:
                    names.extend(parse_name_list(text))
        if names and self.computation is not None and self.computation.order is not None:
            self._refuse_later_callees(names)
        if self._callees is None:
            self._callees = {}
        self._callees[keys] = tuple(names)
        return names

    def _refuse_later_callees(self, names: list[str]) -> None:
        """XLA prints a computation before every computation that calls it (post order: 1,856
        modules of every printer, none otherwise). A call to itself or to one printed after it
        is an input error: the walks that follow calls then only ever go back in the text, so a
        call cycle can never send one round for ever (checked where calls are read, no pass of
        its own over the text)."""
        comp = self.computation
        assert comp is not None  # (callee_names calls it only then)
        for name in names:
            callee = comp.module.computations.get(name)
            if callee is not None and callee.order is not None and callee.order >= comp.order:
                what = "itself" if callee is comp else f"{name!r}, printed after it"
                raise BufvizError(f"expected a computation to call only computations printed before it (as XLA "
                                  f"prints them; a call cycle otherwise), found {comp.name!r} calling {what}",
                                  comp.module.path, self.line)

    def called_body(self, keys=("calls",)):
        """The computation it calls first (a fusion's body), or None."""
        names = self.callee_names(keys)
        return self.computation.module.computations.get(names[0]) if names and self.computation else None

    def __repr__(self) -> str:
        return f"<{self.opcode} {self.name}>"


class TupleRead(Instruction):
    """A get-tuple-element the text did not print (rebuilt from a `%x#N` operand)."""
    __slots__ = ()
    printed = False


def rebuild_tuple_reads(comp, instructions: list[Instruction],
                        by_name: dict[str, Instruction]) -> tuple[list[Instruction], dict[str, Instruction]]:
    """The computation's instructions with the rebuilt reads in place, and each compact operand
    (`x#0`) -> its read. The reads are added to `by_name`."""
    reads: dict[str, Instruction] = {}
    ordered: list[Instruction] = []
    for instr in instructions:
        if instr.opcode not in NO_OPERAND_NAMES and "#" in instr.args:
            try:
                operands = operand_names(instr.opcode, instr.args)
            except LineSyntaxError as e:
                raise BufvizError(str(e), comp.module.path, instr.line) from None
            for operand in operands:
                if "#" in operand and operand not in reads:
                    ordered.extend(_chain(comp, operand, instr, by_name, reads))
        ordered.append(instr)
    return ordered, reads


def _chain(comp, operand: str, user: Instruction, by_name: dict, reads: dict) -> list[Instruction]:
    """The reads `operand` needs that are not built yet, outermost first."""
    try:
        name, path = split_tuple_read(operand)
    except NumberError as e:
        raise BufvizError(f"expected {e}, found {found('%' + operand)}", comp.module.path, user.line) from None
    base = by_name.get(name)
    if base is None:
        raise BufvizError(f"expected an operand defined in {comp.name!r}, found unknown name {name!r} "
                          f"(in {found('%' + operand)})", comp.module.path, user.line)
    built: list[Instruction] = []
    for depth, element in enumerate(path, 1):
        key = name + "".join(f"#{i}" for i in path[:depth])
        read = reads.get(key)
        if read is None:
            shape = base.shape
            if not shape.is_tuple or element >= len(shape.elements):
                raise BufvizError(f"expected {'%' + key} to read element {element} of a tuple, found "
                                  f"{base.name} of shape {found(shape.text)}", comp.module.path, user.line)
            sub = shape.elements[element]
            read = TupleRead(_unique(comp, key.replace("#", "_"), by_name), "get-tuple-element", sub.text,
                             base.name, f", index={element}", False, user.line)
            read.computation = comp
            read._shape = sub
            reads[key] = by_name[read.name] = read
            built.append(read)
        base = read
    return built


def _unique(comp, wanted: str, by_name: dict) -> str:
    """`wanted`, or `wanted.1`, `wanted.2`... where the name is taken (XLA's name uniquer)."""
    taken = comp.module.rebuilt_names
    name, k = wanted, 0
    while name in by_name or name in taken:
        k += 1
        name = f"{wanted}.{k}"
    taken.add(name)
    return name


def digits(text: str, most: int = INT64_MAX) -> int | None:
    """`text`, digits alone, as a number of 0..most (units.bounded); None where it is none."""
    try:
        return bounded(text, most, least=0) if text.strip().isdigit() else None
    except NumberError:
        return None


def tuple_problem(instr: Instruction) -> str | None:
    """What keeps the passes from reading a tuple's parts by position (dataflow, thread-local
    values, aliasing): a get-tuple-element's index outside its operand's tuple, a tuple of another
    number of elements than its operands. None where nothing does."""
    op, shape = instr.opcode, instr.shape
    if op == "get-tuple-element":
        index = instr.attr("index")  # (XLA prints it first: no need to split every attribute)
        operand = instr.operands[0] if len(instr.operands) == 1 else None
        if (index is None or operand is None or not operand.shape.is_tuple
                or digits(index, len(operand.shape.elements) - 1) is None):
            return ("expected get-tuple-element of one tuple operand with an index=N inside it, "
                    f"found {found(instr.name + ' ' + instr.attr_text)}")
    elif op == "tuple" and (not shape.is_tuple or len(shape.elements) != len(instr.operands)):
        return (f"expected a tuple of as many elements as its {len(instr.operands)} operands, "
                f"found {found(instr.shape_text)}")
    return None


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
        try:
            rows, numbers = body_rows(text)
        except BodyLineError as e:
            raise self._error(self._body_line + e.line, f"{e}, found {found(e.text)}") from None
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
                if digits(args) is None:
                    printed = text.split("\n")[number]
                    raise self._error(line, f"expected parameter(N), N of 0 to 2^63-1, found {found(printed)}")
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
            if opcode in ("get-tuple-element", "tuple") and (problem := tuple_problem(instr)):
                raise self._error(instr.line, problem)
            if opcode in REQUIRED_CALLEES:
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

    def __repr__(self) -> str:
        return f"<computation {self.name}>"
