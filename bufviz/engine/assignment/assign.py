"""Running the buffer assigner for a report: the alignment XLA used is taken from the text's
date when it can be; otherwise each candidate is tried and the one that reproduces XLA's own
allocations is kept (docs/rules.md §4.1)."""
from __future__ import annotations

import itertools
from dataclasses import dataclass

from ...hlo.shapes import format_index
from ..liveness.hlo_liveness import ModuleAnalysis
from ..target.target import Target
from ..target.vintage import (INTERFERENCE_ALL_POSITIONS, PARAMETER_SUBSHAPE_PRINTED, THREAD_LOCAL_BY_VALUE_ID,
                               Vintage)
from .assignment import THREAD_LOCAL_ORDERS, Assignment, BufferAssigner
from .matching import EVERYTHING, LIBTPU, NOT_RECOMPUTED_ON_TPU, allocation_mismatches
from .totals import stats_block, totals
from .usage_report import memory_usage_report


@dataclass(frozen=True)
class Rules:
    """The rules of XLA's buffer assigner that changed without a trace in every text: where the
    text's date window straddles a change, each candidate is tried against XLA's allocations."""
    alignment: int
    thread_local_order: str   # one of THREAD_LOCAL_ORDERS
    all_positions: bool       # every position of a value may hand its buffer on (since 2026-07-28)


def assign_buffers(analysis: ModuleAnalysis,
                   xla_allocations: list[dict] | None, notes: list[str],
                   thread_local=None, value_ids: dict | None = None) -> tuple[Assignment, dict]:
    """`value_ids`: (instruction name, index) -> XLA's value id, from a dump's values."""
    target = analysis.target
    assigner = BufferAssigner(analysis, thread_local, value_ids)
    candidates = _candidates(target, bool(xla_allocations))
    chosen: tuple[int, Assignment, list[dict], Rules] | None = None
    for rules in candidates if xla_allocations else candidates[:1]:
        assignment = assigner.run(rules.alignment, rules.thread_local_order, rules.all_positions)
        allocations = allocations_json(assignment, analysis, target.vintage)
        misses = len(allocation_mismatches(xla_allocations, allocations, scope_of(target))) if xla_allocations else 0
        if chosen is None or misses < chosen[0]:
            chosen = (misses, assignment, allocations, rules)
        if not misses:
            break
    assert chosen is not None  # (there is always a first candidate)
    misses, assignment, allocations, rules = chosen
    assignment.rules = rules
    notes.extend(_notes(target, rules, candidates, bool(xla_allocations), misses, assignment))
    if not xla_allocations and len({c.all_positions for c in candidates}) > 1:
        older = assigner.run(rules.alignment, rules.thread_local_order, all_positions=False)
        differences = allocation_mismatches(allocations, allocations_json(older, analysis, target.vintage))
        if differences:
            notes.append(_positions_note(len(differences), older, assignment))
    return assignment, assignment_section(assignment, allocations, analysis, target, value_ids)


def assign_by(analysis: ModuleAnalysis, rules: Rules | None = None) -> Assignment:
    """One run of the assigner by `rules` (default: the likeliest for the text's date), no
    report: what a what-if compares with the module it changes."""
    rules = rules or _candidates(analysis.target, False)[0]
    assignment = BufferAssigner(analysis).run(rules.alignment, rules.thread_local_order, rules.all_positions,
                                              minimum_memory=False)
    assignment.rules = rules
    return assignment


def _candidates(target: Target, dumped: bool) -> list[Rules]:
    """Most likely first. Without XLA's allocations to compare with, only the first is used."""
    straddles = target.vintage.is_before(INTERFERENCE_ALL_POSITIONS) is None
    positions = (True, False) if straddles else (target.vintage.is_before(INTERFERENCE_ALL_POSITIONS) is False,)
    return [Rules(a, o, p) for a, o, p in itertools.product(target.alignments(), _thread_local_orders(target, dumped),
                                                            positions)]


def _notes(target: Target, rules: Rules, candidates: list[Rules], dumped: bool, misses: int,
           assignment: Assignment) -> list[str]:
    notes = []
    if len({c.alignment for c in candidates}) > 1:
        how = ("the text does not date the switch; the newer value was assumed" if not dumped
               else "it reproduces XLA's allocations" if not misses
               else "no alignment reproduces XLA's allocations; this one differs least")
        notes.append(f"heap alignment {rules.alignment} bytes: {how}")
    if any(a.thread_local for a in assignment.allocations):
        undated = not dumped and target.vintage.is_before(THREAD_LOCAL_BY_VALUE_ID) is not True
        note = _thread_local_note(rules.thread_local_order, len({c.thread_local_order for c in candidates}) > 1,
                                  undated, misses)
        if note:
            notes.append(note)
    if dumped and not misses and not rules.all_positions and len({c.all_positions for c in candidates}) > 1:
        notes.append("a buffer is handed on only at the last position of its value (XLA before 2026-07-28): "
                     "it reproduces XLA's allocations")
    return notes


def _positions_note(differences: int, older: Assignment, newer: Assignment) -> str:
    """The text's date straddles 2026-07-28 and the two rules assign its buffers differently."""
    total = (f"Total bytes used {newer.total_bytes:,} B either way" if older.total_bytes == newer.total_bytes
             else f"Total bytes used {newer.total_bytes:,} B, {older.total_bytes:,} B with the older")
    return ("since 2026-07-28 (jax 0.11.1) XLA lets a value hand its buffer on at any of its positions, "
            "before only at the last; the text does not say which XLA printed it, and the two rules assign "
            f"its buffers differently ({differences} differences): the newer is shown ({total}); the dump's "
            "buffer-assignment file tells which")


def _thread_local_orders(target: Target, dumped: bool) -> tuple[str, ...]:
    """Both orders where XLA's own allocations can tell which one it used; else the one of
    XLA:CPU up to jax 0.11 (texts dated before THREAD_LOCAL_BY_VALUE_ID know no other)."""
    if dumped and target.vintage.is_before(THREAD_LOCAL_BY_VALUE_ID) is not True:
        return THREAD_LOCAL_ORDERS
    return THREAD_LOCAL_ORDERS[:1]


def _thread_local_note(order: str, tried: bool, undated: bool, misses: int) -> str | None:
    if tried and order == "value id" and not misses:
        return ("thread-local allocations numbered in value-id order (as today's XLA numbers them): "
                "it reproduces XLA's allocations")
    if undated:
        return ("thread-local allocations numbered as XLA:CPU of jax 0.11 numbers them; the newest "
                "XLA:CPU (tf-nightly, October 2026) keeps them in value-id order, which the text does not "
                "show: their sizes are the same, their numbers may differ")
    return None


def allocations_json(assignment: Assignment, analysis: ModuleAnalysis, vintage: Vintage) -> list[dict]:
    assert analysis.module.entry is not None  # (a parsed module has its entry)
    root = analysis.module.entry.root
    # The parameter's own subshape is printed since 2025-08-20; its whole shape before.
    whole_parameter = vintage.is_before(PARAMETER_SUBSHAPE_PRINTED) is True
    # A value is at the output's top level exactly when it is in the root's set there (its
    # positions are where it is in the sets): one lookup, not a walk over every position.
    at_root = {v.id for v in analysis.dataflow.values_at(root, ())}
    return [allocation_json(a, root, whole_parameter, at_root) for a in assignment.allocations]


def assignment_section(assignment: Assignment, allocations: list[dict], analysis: ModuleAnalysis,
                       target: Target, value_ids: dict | None = None) -> dict:
    """The `recomputed` keys of an assignment; `allocations` are its allocations as JSON;
    `value_ids` XLA's value ids where a dump gives them (the report orders ties by id)."""
    donated = {(number, format_index(index)) for number, index in analysis.module.donated}
    vintage = target.vintage
    numbers = totals(assignment, allocations, donated, target)
    report = {"layout": vintage.usage_report_layout, "sorted": vintage.usage_report_sorted,
              "text": memory_usage_report(allocations, vintage.usage_report_layout, vintage.usage_report_sorted,
                                          value_ids)}
    return {**numbers, "allocations": allocations, "stats": stats_block(assignment, numbers),
            "memory_usage_report": report, **({"not_recomputed": NOT_RECOMPUTED_ON_TPU} if target.pads_tiles else {})}


def scope_of(target: Target):
    """How much of XLA's allocations bufviz recomputes on this target (matching.Scope)."""
    return LIBTPU if target.pads_tiles else EVERYTHING


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
