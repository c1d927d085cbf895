"""`bufviz schedule`: what the order of the instructions costs, and a better one."""
from __future__ import annotations

from dataclasses import replace

import click

from .app import cli
from .options import input_options
from .output import render_result, write_atomically
from .read import read_module

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
def schedule(ctx, request, fmt, output, no_color, algorithm,
             time_limit, emit) -> int:
    from ..hlo.edit import scheduled_text
    from ..report.schedule import render_schedule
    from ..schedule.run import schedule_report

    # (a module before XLA's optimizations is what schedules are computed on: read as named)
    report, context = read_module(replace(request, optimized=False), "schedules are computed on it")
    section, chosen = schedule_report(report, context, algorithm, time_limit)
    if emit:
        write_atomically(emit, scheduled_text(context.inputs.module, chosen.sequences))
        section = {**section, "emitted": {"file": emit, "algorithm": chosen.algorithm}}
    report.schedule = section
    render_result(ctx, report.as_dict(("schedule", "notes")), fmt, output, no_color,
                  lambda console: render_schedule(report, console))
    return 0
