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
# Ops whose result is their operand in another layout (XLA's copies of a parameter).
COPY_OPS = ("copy", "bitcast", "transpose", "reverse", "reshape", "copy-start", "copy-done")
# What a parameter goes through and stays itself, or a slice of itself (a scanned layer's piece
# of stacked weights): the walks from a parameter to what reads it (layers.py, collectives.py).
PASSING = ("bitcast", "copy", "reshape", "transpose", "convert", "get-tuple-element", "copy-start", "copy-done",
           "optimization-barrier")
SLICES = ("dynamic-slice", "slice")
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
    body = _body_within(fusion, (*ops, "parameter", "constant", "broadcast"))
    return body is not None and any(i.opcode in ops for i in body.instructions)


def copied_parameter(instr: Instruction, depth: int = 8) -> Instruction | None:
    """The entry parameter `instr` is a copy of in another layout or type (XLA's transposed or
    reversed kernels for a convolution's backward pass), or None."""
    for _ in range(depth):
        if instr.opcode == "parameter":
            assert instr.computation is not None   # (an instruction of the module)
            return instr if instr.computation is instr.computation.module.entry else None
        if len(instr.operands) != 1 or not (instr.opcode in COPY_OPS or _copies_only(instr)):
            return None
        instr = instr.operands[0]
    return None


def copies_of(param: Instruction, depth: int = 8) -> list[Instruction]:
    """XLA's copies of an entry parameter in another layout or type (what copied_parameter
    finds from the copy's side), nearest first; bitcasts and reshapes, which share its buffer,
    are passed through, not listed. A copy into another memory space (libtpu's prefetch into
    VMEM) moves the parameter, it does not copy it for the program: left out."""
    found, frontier = [], [param]
    for _ in range(depth):
        following = [u for i in frontier for u in i.users
                     if len(u.operands) == 1 and (u.opcode in COPY_OPS or _copies_only(u)) and not _moves_away(u)]
        found += [u for u in following if u.opcode not in ("bitcast", "reshape")]
        frontier = following[:16]
        if not frontier:
            break
    return found


def _moves_away(instr: Instruction) -> bool:
    """A copy whose result sits in another memory space than its operand (S(n) of the layout)."""
    shape = instr.shape.elements[0] if instr.opcode == "copy-start" and instr.shape.is_tuple else instr.shape
    return shape.memory_space != instr.operands[0].shape.memory_space


def _copies_only(instr: Instruction) -> bool:
    """A fusion that only moves or converts elements (its body: copies, transposes, reversals)."""
    return instr.opcode == "fusion" and _body_within(instr, (*COPY_OPS, "convert", "parameter")) is not None


def passes_on(fusion: Instruction) -> bool:
    """A fusion that only passes its operand on (PASSING) or slices it (SLICES)."""
    return _body_within(fusion, (*PASSING, *SLICES, "parameter", "constant")) is not None


def _body_within(fusion: Instruction, allowed: tuple[str, ...]):
    """The fusion's body where every instruction's opcode is `allowed`, else None (the ROOT,
    read from its line, decides first: a body that fails there is never parsed)."""
    body = fusion.called_body()
    if body is None or _root_opcode(body) not in allowed:
        return None
    return body if all(i.opcode in allowed for i in body.instructions) else None


def _root_opcode(body) -> str | None:
    """The ROOT's opcode, read from its line where the body is not parsed yet: a body whose root
    is not among the ops asked for is not parsed at all (most fusions compute)."""
    if body.parsed:
        return body.root.opcode
    line = body.printed_line()
    return line[3] if line is not None else body.root.opcode
