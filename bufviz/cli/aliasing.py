"""`bufviz aliasing`: which parameters share memory with outputs, and which could."""
from __future__ import annotations

import click

from .app import cli
from .options import input_options
from .output import render_result
from .read import read_module

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
def aliasing(ctx, request, fmt, output, no_color, top) -> int:
    from ..report.aliasing import render_aliasing
    from ..whatif.aliasing import aliasing_report

    report, context = read_module(request, "aliasing and donation are read from it")
    report.aliasing = aliasing_report(report, context)
    render_result(ctx, report.as_dict(("aliasing", "notes")), fmt, output, no_color,
                  lambda console: render_aliasing(report, console, top))
    return 0
