"""`bufviz allocations`: every allocation, its values laid out by offset and live range."""
from __future__ import annotations

import click

from ..errors import BufvizError
from .app import cli
from .options import PICTURES, input_options
from .output import render_result
from .read import read_report

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
def allocations(ctx, request, fmt, output, no_color, indices,
                kinds, values_shown) -> int:
    from ..report.allocations import allocation_view, render_allocations

    report = read_report(request, fmt)
    listed = report.allocations
    if not listed:
        raise BufvizError("expected an HLO module or a buffer-assignment dump to show allocations from, "
                          "found neither", request.paths[0])
    known = {a["index"] for a in listed}
    unknown = sorted(set(indices) - known)
    if unknown:
        raise click.BadParameter(f"no allocation {unknown[0]}: this module's allocations are numbered "
                                 f"{min(known)} to {max(known)}", param_hint="'--allocation'")
    view = allocation_view(report, set(indices) or None, set(kinds) or None)
    render_result(ctx, report if fmt in PICTURES else {**report.as_dict(("notes",)), **view}, fmt, output, no_color,
                  lambda console: render_allocations(report, view, console, values_shown))
    return 0
