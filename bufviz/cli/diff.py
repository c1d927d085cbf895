"""`bufviz diff`: two compilations compared."""
from __future__ import annotations

import click

from ..errors import BufvizError
from ..request import Request
from .app import cli
from .options import ALL_OPTION, OUTPUT_OPTION, module_options, parsed_option
from .output import errors_to_stderr, render_result, scan_progress

DIFF_HELP = """Compare two compilations of a program: what grew, what shrank, and why.

OLD and NEW are each a dump (any file of it), a folder of dumps, or a saved
result (`peak` or `scan --format json`). The first line says why memory needed
changed, and a table lists the reasons, largest first, each with its bytes
(together they add up to the change) and its evidence: donation,
rematerialization, dtype, batch, optimizer, compiler (the same parameters,
another XLA), program, and other (what no single change explains). Then memory
needed and each of its parts old -> new, the storage at the peak row by row,
and the source lines and op_names that grew, shrank, appeared or vanished.
Instruction names change between compilations, so rows are matched by what
they are (name, parameter number, op_name, source line, shape and opcode) and
each says how it was matched; rows that match nothing are listed. Folders are
compared module by module, each program with its own (by the longest common
end of the folders' paths, then the module's name and number).

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
@ALL_OPTION
@module_options
@click.pass_context
def diff(ctx, old, new, fmt, output, top, fail_on, everything, module_selector, platform, jobs, no_color,
         match) -> int:
    from ..compare.collect import collect
    from ..compare.diff import diff as run_diff
    from ..compare.diff import exit_code
    from ..compare.limits import parse_increase
    from ..report.diff import render_diff

    increase = parsed_option(parse_increase, fail_on, "--fail-on-increase")
    with scan_progress() as progress:
        request = Request((old,), module=module_selector, platform=platform, match=match)
        before, errors = collect(request, jobs, progress)
        after, more = collect(request.with_paths([new]), jobs, progress)
    if not before or not after:
        raise BufvizError(f"cannot compare: {(errors + more)[0]['error']}")
    result = run_diff(before, after, errors + more)
    render_result(ctx, result, fmt, output, no_color, lambda console: render_diff(result, console, top, everything))
    errors_to_stderr(result["errors"], fmt, output)
    return exit_code(result, increase)
