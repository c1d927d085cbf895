"""What opcodes do, where more than one analysis asks: which work element by element (XLA's
HloInstruction::IsElementwise and its lists of unary and binary ops), which only pass their
operand's buffers on, and which buffers the older TuplePointsToAnalysis says an instruction
defines."""
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


# Opcodes that define no buffer of their own: their output is their (first) operand's.
PASS_THROUGH = frozenset({"bitcast", "domain", "add-dependency", "optimization-barrier"})

# TuplePointsToAnalysis (XLA's memory schedulers use it) defines no buffer for these opcodes...
POINTS_TO_DEFINES_NOTHING = frozenset({"get-tuple-element", "bitcast", "domain", "add-dependency",
                                       "optimization-barrier", "copy-done", "async-update", "async-done"})
# ... and for these only at these shape indices (elsewhere they point to their operands' buffers).
POINTS_TO_DEFINED_INDICES: dict[str, set[tuple[int, ...]]] = {
    "tuple": {()}, "copy": {()}, "copy-start": {(), (0,), (2,)}, "send": {(), (1,), (2,)}, "recv-done": {(), (1,)}}
