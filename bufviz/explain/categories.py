"""What a piece of storage is for, inferred from the program: weights, optimizer state and
inputs from parameter names; gradients and activations saved for the backward pass ("saved activations") from JAX's
op_names (`transpose(jvp(...))` is the backward pass); loop carries; collective buffers."""
from __future__ import annotations

import re

COLLECTIVES = ("all-reduce", "all-gather", "reduce-scatter", "collective-permute", "all-to-all",
               "collective-broadcast", "send", "recv", "ragged-all-to-all")
_OPTIMIZER = re.compile(r"opt|adam|momentum|(?:^|[\W_])(?:mu|nu)(?:$|[\W_])|velocity", re.I)
_WEIGHTS = re.compile(r"param|weight|kernel|bias|embed|layer", re.I)


def category_of(row: dict, backward_at_peak: bool) -> str:
    kind, opcode, op_name = row["kind"], row.get("opcode") or "", row.get("op_name") or ""
    if kind == "constant":
        return "constants"
    if opcode == "parameter" and kind == "parameter":
        return _parameter_category(row["name"], op_name)
    if opcode.removesuffix("-start").removesuffix("-done") in COLLECTIVES or opcode == "async-collective-start":
        return "collective buffers"
    if "transpose(" in op_name:
        return "gradients"
    if "jvp(" in op_name and backward_at_peak:
        return "saved activations"
    if kind == "output":
        return "outputs"
    if kind == "parameter":
        return "inputs"
    return "other"


def _parameter_category(name: str, op_name: str) -> str:
    """jax names entry parameters after the function's arguments (`params[0][1]`, `opt_state`)."""
    text = f"{op_name} {name}"
    if _OPTIMIZER.search(text):
        return "optimizer state"
    if _WEIGHTS.search(text):
        return "weights"
    return "inputs"
