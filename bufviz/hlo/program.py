"""Is a module the user's own jitted function, or one jax compiled for a single eager operation
or a library's init (`jit_add`, `jit_broadcast_in_dim`, `jit__truncated_normal`), or to move data
(`jit__identity_fn` of `jax.device_put` and resharding, `jit__multi_slice`)? A dump folder of a
training script holds dozens of these beside the one step the user wrote.

jax names a module after the function it compiled (`jit_train_step`) and leaves its own frames
out of the stack it records: a function the user (or a library they call, flax's `apply`)
defined appears among the module's frames under that name, a jax primitive, jax.numpy or
jax.random function never does. Without frames (jax before 0.10, or none recorded), what jax
does for an eager operation shows instead: a primitive applied to `args[0]`, `args[1]` ...,
a private helper (`_uniform`), or a module doing just the operation it is named after."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from .module import Module

# Installed packages and Python's own files: never the user's code.
_LIBRARY = re.compile(r"(?:^|[/\\])(?:site|dist)-packages[/\\]|(?:^|[/\\])lib[/\\]python\d[\d.]*[/\\]|^<")
_JAX_PREFIX = re.compile(r"^(?:jit|pmap)_(.+)$")
_ARGS = re.compile(r"args\[\d+\]$")
_DIFFERENTIATED = re.compile(r"(?:^|/)(?:jvp|transpose)\(")
_TRANSFORM = re.compile(r"(?:^|/)(?:jvp|transpose|vmap|pmap|xmap)\(|(?:^|/)shard_map(?:/|$)")
_SCOPE = re.compile(r"^(?:[\w.]+\()*jit\(([^)]*)\)\)*/")
SMALL = 32   # instructions of the entry computation an eager operation stays under
ONE_OP = 3   # instructions that do the work of one eager operation (a broadcast, the op, a convert)


def is_library(file: str) -> bool:
    """A file of an installed package or of Python itself (`site-packages/flax/...`)."""
    return _LIBRARY.search(file) is not None


# The backward pass: jax's transpose(jvp), TensorFlow's gradient tape, PyTorch/XLA's backward ops.
BACKWARD_OP = re.compile(r"transpose\(|gradient_tape/|(?:^|/)gradients?/|_grad\b|backward", re.I)
_OP_NAME = re.compile(r'op_name="([^"\n]*)"')
# Whether a module has a backward pass was asked of its whole text, where the `^` of BACKWARD_OP
# never matched (`op_name="` stands before an op_name's start): each op_name is asked the same.
_BACKWARD_IN_TEXT = re.compile(r"jvp\(|" + BACKWARD_OP.pattern.replace("(?:^|/)", "/"), re.I)


@dataclass(frozen=True)
class OpNames:
    """What a module's op_names say of its program."""
    remat_ops: int   # instructions jax.checkpoint made (`checkpoint/`, `rematted_computation`, flax's `Checkpoint`)
    autodiff: bool   # jax differentiated something (a `jvp(`)
    backward: bool   # a backward pass (a training step; an inference pass has none)


def op_name_facts(module: Module) -> OpNames:
    """One pass over the op_names of every computation, body by body (a large module's text is not
    read back whole), then each distinct op_name asked once: a module repeats a few hundred of
    them across tens of thousands of instructions."""
    counts: Counter[str] = Counter()
    for comp in module.computations.values():
        text, start, end = module.window(*comp.body_span)
        counts.update(_OP_NAME.findall(text, start, end))
    remat, autodiff, backward = 0, False, False
    for name, count in counts.items():
        low = name.lower()
        if "checkpoint" in low or "remat" in low:
            remat += count
        autodiff = autodiff or "jvp(" in name
        backward = backward or _BACKWARD_IN_TEXT.search(name) is not None
    return OpNames(remat, autodiff, backward)


def jitted_function(module: Module) -> str | None:
    """The function jax compiled (`train_step` of `jit_train_step`), or None for a module jax did
    not name (TensorFlow's, PyTorch/XLA's)."""
    m = _JAX_PREFIX.match(module.name)
    return m.group(1) if m else None


def is_eager(module: Module) -> bool:
    """True for a module jax compiled for one eager operation or a library's init; False for the
    user's own jitted function and wherever the module says neither (never a guess against the
    user's step)."""
    function = jitted_function(module)
    if function is None or module.entry is None:
        return False
    entry = module.entry.instructions
    ops = {i.metadata.get("op_name") or "" for i in entry if i.opcode != "parameter"}
    mine = {k for k, name in module.function_names.items() if _sanitized(_last(name)) == _sanitized(function)}
    if module.function_names and function.startswith("_") and not mine and \
            not any(_DIFFERENTIATED.search(op) for op in ops):
        return True   # a library's private function (jax.random's `_uniform`, vmapped by a layer's init)
    if any(_TRANSFORM.search(op) for op in ops):
        return False   # differentiated or mapped over devices: never one eager operation
    if module.function_names:   # the frames jax recorded: does any run the function it compiled?
        return not mine
    if len(entry) > SMALL:
        return False
    params = [p.metadata.get("op_name") or "" for p in module.entry.parameters]
    if params and all(_ARGS.fullmatch(p) for p in params):
        return True   # jax's dispatch of a primitive: its operands are `args`
    sources = [f for i in entry if (f := i.metadata.get("source_file"))]
    if function.startswith("_") and all(is_library(f) for f in sources):
        # a library's private helper (jax.random's _uniform) called from a library, or one that
        # points at no line at all: jax's own data movement (device_put's and resharding's
        # _identity_fn, a sharded array's _multi_slice), a parameter copied out and nothing else
        return True
    done = {_SCOPE.sub("", op) for op in ops}
    if done == {function}:
        return True   # the one operation it is named after (jit_add: add)
    work = [i for i in entry if i.opcode not in ("parameter", "tuple", "bitcast", "copy", "constant")]
    if not work and not done - {""}:
        return True   # the operation folded away (on empty arrays XLA returns a constant): nothing left
    # one primitive in a handful of instructions, no frames: jax.numpy's wrapper of it (relu: max)
    return len(work) <= ONE_OP and len(done - {""}) == 1 and all("/" not in op for op in done)


def _last(name: str) -> str:
    """`flax_cnn.<locals>.train_step` -> `train_step`; `CNN.__call__` -> `__call__`."""
    return name.rsplit(".", 1)[-1]


def _sanitized(name: str) -> str:
    """A function's name as jax puts it in a module name (`<lambda>` -> `lambda`), ends trimmed."""
    return re.sub(r"\W+", "_", name).strip("_")


_RANDOM = re.compile(r"threefry|rng-bit-generator|random_bits|philox|jit\(_uniform\)")


def is_initializer(module: Module) -> bool:
    """A module that makes a program's state from nothing, or from random keys and integers by
    a random generator (jax's `jit(init)` of flax and optax: a step's parameters come from it):
    floating-point arrays out, none in. Another program of the user's, not the step a folder is
    dumped for."""
    if module.entry is None:
        return False
    inputs = [leaf for p in module.entry.parameters for leaf in _array_leaves(p.shape)]
    outputs = _array_leaves(module.entry.root.shape) if module.entry.root is not None else []
    if any(_floating(a) for a in inputs) or not any(_floating(a) and a.dims for a in outputs):
        return False
    return not inputs or _RANDOM.search(module.text) is not None


def _array_leaves(shape) -> list:
    return [leaf for leaf in (shape.elements if shape.is_tuple else [shape]) for leaf in
            (_array_leaves(leaf) if leaf.is_tuple else [leaf])] if shape.is_tuple else [shape]


def _floating(shape) -> bool:
    return shape.dtype.startswith(("f", "bf", "c"))
