"""`bufviz timeline`: memory in use over the schedule."""
from __future__ import annotations

import click

from ..errors import BufvizError
from .app import cli
from .options import PICTURES, input_options
from .output import render_result
from .read import read_report

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
def timeline(ctx, request, fmt, output, no_color, rows) -> int:
    from ..report.header import render_header, render_notes
    from ..report.timeline import timeline_view

    report = read_report(request, fmt)
    if report.timeline is None:
        raise BufvizError("expected allocations and live ranges to draw a timeline from (the HLO module, or "
                          "XLA's buffer assignment with its values), found neither", request.paths[0])

    def render(console):
        render_header(report, console)
        # (the timeline, a dict, is checked above; memory is set with it but in a saved result changed by hand)
        console.print(timeline_view(report.timeline, report.memory["needed_bytes"],  # type: ignore[arg-type, index]
                                    console.width, rows))
        render_notes(report, console)
    render_result(ctx, report if fmt in PICTURES else report.as_dict(("memory", "timeline", "notes")), fmt, output,
                  no_color, render, picture="timeline")
    return 0
