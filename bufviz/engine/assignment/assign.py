"""Running the buffer assigner for a report: the alignment XLA used is taken from the text's
date when it can be; otherwise each candidate is tried and the one that reproduces XLA's own
allocations is kept (spec §12.2)."""
from __future__ import annotations

from ...hlo.shapes import format_index
from ..liveness.hlo_liveness import ModuleAnalysis
from ..target.target import Target
from ..target.vintage import PARAMETER_SUBSHAPE_PRINTED, Vintage
from .assignment import Assignment, BufferAssigner
from .matching import allocation_mismatches
from .totals import stats_block, totals
from .usage_report import memory_usage_report


def assign_buffers(analysis: ModuleAnalysis,
                   xla_allocations: list[dict] | None, notes: list[str],
                   thread_local=None) -> tuple[Assignment, dict]:
    target = analysis.target
    assigner = BufferAssigner(analysis, thread_local)
    candidates = target.alignments()
    chosen = None
    for alignment in candidates:
        assignment = assigner.run(alignment)
        allocations = allocations_json(assignment, analysis, target.vintage)
        misses = len(allocation_mismatches(xla_allocations, allocations)) if xla_allocations else 0
        if chosen is None or misses < chosen[0]:
            chosen = (misses, assignment, allocations)
        if not misses:
            break
    misses, assignment, allocations = chosen
    if len(candidates) > 1:
        how = ("the text does not date the switch; the newer value was assumed" if not xla_allocations
               else "it reproduces XLA's allocations" if not misses
               else "no alignment reproduces XLA's allocations; this one differs least")
        notes.append(f"heap alignment {assignment.alignment} bytes: {how}")
    return assignment, assignment_section(assignment, allocations, analysis, target)


def allocations_json(assignment: Assignment, analysis: ModuleAnalysis, vintage: Vintage) -> list[dict]:
    root = analysis.module.entry.root
    # The parameter's own subshape is printed since 2025-08-20; its whole shape before.
    whole_parameter = vintage.is_before(PARAMETER_SUBSHAPE_PRINTED) is True
    # A value is at the output's top level exactly when it is in the root's set there (its
    # positions are where it is in the sets): one lookup, not a walk over every position.
    at_root = {v.id for v in analysis.dataflow._at(root, ())}
    return [allocation_json(a, root, whole_parameter, at_root) for a in assignment.allocations]


def assignment_section(assignment: Assignment, allocations: list[dict], analysis: ModuleAnalysis,
                       target: Target) -> dict:
    """The `recomputed` keys of an assignment; `allocations` are its allocations as JSON."""
    donated = {(number, format_index(index)) for number, index in analysis.module.donated}
    vintage = target.vintage
    numbers = totals(assignment, allocations, donated, target)
    report = {"layout": vintage.usage_report_layout, "sorted": vintage.usage_report_sorted,
              "text": memory_usage_report(allocations, vintage.usage_report_layout, vintage.usage_report_sorted)}
    return {**numbers, "allocations": allocations, "stats": stats_block(assignment, numbers),
            "memory_usage_report": report}


def allocation_json(a, root, whole_parameter: bool, at_root: set[int]) -> dict:
    """The same shape as an allocation in the `xla` section. `at_root`: the ids of the values
    at the top level of the entry root."""
    parameter = None
    output_shape = None
    for v, _, _ in a.values:
        if a.parameter is not None and parameter is None and v.instruction.opcode == "parameter":
            shape = v.instruction.shape if whole_parameter else v.instruction.shape.subshape(a.parameter_index)
            parameter = {"number": a.parameter, "index": format_index(a.parameter_index),
                         "shape": shape.text_without_layout()}
        if v.id in at_root:
            output_shape = root.shape.text_without_layout()
    return {
        "index": a.index,
        "size": a.size,
        "kinds": a.kinds,
        "color": a.color,
        "parameter": parameter,
        "output_shape": output_shape,
        "values": [{"id": v.id, "name": v.name, "index": format_index(v.index), "size": size, "offset": offset,
                    "shape": v.instruction.shape.subshape(v.index).text}
                   for v, offset, size in sorted(a.values, key=lambda t: t[0].id)],
    }
