"""Measuring one module: its peak report by bufviz's own rules (what a what-if, a schedule or
advice compares), the memory section any report gets, and what each value of a module is. Below
the features that call it (pipeline, what-if, advice, schedule), so none of them calls back up."""
from __future__ import annotations

import re
from functools import cached_property

from .engine.assignment.assign import assign_buffers, assign_by
from .engine.liveness.hlo_liveness import analyze_module, peak_of
from .engine.target.target import Target
from .views.memory import (device_allocations, groups, host_spaces, memory_section, memory_spaces, on_chip_spaces,
                           replicated_parameters, temp_curve)
from .views.numbers import other_numbers
from .views.collectives import Collectives
from .views.labels import operation
from .views.layers import Layers
from .views.loops import PASSED, Loops
from .views.made import copied_parameter, copies_of, is_loop_state, loop_bodies, made_by
from .views.paths import parameter_paths
from .views.roles import parameter_roles
from .views.sources import SourceLines
from .views.timeline import timeline
from .dumps.sharding import Sharding
from .hlo.module import Module
from .hlo.outputs import output_positions
from .hlo.program import OpNames, op_name_facts
from .hlo.shapes import format_index
from .inputs import Inputs
from .result import Memory, PeakReport, Timeline
from .sections import build_peak_report


def module_report(module: Module, target: Target, describe=None, sequences: dict | None = None,
                  analysis=None) -> PeakReport:
    """The peak report of a module alone, by bufviz's own rules (no dump): what a changed module
    (a what-if) would need; `sequences` (computation -> instructions) is a schedule to use;
    `analysis`: the module's analysis where one was made already (by the same rules)."""
    inputs = Inputs()
    inputs.module = module
    inputs.platform, inputs.vintage = target.platform, target.vintage
    describe = describe or module_description(module)
    analysis = analysis or analyze_module(module, target, sequences)
    result = peak_of(analysis)
    notes: list[str] = []
    _, assignment = assign_buffers(analysis, None, notes)
    return measured_report(inputs, target.platform, target.vintage, result, describe, notes, assignment,
                           estimate=target.platform == "tpu")


def measured_report(inputs: Inputs, platform: str, vintage, result, describe, notes: list[str],
                    assignment: dict | None, estimate: bool, unplaced_tuple_reads: int | None = None,
                    describe_rows=None) -> PeakReport:
    """The one builder of a peak report, for a dump (pipeline.py) and for a module alone
    (module_report): XLA's numbers and bufviz's (sections.py), then the headline, its storage
    grouped and memory over time. `describe_rows`: how the rows live at the peak are described
    (default `describe`); features then set their own sections on it."""
    report = build_peak_report(inputs, platform, vintage, result, describe_rows or describe, notes, assignment,
                               unplaced_tuple_reads)
    report.memory, report.groups, report.timeline = memory_sections(report, describe, estimate)
    return report


def needed_of(assignment, platform: str) -> int:
    """Memory needed of an assignment, as the headline counts it (memory_sections): device
    allocations, on-chip memory spaces aside."""
    allocations = [{"size": a.size, "color": a.color, "kinds": a.kinds} for a in assignment.allocations]
    spaces = on_chip_spaces(platform, allocations)
    return sum(a["size"] for a in device_allocations(allocations, platform) if a["color"] not in spaces)


def needed_bytes(analysis, rules=None) -> int:
    """Memory needed of an analysed module by bufviz's rules (`rules`: assign.Rules, default the
    likeliest), with one run of the assigner and no report: what a what-if compares."""
    return needed_of(assign_by(analysis, rules), analysis.target.platform)


def memory_sections(report: PeakReport, describe, bufviz_rules: bool) -> tuple[Memory | None, dict | None,
                                                                              Timeline | None]:
    """The headline, its storage grouped, and memory over time: from XLA's own allocations and
    live ranges where it printed them, else from bufviz's; an estimate where the rules are
    bufviz's (TPU sizes, assignment from a dump alone)."""
    xla, ours = report.xla or {}, report.recomputed or {}
    allocations = report.allocations
    ranges = xla.get("live_ranges") or ours.get("live_ranges")
    if not allocations or not ranges:
        return None, None, None
    from_xla = bool(xla.get("live_ranges"))
    side = xla if from_xla else ours
    # On-chip memory spaces (TPU VMEM, SMEM) have a line of their own, never added to HBM.
    spaces = on_chip_spaces(report.platform, allocations)
    source = {"allocations": [a for a in allocations if a["color"] not in spaces], "live_ranges": ranges,
              "platform": report.platform,
              "schedule_end": side["schedule_end"], "instruction_sequence": side.get("instruction_sequence"),
              "peak_time": side.get("peak_time")}
    curve = temp_curve(source)
    memory = memory_section(source, curve, describe, bufviz_rules and report.allocations_from == "bufviz")
    memory["allocations_from"] = report.allocations_from
    memory["memory_spaces"] = memory_spaces({**source, "allocations": allocations},
                                            spaces + host_spaces(allocations), describe)
    memory["other_numbers"] = other_numbers(memory, allocations, xla, ours, report.platform)
    memory["replicated"] = replicated_parameters(memory["at_peak"])
    return memory, groups(memory["at_peak"]), timeline(source, curve, memory)


def module_description(module: Module) -> "ModuleDescription":
    """What each value of `module` is, asked as `describe(name, index)` (a dict)."""
    return ModuleDescription(module)


class ModuleDescription:
    """A module's values described for reports: shape, op_name and lines, what XLA made it of,
    a parameter's role and pytree path, the output it is. Each whole-module fact is worked out
    once, when first asked; reports ask about the same values many times."""

    def __init__(self, module: Module):
        self.module = module
        self.sharding: Sharding | None = None   # a partitioned module's split (pipeline sets it)
        self.described: dict[tuple, dict] = {}
        self.made: dict[str, str | None] = {}
        self.origins: dict[str, tuple] = {}   # an instruction's op_name and lines (one per tuple)
        self.lines = SourceLines(module)

    def __call__(self, name, index, made: bool = False) -> dict:
        """`made`: add `made_by` (what XLA made the value of: reads a fusion's body, so asked
        only for the temporaries it names)."""
        found = self.described.get((name, index))
        if found is None:
            found = self.described[name, index] = self._describe(self.by_name.get(name), index)
        found = dict(found)
        if made and name in self.by_name:
            if name not in self.made:
                self.made[name] = made_by(self.by_name[name])
            found["made_by"] = self.made[name]
        return found

    @cached_property
    def by_name(self) -> dict:
        return dict(self.module.parsed_instructions())

    @cached_property
    def roles(self) -> dict[str, tuple[str, str]]:   # what each entry parameter holds, from its uses
        return parameter_roles(self.module, self.op_names)

    @cached_property
    def paths(self) -> dict[str, str]:   # entry parameter -> its pytree path
        return parameter_paths(self.module)

    @cached_property
    def loop_bodies(self) -> set:   # the computations while loops run
        return loop_bodies(self.by_name.values())

    @cached_property
    def loops(self) -> Loops:   # what each while loop does with what it carries
        return Loops(self.by_name.values())

    @cached_property
    def layers(self) -> Layers:   # the layer each weight (and its optimizer's state) belongs to
        return Layers(self.module, self.roles, self.loops)

    @cached_property
    def collectives(self) -> Collectives:   # what each collective carries, over which mesh axes
        return Collectives(self.by_name.values(), self.sharding, self.paths, self.loops)

    @cached_property
    def outputs(self) -> dict:   # (name, index) -> the output position it holds
        return output_positions(self.module) or {}

    @cached_property
    def donors(self) -> dict[tuple, str]:   # output position -> the entry parameter donated to it
        assert self.module.entry is not None   # (a parsed module has its entry computation)
        numbered = {p.parameter_number: p.name for p in self.module.entry.parameters}
        return {tuple(out): numbered[n] for out, n, index, _ in self.module.input_output_alias
                if not index and n in numbered}

    @cached_property
    def op_names(self) -> OpNames:   # what the module's op_names say: rematerialization, autodiff
        return op_name_facts(self.module)

    def has_backward(self) -> bool:
        """Whether the program differentiates (a training step), not an inference pass."""
        return self.op_names.backward

    def _carry(self, carry: dict) -> dict:
        """A loop's carry as reports read it: what flows into an element passed through, described;
        the line that made the value the loop starts from and the loop's own line."""
        origin = carry.get("origin")
        found = {k: v for k, v in carry.items() if k != "origin"}
        if carry["kind"] == PASSED and origin is not None:
            found["origin"] = self(origin[0].name, origin[1], made=True)
        return {**found, **self._loop_lines(carry)}

    def _loop_lines(self, carry: dict) -> dict:
        """`made_at` and `made_by` (the line and operation of the value the loop starts from, or
        `made_from`: the argument it is), `loop_at`: the loop's line."""
        loop = self.by_name.get(carry["loop"])
        if loop is None:
            return {}
        found = {"loop_at": self.lines.of(loop)[0]}
        element = self.loops.start_of(loop, carry["element"]) if isinstance(carry["element"], int) else None
        if element is None:
            return found
        if element.opcode == "parameter" and element.computation is self.module.entry:
            return {**found, "made_from": self.paths.get(element.name) or element.name}
        line, op_name = self.lines.own(element)
        return {**found, "made_at": line, "made_by": "zeros" if _zeros(element) else operation(op_name)
                or element.opcode}

    def _describe(self, instr, index) -> dict:
        if instr is None:
            return {}
        module = self.module
        try:
            shape = instr.shape.subshape(index).text
        except KeyError:
            shape = None
        origin = self.origins.get(instr.name)
        if origin is None:
            meta = instr.metadata
            origin = self.origins[instr.name] = (meta.get("op_name") or None, module.source_of(instr, meta),
                                                 *self.lines.of(instr))
        found = {"shape": shape, "opcode": instr.opcode, "op_name": origin[0], "source": origin[1],
                 "user_source": origin[2], "library": origin[3]}
        if is_loop_state(instr, self.loop_bodies):
            found["loop_state"] = True
        if (carry := self.loops.carry(instr, tuple(index)) or self.loops.filled(instr, tuple(index))
                or (None if index else self.loops.written(instr) or self.loops.next_value(instr))) is not None:
            found["carried"] = self._carry(carry)
        if (collective := self.collectives.of(instr, tuple(index))) is not None:
            found["collective"] = collective
        if not origin[0] and instr.opcode not in ("parameter", "constant"):
            found["op_name_near"] = self.lines.op_name_near(instr)   # (what a value XLA made is for)
        if instr.opcode == "parameter":
            if instr.computation is module.entry:
                found["role"], found["role_evidence"] = self.roles.get(instr.name) or (None, None)
                found["path"] = self.paths.get(instr.name)
                found["copies"] = [c.name for c in copies_of(instr)]   # XLA's copies of it
                layer, line = self.layers.of(instr)   # (where the path names nothing: which layer, which line)
                found["layer"], found["user_source"] = layer, line or found["user_source"]
                split = self.sharding.params.get(instr.parameter_number) if self.sharding else None
                if split is not None:   # the array the user made, and how it is split
                    found["split"] = split.json()
        elif (copied := copied_parameter(instr)) is not None:
            original = self._describe(copied, ())
            found["role"], found["copy_of"] = original["role"], original.get("path")
            found["layer"] = original.get("layer")   # (a copy of weights is of their layer, read at their line)
            found["user_source"] = found["user_source"] or original.get("user_source")
            other = " in another layout" if copied.shape.text != instr.shape.text else ""
            found["role_evidence"] = f"XLA's copy of {original.get('path') or copied.name}{other}"
        if (position := self.outputs.get((instr.name, tuple(index)))) is not None:
            found["output_index"] = format_index(position)   # which output it is (when it is one)
            donor = self.donors.get(tuple(position))
            if instr.opcode != "parameter" and donor is not None and self.paths.get(donor):
                found["path"], found["updated"] = self.paths[donor], True   # the new value of a donated argument
        return found


def _zeros(instr) -> bool:
    """A broadcast of the scalar constant 0 (jnp.zeros), or a fusion of nothing else."""
    if instr.opcode == "fusion" and len(instr.operands) == 1:
        instr = instr.operands[0]
    while instr.opcode in ("broadcast", "bitcast", "copy") and instr.operands:
        instr = instr.operands[0]
    return instr.opcode == "constant" and re.fullmatch(r"\s*-?0(?:\.0*)?\s*", instr.args or "") is not None
