"""`bufviz explain`: why one buffer is live."""
from __future__ import annotations

import os

import click

from .app import cli
from .options import input_options
from .output import render_result
from .read import read_report

EXPLAIN_HELP = """Explain why one buffer is live: PATH... [NAME].

NAME is a value (`fusion.3`, `fusion.3{1}`) or a jax argument's pytree path
(`"params['Dense_0']['kernel']"`); by default the largest buffer in use at the
peak moment. bufviz says what defines it (instruction, op_name, source line), its shape and
bytes, where it lives (allocation, offset, the values that share it), when it is born and
last dies, what keeps it alive across the peak (the last use that does, or: an entry
parameter not donated, part of the output, carried by a while loop), and what it aliases.

\b
Examples:
  bufviz explain dumps/module_0022.jit_update.cpu_after_optimizations.txt
  bufviz explain dumps/ ynn_fusion.2
  bufviz explain dumps/ 'fusion.3{1}' --format json
  bufviz explain dumps/ "params['Dense_0']['kernel']"
"""


@cli.command(help=EXPLAIN_HELP)
@input_options
@click.pass_context
def explain(ctx, request, fmt, output, no_color) -> int:
    from ..report.explain import render_explain

    name, paths = None, request.paths
    if len(paths) > 1 and paths[-1] != "-" and not os.path.exists(paths[-1]):
        request, name = request.with_paths(paths[:-1]), paths[-1]
    report = read_report(request, explain=name or True)
    render_result(ctx, report.as_dict(("explain", "notes")), fmt, output, no_color,
                  lambda console: render_explain(report, console))
    return 0
