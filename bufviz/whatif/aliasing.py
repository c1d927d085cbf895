"""`bufviz aliasing`: every entry parameter and whether it is aliased with an output (and
whether XLA placed them together, and why not), the parameters that could be donated with the
bytes each donation saves (measured by the what-if engine), and the in-place updates that
were not done in place, with the copy each costs."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.liveness.hlo_liveness import analyze_module, parameter_aliasing
from ..engine.target.sizes import color_of
from ..hlo.shapes import format_index, parse_index
from ..measure import needed_bytes
from .donate import output_leaves, plan_donations, donated_module

if TYPE_CHECKING:
    from ..result import PeakReport

MAX_SINGLE = 32   # parameters measured one by one; more are measured only all together
IN_PLACE = {"dynamic-update-slice", "scatter", "while", "fusion", "custom-call"}


def aliasing_report(report: PeakReport, context) -> dict:

    module, analysis, target = context.inputs.module, context.analysis, context.target
    allocation_of = _allocation_of(report)
    outputs = dict(output_leaves(module))
    root_sets = analysis.dataflow.sets.get(module.entry.root, {})
    baseline = needed_bytes(analysis if module.is_scheduled else analyze_module(module, target))
    savings: dict[int, tuple[int | None, list]] = {}
    params = {p.parameter_number: p for p in module.entry.parameters}
    rows = []
    for leaf in parameter_aliasing(module):   # number, name, index, bytes, aliased_output, alias_kind, donor
        param, index = params[leaf["number"]], parse_index(leaf["index"])
        sub = param.shape.subshape(index)
        row = {**leaf, "shape": sub.text, "shares_allocation": None, "not_shared_because": None,
               "donation_candidate": False, "candidate_output": None, "saving_bytes": None}
        donor = row.pop("donor")
        if row["aliased_output"] is not None:
            out = parse_index(row["aliased_output"])
            writers = list(root_sets.get(out, []))
            mine = allocation_of.get((param.name, row["index"]))
            theirs = {allocation_of.get((v.instruction.name, format_index(v.index))) for v in writers}
            row["shares_allocation"] = mine is not None and mine in theirs
            if not row["shares_allocation"]:
                row["not_shared_because"] = _why_not_shared(sub, outputs.get(out), writers, param, index, analysis)
        elif donor:
            row["alias_kind"] = "buffer_donor"
        rows.append(row)
    undonated = sorted({r["number"] for r in rows if r["alias_kind"] is None})
    if len(undonated) <= MAX_SINGLE:   # one what-if each
        for number in undonated:
            plans = [p for p in plan_donations(module, target, [number]) if p.reason is None]
            if plans:
                after = needed_bytes(analyze_module(donated_module(module, plans), target))
                savings[number] = (baseline - after, plans)
    else:   # only all together: the leaves paired are candidates, their own savings unmeasured
        plans = [p for p in plan_donations(module, target, undonated) if p.reason is None]
        savings = {p.number: (None, plans) for p in plans}
    for r in rows:
        saving, plans = savings.get(r["number"], (0, []))
        plan = next((p for p in plans if p.number == r["number"] and format_index(p.index) == r["index"]), None)
        if plan is not None and (saving is None or saving > 0):
            assert plan.output is not None   # (a plan that can be donated names its output leaf)
            r.update(donation_candidate=True, candidate_output=format_index(plan.output), saving_bytes=saving)
    return {"parameters": rows, "copies": copies(analysis, module, report),
            "needed_bytes": report.memory["needed_bytes"] if report.memory else None,
            "saving_if_all_donated_bytes": _all_donated_saving(module, target, rows, baseline)}


def _all_donated_saving(module, target, rows, baseline) -> int | None:

    numbers = sorted({r["number"] for r in rows if r["donation_candidate"]})
    if not numbers:
        return None
    plans = [p for p in plan_donations(module, target, numbers) if p.reason is None]
    return baseline - needed_bytes(analyze_module(donated_module(module, plans), target))


def _allocation_of(report: PeakReport) -> dict:
    return {(v["name"], v["index"]): a["index"] for a in report.allocations for v in a["values"]}


def _why_not_shared(param_shape, output_shape, writers, param, index, analysis) -> str:
    if output_shape is not None and param_shape.text != output_shape.text:
        same_dims = param_shape.text_without_layout() == output_shape.text_without_layout()
        return "the layout differs from the output's" if same_dims else "the shape differs from the output's"
    if output_shape is not None and color_of(param_shape) != color_of(output_shape):
        return "the memory space differs from the output's"
    passed = [v for v in writers if v.instruction.opcode == "parameter" and v.instruction is not param]
    if passed:
        return f"the output is a pass-through of parameter {passed[0].instruction.parameter_number}"
    p_range = analysis.live.get(analysis.dataflow.sets[param][index][0].id)
    starts = [analysis.live[v.id].start for v in writers if v.id in analysis.live]
    if p_range is not None and starts and p_range.end > min(starts):
        return "the parameter is read after the output is written"
    return "XLA placed them apart for a reason bufviz cannot see"


def copies(analysis, module, report) -> list[dict]:
    """Copies that keep a value intact for an in-place update (same layout in and out)."""
    loops = _loop_bodies(module)
    out = []
    for instr in analysis.flat.sequence:
        if instr.opcode not in ("copy", "copy-start") or not instr.operands:
            continue
        operand = instr.operands[0]
        if instr.shape.text != operand.shape.text:
            continue   # a layout change (a transpose), not a copy for aliasing
        users = sorted({u.opcode for u in instr.users if u.opcode in IN_PLACE} | {
            "while" for u in instr.users if u.opcode == "tuple" and any(w.opcode == "while" for w in u.users)})
        loop = loops.get(instr.computation.name)
        sharing = sum(1 for u in operand.users if u.opcode in ("copy", "copy-start"))
        cause = _cause(operand, module, users, loop, sharing)
        why = CAUSES[cause].format(number=operand.parameter_number if operand.opcode == "parameter" else None,
                                   sharing=sharing)
        out.append({"name": instr.name, "bytes": instr.shape.byte_size(), "of": operand.name,
                    "users": users, "in_loop": loop, "cause": cause, "why": why, "source": module.source_of(instr)})
    return sorted(out, key=lambda c: -c["bytes"])


CAUSES = {
    "donated_still_read": "parameter {number} is donated but still read after its update is written, so XLA "
                          "keeps a copy",
    "not_donated": "parameter {number} is not donated, so the update writes a copy",
    "constant": "a constant cannot be updated in place",
    "shared_start": "one value starts {sharing} buffers that are updated in place: each needs its own",
    "initial_value_read": "a loop carry whose initial value is still read after the loop starts",
    "body_reads_old": "the loop body copies its carry: the old value is still read after the update",
    "read_after_update": "the operand is still read after the in-place update",
}
# Causes a change to the program removes (read the old value before updating, or not at all).
AVOIDABLE = ("initial_value_read", "body_reads_old", "read_after_update")


def _cause(operand, module, users, loop, sharing: int) -> str:
    entry_param = operand.opcode == "parameter" and operand.computation is module.entry
    if entry_param:
        return "donated_still_read" if (operand.parameter_number, ()) in module.donated else "not_donated"
    if operand.opcode == "constant":
        return "constant"
    if sharing > 1:
        return "shared_start"
    if "while" in users:
        return "initial_value_read"
    return "body_reads_old" if loop else "read_after_update"


def _loop_bodies(module) -> dict[str, str]:
    """Computation name -> the while loop it is the body of."""
    bodies = {}
    for comp in module.computations.values():
        if not comp.parsed:
            continue
        for instr in comp.instructions:
            if instr.opcode == "while":
                for name in instr.callee_names(("body",)):
                    bodies[name] = instr.name
    return bodies
