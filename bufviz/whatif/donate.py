"""Donating a parameter: jax's `donate_argnums` becomes an input_output_alias entry pairing each
leaf of the parameter with an output leaf of the same shape and layout. Legal only when the
parameter is dead once the output is written (XLA would otherwise copy it back)."""
from __future__ import annotations

import copy
from dataclasses import dataclass

from ..engine.assignment.assignment import BufferAssigner
from ..engine.liveness.hlo_liveness import analyze_module
from ..engine.target.target import Target
from ..hlo.model import Module
from ..hlo.shapes import format_index


@dataclass
class Donation:
    number: int          # parameter number
    index: tuple         # leaf of the parameter
    bytes: int
    output: tuple | None  # the output leaf it would alias
    reason: str | None   # why it cannot be donated (None when it can)


def leaves(shape) -> list[tuple[tuple, object]]:
    return [(index, sub) for index, sub in shape.subshapes() if not sub.is_tuple]


def output_leaves(module: Module) -> list[tuple[tuple, object]]:
    return leaves(module.entry.root.shape)


def with_aliases(module: Module, entries: list[tuple]) -> Module:
    """A shallow copy of `module` with more input_output_alias entries (output, number, index, kind)."""
    changed = copy.copy(module)
    changed.input_output_alias = list(module.input_output_alias) + list(entries)
    return changed


def plan_donations(module: Module, target: Target, numbers: list[int]) -> list[Donation]:
    """Each leaf of each parameter in `numbers` paired, in order, with the first free output leaf of
    identical shape and layout that it is dead before; the rest say why not."""
    params = {p.parameter_number: p for p in module.entry.parameters}
    taken = {tuple(out) for out, _, _, _ in module.input_output_alias}
    already = module.donated
    outputs = output_leaves(module)
    plans = []
    for number in numbers:
        param = params.get(number)
        if param is None:
            plans.append(Donation(number, (), 0, None, f"the entry computation has no parameter {number}"))
            continue
        for index, sub in leaves(param.shape):
            if (number, index) in already:
                plans.append(Donation(number, index, sub.byte_size(), None, "already donated"))
                continue
            same = [out for out, o in outputs if o.text == sub.text and out not in taken]
            if not same:
                plans.append(Donation(number, index, sub.byte_size(), None,
                                      f"no output has its shape and layout ({sub.text})"))
                continue
            out = next((o for o in same if _dead_before(module, target, number, index, o)), None)
            if out is None:
                plans.append(Donation(number, index, sub.byte_size(), None,
                                      "it is still read after every output of its shape is written"))
                continue
            taken.add(out)
            plans.append(Donation(number, index, sub.byte_size(), out, None))
    return plans


def _dead_before(module: Module, target: Target, number: int, index: tuple, out: tuple) -> bool:
    """Whether the parameter's last read comes before the output is written (or is the instruction
    writing it, in place), in the module donated this way."""
    trial = analyze_module(with_aliases(module, [(out, number, index, "may-alias")]), target)
    param = next(p for p in module.entry.parameters if p.parameter_number == number)
    p_value = trial.dataflow.sets[param][index][0]
    p_range = trial.live.get(p_value.id)
    writers = [v for v in trial.dataflow.sets.get(module.entry.root, {}).get(out, []) if v is not p_value]
    if p_range is None or not writers:
        return p_range is not None
    can_share = BufferAssigner(trial).can_share
    for w in writers:
        w_range = trial.live.get(w.id)
        if w_range is None:
            continue
        if p_range.end > w_range.start:
            return False
        if p_range.end == w_range.start and not can_share(param, index, w.instruction, w.index):
            return False
    return True


def donated_module(module: Module, plans: list[Donation]) -> Module:
    return with_aliases(module, [(d.output, d.number, d.index, "may-alias") for d in plans if d.reason is None])


def donation_json(d: Donation) -> dict:
    return {"number": d.number, "index": format_index(d.index), "bytes": d.bytes,
            "output": None if d.output is None else format_index(d.output), "not_donated_because": d.reason}
