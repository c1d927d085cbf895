"""Command line: validates options, calls the pipeline, hands the report to a renderer, and maps
errors to exit codes (0 ok, 1 a check failed, 2 bad usage or input, 101 a bug in bufviz)."""
from __future__ import annotations

import contextlib
import io
import os
import stat
import sys
from typing import Iterable

import click

from . import __version__
from .errors import INTERNAL, ISSUES_URL, USAGE_OR_INPUT, BufvizError

CONTEXT = {"help_option_names": ["-h", "--help"], "auto_envvar_prefix": "BUFVIZ", "max_content_width": 100}

PEAK_HELP = """Show how much memory the program needs and what holds it at the peak.

The headline is memory needed: every allocation XLA reserves while the program runs
(parameters, outputs, temporaries with their fragmentation, constants), each once. Below it,
the storage in use at the peak moment (when the temporaries in use are largest), largest
first, summing to the headline; then every other number you may have seen (XLA's live-range
peak, jax's peak_memory_in_bytes, Total bytes used) with why it differs.

PATH is any file of an XLA dump (`--xla_dump_to`): the optimized HLO module
(`module_NNNN.NAME.STAGE.txt`), its `-buffer-assignment.txt`, `-buffer-assignment-values.txt`,
`-live-range.txt` or `-memory-usage-report.txt`, or a folder holding them. bufviz finds the
other files of the same module next to it and reads them all. Files with other names are
recognised by their content. A folder holding several modules gets them ranked by memory
needed (as `bufviz scan` does); a result saved with `--format json` is shown again.

bufviz prints the numbers XLA printed (peak time and bytes, total bytes used, allocations)
and recomputes the live ranges, the peak and the buffer assignment itself: from the HLO
module when it is there, else from the dump's own values and instruction sequence.

PATH may also be a log or a pasted error with an out-of-memory message (XLA:GPU's
BufferAssignment report, XLA:TPU's "Ran out of memory in memory space hbm" report, or an
allocator failure): bufviz explains it, and with the HLO module given too, finds the listed
buffers in it.

TPU sizes are an approximation: libtpu's padded size is closed source, so bufviz pads each
tiled array to its first tile (ShapeUtil::ArraySize). On the 60 buffers of the published TPU
out-of-memory reports this gives libtpu's "Size" and "Unpadded size" within their
three-digit rounding. Modules with several memory spaces (TPU S(1) VMEM, S(2) SMEM, ...)
get a peak per space; HBM (space 0) is the headline.

\b
Examples:
  bufviz peak dumps/module_0022.jit_update.cpu_after_optimizations.txt
  bufviz peak dumps/ --module 22 --format json -o peak.json
  bufviz peak dumps/ --by category
  bufviz peak dumps/ --format svg -o peak.svg
  bufviz peak oom.log
  pbpaste | bufviz peak -
  bufviz peak dumps/ --donate 0,1
  bufviz peak dumps/ --remat add_tanh_fusion.1
  BUFVIZ_PEAK_FORMAT=json bufviz peak dumps/ --module jit_update
"""


OUTPUT_OPTION = click.option("-o", "--output", type=click.Path(dir_okay=False), metavar="FILE",
                             help="Write the report to FILE instead of standard output.")


MATCH_OPTION = click.option("--match", is_flag=True,
                            help="Use files that look like different modules together anyway (say, an "
                                 "out-of-memory message next to the module you think it came from).")


def input_options(command=None, pictures: bool = False):
    """The options every command that reads a module's files shares; `pictures` adds the SVG
    and HTML formats."""
    if command is None:
        return lambda c: input_options(c, pictures)
    formats = ["text", "json"] + (["svg", "html"] if pictures else [])
    options = [
        click.argument("paths", nargs=-1, required=True, metavar="PATH..."),
        click.option("--format", "fmt", type=click.Choice(formats), default="text", show_default=True,
                     help="Terminal report, or one JSON object (schema_version 1)"
                          + ("; svg or html: a picture of memory over time and the allocation map "
                             "(self-contained; html lets you click a box)." if pictures else ".")),
        OUTPUT_OPTION,
        click.option("--no-discover", is_flag=True, help="Read only the files named, not their siblings."),
        click.option("--module", "module_selector", metavar="NUMBER|NAME",
                     help="Which module of a folder holding several (module number or name)."),
        click.option("--platform", type=click.Choice(["cpu", "gpu", "tpu"]),
                     help="The backend that compiled the module (default: detected)."),
        click.option("--no-color", is_flag=True, help="Plain text without colours (also: NO_COLOR=1)."),
        MATCH_OPTION,
    ]
    for option in reversed(options):
        command = option(command)
    return command


@click.group(context_settings=CONTEXT, invoke_without_command=True)
@click.version_option(__version__, "-V", "--version", prog_name="bufviz")
@click.option("--no-color", is_flag=True, help="Plain text without colours (also: NO_COLOR=1).")
@click.pass_context
def cli(ctx: click.Context, no_color: bool) -> None:
    """bufviz explains where XLA's memory goes.

    It reads what XLA writes (HLO modules, `--xla_dump_to` folders, buffer-assignment and
    live-range dumps, memory-usage reports) and out-of-memory messages or whole logs pasted
    from JAX, PyTorch/XLA or TensorFlow, recomputes the memory picture, and shows it next to
    XLA's own numbers. PATH may be `-` to read standard input.

    Every option can also be set in the environment as BUFVIZ_<COMMAND>_<OPTION>, e.g.
    BUFVIZ_PEAK_FORMAT=json or BUFVIZ_PEAK_TOP=50; NO_COLOR=1 turns colours off.

    \b
    Examples:
      bufviz peak dumps/                     # a folder from --xla_dump_to
      bufviz peak module_0022.jit_update.cpu_after_optimizations.txt
      bufviz peak train.log                  # a log with an out-of-memory error
      pbpaste | bufviz peak -                # an error copied to the clipboard
      bufviz verify dumps/ --module 22       # bufviz's numbers against XLA's
      bufviz allocations dumps/ --kind temp  # every temp allocation by offset
      bufviz explain dumps/                  # why the largest buffer is live
      bufviz timeline dumps/                 # memory in use over the schedule
      bufviz check dumps/ --budget 16GiB     # exit 1 when a module needs more
      bufviz diff baseline.json dumps/       # what grew since the saved result
      bufviz scan dumps/                     # every module, largest first
    """
    ctx.obj = {"no_color": no_color}
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


@cli.command(help=PEAK_HELP)
@input_options(pictures=True)
@click.option("--top", type=click.IntRange(min=0), default=20, show_default=True, metavar="N",
              help="Rows of the storage table (0: all). JSON always lists every row.")
@click.option("--by", type=click.Choice(["source", "op", "kind", "category"]),
              help="Group the storage at the peak by source line, op_name path, allocation kind or "
                   "what it holds (weights, optimizer state, activations, gradients, ...).")
@click.option("--donate", metavar="N[,M...]",
              help="What if these parameters were donated (jax's donate_argnums): recompute everything "
                   "with each paired to an output of its shape, and show before -> after.")
@click.option("--remat", metavar="NAME[,NAME...]",
              help="What if these buffers were recomputed (jax.checkpoint) before their late uses "
                   "instead of kept: recompute everything and show before -> after.")
@click.option("--advice/--no-advice", default=None,
              help="The closing 'What to try' section: each change measured by recomputing the changed "
                   "module. On by default for text output except on very large modules; --advice forces "
                   "it (and adds it to JSON).")
@click.pass_context
def peak(ctx, paths, fmt, output, no_discover, module_selector, platform, no_color, match, top, by, donate,
         remat, advice) -> int:
    root = _folder_of_several_modules(paths, module_selector)
    if root is not None:
        return _overview(ctx, root, fmt, output, no_color, platform, top, match=match)
    if donate is not None or remat is not None:
        report = _what_if(paths, no_discover, module_selector, platform, match,
                          _numbers(donate, "--donate") if donate is not None else [], _names(remat, "--remat"))
    else:
        report = _report(paths, no_discover, module_selector, platform, match, fmt,
                         advice=advice if advice is not None or fmt == "text" else False)
    _render(ctx, report, fmt, output, no_color, lambda console: _render_peak(report, console, top, by))
    return 0


def _render_peak(report: dict, console, top: int, by) -> None:
    from .report.console import render_peak  # (rich is imported only for text output)

    render_peak(report, console, top, by)


def _report(paths, no_discover: bool, module_selector, platform, match: bool, fmt: str = "text",
            advice: bool | None = False) -> dict:
    from .pipeline import peak_report

    saved = _saved_report(paths)
    if saved is not None:
        return saved
    with _progress(paths) as say:
        return peak_report(list(paths), discover=not no_discover, module=module_selector,
                           platform=platform, progress=say, match=match, value_info=fmt in PICTURES,
                           advice=advice)


PICTURES = ("svg", "html")


def _numbers(text: str, option: str) -> list[int]:
    try:
        numbers = [int(n) for n in text.replace(" ", "").split(",") if n]
    except ValueError:
        numbers = []
    if not numbers or min(numbers) < 0:
        raise click.BadParameter(f"expected parameter numbers like 0 or 0,2, found {text!r}", param_hint=f"'{option}'")
    return numbers


def _with_module(paths, no_discover, module_selector, platform, match, needed_for: str):
    """The report and its context, for commands that recompute from the HLO module."""
    from .pipeline import peak_context

    with _progress(paths) as say:
        report, context = peak_context(list(paths), not no_discover, module_selector, platform, say, match)
    if context.analysis is None:
        raise BufvizError(f"expected the HLO module ({needed_for}), found none", paths[0])
    return report, context


def _names(text: str | None, option: str) -> list[str]:
    if text is None:
        return []
    names = [n.strip().lstrip("%") for n in text.split(",") if n.strip()]
    if not names:
        raise click.BadParameter(f"expected instruction names like fusion.3 or fusion.3,dot.1, found {text!r}",
                                 param_hint=f"'{option}'")
    return names


def _what_if(paths, no_discover, module_selector, platform, match, donate: list[int], remat: list[str]) -> dict:
    from .whatif.run import what_if

    report, context = _with_module(paths, no_discover, module_selector, platform, match,
                                   "a what-if is recomputed from it")
    return what_if(report, context, donate, remat)


def _saved_report(paths) -> dict | None:
    """A result saved with `peak --format json`, read back whole (rendered again, not recomputed)."""
    from .ci.saved import is_saved_file, read_saved_report
    from .textfile import read_text

    if len(paths) != 1 or not os.path.isfile(paths[0]) or not is_saved_file(paths[0]):
        return None
    return read_saved_report(paths[0], read_text(paths[0]))


def _folder_of_several_modules(paths, module_selector) -> str | None:
    """A lone folder holding several modules (or modules only in folders below it)."""
    if module_selector is not None or len(paths) != 1 or not os.path.isdir(paths[0]):
        return None
    from .ci.scan import find_modules
    from .dumps.discover import dump_sets, module_key

    here = dump_sets([os.path.join(paths[0], f) for f in os.listdir(paths[0])])
    if len({module_key(s.name) for s in here}) == 1:
        return None
    return paths[0] if len(find_modules(paths[0])) > 1 else None


def _overview(ctx, root: str, fmt: str, output, no_color: bool, platform, top: int, jobs: int = 0,
              match: bool = False) -> int:
    """Every module under `root`, ranked by memory needed (what `scan` shows)."""
    from .ci.collect import collect
    from .ci.summary import scan_json
    from .report.scan import render_scan

    if fmt in PICTURES:
        raise BufvizError("a picture shows one module and this folder holds several: choose one with --module "
                          "(bufviz scan lists them)", root)
    with _scan_progress() as progress:
        summaries, errors = collect([root], platform=platform, jobs=jobs, progress=progress, match=match)
    result = scan_json(summaries, errors, root)
    _render(ctx, result, fmt, output, no_color, lambda console: render_scan(result, console, top))
    return 0


@contextlib.contextmanager
def _scan_progress():
    """A progress bar on stderr while modules are analysed, on a terminal only."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn("bufviz: analysing modules"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True, markup=False, emoji=False), transient=True) as bar:
        task = bar.add_task("modules", total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


def _render(ctx, report: dict, fmt: str, output, no_color: bool, render_text, picture: str = "peak") -> None:
    if fmt == "json":
        from .report.json import json_chunks
        _emit(json_chunks(report), output)
    elif fmt in PICTURES:
        from .report.svg import render_html, render_svg
        if report.get("memory") is None:
            raise BufvizError("expected allocations and live ranges to draw (the HLO module, or XLA's buffer "
                              "assignment with its values), found neither")
        _emit((render_svg if fmt == "svg" else render_html)(report, picture=picture), output)
    else:
        _emit_rich(render_text, output, no_color or ctx.obj["no_color"])


PROGRESS_FROM_BYTES = 16 * 1024 * 1024


@contextlib.contextmanager
def _progress(paths):
    """A spinner on stderr naming the current phase, for large inputs on a terminal only."""
    if not sys.stderr.isatty() or _input_bytes(paths) < PROGRESS_FROM_BYTES:
        yield lambda message: None
        return
    from rich.console import Console

    from .report.escape import printable
    with Console(stderr=True, markup=False, emoji=False).status("bufviz: starting", spinner="dots") as status:
        yield lambda message: status.update(f"bufviz: {printable(message)}")


def _input_bytes(paths) -> int:
    total = 0
    for path in paths:
        if os.path.isdir(path):
            total += sum(e.stat().st_size for e in os.scandir(path) if e.is_file())
        elif os.path.isfile(path):
            total += os.path.getsize(path)
    return total


VERIFY_HELP = """Check bufviz's recomputation against everything XLA printed.

Give the optimized HLO module together with XLA's dump (any file of the dump set, or the
folder): bufviz recomputes the schedule, every live range, the peak time, the values live
at the peak, the peak bytes and the stack-trace breakdown, and the buffer assignment (every
allocation's values, size, kinds, index and offsets, Total bytes used, the memory-usage
report) from the module, and compares each with XLA's numbers. jax's memory_analysis()
numbers are compared too when saved as `memory_analysis.json` next to the dump (or named
on the command line). Without the module, the dump's own data is used.

Exits 0 when every quantity matches, 1 when something differs (the report says what).

\b
Examples:
  bufviz verify dumps/module_0022.jit_update.cpu_after_optimizations.txt
  bufviz verify dumps/ --module jit_update --show 50
  bufviz verify dumps/ --format json -o verify.json
"""


@cli.command(help=VERIFY_HELP)
@input_options
@click.option("--show", type=click.IntRange(min=0), default=10, show_default=True, metavar="N",
              help="Differing live ranges, allocations and offsets listed in the terminal report.")
@click.pass_context
def verify(ctx, paths, fmt, output, no_discover, module_selector, platform, no_color, match, show) -> int:
    from .report.verify import render_verify

    report = _report(paths, no_discover, module_selector, platform, match)
    if report["xla"] is None or report["xla"]["schedule_end"] is None:
        raise BufvizError("expected XLA's live ranges to verify against (a buffer-assignment or "
                          "live-range dump of this module), found none", paths[0])
    if report["recomputed"] is None:
        raise BufvizError("expected the HLO module, or a dump with its 'Used values', to recompute "
                          "from, found neither", paths[0])
    verified = all(c["ok"] for c in report["checks"])
    summary = {**_head(report, "checks", "mismatches", "notes"), "verified": verified}
    _render(ctx, summary if fmt == "json" else report, fmt, output, no_color,
            lambda console: render_verify(report, console, show))
    return 0 if verified else 1


ALLOCATIONS_HELP = """Show every allocation with its values laid out by offset and live range.

Each allocation lists its values by offset, with the live range of each drawn across the
schedule, so reuse of one offset over time is visible. With XLA's buffer assignment and the
HLO module both given, XLA's and bufviz's allocations are paired by their values and shown
side by side; differences are marked. Allocations with one value take one line.

\b
Examples:
  bufviz allocations dumps/module_0022.jit_update.cpu_after_optimizations.txt
  bufviz allocations dumps/ --kind temp --values 0
  bufviz allocations dumps/ --allocation 3 --allocation 7 --format json
"""


@cli.command(help=ALLOCATIONS_HELP)
@input_options(pictures=True)
@click.option("--allocation", "indices", type=click.IntRange(min=0), multiple=True, metavar="N",
              help="Show only allocation N (XLA's numbering when its dump is there); repeatable.")
@click.option("--kind", "kinds", type=click.Choice(["parameter", "output", "temp", "constant", "thread-local"]),
              multiple=True, help="Show only allocations of this kind; repeatable.")
@click.option("--values", "values_shown", type=click.IntRange(min=0), default=16, show_default=True,
              metavar="N", help="Values listed per allocation (0: all). JSON always lists all.")
@click.pass_context
def allocations(ctx, paths, fmt, output, no_discover, module_selector, platform, no_color, match, indices,
                kinds, values_shown) -> int:
    from .report.allocations import allocation_view, render_allocations

    report = _report(paths, no_discover, module_selector, platform, match, fmt)
    listed = (report["xla"] or {}).get("allocations") or (report["recomputed"] or {}).get("allocations")
    if not listed:
        raise BufvizError("expected an HLO module or a buffer-assignment dump to show allocations from, "
                          "found neither", paths[0])
    known = {a["index"] for a in listed}
    unknown = sorted(set(indices) - known)
    if unknown:
        raise click.BadParameter(f"no allocation {unknown[0]}: this module's allocations are numbered "
                                 f"{min(known)} to {max(known)}", param_hint="'--allocation'")
    view = allocation_view(report, set(indices) or None, set(kinds) or None)
    _render(ctx, report if fmt in PICTURES else {**_head(report, "notes"), **view}, fmt, output, no_color,
            lambda console: render_allocations(report, view, console, values_shown))
    return 0


EXPLAIN_HELP = """Explain why one buffer is live: PATH... [NAME].

NAME is a value (`fusion.3`, `fusion.3{1}`); by default the largest buffer in use at the
peak moment. bufviz says what defines it (instruction, op_name, source line), its shape and
bytes, where it lives (allocation, offset, the values that share it), when it is born and
last dies, what keeps it alive across the peak (the last use that does, or: an entry
parameter not donated, part of the output, carried by a while loop), and what it aliases.

\b
Examples:
  bufviz explain dumps/module_0022.jit_update.cpu_after_optimizations.txt
  bufviz explain dumps/ ynn_fusion.2
  bufviz explain dumps/ 'fusion.3{1}' --format json
"""


@cli.command(help=EXPLAIN_HELP)
@input_options
@click.pass_context
def explain(ctx, paths, fmt, output, no_discover, module_selector, platform, no_color, match) -> int:
    from .pipeline import peak_report
    from .report.explain import render_explain

    name = None
    if len(paths) > 1 and paths[-1] != "-" and not os.path.exists(paths[-1]):
        paths, name = paths[:-1], paths[-1]
    with _progress(paths) as say:
        report = peak_report(list(paths), discover=not no_discover, module=module_selector, platform=platform,
                             progress=say, match=match, explain=name or True)
    _render(ctx, {**_head(report, "explain", "notes")}, fmt, output, no_color,
            lambda console: render_explain(report, console))
    return 0


TIMELINE_HELP = """Show memory in use over the schedule.

One row per stretch of the schedule: the memory in use (parameters, outputs and constants
for the whole run, plus the temporaries in use at that step), drawn as a bar stacked by
kind, each kind in its own character; the peak moment is marked. Below, the births and last
uses of the largest temporaries at the peak.

\b
Examples:
  bufviz timeline dumps/module_0022.jit_update.cpu_after_optimizations.txt
  bufviz timeline dumps/ --rows 40
  bufviz timeline dumps/ --format json -o timeline.json
  bufviz timeline dumps/ --format html -o memory.html
"""


@cli.command(help=TIMELINE_HELP)
@input_options(pictures=True)
@click.option("--rows", type=click.IntRange(min=4), default=24, show_default=True, metavar="N",
              help="Rows of the chart; longer schedules are grouped, each row showing its largest step.")
@click.pass_context
def timeline(ctx, paths, fmt, output, no_discover, module_selector, platform, no_color, match, rows) -> int:
    from .report.header import render_header, render_notes
    from .report.timeline import timeline_view

    report = _report(paths, no_discover, module_selector, platform, match, fmt)
    if report["timeline"] is None:
        raise BufvizError("expected allocations and live ranges to draw a timeline from (the HLO module, or "
                          "XLA's buffer assignment with its values), found neither", paths[0])

    def render(console):
        render_header(report, console)
        console.print(timeline_view(report["timeline"], report["memory"]["needed_bytes"], console.width, rows))
        render_notes(report, console)
    _render(ctx, report if fmt in PICTURES else _head(report, "memory", "timeline", "notes"), fmt, output,
            no_color, render, picture="timeline")
    return 0


ALIASING_HELP = """Show which parameters share memory with outputs, and which could.

For every entry parameter: its shape and bytes, the output it is aliased with
(input_output_alias may-alias or must-alias, or buffer_donor), whether XLA placed both in
the same allocation and, when it did not, why. Then the parameters that could be donated
(jax's donate_argnums): an output of the same shape and layout exists and the parameter is
no longer read when it is written, with the bytes each donation saves on memory needed,
measured by recomputing the assignment as if it were donated. Last, the copies XLA made so
that an update (dynamic-update-slice, scatter, a loop carry) can run in place.

\b
Examples:
  bufviz aliasing dumps/module_0022.jit_update.cpu_after_optimizations.txt
  bufviz aliasing dumps/ --format json
"""


@cli.command(help=ALIASING_HELP)
@input_options
@click.option("--top", type=click.IntRange(min=0), default=20, show_default=True, metavar="N",
              help="Rows of each table (0: all). JSON always lists every row.")
@click.pass_context
def aliasing(ctx, paths, fmt, output, no_discover, module_selector, platform, no_color, match, top) -> int:
    from .report.aliasing import render_aliasing
    from .whatif.aliasing import aliasing_report

    report, context = _with_module(paths, no_discover, module_selector, platform, match,
                                   "aliasing and donation are read from it")
    report["aliasing"] = aliasing_report(report, context)
    _render(ctx, _head(report, "aliasing", "notes"), fmt, output, no_color,
            lambda console: render_aliasing(report, console, top))
    return 0


SCHEDULE_HELP = """Show what the order of the instructions costs, and find a better one.

XLA runs a module's instructions in the order its scheduler chose; the memory a program needs
depends on it. This runs XLA's schedulers on the module (PostOrder, DFS, List, BFS, and
XLA's DefaultMemoryScheduler: the least of List, DFS and PostOrder; the one XLA itself uses
on the module's backend and version is marked: XLA:CPU ran DFS until mid-2024 and BFS since,
other backends the DefaultMemoryScheduler or schedulers of their own) and bufviz's own, which search
for a lower peak (beam: a beam search over the instructions ready to run; exact: every
order, for computations of up to 80 instructions; improve: the best of the others, then
instructions moved out of the peak step). Each order is measured the way XLA compares
schedules, by MinimumMemoryForModule (the most bytes live at once, without fragmentation:
"peak"), and by the memory needed after buffer assignment. The lower bound is a peak no
order can go below. A module that is already scheduled (after optimizations) shows its own
printed order first. --emit writes the module back as HLO text in the best order (or
--algorithm's), marked is_scheduled=true, so that XLA reads that order as the schedule: to
measure it with XLA's own tools (run_hlo_module, hlo-opt), to attach to an XLA issue, or to
compare with a later dump. A jax program cannot load it back; in jax, change the order at the
source (jax.checkpoint to recompute, jax.lax.optimization_barrier to pin a value's place) and
check the new dump with `bufviz diff`.

\b
Examples:
  bufviz schedule dumps/module_0022.jit_update.before_optimizations.txt
  bufviz schedule dumps/ --module 22 --algorithm improve --emit scheduled.txt
  bufviz schedule big_module.txt --time-limit 60
  bufviz schedule dumps/ --format json
"""


@cli.command(help=SCHEDULE_HELP)
@input_options
@click.option("--algorithm", type=click.Choice(["postorder", "dfs", "list", "bfs", "default", "beam", "exact",
                                                "improve"]),
              help="Run only this scheduler (and use it for --emit).")
@click.option("--time-limit", type=click.FloatRange(min=0), default=10.0, show_default=True, metavar="SECONDS",
              help="Time bufviz's own searches may take; past it they finish greedily.")
@click.option("--emit", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write the module in the best order (or --algorithm's) to FILE as HLO text.")
@click.pass_context
def schedule(ctx, paths, fmt, output, no_discover, module_selector, platform, no_color, match, algorithm,
             time_limit, emit) -> int:
    from .hlo.edit import scheduled_text
    from .report.schedule import render_schedule
    from .schedule.run import schedule_report

    report, context = _with_module(paths, no_discover, module_selector, platform, match,
                                   "schedules are computed on it")
    report["schedule"], chosen = schedule_report(report, context, algorithm, time_limit)
    if emit:
        _write_atomically(emit, scheduled_text(context.inputs.module, chosen.sequences))
        report["schedule"]["emitted"] = {"file": emit, "algorithm": chosen.algorithm}
    _render(ctx, _head(report, "schedule", "notes"), fmt, output, no_color,
            lambda console: render_schedule(report, console))
    return 0


SCAN_HELP = """Rank every module of a dump tree by the memory it needs.

XLA writes hundreds of modules per run (`--xla_dump_to`); scan finds every module in DIR and
the folders below it, analyses each on its own (in several processes on large trees), and
lists them largest first: memory needed, temporaries, parameters, the largest buffer and the
XLA that compiled it. A module that cannot be read is listed with its error; the scan goes
on. `--format json` saves the result: `check` and `diff` accept it in place of the dumps.

\b
Examples:
  bufviz scan dumps/
  bufviz scan dumps/ --top 10
  bufviz scan dumps/ --format json -o baseline.json
"""


@cli.command(help=SCAN_HELP)
@click.argument("folders", nargs=-1, required=True, metavar="DIR...", type=click.Path(file_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Terminal table, or one JSON object (schema_version 1) that check and diff read back.")
@OUTPUT_OPTION
@click.option("--top", type=click.IntRange(min=0), default=0, show_default=True, metavar="N",
              help="Modules listed in the terminal (0: all). JSON always lists every module.")
@click.option("--jobs", type=click.IntRange(min=0), default=0, show_default=True, metavar="N",
              help="Processes to analyse modules in (0: one per core on large trees).")
@click.option("--platform", type=click.Choice(["cpu", "gpu", "tpu"]),
              help="The backend that compiled the modules (default: detected per module).")
@click.option("--no-color", is_flag=True, help="Plain text without colours (also: NO_COLOR=1).")
@MATCH_OPTION
@click.pass_context
def scan(ctx, folders, fmt, output, top, jobs, platform, no_color, match) -> int:
    from .ci.collect import collect
    from .ci.summary import scan_json
    from .report.scan import render_scan

    for folder in folders:
        if not os.path.isdir(folder):
            raise BufvizError("expected a folder to scan, found " + ("a file" if os.path.exists(folder)
                                                                    else "nothing"), folder)
    with _scan_progress() as progress:
        summaries, errors = collect(list(folders), platform=platform, jobs=jobs, progress=progress, match=match)
    result = scan_json(summaries, errors, folders[0] if len(folders) == 1 else None)
    _render(ctx, result, fmt, output, no_color, lambda console: render_scan(result, console, top))
    return 0


def module_options(command):
    """What `check` and `diff` share: which module of a folder, the backend, processes."""
    for option in reversed([
        click.option("--module", "module_selector", metavar="NUMBER|NAME",
                     help="Only this module of a folder (module number or name)."),
        click.option("--platform", type=click.Choice(["cpu", "gpu", "tpu"]),
                     help="The backend that compiled the module (default: detected)."),
        click.option("--jobs", type=click.IntRange(min=0), default=0, show_default=True, metavar="N",
                     help="Processes to analyse the modules of a folder in (0: one per core on large trees)."),
        click.option("--no-color", is_flag=True, help="Plain text without colours (also: NO_COLOR=1)."),
        MATCH_OPTION,
    ]):
        command = option(command)
    return command


CHECK_HELP = """Fail a CI job when a module needs more memory than allowed.

PATH is a dump (any file of it), a folder of dumps (every module in it and below is
checked), or a result saved with `bufviz peak --format json` or `bufviz scan --format json`.
Each module is checked against --budget, and/or against its own entry in --baseline (a saved
result or dumps; modules are matched by program) grown by at most --max-increase.
The metric is memory needed unless --metric says otherwise; repeat --metric to check several.

Each row names its program: the shortest end of its folder's path below PATH that tells the
folders apart, and the module (with its dump number where a folder holds several).

Sizes: 16GiB, 512MiB (binary), 512MB, 1.5e9 (decimal) or plain bytes.
Exit codes, first that holds: 1 a module is over a limit (modules that could not be read are
listed as well); 2 a module or input could not be read, or a limit is malformed; 0 all within
limits.

\b
Formats:
  text      a table in the terminal
  json      one JSON object (schema_version 1)
  markdown  a table for $GITHUB_STEP_SUMMARY or a pull-request comment
  github    GitHub annotations (::error at the source line of the buffers that grew most)
  junit     JUnit XML, one test case per module and metric

\b
Examples:
  bufviz check dumps/ --budget 16GiB
  bufviz check dumps/ --baseline baseline.json --max-increase 5%
  bufviz check dumps/ --baseline baseline.json --metric needed --metric temp --format junit -o memory.xml
  bufviz check dumps/ --budget 12GiB --format github --summary "$GITHUB_STEP_SUMMARY"
"""


@cli.command(help=CHECK_HELP)
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--budget", metavar="SIZE", help="The most memory each module may need.")
@click.option("--baseline", metavar="FILE|DIR",
              help="A saved result (peak or scan JSON) or dumps to compare each module with.")
@click.option("--max-increase", metavar="X", help="How much above the baseline is allowed: 5% or a size "
                                                  "(default: no increase at all).")
@click.option("--metric", "metrics", type=click.Choice(["needed", "temp", "argument", "output", "xla-peak"]),
              multiple=True, help="What to check: memory needed (default), temp, argument or output bytes, or "
                                  "XLA's live-range peak; repeatable.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown", "github", "junit"]),
              default="text", show_default=True, help="How to report (see Formats above).")
@OUTPUT_OPTION
@click.option("--summary", type=click.Path(dir_okay=False), metavar="FILE",
              help="Also append the markdown table to FILE (e.g. \"$GITHUB_STEP_SUMMARY\").")
@module_options
@click.pass_context
def check(ctx, paths, budget, baseline, max_increase, metrics, fmt, output, summary, module_selector, platform,
          jobs, no_color, match) -> int:
    from .ci.check import check as run_check
    from .ci.collect import collect
    from .ci.limits import parse_increase, parse_size
    from .report.check import render_check
    from .report.github import render_check_github
    from .report.json import render_json
    from .report.junit import render_check_junit
    from .report.markdown import render_check_markdown

    if budget is None and baseline is None:
        raise click.UsageError("give --budget SIZE, --baseline FILE, or both")
    if max_increase is not None and baseline is None:
        raise click.UsageError("--max-increase needs --baseline")
    budget_bytes = _parsed(parse_size, budget, "--budget")
    increase = _parsed(parse_increase, max_increase, "--max-increase")
    with _scan_progress() as progress:
        modules, errors = collect(list(paths), module_selector, platform, jobs, progress, match)
        old = collect([baseline], module_selector, platform, jobs, match=match)[0] if baseline else None
    result = run_check(modules, list(metrics) or ["needed"], budget_bytes, old, increase, errors)
    if summary:
        _append(summary, render_check_markdown(result))
    if fmt == "text":
        _emit_rich(lambda console: render_check(result, console), output, no_color or ctx.obj["no_color"])
    else:
        render = {"json": render_json, "markdown": render_check_markdown, "github": render_check_github,
                  "junit": render_check_junit}[fmt]
        _emit(render(result), output)
    return check_exit_code(result)


def check_exit_code(result: dict) -> int:
    """1 when any module is over a limit (unreadable ones are listed too: a regression is never
    hidden behind bad input), else 2 when a module could not be read, else 0."""
    return 1 if result["failed"] else 2 if result["errors"] else 0


def _parsed(parse, text, option: str):
    if text is None:
        return None
    try:
        return parse(text)
    except BufvizError as e:
        raise click.BadParameter(e.message, param_hint=f"'{option}'") from None


def _append(path: str, text: str) -> None:
    try:
        with open(path, "a", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise BufvizError(f"cannot write the summary: {e.strerror}", path) from None


DIFF_HELP = """Compare two compilations of a program: what grew, what shrank, and why.

OLD and NEW are each a dump (any file of it), a folder of dumps, or a saved result
(`peak` or `scan --format json`). Shows memory needed and each of its parts old -> new, the
storage at the peak row by row, and the source lines and op_names that grew, shrank,
appeared or vanished. Instruction names change between compilations, so rows are matched by
what they are (name, parameter number, op_name, source line, shape and opcode) and each
says how it was matched; rows that match nothing are listed. Folders are compared module by
module, matched by program (the folder below OLD and NEW, the module's name and number).

Exit codes, first that holds: 1 with --fail-on-increase when memory needed grew more than
allowed; 2 a module could not be read (the others are compared and it is listed) or the
limit is malformed; 0 otherwise.

\b
Examples:
  bufviz diff old_dumps/ new_dumps/
  bufviz diff baseline.json dumps/module_0022.jit_update.cpu_after_optimizations.txt
  bufviz diff old.json new.json --format json
  bufviz diff baseline.json dumps/ --fail-on-increase 5%
"""


@cli.command(help=DIFF_HELP)
@click.argument("old", metavar="OLD")
@click.argument("new", metavar="NEW")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Terminal report, or one JSON object (schema_version 1).")
@OUTPUT_OPTION
@click.option("--top", type=click.IntRange(min=0), default=10, show_default=True, metavar="N",
              help="Changed rows and groups listed per table (0: all). JSON lists all.")
@click.option("--fail-on-increase", "fail_on", metavar="X", is_flag=False, flag_value="0",
              help="Exit 1 when memory needed grew by more than X (5% or a size; alone: any growth).")
@module_options
@click.pass_context
def diff(ctx, old, new, fmt, output, top, fail_on, module_selector, platform, jobs, no_color, match) -> int:
    from .ci.collect import collect
    from .ci.diff import diff as run_diff
    from .ci.limits import allowed_bytes, parse_increase
    from .report.diff import render_diff

    increase = _parsed(parse_increase, fail_on, "--fail-on-increase")
    with _scan_progress() as progress:
        before, errors = collect([old], module_selector, platform, jobs, progress, match)
        after, more = collect([new], module_selector, platform, jobs, progress, match)
    if not before or not after:
        raise BufvizError(f"cannot compare: {(errors + more)[0]['error']}")
    result = run_diff(before, after, errors + more)
    _render(ctx, result, fmt, output, no_color, lambda console: render_diff(result, console, top))
    needed = result["needed_bytes"]
    if increase is not None and needed["delta"] is not None and needed["delta"] > allowed_bytes(needed["old"], increase):
        return 1
    return 2 if result["errors"] else 0


def _head(report: dict, *more: str) -> dict:
    """The keys every JSON report starts with, and `more` of the full report's."""
    keys = ("schema_version", "module", "platform", "inputs", "vintage") + more
    return {k: report[k] for k in keys}


def _emit(text, output: str | None) -> None:
    """`text`: a string, or its pieces (a large report is never held whole)."""
    if output is None:
        for piece in _pieces(text):
            sys.stdout.write(piece)
        sys.stdout.flush()
        return
    _write_atomically(output, text)


def _pieces(text) -> Iterable[str]:
    return (text,) if isinstance(text, str) else text


def _emit_rich(render, output: str | None, no_color: bool) -> None:
    from rich.console import Console

    from .report.escape import terminal

    if output is None:
        # No colour means plain text: rich's own no_color keeps bold and dim, a colour system of None
        # drops every style.
        plain = no_color or bool(os.environ.get("NO_COLOR"))
        console = Console(color_system=None if plain else "auto", highlight=False, soft_wrap=False, markup=False,
                          emoji=False)
        with console.capture() as captured:
            render(console)
        sys.stdout.write(_without_trailing_spaces(terminal(captured.get())))
        sys.stdout.flush()
        return
    buffer = io.StringIO()
    render(Console(file=buffer, no_color=True, color_system=None, highlight=False, width=140, markup=False,
                   emoji=False))
    _write_atomically(output, _without_trailing_spaces(terminal(buffer.getvalue())))


def _without_trailing_spaces(text: str) -> str:
    """Tables pad every line to the terminal's width; copied text should not carry that."""
    return "\n".join(line.rstrip(" ") for line in text.split("\n"))


def _write_atomically(path: str, text) -> None:
    """Write the whole report or nothing: a temporary file renamed over the target. A device or
    a pipe (`-o /dev/null`, a FIFO) is written to directly: a rename would replace it."""
    try:
        special = not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        special = False  # (nothing there yet)
    if special:
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.writelines(_pieces(text))
        except OSError as e:
            raise BufvizError(f"cannot write the output: {e.strerror}", path) from None
        return
    fd, tmp = _new_temporary(os.path.dirname(os.path.abspath(path)), path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.writelines(_pieces(text))
        os.replace(tmp, path)
    except OSError as e:
        os.unlink(tmp)
        raise BufvizError(f"cannot write the output: {e.strerror}", path) from None
    except BaseException:
        os.unlink(tmp)  # (pieces made as they are written: nothing half-written is left)
        raise


def _new_temporary(folder: str, path: str) -> tuple[int, str]:
    """A new file beside the target, made with the usual permissions (0666 less the umask)."""
    for attempt in range(1000):
        tmp = os.path.join(folder, f".bufviz-{os.getpid()}-{attempt}.tmp")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), tmp
        except FileExistsError:
            continue
        except OSError as e:
            raise BufvizError(f"cannot write the output: {e.strerror}", path) from None
    raise BufvizError(f"cannot write the output: no free temporary name in {folder}", path)


def _name_envvars(group: click.Group) -> None:
    """BUFVIZ_<COMMAND>_<OPTION> from each option's long name (`--format` -> FORMAT), not from
    the Python parameter name click would use (`fmt`)."""
    for command in [group, *group.commands.values()]:
        prefix = "BUFVIZ_" if command is group else f"BUFVIZ_{command.name.upper()}_"
        for param in command.params:
            if isinstance(param, click.Option) and not param.is_eager and param.name != "help":
                long = max(param.opts, key=len).lstrip("-")
                param.envvar = prefix + long.upper().replace("-", "_")


_name_envvars(cli)


def main(argv: list[str] | None = None) -> None:
    # bufviz does no linear algebra: numpy's OpenBLAS need not start a thread per core as it
    # loads (milliseconds per core; `scan --jobs` workers would also oversubscribe the cores).
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        code = cli.main(args=argv, prog_name="bufviz", standalone_mode=False)
    except click.UsageError as e:
        hint = f" (see 'bufviz {e.ctx.info_name} --help')" if e.ctx and e.ctx.parent else " (see 'bufviz --help')"
        _fail(f"bufviz: error: {e.format_message()}{hint}", USAGE_OR_INPUT)
    except click.ClickException as e:
        _fail(f"bufviz: error: {e.format_message()}", e.exit_code)
    except click.exceptions.Abort:
        _fail("bufviz: interrupted", 130)
    except BufvizError as e:
        _fail(f"bufviz: error: {e}", e.exit_code, e.details)
    except KeyboardInterrupt:
        _fail("bufviz: interrupted", 130)
    except BrokenPipeError:
        sys.exit(0)
    except Exception as e:  # a bug: say so briefly, never a bare traceback
        import traceback  # (only on this path)

        where = traceback.extract_tb(e.__traceback__)[-1]
        _fail(f"bufviz: internal error: {type(e).__name__}: {e} (at {os.path.basename(where.filename)}:"
              f"{where.lineno}). Please report it at {ISSUES_URL} with the input files.", INTERNAL)
    sys.exit(code if isinstance(code, int) else 0)


def _fail(message: str, code: int, details: list[str] = ()) -> None:
    """One line saying what is wrong; `details` (a listing to choose from) below it."""
    sys.stderr.write(message.replace("\n", " ") + "\n" + "".join(line + "\n" for line in details))
    sys.exit(code)
