"""Which layer an entry parameter belongs to, where its pytree path names nothing of the user's
(nnx.jit's `model.states[0][11]`, `args[3]`): the library frame and the user's line of the
operation that reads it (XLA's StackFrames: `flax Linear` at `model.py:15`), and what it is to
that operation (a product's kernel, an addition's bias, a product's scale, a gather's
embedding). An optimizer's state takes the layer of the weights of its shape it updates."""
from __future__ import annotations

import re

from ..hlo.model import Instruction
from ..hlo.program import BACKWARD_OP
from ..hlo.module import Module
from .loops import Loops
from .made import PASSING, SLICES, passes_on
from .sources import frames_line

_FORWARDING = (*PASSING, "broadcast")
_ROLE = {"dot": "kernel", "convolution": "kernel", "add": "bias", "subtract": "bias", "multiply": "scale",
         "divide": "scale", "gather": "embedding", "dynamic-slice": "embedding"}
# Frames of an optimizer's update (optax's, torch.optim's, equinox's apply_updates, nnx's
# Optimizer.update): they read every weight, and say nothing of its layer.
_OPTIMIZER = re.compile(r"^(?:optax|optim)\b|apply_updates?\b|\bupdate\b")
LAYERED = ("weights", "optimizer state", "running statistics")   # roles a layer holds
_DEPTH = 6   # fusions and forwarding steps followed from a parameter to what reads it


class Layers:
    """Each entry parameter's layer, worked out once when first asked."""

    def __init__(self, module: Module, roles: dict[str, tuple[str, str]], loops: Loops):
        self.module = module
        self.roles = roles   # parameter name -> (role, evidence)
        self.loops = loops
        self._found: dict[str, tuple[str | None, str | None]] = {}
        self._weights: dict[str, dict[str, Instruction]] | None = None

    def of(self, param: Instruction) -> tuple[str | None, str | None]:
        """(the layer of weights or their optimizer's state, e.g. `Linear kernel`; the user's
        line that reads the parameter), Nones where no reader says. The data and scalars (a
        step count) belong to no layer: their line alone."""
        if param.name not in self._found:
            self._found[param.name] = (None, None)   # (a parameter reached again through itself)
            role = (self.roles.get(param.name) or ("",))[0]
            found = self._read_by(param)
            if role not in LAYERED:
                found = (None, found[1])
            elif param.shape.is_tuple or not getattr(param.shape, "dims", ()):
                found = (self._counted_by(param), found[1])   # (a step count: the optimizer's own)
            elif found[0] is None and role == "optimizer state":
                found = self._updated_with(param) or found
            self._found[param.name] = found
        return self._found[param.name]

    def _read_by(self, param: Instruction) -> tuple[str | None, str | None]:
        line = None
        fusions: list = []
        for reader, via in [*_readers(param, fusions, self.loops), *fusions]:   # (a fusion's own frame last)
            user, library = frames_line(self.module, reader)
            line = line or user
            # (the forward pass says what the parameter is to its layer: the backward reads it otherwise)
            if library and not _OPTIMIZER.search(library) and not BACKWARD_OP.search(reader.op_name or ""):
                role = _ROLE.get(reader.opcode)
                if reader.opcode in ("dot", "convolution") and reader.operands[:1] == [via]:
                    role = None   # (the left-hand side of a product is its input, not its kernel)
                name = library.split(" ", 1)[-1]
                return (f"{name} {role}" if role else name), user
        return None, line

    def _weights_by_shape(self) -> dict[str, dict[str, Instruction]]:
        """The weights parameters by shape text, by name (worked out once: a model may have
        thousands of parameters, each optimizer moment asking)."""
        if self._weights is None:
            self._weights = {}
            for p in self.module.entry.parameters:   # type: ignore[union-attr]
                if (self.roles.get(p.name) or ("",))[0] == "weights":
                    self._weights.setdefault(p.shape.text, {})[p.name] = p
        return self._weights

    def _counted_by(self, scalar: Instruction) -> str | None:
        """The library function that reads a scalar of the state (`optax safe_increment`: the
        optimizer's step count), where one does."""
        fusions: list = []
        for reader, _ in [*_readers(scalar, fusions, self.loops), *fusions]:
            library = frames_line(self.module, reader)[1]
            if library:
                return library
        return None

    def _updated_with(self, state: Instruction) -> tuple[str, str | None] | None:
        """The layer of the weights of the same shape an optimizer's state is used beside."""
        weights = self._weights_by_shape().get(state.shape.text, {})
        frontier, seen = [state], {id(state)}
        for _ in range(_DEPTH):
            following = []
            for instr in frontier:
                for user in instr.users:
                    if id(user) in seen:
                        continue
                    seen.add(id(user))
                    for operand in user.operands:
                        source = _through(operand)
                        if source.name in weights and source is not state:
                            layer, line = self.of(source)
                            if layer is not None:
                                return layer, line
                    following.append(user)
            frontier = following[:64]
        return None


def _through(value: Instruction) -> Instruction:
    for _ in range(_DEPTH):
        if value.opcode not in _FORWARDING or not value.operands:
            break
        value = value.operands[0]
    return value


def _readers(param: Instruction, fusions: list, loops: Loops):
    """(instruction, the operand it reads the parameter through) for what reads the parameter,
    through forwarding steps, into fusions' bodies and loops' bodies, nearest first; the fusions
    passed through are added to `fusions`."""
    frontier = [param]
    for _ in range(_DEPTH):
        following = []
        for value in frontier:
            for user in value.users:
                if user.opcode in _FORWARDING or (user.opcode in SLICES and user.operands[0] is value):
                    following.append(user)
                elif user.opcode == "tuple":   # (a loop's carry: read inside its body)
                    following += [r for loop, element in loops.loops_reading(value, through=())
                                  if loop in user.users for r in loops.body_reads(loop, element)]
                elif user.opcode == "fusion" and passes_on(user):   # (a slice of stacked layers, fused)
                    following.append(user)
                elif user.opcode == "fusion":
                    body = user.called_body()
                    numbers = [k for k, o in enumerate(user.operands) if o is value]
                    following += [p for p in (body.parameters if body is not None else [])
                                  if p.parameter_number in numbers]
                    fusions.append((user, value))
                else:
                    yield user, value
        frontier = following[:64]

