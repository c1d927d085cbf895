"""A jax argument's pytree path, as the user wrote it: jax puts it in each entry parameter's
op_name (`params['Conv_0']['kernel']`, `opt_state[0].mu['Dense_0']['kernel']`,
`model.layers[0].weight`); XLA's name for it (`params__Conv_0____kernel__.1`) is mangled."""
from __future__ import annotations

import re

from ..hlo.module import Module

# A name, then keys, indices and attributes: ['key'], ["key"], [0], .attr
_PATH = re.compile(r"[A-Za-z_]\w*(?:\[(?:'[^'\]]*'|\"[^\"\]]*\"|-?\d+)\]|\.[A-Za-z_]\w*)*")
_STEP = re.compile(r"\[(?:'[^'\]]*'|\"[^\"\]]*\"|-?\d+)\]|\.[A-Za-z_]\w*|^[A-Za-z_]\w*")


def parameter_paths(module: Module) -> dict[str, str]:
    """Entry parameter name -> its pytree path. Only where every named parameter's op_name is a
    path and no two are the same: TensorFlow (`XLA_Args`) and PyTorch/XLA (`xla__device_data`)
    give every parameter one op_name, jax gives each leaf its own."""
    if module.entry is None:
        return {}
    named = {p.name: p.metadata.get("op_name") for p in module.entry.parameters}
    paths = {name: op for name, op in named.items() if op}
    if not paths or len(set(paths.values())) != len(paths):
        return {}
    if not all(_PATH.fullmatch(op) for op in paths.values()):
        return {}
    if len(paths) == 1 and not module.name.startswith(("jit_", "pmap_")):
        return {}   # (one parameter: its op_name alone does not tell jax's path from another word)
    return paths


# equinox's filter_jit passes the array leaves of the first argument and of the others as flat
# lists (`dynamic_donate['first'][51]`): said as the user's arguments, the array's number in the
# flat list after them (`args[0] #51`; `args[1:] #70` for the others, flattened together).
_EQUINOX = re.compile(r"dynamic_(?:no)?donate\['(first|rest|fun)'\]\[(\d+)\]")
_EQUINOX_PART = {"first": "args[0]", "rest": "args[1:]", "fun": "fn"}


def shown_path(path: str) -> str:
    """A path as the report shows it: jax's, or equinox's flat leaves in the user's words."""
    found = _EQUINOX.fullmatch(path)
    return f"{_EQUINOX_PART[found.group(1)]} #{found.group(2)}" if found else path


def equinox_part(path: str) -> str | None:
    """Which of equinox's flat lists a path is a leaf of: `first`, `rest`, `fun`; None for others."""
    found = _EQUINOX.fullmatch(path)
    return found.group(1) if found else None


def paths_by_number(module: Module) -> dict[int, str | None]:
    """Entry parameter number -> its pytree path (None where the module names none)."""
    named = parameter_paths(module)
    if not named or module.entry is None:
        return {}
    return {p.parameter_number: named.get(p.name) for p in module.entry.parameters}


def path_steps(path: str) -> list[str]:
    """`opt_state[0].mu['w']` -> ['opt_state', '[0]', '.mu', "['w']"]."""
    return _STEP.findall(path)


def short_path(path: str, width: int) -> str:
    """A path that fits `width`: leading steps dropped (`…mu['Dense_0']['kernel']`), never the
    middle; the last step alone is cut from its front only when nothing else fits."""
    if len(path) <= width:
        return path
    steps = path_steps(path)
    for k in range(1, len(steps)):
        text = "…" + "".join(steps[k:]).lstrip(".")
        if len(text) <= width:
            return text
    return ("…" + path[-(width - 1):]) if width > 1 else "…"


def kept_steps(short: str) -> int:
    """How many steps of a path its shortened form still shows whole."""
    return len(path_steps(short.lstrip("…"))) if short.startswith("…") else len(path_steps(short))


# Steps that name nothing of the user's: indices, nnx.jit's flattened `states`, equinox's flat lists.
_NAMELESS_STEP = re.compile(r"\[-?\d+\]|\.states|\.value|\['(?:first|rest|fun)'\]")
_NAMELESS_ROOT = re.compile(r"args|dynamic_(?:no)?donate|")


def nameless(path: str | None) -> bool:
    """A path that names nothing of the user's: `model.states[0][11]` (nnx.jit flattens a
    module's state), `args[3]`, `[2]`, equinox's `dynamic_nodonate['first'][4]`; a missing one."""
    if not path:
        return True
    steps = path_steps(path)
    if not steps:
        return True
    first, rest = (steps[0], steps[1:]) if not steps[0].startswith("[") else ("", steps)
    named_root = first and not _NAMELESS_ROOT.fullmatch(first)
    # (a root alone is the user's own name for an argument: `x`, `params`)
    if named_root and (not rest or not all(_NAMELESS_STEP.fullmatch(s) for s in rest)):
        return False
    return all(_NAMELESS_STEP.fullmatch(s) for s in rest) and (not named_root or ".states" in rest)
