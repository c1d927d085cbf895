"""What each entry parameter holds, from what the program does with it rather than from its name
alone (names differ by library: `params['Dense_0']['kernel']`, `tv[2]`, `mom[1][0]`, `arg4.1`).

* State: a parameter the program updates into an output of its own shape (donated, or made of
  it by elementwise and layout steps): weights or optimizer state. A batch is read, not updated.
* Running statistics among the state: float arrays whose new value nothing of the backward
  pass goes into and no optimizer's scope writes (batch-norm's moving mean and variance).
* Caches: state a while loop carries and writes a slice at a time (a KV cache; views/loops.py).
* Weights among the state: read by the forward pass (jax's `jvp(...)` op_names) or by a matrix
  product; elsewhere, state whose readers lead to more than the elementwise update (a product,
  a reduction, a loop), or a moving average the rule above left (kept with the weights).
* Optimizer state: state read only by the update (elementwise, into outputs), a parameter read
  only by ops the optimizer's scope names (the learning rate), or named so (`mu`, `nu`, `opt`,
  `adam`, `momentum`, ...).
* Weights that are not updated (a gradient or an inference program): named so, of the shape of
  a gradient the program returns, the right-hand side of every matrix product or the kernel of
  every convolution that reads it, the table every gather takes rows of (an embedding), or a
  vector broadcast onto such a weight's dimensions (a bias).
* PyTorch/XLA names every parameter `xla__device_data` but says where the tensor was first used:
  in `torch/optim/` (optimizer state) or `torch/nn/` (a layer's weights and buffers; its integer
  and scalar values for the step are constants); the batch comes from the user's own code.
* Seeds and counters: a random generator's key or state (integers named so or read by random
  ops), or an integer the step advances that is not the optimizer's.
* Inputs: the rest. A program without a backward pass updates state only where it donates a
  parameter into an output of its shape (an optimizer's own step, a cache): that is state, by the
  rules above; anything else it writes is an input."""
from __future__ import annotations

import re
from typing import cast

from ..hlo.model import Instruction
from ..hlo.module import Module
from ..hlo.outputs import output_at
from ..hlo.program import BACKWARD_OP, OpNames, op_name_facts
from ..hlo.shapes import ArrayShape
from ..timings import count
from .loops import CACHE, STACKED, Loops, loop_op_name
from .sources import frames_line

OPTIMIZER_NAME = re.compile(r"opt|adam|momentum|velocity|accum|(?:^|[\W_])(?:mu|nu|mom)(?:$|[\W_\d])", re.I)
WEIGHTS_NAME = re.compile(r"param|weight|kernel|bias|embed|(?:^|[\W_])tv(?:$|[\W_])", re.I)
# An optimizer's update, by the scope frameworks give it (keras `adam/`, `rm_sprop/`, `sgd/`, tf's Assign ops).
UPDATE_OP = re.compile(r"(?:^|/)(?:adam\w*|sgd|rm_?s_?prop|adagrad|adadelta|adamax|nadam|ftrl|lion|lamb|"
                       r"optimizer|\w*assign\w*)(?:/|$)", re.I)
_LIBRARY_SOURCE = re.compile(r"(?:^|/)torch/(optim|nn)/")
SEED_NAME = re.compile(r"rng|seed|(?:^|[\W_])key(?:$|[\W_])", re.I)
_RANDOM_OP = re.compile(r"threefry|random|philox|rng", re.I)
# Names XLA gives parameters itself (SPMD partitioning renames every one `param`, `param.N`):
# they say nothing of what the parameter holds.
_XLA_NAMED = re.compile(r"param(?:[._]\d+)*$")
SEEDS = "seeds and counters"
CACHES = "caches"
RUNNING = "running statistics"
_MOVING_AVERAGE = re.compile(r"moving|running_|batch_stats", re.I)
_FORWARDING = ("bitcast", "copy", "reshape", "get-tuple-element", "convert", "copy-start", "copy-done")
_MATRIX = ("dot", "convolution")
_UPDATE_STEP = ("add", "subtract", "multiply", "divide", "select", "maximum", "minimum", "negate", "clamp",
                "sqrt", "rsqrt", "power", "abs", "sign", "compare", "tuple", "broadcast", "transpose",
                "dynamic-update-slice", *_FORWARDING)
_COMPUTE = tuple(f" {op}(" for op in ("dot", "convolution", "reduce", "reduce-window", "gather", "scatter",
                                       "sort", "custom-call", "while", "call", "conditional"))


def parameter_roles(module: Module, facts: OpNames | None = None) -> dict[str, tuple[str, str]]:
    """Entry parameter name -> (weights, optimizer state, seeds and counters, constants or
    inputs; the evidence, in a few words). `facts`: the module's op_names, where read already."""
    entry = module.entry
    assert entry is not None   # (a parsed module has its entry computation)
    params = entry.parameters
    graph = _Graph(module)
    facts = facts or op_name_facts(module)
    jax_autodiff = facts.autodiff
    # Optimizer state belongs to a training step: a program with a backward pass.
    training = facts.backward
    state = _updated(graph, params) if training else _donated(graph, params)
    gradients = {_plain(o) for o in _outputs(entry.root) if BACKWARD_OP.search(graph.op_name(o))}
    roles: dict[str, tuple[str, str] | None] = {
        p.name: _role(graph, p, state.get(p), jax_autodiff, training, gradients) for p in params}
    biases = _Biases([p for p in params if (role := roles[p.name]) and role[0] == "weights"])
    for p in params:
        if roles[p.name] is None:
            roles[p.name] = (("weights", "a vector broadcast onto weights' dimensions (a bias)")
                             if _bias_of(graph, p, biases) else ("inputs", "read by the step, not updated"))
    count("role walk steps", graph.steps)
    return cast("dict[str, tuple[str, str]]", roles)   # (every role is set by now)


class _Graph:
    """The module's instructions as the rules below walk them, each fact worked out once: what
    a fusion calls and whether it computes, an instruction's op_name, a value's readers. (The
    walks reach the same instructions from hundreds of parameters; XLA:GPU's horizontal fusions
    give one instruction hundreds of operands.)"""

    def __init__(self, module: Module):
        self.module = module
        self._body: dict[Instruction, object] = {}
        self._update: dict[Instruction, bool] = {}
        self._op_name: dict[Instruction, str] = {}
        self._readers: dict[Instruction, list] = {}
        self._roles: dict[tuple, int | None] = {}
        self._contains: dict[tuple, bool] = {}
        self._position: dict[Instruction, dict] = {}
        self._elements: dict[tuple, list] = {}
        self.steps = 0   # instructions the walks met (work, counted for tests and --timings)
        self._loops: Loops | None = None
        self._backward: dict[Instruction, bool] = {}
        self._names_backward: bool | None = None

    @property
    def loops(self) -> Loops:   # (made once a parameter reaches a loop)
        if self._loops is None:
            self._loops = Loops(self.module.parsed_instructions().values())
        return self._loops

    def from_backward(self, instr: Instruction) -> bool:
        """Whether the backward pass computed `instr` or anything it is made of (each
        instruction's answer worked out once, so the walks from every output are linear)."""
        known = self._backward
        stack = [(instr, False)]
        while stack:
            top, ready = stack.pop()
            if top in known:
                continue
            if ready:   # (its operands are known by now)
                known[top] = any(known.get(o, False) for o in self.made_of(top))
            elif top.opcode in ("constant", "iota") or (top.opcode == "broadcast" and all(
                    o.opcode == "constant" for o in top.operands)):
                known[top] = False   # (a zero the backward pass's scope made is no gradient)
            elif BACKWARD_OP.search(self.op_name(top)) or \
                    (top.opcode == "while" and BACKWARD_OP.search(loop_op_name(top))):
                known[top] = True
            else:
                stack.append((top, True))
                stack.extend((o, False) for o in self.made_of(top) if o not in known)
                self.steps += 1
        return known[instr]

    def names_backward(self) -> bool:
        """Whether the op_names name the backward pass (older jax names only the forward's)."""
        if self._names_backward is None:
            self._names_backward = any(BACKWARD_OP.search(self.op_name(i))
                                       for i in self.module.parsed_instructions().values())
        return self._names_backward

    def made_of(self, instr: Instruction) -> list[Instruction]:
        """What a value is computed from: one element of a multi-output fusion from the
        operands its body reads for it (XLA fuses running statistics with gradients' updates)."""
        if instr.opcode == "get-tuple-element" and instr.operands and instr.operands[0].opcode == "fusion":
            return self.element_operands(instr.operands[0], instr.tuple_index)
        return instr.operands

    def body(self, fusion: Instruction):
        if fusion not in self._body:
            self._body[fusion] = fusion.called_body(("calls", "to_apply"))
        return self._body[fusion]

    def contains(self, body, needles: tuple[str, ...]) -> bool:
        key = (body.name, needles)
        if key not in self._contains:
            self._contains[key] = body.contains_any(needles)
        return self._contains[key]

    def update_step(self, instr: Instruction) -> bool:
        found = self._update.get(instr)
        if found is None:
            if instr.opcode in ("fusion", "call"):   # (XLA:CPU once outlined parallel loops into calls)
                body = self.body(instr)
                found = body is not None and not self.contains(body, _COMPUTE)
            else:
                found = instr.opcode in _UPDATE_STEP
            self._update[instr] = found
        return found

    def op_name(self, instr: Instruction) -> str:
        found = self._op_name.get(instr)
        if found is None:
            found = self._op_name[instr] = instr.op_name or ""
        return found

    def operand_number(self, reader: Instruction, via: Instruction) -> int | None:
        """The first operand of `reader` that is `via` (an index, not a scan per question)."""
        positions = self._position.get(reader)
        if positions is None:
            positions = self._position[reader] = {}
            for k, operand in enumerate(reader.operands):
                positions.setdefault(operand, k)
        return positions.get(via)

    def element_operands(self, fusion: Instruction, element: int) -> list[Instruction]:
        """The operands of a multi-output fusion that element `element` of its result is made
        of (all of them where the body's root is not a tuple)."""
        key = (fusion, element)
        found = self._elements.get(key)
        if found is None:
            body = self.body(fusion)
            root = body.root if body is not None else None
            if root is None or root.opcode != "tuple" or element >= len(root.operands):
                found = fusion.operands
            else:
                numbers = _parameters_reaching(self, root.operands[element])
                found = [fusion.operands[n] for n in sorted(numbers) if n < len(fusion.operands)]
            self._elements[key] = found
        return found

    def readers(self, value: Instruction) -> list[tuple[Instruction, Instruction]]:
        found = self._readers.get(value)
        if found is None:
            found = self._readers[value] = _readers(self, value)
        return found

    def operand_role(self, reader: Instruction, via: Instruction) -> int | None:
        key = (reader, via)
        if key not in self._roles:
            self._roles[key] = None   # (a fusion reached again through itself reads no product)
            self._roles[key] = _operand_role(self, reader, via)
        return self._roles[key]


def _role(graph: _Graph, p: Instruction, new_values: list[Instruction] | None, jax_autodiff: bool, training,
          gradients) -> tuple[str, str] | None:
    """`new_values`: the outputs a parameter the step updates is written back as (None: not updated)."""
    updated = new_values is not None
    op_name = graph.op_name(p)
    text = f"{op_name} {'' if _XLA_NAMED.match(p.name) else p.name}"
    readers = graph.readers(p)
    if OPTIMIZER_NAME.search(text):
        return "optimizer state", "its name says so"
    if _seed(graph, p, text, readers):
        return SEEDS, "a random generator's key or state"
    if updated and training and _float_array(p) and _running(graph, new_values or [], jax_autodiff):
        return RUNNING, "updated by the step from the forward pass, not from gradients"
    if (made := _made_by(graph.module, p)) is not None:
        return _library_role(made, p, updated), f"first used in torch/{made}/ (its source)"
    if op_name == "xla__device_data" and not p.shape.is_tuple and not cast(ArrayShape, p.shape).dims \
            and not updated:
        return "constants", "a scalar PyTorch/XLA made for the step"
    if _written_by_loop(graph, p, ("bitcast", "copy") if updated else ("bitcast",)):
        return CACHES, "a loop writes it in place, a slice at a time"
    if updated:
        why = _weights_state(graph, p, readers, jax_autodiff, text)
        if why:
            return "weights", f"updated by the step; {why}"
        if _integer(p) and not any(UPDATE_OP.search(graph.op_name(r)) for r, _ in readers):
            return SEEDS, "an integer the step advances"
        return "optimizer state", "updated by the step, read only by the update"
    if training and readers and all(UPDATE_OP.search(graph.op_name(r)) for r, _ in readers):
        return "optimizer state", "read only by the optimizer's update (a rate)"
    if p.shape.is_tuple or not cast(ArrayShape, p.shape).dims:
        return None   # a scalar is never weights
    if WEIGHTS_NAME.search(text):
        return "weights", "its name says so"
    if _plain(p) in gradients:
        return "weights", "the step returns a gradient of its shape"
    if _matrix_rhs(graph, readers):
        return "weights", "the right-hand side of every product reading it"
    if _float_array(p) and len(cast(ArrayShape, p.shape).dims) >= 2 and _gathered(graph, readers):
        return "weights", "the table every gather reading it takes rows of (an embedding)"
    return None


def _written_by_loop(graph: _Graph, param: Instruction, through: tuple[str, ...]) -> bool:
    """A parameter a while loop carries and writes a slice at a time (a KV cache, a buffer a
    scan fills): state, but neither weights nor the optimizer's. A copy of it is the argument
    only where the step writes the argument back (`through` then has "copy": XLA:TPU copies a
    donated cache into the loop's buffer and the loop's result back into it)."""
    for loop, element in graph.loops.loops_reading(param, through=through):
        carry = graph.loops.carry(loop, (element,))
        if carry is not None and carry["kind"] in (CACHE, STACKED):
            return True
    return False


def _made_by(module: Module, param: Instruction) -> str | None:
    """Where PyTorch/XLA first used the tensor a parameter holds (its source_file): the
    optimizer's code, a layer's, or None for the user's own code (the batch) or no source."""
    source = module.source_of(param) or ""
    found = _LIBRARY_SOURCE.search(source)
    return found.group(1) if found else None


def _library_role(made: str, param: Instruction, updated: bool) -> str:
    if made == "optim":
        return "optimizer state"   # moments, momentum buffers, the step's learning rate
    if _integer(param):
        return SEEDS if updated else "constants"   # batch-norm's batch count; index tensors
    if updated or param.shape.is_tuple or cast(ArrayShape, param.shape).dims:   # (a tuple holds arrays)
        return "weights"           # a layer's parameters and buffers (running statistics)
    return "constants"             # a layer's scalar for the step (a dropout rate)


def _running(graph: _Graph, new_values: list[Instruction], jax_autodiff: bool) -> bool:
    """State whose new value the forward pass computes (a batch-norm statistic's moving
    average): nothing the backward pass made goes into it, and no optimizer's scope writes it
    (TensorFlow computes a softmax's gradient in the forward op: its optimizer's scope says);
    under jax's autodiff, the forward pass (`jvp(`) writes it: an optimizer's update is outside
    it, where XLA may fuse a gradient without its backward op_name."""
    if jax_autodiff and not all("jvp(" in (n := _op_name_of(graph, o)) and not BACKWARD_OP.search(n)
                                for o in new_values):
        return False
    def optimizer(o: Instruction) -> bool:
        op_name = graph.op_name(o)
        return bool(UPDATE_OP.search(op_name)) and not _MOVING_AVERAGE.search(op_name)
    # (jax before 0.4.36 or so wrote no transpose(...) on the backward pass: nothing to go by there)
    return bool(new_values) and graph.names_backward() and \
        not any(graph.from_backward(o) or optimizer(o) for o in new_values) and \
        any(_computed(graph, o) for o in new_values)


def _op_name_of(graph: _Graph, value: Instruction) -> str:
    """A value's op_name: its own, or what it is a bitcast or copy of (a fusion's root's)."""
    while not graph.op_name(value) and value.opcode in ("bitcast", "copy", "get-tuple-element") and value.operands:
        value = value.operands[0]
    return graph.op_name(value)


def _computed(graph: _Graph, value: Instruction, depth: int = 6) -> bool:
    """Whether something the step computes (a reduction, a product: not elementwise steps over
    parameters and constants) goes into `value` within `depth` steps: a statistic of the batch,
    not the state returned as it came (nnx.jit returns a module's weights as copies)."""
    frontier, seen = [value], {value}
    for _ in range(depth):
        following = []
        for instr in frontier:
            graph.steps += 1
            if instr.opcode not in ("parameter", "constant") and not graph.update_step(instr):
                return True
            following += [o for o in graph.made_of(instr) if o not in seen]
            seen.update(following)
        frontier = following
    return False


def _float_array(param: Instruction) -> bool:
    return not param.shape.is_tuple and bool(cast(ArrayShape, param.shape).dims) and \
        cast(ArrayShape, param.shape).dtype.startswith(("f", "bf"))


def _integer(param: Instruction) -> bool:
    return not param.shape.is_tuple and cast(ArrayShape, param.shape).dtype.startswith(("s", "u", "pred"))


def _seed(graph: _Graph, param: Instruction, text: str, readers: list) -> bool:
    """A random generator's key or state: integers named so or read by random-number ops
    (jax's threefry, TensorFlow's stateless random ops)."""
    return _integer(param) and (SEED_NAME.search(text) is not None
                                or any(_RANDOM_OP.search(graph.op_name(r)) for r, _ in readers))


def _plain(instr: Instruction) -> str:
    return instr.shape.text_without_layout()


def _updated(graph: _Graph, params: list[Instruction]) -> dict[Instruction, list[Instruction]]:
    """Parameters donated to an output, or written into an output of their own shape by an
    update: elementwise and layout steps only (a gather or a product reads, it does not update);
    each with the outputs that are its new value."""
    by_number = {p.parameter_number: p for p in params}
    assert graph.module.entry is not None   # (a parsed module has its entry computation)
    root = graph.module.entry.root
    found: dict[Instruction, list[Instruction]] = {}
    for out_index, n, _, _ in graph.module.input_output_alias:
        if n in by_number:
            out = output_at(root, tuple(out_index))
            found.setdefault(by_number[n], []).extend([out] if out is not None else [])
    is_param = set(params)
    for out in _outputs(root):
        for source in _update_sources(graph, out):
            if source in is_param and _plain(source) == _plain(out):
                found.setdefault(source, []).append(out)
    return found


def _donated(graph: _Graph, params: list[Instruction]) -> dict[Instruction, list[Instruction]]:
    """Parameters donated into an output of their own shape: state the program writes back
    (weights, optimizer state, a counter), whether or not it has a backward pass."""
    by_number = {p.parameter_number: p for p in params}
    assert graph.module.entry is not None   # (a parsed module has its entry computation)
    root = graph.module.entry.root.shape
    found: dict[Instruction, list[Instruction]] = {}
    for out_index, number, param_index, _ in graph.module.input_output_alias:
        p = by_number.get(number)
        if p is None:
            continue
        try:
            same = p.shape.subshape(tuple(param_index)).text_without_layout() == \
                root.subshape(tuple(out_index)).text_without_layout()
        except KeyError:   # (an index the shapes do not have: not this rule's)
            continue
        out = output_at(graph.module.entry.root, tuple(out_index))
        if same:
            found.setdefault(p, []).extend([out] if out is not None else [])
    return found


def _update_sources(graph: _Graph, out: Instruction, depth: int = 8) -> list[Instruction]:
    """The parameters an output is made of through elementwise and layout steps (a transpose
    to the kernel's layout and back, on GPU), at most `depth` steps up. Each instruction is
    met once, at its fewest steps from the output (that is what the depth limits); one element
    of a multi-output fusion is made of the operands its body reads for that element only."""
    found: list[Instruction]
    frontier: list[tuple[Instruction, int | None]]
    steps: list[tuple[Instruction, int | None]]
    found, frontier = [], [(out, None)]
    seen = set(frontier)
    for _ in range(depth):
        following: list[tuple[Instruction, int | None]] = []
        graph.steps += len(frontier)
        for instr, element in frontier:
            if instr.opcode == "parameter":
                found.append(instr)
                continue
            if not graph.update_step(instr):
                continue
            if instr.opcode == "get-tuple-element" and instr.operands and instr.operands[0].opcode == "fusion":
                steps = [(instr.operands[0], instr.tuple_index)]
            else:
                operands = instr.operands if element is None else graph.element_operands(instr, element)
                steps = [(operand, None) for operand in operands]
            for step in steps:
                if step not in seen:
                    seen.add(step)
                    following.append(step)
        frontier = following
    return found


def _parameters_reaching(graph: _Graph, instr: Instruction) -> set[int]:
    """The numbers of the computation's parameters that `instr` is computed from."""
    numbers, stack, seen = set(), [instr], {instr}
    while stack:
        instr = stack.pop()
        graph.steps += 1
        if instr.opcode == "parameter":
            numbers.add(instr.parameter_number)
        for operand in instr.operands:
            if operand not in seen:
                seen.add(operand)
                stack.append(operand)
    return numbers


def _outputs(root: Instruction) -> list[Instruction]:
    out, stack = [], [root]
    while stack:
        instr = stack.pop()
        if instr.opcode == "tuple":
            stack.extend(instr.operands)
        else:
            out.append(instr)
    return out


def _readers(graph: _Graph, value: Instruction) -> list[tuple[Instruction, Instruction]]:
    """(reader, the operand it reads) for the instructions that read `value`, through no-op
    wrappers and layout changes and through the tuples that carry it into a while loop's body."""
    found, seen = [], set()
    stack = [(u, value) for u in value.users]
    while stack:
        user, via = stack.pop()
        graph.steps += 1
        if (user, via) in seen:
            continue
        seen.add((user, via))
        if (user.opcode in _FORWARDING and user.opcode != "get-tuple-element") or _relayout(graph, user):
            stack.extend((u, user) for u in user.users)
        elif user.opcode == "tuple":
            stack.extend(_carried(graph, user, graph.operand_number(user, via)))
        else:
            found.append((user, via))
    return found


def _relayout(graph: _Graph, instr: Instruction) -> bool:
    """A fusion of one operand that computes nothing (a transpose or copy to another layout)."""
    return instr.opcode == "fusion" and len(instr.operands) == 1 and graph.update_step(instr)


def _carried(graph: _Graph, tuple_: Instruction, element: int | None) -> list[tuple[Instruction, Instruction]]:
    """Readers of element `element` of a tuple: its reads, and its reads in a while body."""
    out: list[tuple[Instruction, Instruction]] = []
    for user in tuple_.users:
        if user.opcode == "get-tuple-element" and user.tuple_index == element:
            out.extend((u, user) for u in user.users)
        elif user.opcode == "while":
            body = user.called_body(("body",))
            param = body.parameter(0) if body is not None else None
            for read in param.users if param is not None else ():
                if read.opcode == "get-tuple-element" and read.tuple_index == element:
                    out.extend((u, read) for u in read.users)
    return out


def _weights_state(graph: _Graph, param: Instruction, readers: list, jax_autodiff: bool,
                   text: str) -> str | None:
    """Why updated state is weights, or None when it is the optimizer's."""
    if param.shape.is_tuple or not cast(ArrayShape, param.shape).dims or _integer(param):
        return None   # a scalar (the optimizer's step or rate), a counter or a generator's state
    if WEIGHTS_NAME.search(text):
        return "its name says weights"
    if any(graph.operand_role(r, via) is not None for r, via in readers):
        return "a matrix product reads it"
    names = [graph.op_name(r) for r, _ in readers]
    if jax_autodiff:
        if any("jvp(" in n and "transpose(" not in n for n in names):
            return "the forward pass reads it"
    elif any("/" in n and not UPDATE_OP.search(n) and not BACKWARD_OP.search(n) for n in names):
        return "the model's own ops read it"   # (batch-norm statistics, updated in the model's scope)
    elif any(BACKWARD_OP.search(n) for n in names):
        return "the backward pass reads it"
    elif any(UPDATE_OP.search(n) for n in names):
        return None
    if any(_MOVING_AVERAGE.search(n) for n in names):
        return "a moving average"
    return "more than the update reads it" if _feeds_compute(graph, param) else None


def _feeds_compute(graph: _Graph, param: Instruction, limit: int = 400) -> bool:
    """Something other than an elementwise update reads the parameter or what is made of it
    (the first `limit` instructions reached)."""
    seen: set[Instruction]
    seen, stack = set(), list(param.users)
    while stack and len(seen) < limit:
        instr = stack.pop()
        graph.steps += 1
        if instr in seen:
            continue
        seen.add(instr)
        if not graph.update_step(instr):
            return True
        stack.extend(instr.users)
    return False


_MATRIX_OR_FUSION = tuple(f" {op}(" for op in (*_MATRIX, "fusion"))


def _operand_role(graph: _Graph, reader: Instruction, via: Instruction) -> int | None:
    """Which operand of a matrix product or convolution the value is (in a fusion: through the
    body's parameter); None when no product reads it there."""
    if reader.opcode in _MATRIX:
        return graph.operand_number(reader, via)
    if reader.opcode != "fusion":
        return None
    number = graph.operand_number(reader, via)
    if number is None:
        return None
    body = graph.body(reader)
    if body is None or not graph.contains(body, _MATRIX_OR_FUSION):
        return None
    inner = body.parameter(number)
    places = [p for r, v in graph.readers(inner) if (p := graph.operand_role(r, v)) is not None] \
        if inner is not None else []
    return max(places) if places else None


def _gathered(graph: _Graph, readers: list[tuple[Instruction, Instruction]], depth: int = 3) -> bool:
    """Read only as the table of gathers or dynamic slices (their operand 0; in a fusion, through
    its body)."""
    def table(reader: Instruction, via: Instruction) -> bool:
        number = graph.operand_number(reader, via)
        if reader.opcode == "gather":
            return number == 0
        if reader.opcode == "dynamic-slice":   # (an embedding's row at a scalar index; not a sequence's step)
            return number == 0 and "Embed" in (frames_line(graph.module, reader)[1] or "")
        if reader.opcode != "fusion" or number is None or depth == 0:
            return False
        body = graph.body(reader)
        inner = body.parameter(number) if body is not None else None
        return inner is not None and _gathered(graph, graph.readers(inner), depth - 1)
    return bool(readers) and all(table(r, via) for r, via in readers)


def _matrix_rhs(graph: _Graph, readers: list[tuple[Instruction, Instruction]]) -> bool:
    """Read only as the right-hand side of products (a dense kernel) or a convolution's kernel."""
    return bool(readers) and all(graph.operand_role(r, via) == 1 for r, via in readers)


class _Biases:
    """What a bias's dimensions are checked against: for each dimension size, the most elements
    of a weight with that last dimension (of rank >= 1 and >= 2), and of a weight having it
    anywhere."""

    def __init__(self, weights: list[Instruction]):
        self.last: dict[tuple[int, int], int] = {}
        self.anywhere: dict[int, int] = {}
        for w in weights:
            if w.shape.is_tuple:
                continue
            shape = cast(ArrayShape, w.shape)
            if not shape.dims:
                continue
            dims, count = tuple(shape.dims), shape.element_count()
            for rank in (1, 2):
                if len(dims) >= rank:
                    key = (dims[-1], rank)
                    self.last[key] = max(self.last.get(key, 0), count)
            for d in set(dims):
                self.anywhere[d] = max(self.anywhere.get(d, 0), count)

    def fits(self, dims: tuple, count: int) -> bool:
        """A weight with more elements whose last dimension is `dims`' last (or, for a vector,
        having its one dimension anywhere)."""
        if self.last.get((dims[-1], len(dims)), 0) > count:
            return True
        return len(dims) == 1 and self.anywhere.get(dims[0], 0) > count


def _bias_of(graph: _Graph, param: Instruction, biases: _Biases) -> bool:
    """A small float parameter only broadcast (added or multiplied onto a product's result, a
    slice of it per gate in a recurrent cell) whose last dimension is a weight's last, or one of
    a weight's dimensions for a vector."""
    if param.shape.is_tuple:
        return False
    shape = cast(ArrayShape, param.shape)
    if not shape.dtype.startswith(("f", "bf")) or not 1 <= len(shape.dims) <= 2:
        return False
    readers = graph.readers(param)
    if not readers or not all(_broadcast_only(graph, r, via) for r, via in readers):
        return False
    return biases.fits(tuple(shape.dims), shape.element_count())


def _broadcast_only(graph: _Graph, reader: Instruction, via: Instruction, depth: int = 4) -> bool:
    if reader.opcode == "broadcast":
        return True
    if depth and reader.opcode in ("slice", "bitcast", "reshape", "copy"):
        return bool(reader.users) and all(_broadcast_only(graph, u, reader, depth - 1) for u in reader.users)
    if reader.opcode != "fusion":
        return False
    number = graph.operand_number(reader, via)
    if number is None:
        return False
    body = graph.body(reader)
    inner = body.parameter(number) if body is not None else None
    return inner is not None and bool(inner.users) and all(_broadcast_only(graph, u, inner, depth)
                                                           for u in inner.users)
