"""The `bufviz` command group, the program's entry point, and how errors become exit codes
(0 ok, 1 a check failed, 2 bad usage or input, 101 a bug in bufviz)."""
from __future__ import annotations

import atexit
import functools
import os
import sys
import time
from typing import Iterable

import click

from .. import __version__
from ..errors import INTERNAL, ISSUES_URL, SAVED_READ, USAGE_OR_INPUT, BufvizError

CONTEXT = {"help_option_names": ["-h", "--help"], "auto_envvar_prefix": "BUFVIZ", "max_content_width": 100}


@click.group(context_settings=CONTEXT, invoke_without_command=True)
@click.version_option(__version__, "-V", "--version", prog_name="bufviz")
@click.option("--no-color", is_flag=True, help="Plain text without colours (also: NO_COLOR=1).")
@click.pass_context
def cli(ctx: click.Context, no_color: bool) -> None:
    """bufviz explains where XLA's memory goes.

    It reads what XLA writes (HLO modules, `--xla_dump_to` folders, buffer-assignment and
    live-range dumps, memory-usage reports) and out-of-memory messages or whole logs pasted
    from JAX, PyTorch/XLA or TensorFlow, recomputes the memory picture, and shows it next to
    XLA's own numbers. PATH may be `-` to read standard input.

    Every option can also be set in the environment as BUFVIZ_<COMMAND>_<OPTION>, e.g.
    BUFVIZ_PEAK_FORMAT=json or BUFVIZ_PEAK_TOP=50; NO_COLOR=1 turns colours off.

    \b
    Examples:
      bufviz run train.py --steps 1          # run it with dumps on, show its step
      bufviz peak dumps/                     # a folder from --xla_dump_to
      bufviz peak module_0022.jit_update.cpu_after_optimizations.txt
      bufviz peak train.log                  # a log with an out-of-memory error
      pbpaste | bufviz peak -                # an error copied to the clipboard
      bufviz verify dumps/ --module 22       # bufviz's numbers against XLA's
      bufviz allocations dumps/ --kind temp  # every temp allocation by offset
      bufviz explain dumps/                  # why the largest buffer is live
      bufviz timeline dumps/                 # memory in use over the schedule
      bufviz check dumps/ --budget 16GiB     # exit 1 when a module needs more
      bufviz diff baseline.json dumps/       # what grew since the saved result
      bufviz scan dumps/                     # every module, largest first
    """
    ctx.obj = {"no_color": no_color}
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


def name_envvars(group: click.Group) -> None:
    """BUFVIZ_<COMMAND>_<OPTION> from each option's long name (`--format` -> FORMAT), not from
    the Python parameter name click would use (`fmt`)."""
    for command in [group, *group.commands.values()]:
        if command is group:
            prefix = "BUFVIZ_"
        else:
            assert command.name is not None   # (click names every command a group holds)
            prefix = f"BUFVIZ_{command.name.upper()}_"
        for param in command.params:
            if isinstance(param, click.Option) and not param.is_eager and param.name != "help":
                long = max(param.opts, key=len).lstrip("-")
                param.envvar = prefix + long.upper().replace("-", "_")


TIMINGS_HELP = ("Print on stderr how long each stage took (reading, the analysis, each section, "
                "advice, rendering), to see what is slow.")


def add_timings(group: click.Group) -> None:
    """Every command takes --timings: its stages are recorded and printed on stderr at the end
    (also when it fails, up to where it stopped)."""
    for command in group.commands.values():
        command.params.append(click.Option(["--timings"], is_flag=True, help=TIMINGS_HELP))
        command.callback = _timed(command.callback)


def _timed(callback):
    @functools.wraps(callback)
    def run(*args, timings: bool = False, **kwargs):
        if not timings:
            return callback(*args, **kwargs)
        from .. import timings as recorder
        with recorder.recording() as recording:
            started = time.perf_counter()
            try:
                return callback(*args, **kwargs)
            finally:
                total = time.perf_counter() - started
                sys.stderr.write(recorder.table(recording.rows(), total, recording.counts, recording.processes) + "\n")
    return run


def main(argv: list[str] | None = None) -> None:
    # bufviz does no linear algebra: numpy's OpenBLAS need not start a thread per core as it
    # loads (milliseconds per core; `scan --jobs` workers would also oversubscribe the cores).
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    SAVED_READ.clear()
    try:
        code = cli.main(args=argv, prog_name="bufviz", standalone_mode=False)
    except click.UsageError as e:
        hint = f" (see 'bufviz {e.ctx.info_name} --help')" if e.ctx and e.ctx.parent else " (see 'bufviz --help')"
        _fail(f"bufviz: error: {e.format_message()}{hint}", USAGE_OR_INPUT)
    except click.ClickException as e:
        _fail(f"bufviz: error: {e.format_message()}", e.exit_code)
    except click.exceptions.Abort:
        _fail("bufviz: interrupted", 130)
    except BufvizError as e:
        _fail(f"bufviz: error: {e}", e.exit_code, e.details)
    except KeyboardInterrupt:
        _fail("bufviz: interrupted", 130)
    except BrokenPipeError:
        sys.exit(0)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        if not SAVED_READ:
            _internal(e)
        # (bufviz reads back what it wrote: a saved result that breaks it was changed by hand)
        _fail(f"bufviz: error: {SAVED_READ[-1]}: expected a saved result as bufviz writes it, found one that lacks or "
              f"mistypes a field bufviz reads ({type(e).__name__}: {e}): save it again with this bufviz",
              USAGE_OR_INPUT)
    except Exception as e:  # a bug: say so briefly, never a bare traceback
        _internal(e)
    sys.exit(code if isinstance(code, int) else 0)


def run() -> None:
    """The process's own entry (the `bufviz` script, `python -m bufviz`): main(), its output
    flushed, then an exit that leaves the heap to the operating system. Freeing a large
    module's objects one by one at exit costs ~15 ms and does nothing for the user; tests and
    the API call main(), which returns by SystemExit as usual. Where anything waits for the
    exit (an atexit handler, a profiler or coverage tracing the run), the exit is Python's own."""
    try:
        main()
        code: int | str | None = 0
    except SystemExit as e:
        code = e.code
    if not isinstance(code, int):   # (sys.exit("message") prints it and exits 1, as Python does)
        if code is not None:
            sys.stderr.write(f"{code}\n")
        code = 0 if code is None else 1
    waiting = getattr(atexit, "_ncallbacks", lambda: 1)() or sys.gettrace() or sys.getprofile()
    if waiting:
        sys.exit(code)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):   # (a reader that went away, a stream already closed)
            pass
    os._exit(code)


def _internal(e: Exception) -> None:
    """A bug: said briefly, never a bare traceback."""
    import traceback  # (only on this path)

    where = traceback.extract_tb(e.__traceback__)[-1]
    _fail(f"bufviz: internal error: {type(e).__name__}: {e} (at {os.path.basename(where.filename)}:"
          f"{where.lineno}). Please report it at {ISSUES_URL} with the input files.", INTERNAL)


def _fail(message: str, code: int, details: Iterable[str] = ()) -> None:
    """One line saying what is wrong; `details` (a listing to choose from) below it."""
    sys.stderr.write(message.replace("\n", " ") + "\n" + "".join(line + "\n" for line in details))
    sys.exit(code)
