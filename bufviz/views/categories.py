"""What a piece of storage is for, inferred from the program: weights, optimizer state and
inputs from what the program does with each parameter (explain/roles.py); gradients from the
backward pass's op_names (jax's `transpose(jvp(...))`, TensorFlow's `gradient_tape/`), the
forward pass's temporaries ("activations"; at a backward peak "saved activations", kept for it);
what loops carry (the stacked outputs a scan writes, a cache it updates, its state; views/loops.py);
collective buffers; the constants XLA writes out and its layout copies (made.py);
the optimizer's update; the scratch bytes a library call (cuBLAS, cuDNN, oneDNN) returns beside
its result. An inference pass's temporaries are its activations."""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..hlo.shapes import ArrayShape, ShapeSyntaxError, parse_index, parse_shape
from .collectives import COLLECTIVES, base_op
from .loops import CACHE, PASSED, STACKED, STATE
from .roles import BACKWARD_OP, OPTIMIZER_NAME, UPDATE_OP, WEIGHTS_NAME

_JAX_STYLE = re.compile(r"[\w.-]+\(")   # `jit(step)/...`, `pmap(f)/...`, `parallelize(f)/...`


def category_of(row: Mapping[str, Any], backward_at_peak: bool, training: bool | None = None) -> str:
    """`training`: whether the program has a backward pass (False: an inference pass, whose
    temporaries are all activations; None: not known)."""
    kind, opcode = row["kind"], row.get("opcode") or ""
    # a value XLA made without op_name is for what it copies or feeds
    op_name = row.get("op_name") or (row.get("op_name_near") if kind == "temp" else None) or ""
    if kind == "constant":
        return "constants"
    if kind == "scratch":
        return "scratch"   # libtpu's thread-local scratch: the accumulators of reductions and sorts
    if kind == "parameter" and row.get("role"):
        return row["role"]   # from the program's evidence (explain/roles.py)
    if row.get("carried"):
        return carried_category(row["carried"], backward_at_peak, training)
    if opcode == "parameter" and kind == "parameter":
        return _parameter_category(row["name"], op_name)
    if row.get("collective") or base_op(opcode) in COLLECTIVES or opcode == "async-collective-start":
        # (gradients summed over the devices are still gradients: a reduction the backward pass makes)
        op = (row.get("collective") or {}).get("op")
        return "gradients" if op in ("all-reduce", "reduce-scatter") and BACKWARD_OP.search(op_name) else \
            "collective buffers"
    if row.get("role") == "weights":
        return "weight copies"   # XLA's copy of weights in another layout (explain/roles.py)
    if _workspace(row):
        return "library workspace"
    if kind == "temp" and row.get("made_by"):   # XLA's own: constants written out, layout copies
        return row["made_by"]
    source = row.get("source") or ""
    if BACKWARD_OP.search(op_name):
        # (integers and masks the backward pass computes, indices of a gather's gradient, are its own temporaries)
        return "activations" if _integer_shape(row.get("shape")) else "gradients"
    if _forward(op_name, source) and (kind == "temp" or (kind == "output" and backward_at_peak)):
        # kept for the backward pass (in an output's slot too), or made at a forward peak
        return "saved activations" if backward_at_peak else "activations"
    if kind == "output":
        return "outputs"
    if kind == "parameter":
        return "inputs"
    if kind == "temp" and opcode != "parameter":
        if _optimizer(row):
            return "optimizer update"   # the optimizer's arithmetic on its way to the new state
        if training is False or (training and op_name):
            return "activations"   # an inference pass's results, a training step's loss
    return "other"


def carried_category(carried: Mapping[str, Any], backward_at_peak: bool, training: bool | None) -> str:
    """What an element a loop carries holds, from what the loop does with it (views/loops.py):
    a scan's stacked outputs are what it writes (the backward pass's saved activations, or
    gradients), a cache is a cache, what the loop passes through is what flows in."""
    kind = carried["kind"]
    if kind == STACKED:
        if BACKWARD_OP.search(carried.get("written_by") or ""):
            return "gradients"
        return "saved activations" if carried.get("read_after_by_backward") else "activations"
    if kind == CACHE:
        return "caches"
    if kind == STATE and BACKWARD_OP.search(carried.get("written_by") or "") and \
            not _integer_shape(carried.get("shape")):
        return "gradients"   # (a backward loop's accumulator of a weight's gradient)
    origin = carried.get("origin")
    if kind == PASSED and origin:
        if origin.get("opcode") == "parameter" and origin.get("role"):
            return "weight copies" if origin["role"] == "weights" else origin["role"]
        return category_of({"kind": "temp", **origin}, backward_at_peak, training)
    return "loop carries"


_OPTIMIZER_LIBRARY = re.compile(r"^(?:optax|torch/optim|keras/optimizers|tensorflow/python/keras/optimizer)|"
                                r"(?:^|/)optim(?:izers?)?/")


def _optimizer(row: Mapping[str, Any]) -> bool:
    """The optimizer's own arithmetic: its library's frame, or a scope the update's names give."""
    return bool(_OPTIMIZER_LIBRARY.search(row.get("library") or "")) or \
        bool(UPDATE_OP.search(row.get("op_name") or ""))


def backward_at(peak_op_name: str | None) -> bool:
    """Whether the peak is in the backward pass (its instruction's op_name says so)."""
    return BACKWARD_OP.search(peak_op_name or "") is not None


def _torch(op_name: str) -> bool:
    return op_name.startswith(("aten__", "xla__"))   # PyTorch/XLA's op_names


def _forward(op_name: str, source: str) -> bool:
    """A forward-pass op_name: jax's `jvp(...)`; PyTorch's ops run from a layer's or the user's
    Python (not the optimizer's); another framework's path outside its backward pass and
    update (jax's other op_names, the loss or the update, are not kept for the backward pass)."""
    if "jvp(" in op_name:
        return True
    if _torch(op_name):   # (its autograd's ops run from C++, with no Python source: not known)
        return bool(source) and "torch/optim/" not in source
    return bool(op_name) and not _JAX_STYLE.match(op_name) and not UPDATE_OP.search(op_name)


def _integer_shape(shape: str | None) -> bool:
    """An array of integers or predicates (never a gradient)."""
    try:
        array = parse_shape(shape) if shape else None
    except ShapeSyntaxError:
        return False
    return isinstance(array, ArrayShape) and array.dtype.startswith(("s", "u", "pred"))


def _workspace(row: Mapping[str, Any]) -> bool:
    """A custom call's scratch: a byte array it returns beside its result (`(f32[..], s8[N])`)."""
    index, shape = row.get("index"), row.get("shape")
    if row.get("opcode") != "custom-call" or not index or not shape:
        return False
    index = parse_index(index) if isinstance(index, str) else tuple(index)
    try:
        array = parse_shape(shape)
    except ShapeSyntaxError:
        return False
    # (a parsed shape is an ArrayShape or a TupleShape: not a tuple is an array)
    return index[0] > 0 and isinstance(array, ArrayShape) and array.dtype in ("u8", "s8") and len(array.dims) == 1


def _parameter_category(name: str, op_name: str) -> str:
    """A parameter known from a dump alone (no module to read its uses from): by its name, as jax
    names entry parameters after the function's arguments (`params[0][1]`, `opt_state`)."""
    text = f"{op_name} {name}"
    if OPTIMIZER_NAME.search(text):
        return "optimizer state"
    if WEIGHTS_NAME.search(text):
        return "weights"
    return "inputs"
