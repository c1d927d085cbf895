"""`bufviz scan`: every module of a dump tree ranked by the memory it needs."""
from __future__ import annotations

import os

import click

from ..errors import BufvizError
from ..request import Request
from .app import cli
from .options import ALL_OPTION, MATCH_OPTION, OUTPUT_OPTION
from .output import errors_to_stderr, render_result, scan_progress

SCAN_HELP = """Rank every module of a dump tree by the memory it needs.

XLA writes hundreds of modules per run (`--xla_dump_to`); scan finds every module in DIR and
the folders below it, analyses each on its own (in several processes on large trees), and
lists them largest first: memory needed, temporaries, parameters, the largest buffer and the
XLA that compiled it. The modules jax compiled for single eager operations, library init and
moving data (`jit_add`, `jit__truncated_normal`, ... from running `model.init` outside jit;
`jit__identity_fn` from `jax.device_put` to a sharding) are told apart
from your own jitted functions and folded into one line (`--all` lists them; JSON marks each
module `"eager"`). A module that cannot be read is listed with its error; the scan goes
on. `--format json` saves the result: `check` and `diff` accept it in place of the dumps.
A module whose numbers differ from XLA's own files (or from jax's memory_analysis.json beside
it: often another module than the program's) is marked ✗ and named below the table.
Exit codes: 2 when no module could be read, else 0.

\b
Examples:
  bufviz scan dumps/
  bufviz scan dumps/ --top 10
  bufviz scan dumps/ --all
  bufviz scan dumps/ --format json -o baseline.json
"""


@cli.command(help=SCAN_HELP)
@click.argument("folders", nargs=-1, required=True, metavar="DIR...", type=click.Path(file_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Terminal table, or one JSON object (schema_version 1) that check and diff read back.")
@OUTPUT_OPTION
@click.option("--top", type=click.IntRange(min=0), default=0, show_default=True, metavar="N",
              help="Modules listed in the terminal (0: all). JSON always lists every module.")
@ALL_OPTION
@click.option("--jobs", type=click.IntRange(min=0), default=0, show_default=True, metavar="N",
              help="Processes to analyse modules in at once (0: one per core; 1: in this process).")
@click.option("--platform", type=click.Choice(["cpu", "gpu", "tpu"]),
              help="The backend that compiled the modules (default: detected per module).")
@click.option("--no-color", is_flag=True, help="Plain text without colours (also: NO_COLOR=1).")
@MATCH_OPTION
@click.pass_context
def scan(ctx, folders, fmt, output, top, everything, jobs, platform, no_color, match) -> int:
    for folder in folders:
        if not os.path.isdir(folder):
            raise BufvizError("expected a folder to scan, found " + ("a file" if os.path.exists(folder)
                                                                    else "nothing"), folder)
    return ranked(ctx, Request(folders, platform=platform, match=match), fmt, output, no_color, top,
                  everything, jobs)


def ranked(ctx, request: Request, fmt: str, output, no_color: bool, top: int, everything: bool = False,
           jobs: int = 0) -> int:
    """The modules of the request's folders ranked by memory needed (`scan`, and `peak` of a
    folder of several programs): rendered, unreadable ones also on stderr, scan's exit code."""
    from ..compare.collect import collect
    from ..compare.compact import scan_exit_code, scan_json
    from ..report.scan import render_scan

    with scan_progress() as progress:
        summaries, errors = collect(request, jobs, progress)
    result = scan_json(summaries, errors, request.paths[0] if len(request.paths) == 1 else None)
    render_result(ctx, result, fmt, output, no_color, lambda console: render_scan(result, console, top, everything))
    errors_to_stderr(result["errors"], fmt, output)
    return scan_exit_code(result)
