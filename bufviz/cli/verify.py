"""`bufviz verify`: bufviz's recomputation against everything XLA printed."""
from __future__ import annotations

import click

from ..errors import BufvizError
from .app import cli
from .options import input_options
from .output import render_result
from .read import read_report

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
def verify(ctx, request, fmt, output, no_color, show) -> int:
    from ..report.verify import render_verify

    report = read_report(request)
    if report.xla is None or report.xla["schedule_end"] is None:
        raise BufvizError("expected XLA's live ranges to verify against (a buffer-assignment or "
                          "live-range dump of this module), found none", request.paths[0])
    if report.recomputed is None:
        raise BufvizError("expected the HLO module, or a dump with its 'Used values', to recompute "
                          "from, found neither", request.paths[0])
    summary = {**report.as_dict(("checks", "mismatches", "notes")), "verified": report.verified}
    render_result(ctx, summary if fmt == "json" else report, fmt, output, no_color,
                  lambda console: render_verify(report, console, show))
    return 0 if report.verified else 1
