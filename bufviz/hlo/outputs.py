"""Where each entry output comes from: the instruction (and shape index) whose value an output
position holds, through the tuples, get-tuple-elements and calls that only pass values on. Two
compilations of one program number their outputs alike, however they name the instructions."""
from __future__ import annotations

from .model import Instruction
from .module import Module


def output_positions(module: Module) -> dict[tuple[str, tuple[int, ...]], tuple[int, ...]]:
    """(instruction name, shape index) -> the output position it may hold. A bitcast's value and
    its operand's are both listed (XLA may or may not give a bitcast a value of its own)."""
    found: dict = {}
    assert module.entry is not None  # (a parsed module has its entry)
    root = module.entry.root
    stack: list[tuple[Instruction, tuple[int, ...], tuple[int, ...]]] = [(root, (), ())]
    while stack:
        instr, index, position = stack.pop()
        found.setdefault((instr.name, index), position)
        if instr.opcode == "tuple" and not index:
            stack.extend((op, (), position + (k,)) for k, op in enumerate(instr.operands))
            continue
        if instr.opcode == "tuple" and index:
            stack.append((instr.operands[index[0]], index[1:], position))
        elif instr.opcode == "get-tuple-element":
            stack.append((instr.operands[0], (instr.tuple_index,) + index, position))
        elif instr.opcode == "bitcast" and not index:
            stack.append((instr.operands[0], (), position))
        elif instr.opcode == "call":   # (its value is its computation's root's)
            callee = instr.called_body(("to_apply",))
            if callee is not None:
                stack.append((callee.root, index, position))
    return found


def output_at(root: Instruction, index: tuple) -> Instruction | None:
    """The instruction the root's tuples give at an output index (None past them)."""
    instr = root
    for i in index:
        if instr.opcode != "tuple" or i >= len(instr.operands):
            return None
        instr = instr.operands[i]
    return instr
