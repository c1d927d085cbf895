"""`bufviz check`: fail a CI job when a module needs more memory than allowed."""
from __future__ import annotations

import click

from ..request import Request
from .app import cli
from .options import ALL_OPTION, OUTPUT_OPTION, device_options, module_options, parsed_option
from .output import append_to, errors_to_stderr, render_result, scan_progress

CHECK_HELP = """Fail a CI job when a module needs more memory than allowed.

PATH is a dump (any file of it), a folder of dumps (every module in it and below is
checked), or a result saved with `bufviz peak --format json` or `bufviz scan --format json`.
Each module is checked against --budget, and/or against its own entry in --baseline (a saved
result or dumps; modules are matched by program) grown by at most --max-increase.
The metric is memory needed unless --metric says otherwise; repeat --metric to check several.
With --device-memory each module must also fit on the device: on GPU, the allocator's predicted
peak for one run (see `bufviz peak --help`) under its limit; elsewhere, memory needed.

Each row names its program: the shortest end of its folder's path below PATH that tells the
folders apart, and the module (with its dump number where a folder holds several). A baseline
row is that program's own whatever folder the baseline was made from (the longest common end
of the two paths); a program without one is new.

Sizes: 16GiB, 512MiB (binary), 512MB, 1.5e9 (decimal) or plain bytes.

A module whose numbers differ from XLA's own files (or from jax's memory_analysis.json beside
it: often another module than the program's) is never ok: its rows say `unsure`, with why.

Exit codes, first that holds: 1 a module is over a limit (modules that could not be read or
are not trusted are listed as well); 2 a module or input could not be read, a module's numbers
differ from XLA's own, or a limit is malformed; 0 all within limits.

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
  bufviz check dumps/ --device-memory 80GB --no-preallocate
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
@ALL_OPTION
@device_options
@module_options
@click.pass_context
def check(ctx, paths, budget, baseline, max_increase, metrics, fmt, output, summary, everything, device,
          module_selector, platform, jobs, no_color, match) -> int:
    from ..compare.check import check as run_check
    from ..compare.check import exit_code
    from ..compare.collect import collect
    from ..compare.limits import parse_increase
    from ..units import parse_size
    from ..report.check import render_check
    from ..report.github import render_check_github
    from ..report.junit import render_check_junit
    from ..report.markdown import render_check_markdown

    if budget is None and baseline is None and device is None:
        raise click.UsageError("give --budget SIZE, --baseline FILE, --device-memory SIZE, or several")
    if max_increase is not None and baseline is None:
        raise click.UsageError("--max-increase needs --baseline")
    budget_bytes = parsed_option(parse_size, budget, "--budget")
    increase = parsed_option(parse_increase, max_increase, "--max-increase")
    with scan_progress() as progress:
        request = Request(paths, module=module_selector, platform=platform, match=match, device=device)
        modules, errors = collect(request, jobs, progress)
        old = collect(request.with_paths([baseline]).with_device(None), jobs)[0] if baseline else None
    metrics = list(metrics) or (["needed"] if budget is not None or baseline is not None else [])
    result = run_check(modules, metrics, budget_bytes, old, increase, errors)
    if summary:
        append_to(summary, render_check_markdown(result))
    render_result(ctx, result, fmt, output, no_color, lambda console: render_check(result, console, everything),
                  more={"markdown": render_check_markdown, "github": render_check_github, "junit": render_check_junit})
    code = exit_code(result)
    if code == 2:   # (why, on stderr too: an exit code never comes alone)
        from ..report.check import doubts
        errors_to_stderr(result["errors"], fmt, output, [f"not trusted: {p}: {why}" for p, why in doubts(result)]
                         + ([f"not compared: {result['not_compared']}"] if result.get("not_compared") else []))
    return code
