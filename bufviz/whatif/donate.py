"""Donating a parameter: jax's `donate_argnums` becomes an input_output_alias entry pairing each
leaf of the parameter with an output leaf of the same shape and layout. Planned only where the
parameter is dead once the output is written in the module's schedule; XLA still copies it
first where the data dependencies alone do not order every read before that write."""
from __future__ import annotations

import copy
from dataclasses import dataclass

from ..engine.assignment.assignment import BufferAssigner
from ..engine.liveness.hlo_liveness import ModuleAnalysis, analyze_donated, analyze_module
from ..engine.target.target import Target
from ..hlo.edit import BodyEdit, reparsed
from ..hlo.model import Instruction
from ..hlo.module import Module
from ..hlo.outputs import output_at
from ..hlo.shapes import Shape, format_index
from .rewrite import fresh_name


@dataclass
class Donation:
    number: int          # parameter number
    index: tuple         # leaf of the parameter
    bytes: int
    output: tuple | None  # the output leaf it would alias
    reason: str | None   # why it cannot be donated (None when it can)
    copied: bool = False  # XLA copies it first: a read of it is not ordered before the output's write


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
    _mark_copies(module, [p for p in plans if p.reason is None and p.output is not None])
    return plans


def _mark_copies(module: Module, plans: list[Donation]) -> None:
    """XLA's copy insertion copies a donated parameter first (all its readers then read the copy)
    unless every read of it comes before the output's write by the data dependencies alone: it
    judges before the schedule is made. (A jax step's weight read by the backward pass after its
    update is computed, as XLA sees it, is copied: `copy(%params...)` in the donated module.)
    Each instruction's set of donated parameters' readers among its ancestors, as bits: linear."""
    entry = module.entry
    assert entry is not None   # (a parsed module has its entry computation)
    params = {p.parameter_number: p for p in entry.parameters}
    readers: dict[Instruction, int] = {}   # a reader of a donated parameter -> its bit
    for plan in plans:
        for user in params[plan.number].users:
            readers.setdefault(user, len(readers))
    if not readers:
        return
    before: dict[Instruction, int] = {}   # what has run before an instruction, by the dependencies
    for instr in entry.instructions:   # (in a scheduled module's order: operands first)
        bits = 0
        for operand in instr.operands:
            bits |= before.get(operand, 0) | (1 << readers[operand] if operand in readers else 0)
        before[instr] = bits
    for plan in plans:
        param = params[plan.number]
        writer = output_at(entry.root, plan.output)   # type: ignore[arg-type]  # (planned: set)
        if writer is None:
            continue
        while writer.opcode == "bitcast" and writer.operands:   # (the instruction whose value it is)
            writer = writer.operands[0]
        seen = before.get(writer, 0)
        plan.copied = any(not seen >> readers[u] & 1 for u in param.users if u is not writer)


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
    """The module with the planned input_output_alias entries, and XLA's copy of each donated
    parameter it would copy: made just before the parameter's first read (where XLA's scheduler
    puts it), read by every reader of the parameter."""
    copied = [d for d in plans if d.reason is None and d.copied and not d.index]   # (array parameters)
    if copied:
        module = _with_copies(module, [d.number for d in copied])
    return with_aliases(module, [(d.output, d.number, d.index, "may-alias") for d in plans if d.reason is None])


def _with_copies(module: Module, numbers: list[int]) -> Module:
    entry = module.entry
    assert entry is not None   # (a parsed module has its entry computation)
    edit = BodyEdit(entry)
    params = {p.parameter_number: p for p in entry.parameters}
    for number in numbers:
        param = params[number]
        readers = set(param.users)
        users = [u for u in entry.instructions if u in readers]   # (in schedule order)
        if not users:
            continue
        name = fresh_name(module, f"{param.name}.copy")
        edit.insert_before(users[0].name, name, f"  %{name} = {param.shape.text} copy(%{param.name})")
        for user in users:
            edit.repoint(user, param.name, name)
    return reparsed(module, edit.module_text())


def donation_json(d: Donation) -> dict:
    return {"number": d.number, "index": format_index(d.index), "bytes": d.bytes,
            "output": None if d.output is None else format_index(d.output), "not_donated_because": d.reason,
            "copied_first": d.copied}
