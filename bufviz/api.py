"""The Python API: what the commands do, for programs and test suites.

    import bufviz
    r = bufviz.analyze("dumps/")                  # a dump, a folder, HLO text, or a saved result
    r = bufviz.analyze_compiled(jax.jit(f).lower(x).compile())
    print(r.needed_bytes, r.largest(3))
    bufviz.check("dumps/", budget="16GiB").ok
    bufviz.diff("baseline.json", r).verdict

A `Result` is the peak report the commands show (`bufviz.result.PeakReport`), its JSON the one they
write (`to_json()`); `load` reads one back. jax is never imported: a compiled object is used through `as_text()` and
`memory_analysis()`.
"""
from __future__ import annotations

import functools
import io
import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable, Mapping, Union, cast

from .compare.identity import name_programs
from .compare.compact import summarize
from .errors import BufvizError
from .device.fit import as_device
from .request import Request
from .result import PeakReport
from .verify.words import JAX_NAMED

PathOrText = Union[str, "os.PathLike[str]"]


@dataclass(frozen=True)
class Storage:
    """One allocation slice in use at the peak moment and the value in it."""
    name: str
    index: str           # shape index of the value, "" for the top level, "0,1" for {0,1}
    bytes: int
    kind: str            # parameter, output, constant, temp, or free (unused temp bytes)
    category: str | None  # weights, optimizer state, activations, gradients, ...
    shape: str | None
    op_name: str | None
    source: str | None   # "file.py:47"
    allocation: int | None
    offset: int | None


class Result(PeakReport):
    """What `bufviz peak` shows for one module: the peak report itself (its sections are
    attributes: `memory`, `groups`, `xla`, `mismatches`, `notes`, ...) with the headline's
    numbers named. Byte counts are None where the inputs hold no allocations (an out-of-memory
    message alone, say)."""

    @classmethod
    def of(cls, report: PeakReport) -> "Result":
        return cls.from_json(report.as_dict())

    @cached_property
    def _compact(self) -> dict:
        return summarize(self)

    # The headline: every allocation reserved while it runs, once; then its parts.
    needed_bytes = property(lambda self: self._compact["needed_bytes"])
    argument_bytes = property(lambda self: self._compact["argument_bytes"])
    output_bytes = property(lambda self: self._compact["output_bytes"])
    temp_bytes = property(lambda self: self._compact["temp_bytes"])              # fragmentation included
    alias_bytes = property(lambda self: self._compact["alias_bytes"])            # counted once in needed
    constant_bytes = property(lambda self: self._compact["constant_bytes"])
    fragmentation_bytes = property(lambda self: self._compact["fragmentation_bytes"])  # temp free at the peak
    xla_peak_bytes = property(lambda self: self._compact["xla_peak_bytes"])      # a sum over values

    @property
    def estimate(self) -> bool:
        """Sizes are bufviz's approximation (TPU), not XLA's."""
        return bool((self.memory or {}).get("estimate"))

    @cached_property
    def at_peak(self) -> list[Storage]:
        """Storage at the peak, largest first; sums to needed_bytes."""
        rows: Iterable[Mapping[str, Any]] = (self.memory or {}).get("at_peak", [])
        return [Storage(**{k: r[k] for k in Storage.__dataclass_fields__}) for r in rows]

    @property
    def report(self) -> dict:
        """The whole JSON report (what `to_json()` writes), as a dict."""
        return self.as_dict()

    def largest(self, n: int = 5) -> list[Storage]:
        """The n largest slices of storage at the peak (free temp bytes aside)."""
        return [s for s in self.at_peak if s.kind != "free"][:n]

    def text(self, top: int = 10, width: int = 100) -> str:
        """The report as `bufviz peak` prints it, without colours."""
        from rich.console import Console

        from .report.console import render_peak
        from .report.escape import terminal
        console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False, markup=False,
                          emoji=False)
        render_peak(self, console, top)
        return "\n".join(line.rstrip() for line in terminal(cast(io.StringIO, console.file).getvalue()).split("\n"))

    def __str__(self) -> str:
        from .units import human_bytes
        return f"{self.module}: memory needed {human_bytes(self.needed_bytes)}"


# The command line's words in an error, and the API's for the same thing.
API_WORDS = (("--module", "module="),
             ("--match", "match=True"), ("--device-memory", "device="), ("--mem-fraction", "device=(size, fraction)"),
             ("--platform", "platform="), ("--budget", "budget="), ("--baseline", "baseline="),
             ("--max-increase", "max_increase="))


def speaks_api(function):
    """Errors of the API name its arguments (`module=`), not the command line's flags."""
    @functools.wraps(function)
    def wrapped(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except BufvizError as e:
            e.message = _api_words(e.message)
            e.details = [_api_words(line) for line in e.details]
            e.args = (e.message,)
            raise
    return wrapped


def _api_words(text: str) -> str:
    for flag, argument in API_WORDS:
        text = re.sub(re.escape(flag) + r"(?![\w-])\s?", argument, text)
    return text


@speaks_api
def analyze(source: PathOrText, *, module: str | None = None, platform: str | None = None,
            discover: bool = True, device=None) -> Result:
    """A dump file, a dump folder, HLO module text (`compiled.as_text()`), or a saved result.
    `device` (the device's memory as a size, or jax's `device.memory_stats()`) adds `r.device`:
    whether it fits, by the allocator's predicted peak."""
    device = as_device(device)
    from .compare.saved import is_saved, looks_saved, read_saved_report, refuse_device
    from .pipeline import peak_report

    if _is_text(source):
        text = str(source)
        if looks_saved(text):
            refuse_device("<text>", device)
            return load(text)
        with tempfile.TemporaryDirectory(prefix="bufviz-") as folder:
            path = os.path.join(folder, "module.txt")
            Path(path).write_text(text, encoding="utf-8")
            report = peak_report(Request((path,), discover=False, platform=platform, device=device, as_text=True))
        report.inputs = {k: ("<text>" if v else None) for k, v in report.inputs.items()}
        return Result.of(report)
    path = os.fspath(source)
    if is_saved(path, device):
        from .textfile import read_text
        return Result.of(read_saved_report(path, read_text(path)))
    return Result.of(peak_report(Request((path,), discover=discover, module=module, platform=platform,
                                         device=device)))


STATS = ("argument_size", "output_size", "alias_size", "temp_size", "generated_code_size", "peak_memory",
         "host_argument_size", "host_output_size", "host_alias_size", "host_temp_size",
         "host_generated_code_size")


def jax_compiled(program: Any) -> Any:
    """jax's Compiled object: `program` itself, or the one a frontend wraps (equinox's
    `filter_jit(f).lower(...).compile()` keeps it as `.compiled`); None for anything else."""
    if hasattr(program, "as_text") and hasattr(program, "memory_analysis"):
        return program
    inner = vars(program).values() if hasattr(program, "__dict__") else ()
    return next((v for v in inner if hasattr(v, "as_text") and hasattr(v, "memory_analysis")), None)


@speaks_api
def analyze_compiled(compiled: Any, *, platform: str | None = None, device=None) -> Result:
    """A compiled jax program (`jax.jit(f).lower(*args).compile()`, or a frontend's that wraps
    one, as equinox's `filter_jit`), analysed in-process with no dump flags: its optimized module
    (`as_text()`) and jax's numbers (`memory_analysis()`); `device` as `analyze` takes it."""
    compiled = jax_compiled(compiled) or compiled
    if not hasattr(compiled, "as_text"):
        raise BufvizError(f"expected a compiled jax program (jax.jit(f).lower(...).compile()), found "
                          f"{type(compiled).__name__}")
    text = compiled.as_text()
    if not isinstance(text, str) or not text.lstrip().startswith("HloModule"):
        raise BufvizError("expected compiled.as_text() to give an HLO module (a jax Compiled object), "
                          f"found {type(text).__name__}")
    stats = compiled.memory_analysis() if hasattr(compiled, "memory_analysis") else None
    with tempfile.TemporaryDirectory(prefix="bufviz-") as folder:
        stage = f"{platform}_after_optimizations" if platform else "after_optimizations"
        path = os.path.join(folder, f"module_0000.{_module_name(text)}.{stage}.txt")
        Path(path).write_text(text, encoding="utf-8")
        if stats is not None:
            numbers = {f"{n}_in_bytes": int(getattr(stats, f"{n}_in_bytes")) for n in STATS
                       if isinstance(getattr(stats, f"{n}_in_bytes", None), int)}
            numbers.update({n: int(getattr(stats, n)) for n in JAX_NAMED   # (jax 0.12 on)
                            if isinstance(getattr(stats, n, None), int)})
            Path(folder, "memory_analysis.json").write_text(json.dumps(numbers), encoding="utf-8")
        from .pipeline import peak_report
        report = peak_report(Request((path,), platform=platform, device=as_device(device), as_text=True))
    report.inputs = {k: ("<compiled>" if v else None) for k, v in report.inputs.items()}
    return Result.of(report)


@speaks_api
def load(saved: Union[str, dict, "os.PathLike[str]"]) -> Result:
    """A result saved with `to_json()` or `bufviz peak --format json`: the JSON text, its dict,
    or the path of its file."""
    from .compare.saved import read_saved_report
    from .report.json import render_json

    if isinstance(saved, dict):
        return Result.of(read_saved_report("<dict>", render_json(saved)))
    if _is_text(saved):
        return Result.of(read_saved_report("<text>", str(saved)))
    from .textfile import read_text
    path = os.fspath(saved)
    return Result.of(read_saved_report(path, read_text(path)))


@dataclass
class CheckResult:
    """What `bufviz check` decides: `ok` when every module and metric is within its limits."""
    ok: bool
    failed: int
    results: list[dict]    # per module and metric: bytes, baseline_bytes, delta, ok, violations, culprits
    errors: list[dict]     # modules that could not be read
    data: dict = field(repr=False)

    def to_json(self) -> str:
        from .report.json import render_json
        return render_json(self.data)

    def markdown(self) -> str:
        from .report.markdown import render_check_markdown
        return render_check_markdown(self.data)

    def __bool__(self) -> bool:
        return self.ok


@speaks_api
def check(sources, *, budget: str | int | None = None, baseline=None, max_increase: str | int | None = None,
          metrics: Iterable[str] = ("needed",), device=None) -> CheckResult:
    """Modules (paths, folders, saved results, `Result`s) against a budget, a baseline, and/or a
    device (as `analyze` takes it: each module must fit under its allocator's limit)."""
    from .compare.check import check as run_check
    from .compare.limits import parse_increase
    from .units import parse_size
    from .compare.compact import METRICS

    unknown = [m for m in metrics if m not in METRICS]
    if unknown:
        raise BufvizError(f"unknown metric {unknown[0]!r}: expected one of {', '.join(METRICS)}")
    device = as_device(device)
    if budget is None and baseline is None and device is None:
        raise BufvizError("give a budget, a baseline, a device, or several")
    modules, errors = _summaries(sources, device)
    old = _summaries(baseline)[0] if baseline is not None else None
    metrics = list(metrics) if budget is not None or baseline is not None else []
    data = run_check(modules, metrics, None if budget is None else parse_size(budget), old,
                     None if max_increase is None else parse_increase(max_increase), errors)
    return CheckResult(data["ok"], data["failed"], data["results"], data["errors"], data)


@dataclass
class DiffResult:
    """What `bufviz diff` reports: each part of the headline old -> new, and what changed."""
    verdict: str
    needed_bytes: dict      # {"old", "new", "delta"}; the same for every part of the headline
    top_changes: list[dict]  # what, old_bytes, new_bytes, delta, op_name, source, matched_by
    data: dict = field(repr=False)

    @property
    def why(self) -> list[dict]:
        """Why memory needed changed: cause, bytes (signed, adding up to the change), evidence."""
        return self.data.get("why") or []

    def to_json(self) -> str:
        from .report.json import render_json
        return render_json(self.data)


@speaks_api
def diff(old, new) -> DiffResult:
    """Two compilations (paths, folders, saved results or `Result`s) compared."""
    from .compare.diff import diff as run_diff

    before, after = _summaries(old), _summaries(new)
    errors = before[1] + after[1]
    if not before[0] or not after[0]:
        raise BufvizError(f"cannot compare: {errors[0]['error']}" if errors else "cannot compare: nothing to read")
    data = run_diff(before[0], after[0], errors)   # (modules that could not be read: data["errors"])
    return DiffResult(data["verdict"], data["needed_bytes"], data["top_changes"], data)


def _summaries(sources, device=None) -> tuple[list[dict], list[dict]]:
    from .compare.collect import collect

    if isinstance(sources, (str, os.PathLike, Result)):
        sources = [sources]
    summaries, errors = [], []
    for s in sources:
        if isinstance(s, Result):
            summaries.append(summarize(_on_device(s, device)))
        elif _is_text(s):
            summaries.append(summarize(analyze(s, device=device)))
        else:
            found, failed = collect(Request((os.fspath(s),), device=device))
            summaries += found
            errors += failed
    name_programs(summaries)   # (across the sources, as the command line names them)
    return summaries, errors


def _on_device(result: Result, device) -> Result:
    """The result held to `device`: its prediction made again for that limit (the library calls
    that allocate while running are those the result's own prediction found)."""
    if device is None:
        return result
    if result.device is None:
        raise BufvizError(f"{result.module}: analysed without a device, so the library calls that allocate while "
                          "running are unknown: analyse it with device=")
    from .device.fit import allocator_requests, device_section
    again = Result.of(result)
    again.device = device_section(allocator_requests(result.allocations), result.device["runtime_allocators"],
                                  result.platform, device, result.needed_bytes)
    return again


def _is_text(source) -> bool:
    """Module or JSON text rather than a path: paths hold no line breaks."""
    return isinstance(source, str) and ("\n" in source or source.lstrip().startswith(("HloModule", "{")))


def _module_name(text: str) -> str:
    name = text.lstrip().split(None, 2)[1].rstrip(",") if len(text.split(None, 2)) > 1 else "module"
    return "".join(c if c.isalnum() or c in "_-" else "_" for c in name) or "module"
