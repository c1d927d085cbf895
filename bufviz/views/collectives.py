"""What a collective's buffer carries in a partitioned program: the op, the mesh axes its device
groups run along (dumps/sharding.py), and for an all-gather of a parameter (FSDP gathering a
layer's weights, through bitcasts, copies, converts and a scan's slice of stacked layers) that
parameter's path. A reduction the backward pass makes carries gradients (categories.py)."""
from __future__ import annotations

from ..hlo.model import Instruction
from .made import PASSING, SLICES, passes_on

COLLECTIVES = ("all-reduce", "all-gather", "reduce-scatter", "collective-permute", "all-to-all",
               "collective-broadcast", "send", "recv", "ragged-all-to-all")


def base_op(opcode: str) -> str:
    return opcode.removesuffix("-start").removesuffix("-done")


class Collectives:
    """The collectives of a module, each fact worked out once: which async op runs a wrapped
    collective, and where an operand comes from."""

    def __init__(self, instructions, sharding, paths: dict[str, str], loops):
        self.sharding = sharding
        self.paths = paths   # entry parameter name -> pytree path
        self.loops = loops
        self.async_callers: dict[str, Instruction] = {}   # a computation an async op runs -> that op
        for instr in instructions:
            if instr.opcode.endswith("-start"):   # (async-start, all-gather-start, …)
                for name in instr.callee_names(("calls",)):
                    self.async_callers[name] = instr

    def of(self, instr: Instruction, index: tuple) -> dict | None:
        """{"op", "axes", "of"} for a value a collective writes (its sync op, its -start or
        -done, an async op running one, or the collective inside that async op); else None."""
        op, start = self._collective(instr)
        if op is None:
            return None
        axes = None
        if self.sharding is not None:
            from ..dumps.device_groups import permute_pairs, replica_groups
            pairs = op.attr("source_target_pairs")
            axes = self.sharding.axes_of_pairs(permute_pairs(pairs)) if pairs is not None else \
                self.sharding.axes_of_groups(replica_groups(op.attr("replica_groups")))
        opcode = base_op(op.opcode)
        of = None
        try:
            array = not instr.shape.subshape(index).is_tuple   # (a tuple's table carries no array)
        except KeyError:
            array = False
        if opcode == "all-gather" and array:
            operands = (start or op).operands
            k = index[-1] if len(operands) > 1 and index else 0
            if k < len(operands):
                of = self._parameter_path(operands[k])
        return {"op": opcode, "axes": axes, "of": of}

    def _collective(self, instr: Instruction) -> tuple[Instruction | None, Instruction | None]:
        """(the instruction with the collective's attributes, the async op whose operands feed
        it where those are not its own)."""
        if instr.opcode.endswith("-done") and instr.operands:
            instr = instr.operands[0]
        if base_op(instr.opcode) in COLLECTIVES:
            return instr, None
        if instr.opcode in ("async-start", "async-update", "async-done"):
            while instr.opcode != "async-start" and instr.operands:
                instr = instr.operands[0]
            body = instr.called_body(("calls",)) if instr.opcode == "async-start" else None
            root = body.root if body is not None else None
            if root is not None and base_op(root.opcode) in COLLECTIVES:
                return root, instr
            return None, None
        comp = instr.computation
        if comp is not None and instr is comp.root and comp.name in self.async_callers:
            if base_op(instr.opcode) in COLLECTIVES:
                return instr, self.async_callers[comp.name]
        return None, None

    def _parameter_path(self, value: Instruction, depth: int = 24) -> str | None:
        """The path of the entry parameter `value` passes on unchanged (or a slice of: a scanned
        layer's piece of the stacked weights), through a loop's carry and a fusion that only
        moves elements."""
        elements: list[int] = []   # the tuple elements read on the way, innermost last
        for _ in range(depth):
            if value.opcode == "parameter":
                comp = value.computation
                if comp is not None and comp is comp.module.entry:
                    return None if elements else self.paths.get(value.name)
                outer = self._outer(value)
                if outer is None:
                    return None
                value = outer
            elif value.opcode == "get-tuple-element" and value.operands:
                elements.append(value.tuple_index)
                value = value.operands[0]
            elif value.opcode == "tuple" and elements and elements[-1] < len(value.operands):
                value = value.operands[elements.pop()]
            elif value.opcode in (*PASSING, *SLICES) and value.operands:
                value = value.operands[0]
            elif value.opcode == "fusion" and len(value.operands) >= 1 and passes_on(value):
                value = value.operands[0]
            else:
                return None
        return None

    def _outer(self, param: Instruction) -> Instruction | None:
        """What a computation's parameter is in its caller: the async op's or call's operand, or
        for a while body the element of the loop's tuple it reads (through get-tuple-element)."""
        comp = param.computation
        assert comp is not None   # (an instruction of the module)
        number = param.parameter_number
        caller = self.async_callers.get(comp.name) or self.loops.callers.get(comp.name)
        if caller is not None:
            return caller.operands[number] if number < len(caller.operands) else None
        loop = self.loops.by_body.get(comp.name)
        if loop is not None and loop.operands:
            return loop.operands[0]
        return None

