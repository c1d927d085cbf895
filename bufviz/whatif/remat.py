"""Rematerializing a buffer (jax.checkpoint, XLA's HloRematerialization): its instruction is
computed a second time just before the uses that come after its longest wait, so the first copy
dies early; its operands live longer instead. Done on the module's text, which is parsed again,
so the whole pipeline sees an ordinary scheduled module."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..hlo.module import Module
from ..hlo.edit import BodyEdit, reparsed
from .rewrite import find_sequential, fresh_name

# Instructions that cannot be computed twice (side effects, control flow, communication) or
# that hold no buffer of their own.
_NOT_RECOMPUTABLE = {"parameter", "while", "conditional", "infeed", "outfeed", "send", "send-done",
                     "recv", "recv-done", "rng", "rng-get-and-update-state", "rng-bit-generator",
                     "all-reduce", "all-gather", "all-to-all", "reduce-scatter", "collective-permute",
                     "all-reduce-start", "all-reduce-done", "all-gather-start", "all-gather-done",
                     "collective-permute-start", "collective-permute-done", "async-start", "async-update",
                     "async-done", "copy-start", "copy-done", "after-all", "partition-id", "replica-id"}
_ALIASES = {"get-tuple-element", "bitcast", "tuple"}
NO_SUCH = "no instruction has this name outside fusions"


@dataclass
class Remat:
    name: str
    bytes: int = 0
    clone: str | None = None       # the instruction computed late (the name itself when moved)
    serves: list[str] = field(default_factory=list)   # the uses reading the late copy
    reason: str | None = None      # why it cannot be rematerialized (None when it can)


def plan_remat(module: Module, name: str) -> Remat:
    """Where the second computation of `name` goes: before the first use after its longest wait
    (the gap between consecutive uses, or between definition and first use, that is longest in
    the schedule); it then serves that use and every later one."""
    instr = find_sequential(module, name)
    if instr is None:
        return Remat(name, reason=NO_SUCH)
    caller = _caller(module, instr)
    if caller is not None:   # a called computation's result is the call's buffer
        instr, name = caller, caller.name
    plan = Remat(name, instr.shape.byte_size() if not instr.shape.is_tuple else 0)
    assert instr.computation is not None   # (an instruction of the module)
    if not module.is_scheduled:
        plan.reason = "the module is not scheduled (use a dump after optimizations)"
    elif instr.opcode in _ALIASES:
        plan.reason = f"a {instr.opcode} holds no buffer of its own; name the instruction it comes from"
    elif instr.opcode == "call":
        plan.reason = "a call would call its computation twice; bufviz recomputes single instructions"
    elif not _recomputable(instr):
        plan.reason = f"a {instr.opcode} cannot be computed twice"
    elif instr.shape.is_tuple:
        plan.reason = "it defines a tuple (a multi-output fusion); bufviz recomputes single buffers only"
    elif any(instr in u.control_predecessors for u in instr.computation.instructions):
        plan.reason = "other instructions are ordered after it by control dependencies"
    if plan.reason:
        return plan
    order = {i.name: k for k, i in enumerate(instr.computation.instructions)}
    uses = sorted(instr.users, key=lambda u: order[u.name])
    if not uses:
        plan.reason = (f"it is what {instr.computation.name} returns: name the instruction that calls it"
                       if instr.is_root and not instr.computation.is_entry else "nothing reads it")
        return plan
    times = [order[instr.name]] + [order[u.name] for u in uses]
    wait, first = max((times[k + 1] - times[k], k) for k in range(len(uses)))
    if wait <= 1:
        plan.reason = "each use comes right after the one before: there is no wait to save"
        return plan
    plan.serves = [u.name for u in uses[first:]]
    plan.clone = name if first == 0 else fresh_name(module, f"{name}.remat")
    return plan


def _recomputable(instr) -> bool:
    return instr.opcode not in _NOT_RECOMPUTABLE and "custom_call_has_side_effect=true" not in instr.attr_text


def _caller(module: Module, instr):
    """The call instruction returning `instr` (the root of the computation it calls), if any."""
    comp = instr.computation
    if not instr.is_root or comp.is_entry:
        return None
    called = re.compile(r"^[ \t]*(?:ROOT[ \t]+)?%?([\w.\-]+)[ \t]*=.*[ \t]call\(.*(?:to_apply|calls)=%?"
                        + re.escape(comp.name) + r"(?![\w.\-])", re.M)
    found = [m.group(1) for m in called.finditer(module.text)]
    return find_sequential(module, found[0]) if len(found) == 1 else None


def rematerialized_module(module: Module, plans: list[Remat]) -> Module:
    """The module's text with each planned instruction computed again late, parsed again."""
    for plan in plans:
        if plan.reason is None:
            instr = find_sequential(module, plan.name)
            assert instr is not None and plan.clone is not None   # (plan_remat found it and placed its copy)
            assert instr.computation is not None   # (an instruction of the module)
            edit = BodyEdit(instr.computation)
            if plan.clone == plan.name:
                edit.move_before(instr, plan.serves[0])
            else:
                edit.copy_before(instr, plan.serves[0], plan.clone)
                for use in plan.serves:
                    edit.repoint(instr.computation.instruction(use), plan.name, plan.clone)
            module = reparsed(module, edit.module_text())
    return module


def remat_json(plan: Remat) -> dict:
    return {"name": plan.name, "bytes": plan.bytes, "recomputed_as": plan.clone, "serves": plan.serves,
            "not_rematerialized_because": plan.reason}
