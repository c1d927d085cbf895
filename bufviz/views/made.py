"""What XLA made a value of, where the program did not ask for it: a constant it materialises
(a broadcast of a scalar, an iota: XLA:CPU writes gelu's constants out in full for one fused
dot), a copy in another layout, shape or type (a transpose for a convolution's backward pass, a
padded operand of a GPU matmul), or a loop's state (a while body's parameter)."""
from __future__ import annotations

from ..hlo.model import Instruction

# Ops that only move, reshape, pad or convert elements: their result is a copy of their operand.
LAYOUT_OPS = ("copy", "transpose", "bitcast", "reverse", "reshape", "pad", "convert", "copy-start", "copy-done",
              "slice", "concatenate", "bitcast-convert")
# Ops that make elements from nothing but constants.
CONSTANT_OPS = ("constant", "iota", "broadcast")
MATERIALIZED = "materialized constants"
LAYOUT = "layout copies"


def made_by(instr: Instruction) -> str | None:
    """MATERIALIZED for a value computed from constants alone, LAYOUT for a copy of another value
    in another layout, shape or type, else None."""
    if instr.opcode in ("parameter", "constant"):
        return None
    operands = instr.operands
    if all(_constant(o) for o in operands) and (instr.opcode in CONSTANT_OPS or instr.opcode == "fusion"):
        return MATERIALIZED
    if instr.opcode in LAYOUT_OPS or (instr.opcode == "fusion" and _only(instr, LAYOUT_OPS)):
        return LAYOUT
    return None


def is_loop_state(instr: Instruction, loop_bodies: set[str]) -> bool:
    """A parameter of a while loop's body or condition: the state the loop carries."""
    return instr.opcode == "parameter" and instr.computation is not None and \
        instr.computation.name in loop_bodies


def loop_bodies(instructions) -> set[str]:
    """The computations while loops run (bodies and conditions), from the instructions read."""
    found: set[str] = set()
    for instr in instructions:
        if instr.opcode == "while":
            found.update(instr.callee_names(("body", "condition")))
    return found


def _constant(instr: Instruction) -> bool:
    """A constant, or a broadcast or reshape of one (one step)."""
    if instr.opcode == "constant":
        return True
    return instr.opcode in ("broadcast", "bitcast", "reshape") and all(o.opcode == "constant" for o in instr.operands)


def _only(fusion: Instruction, ops: tuple[str, ...]) -> bool:
    """A fusion whose body does nothing but `ops` (its parameters and constants aside)."""
    names = fusion.callee_names(("calls",))
    body = fusion.computation.module.computations.get(names[0]) if names and fusion.computation else None
    if body is None:
        return False
    return all(i.opcode in (*ops, "parameter", "constant", "broadcast") for i in body.instructions) and \
        any(i.opcode in ops for i in body.instructions)
