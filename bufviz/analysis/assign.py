"""Running the buffer assigner for a report: the alignment XLA used is taken from the text's
date when it can be; otherwise each candidate is tried and the one that reproduces XLA's own
allocations is kept (spec §12.2)."""
from __future__ import annotations

from ..hlo.shapes import format_index
from .assignment import Assignment, BufferAssigner
from .compare import allocation_mismatches
from .hlo_liveness import ModuleAnalysis
from .sizes import alignments
from .totals import stats_block, totals
from .vintage import Vintage


def assign_buffers(analysis: ModuleAnalysis, platform: str, vintage: Vintage,
                   xla_allocations: list[dict] | None, notes: list[str]) -> tuple[Assignment, dict]:
    assigner = BufferAssigner(analysis, platform, vintage)
    candidates = alignments(platform, vintage)
    chosen = None
    for alignment in candidates:
        assignment = assigner.run(alignment)
        section = assignment_section(assignment, analysis, platform, vintage)
        misses = len(allocation_mismatches(xla_allocations, section["allocations"])) if xla_allocations else 0
        if chosen is None or misses < chosen[0]:
            chosen = (misses, assignment, section)
        if not misses:
            break
    if len(candidates) > 1:
        how = ("it reproduces XLA's allocations" if xla_allocations and not chosen[0]
               else "the text does not date the switch; the newer value was assumed")
        notes.append(f"heap alignment {chosen[1].alignment} bytes: {how}")
    return chosen[1], chosen[2]


def assignment_section(assignment: Assignment, analysis: ModuleAnalysis, platform: str, vintage: Vintage) -> dict:
    donated = {(number, tuple(index)) for _, number, index, _ in analysis.module.input_output_alias}
    numbers = totals(assignment, donated, platform, vintage)
    return {**numbers, "allocations": [allocation_json(a) for a in assignment.allocations],
            "stats": stats_block(assignment, numbers)}


def allocation_json(a) -> dict:
    """The same shape as an allocation in the `xla` section."""
    return {
        "index": a.index,
        "size": a.size,
        "kinds": a.kinds,
        "color": a.color,
        "parameter": (None if a.parameter is None
                      else {"number": a.parameter, "index": format_index(a.parameter_index)}),
        "values": [{"id": v.id, "name": v.name, "index": format_index(v.index), "size": size, "offset": offset,
                    "shape": v.instruction.shape.subshape(v.index).text}
                   for v, offset, size in sorted(a.values, key=lambda t: t[0].id)],
    }
