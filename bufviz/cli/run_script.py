"""`bufviz run`: the user's script run with XLA's dumps on, then its step's memory."""
from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile

import click

from ..errors import BufvizError
from .app import cli
from .options import OUTPUT_OPTION, device_options

SCRIPT_LOG = "script-stderr.log"   # the script's standard error, beside the dump it died with
RUN_HELP = """Run a Python script with XLA's dumps on, then show its step's memory.

bufviz runs SCRIPT (or `-m MODULE`) with the Python it runs under (or --python), adding
`--xla_dump_to=DIR --xla_dump_hlo_as_text` to your own XLA_FLAGS (they are kept; where they
dump already, bufviz reads that folder). The script's output passes through. Then bufviz shows
what `bufviz peak DIR` shows: your step in full (jax's eager operations and a `jit(init)` set
aside), or every program of yours ranked. DIR is a temporary folder removed afterwards, unless
--keep names one.

A script that fails keeps its exit code: the report comes first, the script's failure is never
hidden behind it. A script that died of an out-of-memory error gets that error explained with
the dump of the module that failed. Ctrl-C stops the script and bufviz, and removes the folder.

With --budget, --baseline or --max-increase the run is a CI check (as `bufviz check` does it
on the folder): exit 1 when the step needs more.

Options go before SCRIPT; everything after it is the script's own.

\b
Examples:
  bufviz run train.py --steps 1
  bufviz run -m mypkg.train --config small.yaml
  bufviz run --keep dumps/ train.py
  bufviz run --format json -o peak.json train.py
  bufviz run --device-memory 80GB train.py
  bufviz run --donate params train.py
  bufviz run --budget 16GiB train.py
  bufviz run --python .venv/bin/python serve.py
"""


@cli.command("run", help=RUN_HELP, context_settings={"ignore_unknown_options": True,
                                                      "allow_interspersed_args": False})
@click.option("--python", metavar="PATH", help="The Python to run it with (default: the one bufviz runs under).")
@click.option("--keep", metavar="DIR", type=click.Path(file_okay=False),
              help="Dump into DIR (created; it must be empty) and keep it, instead of a temporary folder.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "svg", "html"]), default="text",
              show_default=True, help="The report's format, as bufviz peak writes it (the script's own output "
                                      "goes to standard error where the report is on standard output).")
@OUTPUT_OPTION
@device_options
@click.option("--top", type=click.IntRange(min=0), default=20, show_default=True, metavar="N",
              help="Rows of the storage table (0: all).")
@click.option("--by", type=click.Choice(["source", "op", "kind", "category"]),
              help="Group the storage at the peak (as bufviz peak --by).")
@click.option("--advice/--no-advice", default=None, help="The closing 'What to try' section (as bufviz peak).")
@click.option("--donate", metavar="N[,M-K,PATH...]", help="What if these parameters were donated (as bufviz peak).")
@click.option("--remat", metavar="NAME[,NAME...]", help="What if these buffers were recomputed (as bufviz peak).")
@click.option("--program", "program", metavar="NUMBER|NAME",
              help="Which module of the run to show, where it compiled several programs of yours.")
@click.option("--budget", metavar="SIZE", help="CI: exit 1 when a program of the run needs more (bufviz check).")
@click.option("--baseline", metavar="FILE|DIR", help="CI: compare with a saved result or dumps (bufviz check).")
@click.option("--max-increase", metavar="X", help="CI: how much above the baseline is allowed (5% or a size).")
@click.option("--no-color", is_flag=True, help="Plain text without colours (also: NO_COLOR=1).")
@click.argument("script_args", nargs=-1, type=click.UNPROCESSED, metavar="SCRIPT|-m MODULE [ARGS]...")
@click.pass_context
def run_command(ctx, python, keep, fmt, output, device, top, by, advice, donate, remat, program, budget, baseline,
                max_increase, no_color, script_args) -> int:
    from ..script_run import INTERRUPTED, interpreter_command, run_script

    # (`-m MODULE` as Python takes it: everything after the module is the module's own)
    module = script_args[1] if script_args[:1] == ("-m",) and len(script_args) > 1 else None
    if module is not None:
        script, args = None, script_args[2:]
    else:
        script, args = (script_args[0] if script_args else None), script_args[1:]
    if max_increase is not None and baseline is None:
        raise click.UsageError("--max-increase needs --baseline")
    ci = budget is not None or baseline is not None
    command = interpreter_command(python, script, module, tuple(args))
    ran = run_script(command, keep, stdout_to_stderr=fmt != "text" and output is None)
    try:
        if ran.interrupted:
            _say(f"bufviz: the script was stopped (Ctrl-C){_kept(ran)}")
            return INTERRUPTED
        # (in CI with JSON, the check's verdict alone: one JSON object on standard output)
        code = _report(ctx, ran, fmt, output, device, top, by, advice, program, no_color, donate, remat) \
            if not (ci and fmt == "json") else _dumped(ran)
        if code is not None and ci:
            from .check import check
            code = ctx.invoke(check, paths=(ran.folder,), budget=budget, baseline=baseline,
                              max_increase=max_increase, fmt="json" if fmt == "json" else "text",
                              output=output if fmt == "json" else None, module_selector=program,
                              no_color=no_color)
        if ran.returncode:   # (never hidden behind the report)
            _say(f"bufviz: the script exited with {ran.returncode}{_kept(ran)}")
            return ran.returncode
        return code or 0
    finally:
        if ran.removed:
            shutil.rmtree(ran.folder, ignore_errors=True)
            _say("bufviz: XLA's dump was in a temporary folder, now removed (--keep DIR keeps it)")


def _report(ctx, ran, fmt, output, device, top, by, advice, program, no_color, donate=None,
            remat=None) -> int | None:
    """The peak report of the run's folder (with the out-of-memory error the script died of);
    None where XLA dumped nothing."""
    from ..request import Request
    from .peak import show_peak

    modules = _modules(ran)
    if modules is None:
        return None
    oom = _oom_paths(ran, modules) if ran.returncode else None
    paths = oom or (ran.folder,)
    _say(f"bufviz: reading {len(modules)} module{'s' * (len(modules) != 1)} XLA dumped"
         + (", with the out-of-memory error the script died of" if oom else ""))
    try:
        request = Request(paths, True, None if oom else program, None, bool(oom), device=device)
        return show_peak(ctx, request, fmt, output, no_color, top, by, advice, None if oom else donate,
                         None if oom else remat)
    finally:
        if oom and ran.theirs:
            os.unlink(oom[0])


def _dumped(ran) -> int | None:
    return None if _modules(ran) is None else 0


def _modules(ran) -> list | None:
    """The modules XLA dumped; None (said) where there are none."""
    from ..compare.scan import find_modules

    modules = find_modules(ran.folder) if os.path.isdir(ran.folder) else []
    if modules:
        return modules
    _say("bufviz: the script compiled nothing with XLA (no module was dumped): is it a jax, TensorFlow or "
         "PyTorch/XLA program, and did it reach its jitted step?")
    if not ran.returncode:
        raise BufvizError("expected XLA's dump of the script's modules, found none", ran.folder)
    return None


def _oom_paths(ran, modules) -> tuple[str, str] | None:
    """(the script's standard error in a file, the module that failed) where it died of an
    out-of-memory error: the module the error names (`jit(step)`, `executable=jit_step`), else
    the one XLA compiled last (jax runs what it has just compiled)."""
    from ..dumps.oom import looks_like_oom

    if not looks_like_oom(ran.stderr):
        return None
    named = re.findall(r"\bjit\((\w+)\)|executable=(\w+)|XLA::TPU program (\w+)", ran.stderr)
    wanted = {("jit_" + a) if a else (b or c) for a, b, c in named[-1:]}
    chosen = [s for s in modules if s.name.module in wanted] or modules
    failed = max(chosen, key=lambda s: s.name.number)
    text = next((f for f in failed.files if f.endswith("optimizations.txt")), failed.files[0])
    # (beside the dump where the folder is bufviz's or --keep's: kept with it; never in the user's own)
    if ran.theirs:
        handle, log = tempfile.mkstemp(prefix="bufviz-run-", suffix=".log")
    else:
        log = os.path.join(ran.folder, SCRIPT_LOG)
        handle = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    with os.fdopen(handle, "w", encoding="utf-8") as f:
        f.write(ran.stderr)
    return log, text


def _kept(ran) -> str:
    return "" if ran.removed else f"; XLA's dump is in {ran.folder}"


def _say(message: str) -> None:
    click.echo(message, err=True)
    sys.stderr.flush()
