"""An HLO instruction as bufviz reads it: its parts as printed, its shape and attributes parsed
on first use, its operands and users linked once its computation is read (model.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import BufvizError
from .attributes import (parse_alias_pairs, parse_backend_config, parse_frontend_attributes, parse_metadata,
                         parse_name_list, plain_attribute, split_attributes, unquote)
from .shapes import Shape, parse_shape

if TYPE_CHECKING:
    from .model import Computation

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
        return int(self.args)

    @property
    def tuple_index(self) -> int:
        index = self.attr("index")
        assert index is not None  # (a get-tuple-element's index=N is checked when the body is parsed)
        return int(index)

    @property
    def output_to_operand_aliasing(self):
        """[(output_index, operand_number, operand_index)] from `output_to_operand_aliasing`."""
        text = self.attr("output_to_operand_aliasing")
        if not text:
            return []
        return [(out, num, idx) for out, num, idx, _ in parse_alias_pairs(text)]

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
