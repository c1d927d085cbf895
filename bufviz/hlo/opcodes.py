"""What each opcode does to its elements, in one place (XLA's HloInstruction::IsElementwise and
its lists of unary and binary ops): rules that ask whether an instruction works element by
element read it here."""
from __future__ import annotations

from .shapes import ELEMENT_BYTES

UNARY = {"abs", "round-nearest-afz", "round-nearest-even", "ceil", "clz", "convert", "bitcast-convert",
         "copy", "cos", "exponential", "exponential-minus-one", "floor", "imag", "is-finite", "log",
         "log-plus-one", "not", "negate", "popcnt", "real", "reduce-precision", "rsqrt", "logistic",
         "sign", "sine", "sqrt", "cbrt", "tan", "tanh", "erf"}
BINARY = {"add", "atan2", "compare", "complex", "divide", "maximum", "minimum", "multiply", "power",
          "remainder", "subtract", "and", "or", "xor", "shift-left", "shift-right-arithmetic",
          "shift-right-logical", "stochastic-convert"}
OTHER_ELEMENTWISE = {"select", "clamp", "constant", "rng", "map"}
ELEMENTWISE = UNARY | BINARY | OTHER_ELEMENTWISE


def is_elementwise(instr) -> bool:
    op = instr.opcode
    if instr.shape.is_tuple:
        return False
    if op == "bitcast-convert":  # elementwise only between types of one width
        return ELEMENT_BYTES.get(instr.shape.subshape(()).dtype) == ELEMENT_BYTES.get(
            instr.operands[0].shape.subshape(()).dtype)
    return op in ELEMENTWISE
