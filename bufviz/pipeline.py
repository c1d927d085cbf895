"""What `bufviz peak` does between reading files and rendering: pick the platform and XLA
vintage, recompute live ranges and the peak from the best source, assemble the report."""
from __future__ import annotations

import contextlib
import gc
import os
from dataclasses import dataclass
from typing import cast

from .engine.assignment.matching import pair_allocations
from .errors import BufvizError
from .engine.assignment.assign import assign_buffers
from .engine.liveness.hlo_liveness import analyze_module, peak_of
from .engine.target.platform import SAMPLE, platform_from_stage, platform_from_text
from .engine.target.target import Target
from .dumps.sharding import Sharding
from .engine.target.vintage import detect_vintage
from .hlo.program import is_eager, jitted_function
from .views.why_live import explain_value
from .hlo.attributes import parse_metadata, split_attributes
from .hlo.lines import LineSyntaxError, parse_instruction_line
from .hlo.module import Module
from .hlo.shapes import ShapeSyntaxError, parse_index, parse_shape, value_label
from .inputs import Inputs, load_inputs
from .measure import ModuleDescription, measured_report, module_description
from .request import Request
from .result import Advice, DeviceFit, Oom, PeakReport
from .same_module import check_same_module
from .timings import stage
from .verify.words import doubt
from .sections import allocation_json


@contextlib.contextmanager
def gc_paused():
    """Building millions of small objects triggers needless cyclic-GC passes; pause it."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.freeze()  # what was built stays: spare the first collection a walk over all of it
            gc.enable()


def peak_report(request: Request, progress=None, explain=False, value_info: bool = False,
                advice: bool | None = False, summary: bool = False) -> PeakReport:
    """`progress(message)`, when given, is told what is happening (for long runs). With `explain`
    (a buffer's name, or True for the largest buffer at the peak) the report gets `explain`: why
    that buffer is live.
    `advice` (None: unless the module is very large) adds `advice`: what to try, measured.
    `summary`: only what compare/compact.summarize reads is complete (the values live at the peak,
    XLA's and bufviz's, are listed without descriptions)."""
    with gc_paused():
        report, describe, context = _peak_report(request, progress or (lambda message: None), summary)
    if explain:
        with stage("explain"):
            why = explain_value(report, None if explain is True else explain, describe)
            report.explain = {**why, "better_order": _better_order(report, context)}
    report.advice = None
    if advice is not False:
        from .whatif.advice import advice_section
        context.describe = describe
        with stage("advice"):
            report.advice = cast(Advice, advice_section(report, context, force=advice is True))
    if value_info:   # for pictures: what each allocated value is, and memory by what it holds
        with stage("pictures' values"):
            report.value_info, by_category = _value_info(report, describe)
        if by_category is not None:
            assert report.timeline is not None   # (made with memory, which by_category needs)
            report.timeline = {**report.timeline, "by_category": by_category}
    return report


def _value_info(report: PeakReport, describe) -> tuple[dict[str, dict], dict[str, list[int]] | None]:
    """What each allocated value is (with its category where memory is known), and memory in use
    over time by category."""
    info = {value_label(v["name"], v["index"]): describe(v["name"], parse_index(v["index"]))
            for a in report.allocations for v in a["values"]}
    if report.memory is None:
        return info, None
    from .views.pictures import in_use_by_category, value_categories
    categories = value_categories(report, describe)
    for label, category in categories.items():
        info[label] = {**info[label], "category": category}
    return info, in_use_by_category(report, categories)


def _better_order(report: PeakReport, context) -> dict | None:
    """What another order of the instructions would save, when that is large (explain says so)."""
    from .schedule.run import better_order
    from .whatif.advice import MAX_INSTRUCTIONS
    if context.analysis is None or len(context.analysis.flat.sequence) > MAX_INSTRUCTIONS:
        return None
    try:
        return better_order(report, context)
    except BufvizError:
        return None


@dataclass
class Context:
    """What a product feature needs beyond the report: the module, its analysis and the target."""
    inputs: Inputs
    target: Target
    analysis: object = None      # ModuleAnalysis when the HLO module was read
    sharding: Sharding | None = None   # how a partitioned module is split over its devices
    describe: object = None
    assignment: object = None    # its Assignment (what-ifs are measured by the same rules)


def peak_context(request: Request, progress=None) -> tuple[PeakReport, Context]:
    """The peak report and what it was computed from, for features that recompute (what-if, aliasing)."""
    with gc_paused():
        report, describe, context = _peak_report(request, progress or (lambda message: None))
    context.describe = describe
    return report, context


def _peak_report(request: Request, say, summary: bool = False) -> tuple[PeakReport, object, Context]:
    with stage("read"):
        inputs = load_inputs(request, say)
    platform, match = request.platform, request.match
    say("recomputing live ranges and the peak")
    notes = list(inputs.notes)
    oom = None
    detected = detect_platform(inputs)
    if platform is None:
        platform = detected or "unknown"
    vintage = detect_vintage(inputs.module, inputs.buffer_assignment, inputs.live_range,
                             inputs.usage_report, inputs.split_files, platform, _dumped(request, inputs))
    inputs.platform, inputs.vintage = platform, vintage
    # A file of a split dump can read as complete while cut short: the others tell. (Dump
    # readers and checks are imported where a dump or a message was read: most runs read a module.)
    if inputs.buffer_assignment is not None:
        from .dumps.dump_set import SPLIT, check_dump_set
        check_dump_set(inputs.buffer_assignment, inputs.live_range, inputs.paths,
                       None if vintage.conflicting else vintage.is_before(SPLIT))
    target = _target(platform, vintage, inputs)
    context = Context(inputs, target)
    result = None
    assignment = None
    unplaced = 0
    describe = _no_description
    if inputs.module is not None:
        with stage("analyse"):
            analysis = context.analysis = _analysis(inputs.module, target)
            oom = _oom_json(inputs, inputs.module)
            result = peak_of(analysis)
            unplaced = _unplaced_tuple_reads(inputs, analysis)
        describe = module_description(inputs.module)
        describe.sharding = context.sharding = _sharding(inputs, notes)
        say("assigning buffers")
        with stage("assign buffers"):
            context.assignment, assignment = assign_buffers(analysis, _xla_allocations(inputs), notes,
                                                            value_ids=_value_ids(inputs))
            _check_allocations_complete(inputs, assignment["allocations"])
        with stage("same module?"):
            notes += check_same_module(inputs, oom, match)
    elif inputs.buffer_assignment is not None and inputs.buffer_assignment.values and inputs.live_range \
            and inputs.live_range.schedule_end is not None:
        from .engine.assignment.dump_analysis import analysis_from_dump
        from .engine.liveness.from_dump import recompute_from_dump

        ba, live_range = inputs.buffer_assignment, inputs.live_range
        values_path = inputs.paths["values"] or ba.path
        result = recompute_from_dump(ba, live_range, vintage.old_normalization, values_path)
        describe = _dump_description(inputs)
        if ba.allocations:
            say("assigning buffers")
            analysis, thread_local = analysis_from_dump(ba, live_range, result, values_path, target)
            _, assignment = assign_buffers(analysis, _xla_allocations(inputs), notes, thread_local)
            notes.append("allocations recomputed from the dump alone: fusion bodies and called "
                         "computations are not in it (loop fusions are taken as elementwise; "
                         "thread-local allocations are numbered by value id)")
    elif inputs.has_dump:
        notes.append("nothing to recompute from: give the HLO module, or a dump with its "
                     "'Used values' and live ranges")
    with stage("sections"):
        report = measured_report(inputs, platform, vintage, result, describe, notes, assignment,
                                 estimate=platform == "tpu" or inputs.module is None,
                                 unplaced_tuple_reads=unplaced if inputs.module is not None else None,
                                 describe_rows=_no_description if summary else None)
        report.oom = cast("Oom | None", oom if oom is not None else _oom_json(inputs))
        if report.oom is not None and report.memory is not None:   # (the request: one of the module's?)
            from .oom.diagnose import failed_allocation
            failed_allocation(cast(dict, report.oom), report.memory["at_peak"])
    report.warnings = list(inputs.warnings)
    report.sharding = context.sharding.json() if context.sharding is not None else None
    if inputs.module is not None:
        module = inputs.module
        assert isinstance(describe, ModuleDescription)   # (read from the module above)
        # which function jax compiled, and whether it is one eager operation rather than the user's
        report.program = {"remat_ops": describe.op_names.remat_ops, "function": jitted_function(module),
                          "eager": is_eager(module), "backward": describe.has_backward()}
    if untrusted := doubt(report.mismatches or []):
        report.warnings.append(untrusted)
    device = request.device or _device_of_message(report)
    if device is not None:
        with stage("will it fit"):
            report.device = device_fit(report, inputs, device)
            # (a partitioned program's numbers are each device's: the verdict is for each)
            report.device["devices"] = context.sharding.devices if context.sharding is not None else 1
    return report, describe, context


def _target(platform: str, vintage, inputs: Inputs) -> Target:
    """The target, with a TPU's chip and tuple granule where the dump shows them."""
    if platform != "tpu":
        return Target(platform, vintage)
    from .dumps.tpu_chip import chip_beside, tuple_granule
    chip = chip_beside(inputs.paths.get("hlo") or inputs.paths.get("buffer_assignment"))
    return Target(platform, vintage, chip, tuple_granule(chip, inputs.buffer_assignment))


def _sharding(inputs: Inputs, notes: list[str]) -> Sharding | None:
    """How a partitioned module is split over its devices (None on one device): from the module
    before XLA's optimizations beside it (global shapes), else from its own parameters."""
    from .dumps.discover import before_optimizations
    from .dumps.sharding import module_devices, read_sharding
    from .views.collectives import COLLECTIVES, base_op
    from .textfile import read_text
    module = inputs.module
    assert module is not None   # (asked only where the module was read)
    # (the collectives the analysis parsed: the text is not read again)
    devices = module_devices(module.attributes, (i.attr("replica_groups") for i in module.parsed_instructions().values()
                                                 if base_op(i.opcode) in COLLECTIVES))
    if devices[0] <= 1:
        return None
    before = before_optimizations(inputs.paths.get("hlo"))
    if before is not None:
        try:
            return read_sharding(read_text(before), devices, before)
        except BufvizError as e:
            notes.append(f"the module before XLA's optimizations is not read ({e}): the split is the "
                         "optimized module's")
    return read_sharding(module.text, devices, module.path, pieces_only=True)


def _dumped(request: Request, inputs: Inputs) -> bool:
    """Whether the module's text is a file XLA dumped (named as XLA names them), not text the
    API printed with compiled.as_text()."""
    from .dumps.discover import parse_dump_name
    hlo = inputs.paths.get("hlo")
    return bool(not request.as_text and hlo and parse_dump_name(os.path.basename(hlo)) is not None)


def device_fit(report: PeakReport, inputs: Inputs, device) -> DeviceFit:
    """The report's `device` section: will the program of `inputs` fit on `device`."""
    from .device.fit import device_section
    return device_section(_requests(report), _runtime_allocators(inputs), report.platform, device,
                          (report.memory or {}).get("needed_bytes"))


def _device_of_message(report: PeakReport):
    """An out-of-memory message that prints the allocator's limit, read with the module: the
    prediction is held to that limit."""
    limit = (report.oom or {}).get("limit_bytes")
    if not limit or _requests(report) is None:
        return None
    from .device.fit import FROM_MESSAGE, Device, default_preallocate
    assert report.oom is not None   # (the limit is its)
    preallocate = report.oom.get("preallocate")
    return Device(limit, default_preallocate() if preallocate is None else preallocate,
                  limit_from=FROM_MESSAGE)


def _requests(report: PeakReport) -> dict | None:
    from .device.fit import allocator_requests
    return allocator_requests(report.allocations) if report.allocations else None


def _runtime_allocators(inputs: Inputs) -> list[str]:
    from .device.fit import runtime_allocators
    if inputs.module is not None:
        return runtime_allocators(inputs.module.text)
    values = inputs.buffer_assignment.values if inputs.buffer_assignment is not None else None
    return runtime_allocators("\n".join(v.instruction for v in values or []))


def _unplaced_tuple_reads(inputs: Inputs, analysis) -> int:
    """Scheduled tuple reads the text folds into operands (`%x#N`) whose places in XLA's schedule
    no dump gave: placed before their first use (XLA's parser does the same), so times and sums
    of live values are bufviz's, said in a warning."""
    if inputs.tuple_reads_placed:
        return 0
    count = sum(1 for i in analysis.flat.sequence if not i.printed)
    if count:
        inputs.warnings.append(
            f"the HLO text folds {count} tuple reads into their users' operands (`%x#N`, XLA since 2026-07) "
            "and does not say where XLA scheduled them: bufviz places each before its first use, as XLA's "
            "parser does, so times, the peak moment and the live-range peak may differ from XLA's "
            "(memory needed and the allocations depend on them only through the tuple tables they read); "
            "give the dump's -live-range.txt for XLA's schedule")
    return count


def _oom_json(inputs: Inputs, module: Module | None = None) -> dict | None:
    """The out-of-memory message read, explained (its buffers found in `module` when given)."""
    if inputs.oom is None:
        return None
    from .oom.diagnose import oom_json
    return oom_json(inputs.oom, module)


def _analysis(module: Module, target: Target):
    """The module's analysis; an unscheduled module ordered as XLA would order it on its platform."""
    if module.is_scheduled:
        return analyze_module(module, target)
    from .engine.scheduling.module import default_schedule, platform_choice, schedule_module

    algorithm, why = platform_choice(target)
    if algorithm == "dfs":
        return analyze_module(module, target, None, algorithm, why)
    if algorithm == "default":
        best = default_schedule(module, target)
        return analyze_module(module, target, best.sequences, best.algorithm, why)
    return analyze_module(module, target, schedule_module(module, algorithm).sequences, algorithm, why)


def _check_allocations_complete(inputs: Inputs, ours: list[dict]) -> None:
    """XLA numbers its allocations 0..N-1 and prints them in that order: a dump whose every
    allocation is one of the module's, the module having more with the next numbers, was cut
    at an allocation's end."""
    ba = inputs.buffer_assignment
    if ba is None or not ba.allocations or len(ba.allocations) >= len(ours):
        return
    pairs = pair_allocations(_xla_allocations(inputs), ours)
    if any(mine is None for _, mine in pairs):
        return   # a different assignment, not a shorter one: verify lists the differences
    missing = sorted(mine["index"] for theirs, mine in pairs if theirs is None)
    if missing and missing[0] >= len(ba.allocations):
        from .dumps.cursor import TRUNCATED
        path = inputs.paths["buffer_assignment"]
        assert path is not None   # (the dump was read from it)
        raise BufvizError(f"expected allocation {len(ba.allocations)} (the module has {len(ours)}), found the "
                          f"end of the file{TRUNCATED}", path, ba.end_lines.get(path))


def _value_ids(inputs: Inputs) -> dict | None:
    """(instruction name, index) -> XLA's value id, from the dump's values."""
    ba = inputs.buffer_assignment
    return {(r.name, r.index or ()): r.id for r in ba.values} if ba is not None and ba.values else None


def _xla_allocations(inputs: Inputs) -> list[dict] | None:
    ba = inputs.buffer_assignment
    # (Allocations, as the engine's assigner and matcher take them: plain dicts)
    return ([allocation_json(a) for a in ba.allocations]  # type: ignore[misc]
            if ba is not None and ba.allocations else None)


def detect_platform(inputs: Inputs) -> str | None:
    stage = inputs.dump_name.stage if inputs.dump_name else None
    found = platform_from_stage(stage)
    if found:
        return found
    if inputs.oom is not None and inputs.module is None and inputs.oom.platform:
        return inputs.oom.platform
    texts = []
    if inputs.module is not None:
        texts.append(inputs.module.span(0, SAMPLE))
    if inputs.buffer_assignment is not None:
        texts.extend(v.instruction for v in (inputs.buffer_assignment.values or [])[:20000])
        texts.extend(v.shape for a in inputs.buffer_assignment.allocations for v in a.values[:50])
    return platform_from_text(texts)


def _no_description(name, index, made=False):
    return {}


def _dump_description(inputs: Inputs):
    assert inputs.buffer_assignment is not None   # (a dump's values describe its values)
    texts = {v.name: v.instruction for v in inputs.buffer_assignment.values or []}

    def describe(name, index, made=False):   # (what XLA made a value of needs the module)
        text = texts.get(name)
        if text is None:
            return {}
        try:
            _, _, shape_text, opcode, _, attrs = parse_instruction_line(text)
            shape = parse_shape(shape_text).subshape(index).text
        except (LineSyntaxError, ShapeSyntaxError, KeyError):
            return {}
        meta = parse_metadata(split_attributes(attrs).get("metadata", ""))
        source = None
        if meta.get("source_file"):
            source = meta["source_file"] + (f":{meta['source_line']}" if meta.get("source_line") else "")
        return {"shape": shape, "opcode": opcode, "op_name": meta.get("op_name") or None, "source": source}
    return describe
