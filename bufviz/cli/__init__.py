"""The command line: one module per command (its options, help with examples, a call into the
feature, the renderer), on the group in app.py; options.py, read.py and output.py hold what
commands share."""
from __future__ import annotations

from . import aliasing, allocations, check, diff, explain, peak, run_script, scan, schedule, timeline, verify  # noqa: F401
from .app import add_timings, name_envvars, cli, main, run

add_timings(cli)    # (once every command is on the group)
name_envvars(cli)

__all__ = ["cli", "main", "run"]
