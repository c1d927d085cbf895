"""XLA:GPU's own answer to "may this fusion write its output into that operand's buffer?"
(FusionCanShareBufferHint, xla/service/gpu/buffer_sharing.cc; docs/rules.md §2.4).

A fusion may share when the operand and the output hold the same number of elements of the same
width (bitcast shapes included), and every path from the fused parameter to that output reads
elementwise: elementwise ops (not copies), bitcasts, tuples, the in-place input of a
dynamic-update-slice or scatter at the root, an operand a sort at the root reads once (shared
with the sort's output of that operand's position only: XLA's gpu/alias_info.cc, seen in jax
0.11.2's XLA:GPU), and a dynamic-slice of exactly the slice the root dynamic-update-slice
writes. The reduction emitter computes its reduction first, so a fusion whose hero is a
reduction may also feed that reduction."""
from __future__ import annotations

from ...hlo.model import Instruction
from ...hlo.opcodes import is_elementwise
from ...hlo.shapes import ELEMENT_BYTES, ArrayShape


def fusion_can_share(user: Instruction, operand: Instruction, user_index: tuple, body,
                     elementwise_on_operand) -> bool:
    """`body`: the fusion's computation; `elementwise_on_operand(instr, k)`: IsElementwiseOnOperand."""
    try:
        out_shape = user.shape.subshape(user_index)
    except KeyError:
        return False
    if not _same_storage(operand.shape, out_shape):
        return False
    param = body.parameter(user.operands.index(operand))
    if param is None:
        return False
    output = body.root
    if output.opcode == "tuple":
        if not user_index or user_index[0] >= len(output.operands):
            return False
        output = output.operands[user_index[0]]
    root = output.operands[0] if output.opcode == "bitcast" and output.operands else output
    hero = _reduction_hero(user, body)
    visited = {param}
    queue = [param]
    reached = False
    while queue:
        current = queue.pop(0)
        if current is output:
            reached = True  # (its other users are still checked)
        if current is hero:
            continue  # the reduction is computed first: what follows it does not interfere
        for reader in current.users:
            if reader not in visited:
                visited.add(reader)
                queue.append(reader)
            k = reader.operands.index(current)
            if reader is root and reader.opcode == "scatter" and _scatter_input(reader, current, k):
                continue
            if reader is root and reader.opcode == "sort" and _reads_once(reader, current):
                # A sort writes each operand's sorted copy into its own output: only that one may share.
                if tuple(user_index) != (k,):
                    return False
                continue
            if root.opcode == "dynamic-update-slice" and reader.opcode == "dynamic-slice" \
                    and root.operands[0] is reader.operands[0] and reader.shape.text == root.operands[1].shape.text:
                if not _same_slice(reader, root):
                    return False
            elif (not elementwise_on_operand(reader, k) or reader.opcode == "copy") \
                    and reader.opcode not in ("bitcast", "tuple") and reader is not hero:
                if not (reader is root and reader.opcode == "dynamic-update-slice" and k == 1):
                    return False
    if body.root.opcode == "tuple" and not _elementwise_root(root):
        # A multi-output fusion writing by scatter or dynamic-update-slice: no other output
        # may be reached from the parameter (it might be written in another order).
        if any(o is not output and o in visited for o in body.root.operands):
            return False
    return reached


def _same_storage(a, b) -> bool:
    if a.text == b.text:
        return True
    if not isinstance(a, ArrayShape) or not isinstance(b, ArrayShape):
        return False
    return a.element_count() == b.element_count() and ELEMENT_BYTES.get(a.dtype) == ELEMENT_BYTES.get(b.dtype)


def _reduction_hero(fusion: Instruction, body) -> Instruction | None:
    """The reduce the reduction emitter would start from (kInput fusions whose root, through a
    tuple and bitcasts, is a reduce)."""
    if fusion.attr("kind") != "kInput":
        return None
    roots = body.root.operands if body.root.opcode == "tuple" else [body.root]
    for root in roots:
        while root.opcode == "bitcast" and root.operands:
            root = root.operands[0]
        if root.opcode == "reduce":
            return root
    return None


def _scatter_input(scatter: Instruction, operand: Instruction, k: int) -> bool:
    inputs = len(scatter.shape.elements) if scatter.shape.is_tuple else 1
    return k < inputs and _reads_once(scatter, operand)


def _reads_once(instr: Instruction, operand: Instruction) -> bool:
    return sum(1 for o in instr.operands if o is operand) == 1


def _same_slice(dynamic_slice: Instruction, update: Instruction) -> bool:
    """Both read and write the same slice (or each a single element)."""
    if dynamic_slice.shape.is_effective_scalar() and update.operands[1].shape.is_effective_scalar():
        return True
    return all(a is b for a, b in zip(dynamic_slice.operands[1:], update.operands[2:]))


def _elementwise_root(instr: Instruction) -> bool:
    return is_elementwise(instr)
