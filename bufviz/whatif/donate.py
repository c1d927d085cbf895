"""Donating a parameter: jax's `donate_argnums` becomes an input_output_alias entry pairing each
leaf of the parameter with an output leaf of the same shape and layout. Legal only when the
parameter is dead once the output is written (XLA would otherwise copy it back)."""
from __future__ import annotations

import copy
from dataclasses import dataclass

from ..engine.assignment.assignment import BufferAssigner
from ..engine.liveness.hlo_liveness import ModuleAnalysis, analyze_donated, analyze_module
from ..engine.target.target import Target
from ..hlo.module import Module
from ..hlo.shapes import Shape, format_index


@dataclass
class Donation:
    number: int          # parameter number
    index: tuple         # leaf of the parameter
    bytes: int
    output: tuple | None  # the output leaf it would alias
    reason: str | None   # why it cannot be donated (None when it can)


def leaves(shape: Shape) -> list[tuple[tuple, Shape]]:
    return [(index, sub) for index, sub in shape.subshapes() if not sub.is_tuple]


def output_leaves(module: Module) -> list[tuple[tuple, Shape]]:
    assert module.entry is not None   # (a parsed module has its entry computation)
    return leaves(module.entry.root.shape)


def with_aliases(module: Module, entries: list[tuple]) -> Module:
    """A shallow copy of `module` with more input_output_alias entries (output, number, index, kind)."""
    changed = copy.copy(module)
    changed.input_output_alias = list(module.input_output_alias) + list(entries)
    return changed


def plan_donations(module: Module, target: Target, numbers: list[int],
                   base: ModuleAnalysis | None = None, trials: list | None = None) -> list[Donation]:
    """Each leaf of each parameter in `numbers` paired, in order, with the first free output leaf of
    identical shape and layout that it is dead before; the rest say why not. Pairs are tried in
    rounds, all of a round in one trial analysis (a pair's verdict depends on it alone); with
    `base` (the module's analysis, by the schedule to judge in) a trial reuses its dataflow.
    `trials`, when given, gets each trial analysis (for callers that count the work)."""
    assert module.entry is not None   # (a parsed module has its entry computation)
    params = {p.parameter_number: p for p in module.entry.parameters}
    taken = {tuple(out) for out, _, _, _ in module.input_output_alias}
    outputs = output_leaves(module)
    open_leaves: list[tuple[Donation, list[tuple], set[tuple]]]
    plans, open_leaves = [], []
    for number in numbers:
        param = params.get(number)
        if param is None:
            plans.append(Donation(number, (), 0, None, f"the entry computation has no parameter {number}"))
            continue
        for index, sub in leaves(param.shape):
            plan = Donation(number, index, sub.byte_size(), None, None)
            plans.append(plan)
            same = [out for out, o in outputs if o.text == sub.text]
            if (number, index) in module.donated:
                plan.reason = "already donated"
            elif not same:
                plan.reason = f"no output has its shape and layout ({sub.text})"
            else:
                open_leaves.append((plan, same, set()))
    order = {id(plan): k for k, plan in enumerate(plans)}
    while open_leaves:
        claimed, tried, waiting = set(), [], []
        for plan, same, bad in open_leaves:
            free = [o for o in same if o not in taken and o not in bad]
            out = next((o for o in free if o not in claimed), None)
            if out is not None:
                claimed.add(out)
                tried.append((plan, same, bad, out))
            elif free:   # claimed by a leaf before it this round: wait for that verdict
                waiting.append((plan, same, bad))
            else:
                plan.reason = ("it is still read after every output of its shape is written" if bad else
                               "every output of its shape is taken by another donation")
        trial = trial_analysis(module, target, [(out, p.number, p.index, "may-alias") for p, _, _, out in tried],
                               base)
        if trials is not None:
            trials.append(trial)
        can_share = _when_asked(lambda: BufferAssigner(trial).can_share)   # (rarely needed)
        open_leaves = waiting
        for plan, same, bad, out in tried:
            if _dead_before(trial, can_share, params[plan.number], plan.index, out):
                plan.output = out
                taken.add(out)
            else:
                bad.add(out)
                open_leaves.append((plan, same, bad))
        open_leaves.sort(key=lambda leaf: order[id(leaf[0])])   # earlier leaves choose first
    return plans


def trial_analysis(module: Module, target: Target, aliases: list[tuple],
                   base: ModuleAnalysis | None = None) -> ModuleAnalysis:
    """The analysis of `module` with more input_output_alias entries (reusing `base`'s dataflow)."""
    changed = with_aliases(module, aliases)
    return analyze_donated(base, changed) if base is not None else analyze_module(changed, target)


def _when_asked(make):
    """A function that builds the function it calls on its first call."""
    made: list = []   # (the function `make` built, once built)

    def call(*args):
        if not made:
            made.append(make())
        return made[0](*args)
    return call


def _dead_before(trial, can_share, param, index: tuple, out: tuple) -> bool:
    """Whether the parameter's last read comes before the output is written (or is the instruction
    writing it, in place), in the module donated this way (`trial`, its analysis)."""
    p_value = trial.dataflow.sets[param][index][0]
    p_range = trial.live.get(p_value.id)
    writers = [v for v in trial.dataflow.sets.get(trial.module.entry.root, {}).get(out, []) if v is not p_value]
    if p_range is None or not writers:
        return p_range is not None
    for w in writers:
        w_range = trial.live.get(w.id)
        if w_range is None:
            continue
        if p_range.end > w_range.start:
            return False
        if p_range.end == w_range.start and not (param in w.instruction.operands
                                                 and can_share(param, index, w.instruction, w.index)):
            return False
    return True


def donated_module(module: Module, plans: list[Donation]) -> Module:
    return with_aliases(module, [(d.output, d.number, d.index, "may-alias") for d in plans if d.reason is None])


def donation_json(d: Donation) -> dict:
    return {"number": d.number, "index": format_index(d.index), "bytes": d.bytes,
            "output": None if d.output is None else format_index(d.output), "not_donated_because": d.reason}
