"""Where a result goes: the terminal (rich, fitted to its width), a file written whole or not
at all, JSON; and progress on stderr for long work."""
from __future__ import annotations

import contextlib
import io
import os
import stat
import sys
from typing import TYPE_CHECKING, Iterable

from ..errors import BufvizError
from ..timings import stage

if TYPE_CHECKING:
    from ..request import Request
    from ..result import PeakReport


@contextlib.contextmanager
def scan_progress():
    """A progress bar on stderr while modules are analysed, on a terminal only."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn("bufviz: analysing modules"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True, markup=False, emoji=False), transient=True) as bar:
        task = bar.add_task("modules", total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


def render_result(ctx, report: PeakReport | dict, fmt: str, output, no_color: bool, render_text,
                  picture: str = "peak", more: dict | None = None) -> None:
    """Every command's output, by format: text (`render_text(console)`), JSON, the pictures, and
    `more` (format -> the text of a result in it). `report`: a peak report, or the JSON object of
    a command that shows something else."""
    with stage("render"):
        if fmt == "text":
            emit_rich(render_text, output, no_color or ctx.obj["no_color"])
            return
        writers = {"json": _json, **(more or {})}
        emit_text(writers[fmt](report) if fmt in writers else _picture(report, fmt, picture), output)


def errors_to_stderr(errors: list[dict], fmt: str, output, more: Iterable[str] = ()) -> None:
    """What could not be read (and `more` reasons for exit code 2), on stderr too, wherever the
    report itself went (a file, JSON, a pipe): exit code 2 never comes with an empty stderr. A
    terminal showing the text already has them."""
    lines = [f"could not read: {e.get('error') or e}" for e in errors] + list(more)
    if not lines or (fmt == "text" and output is None and sys.stdout.isatty()):
        return
    for line in lines:
        sys.stderr.write("bufviz: " + line.replace("\n", " ").rstrip() + "\n")


def _json(report):
    from ..report.json import json_chunks
    return json_chunks(report if isinstance(report, dict) else report.as_dict())


def _picture(report: PeakReport | dict, fmt: str, picture: str):
    from ..report.svg import render_html, render_svg
    assert not isinstance(report, dict)   # (commands whose result is a JSON object draw no pictures)
    if report.memory is None:
        given = next((p for p in (report.inputs or {}).values() if p), None)
        raise BufvizError("expected allocations and live ranges to draw (the HLO module, or XLA's buffer "
                          "assignment with its values), found neither", given)
    return (render_svg if fmt == "svg" else render_html)(report, picture=picture)


PROGRESS_FROM_BYTES = 16 * 1024 * 1024


@contextlib.contextmanager
def progress_for(request: Request):
    """A spinner on stderr naming the current phase, for large inputs on a terminal only."""
    if not sys.stderr.isatty() or _input_bytes(request) < PROGRESS_FROM_BYTES:
        yield lambda message: None
        return
    from rich.console import Console

    from ..report.escape import printable
    with Console(stderr=True, markup=False, emoji=False).status("bufviz: starting", spinner="dots") as status:
        yield lambda message: status.update(f"bufviz: {printable(message)}")


def _input_bytes(request: Request) -> int:
    total = 0
    for path in request.paths:
        if os.path.isdir(path):
            total += request.listing.bytes(path)
        elif os.path.isfile(path):
            total += os.path.getsize(path)
    return total


def append_to(path: str, text: str) -> None:
    try:
        with open(path, "a", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise BufvizError(f"cannot write the summary: {e.strerror}", path) from None


def emit_text(text, output: str | None) -> None:
    """`text`: a string, or its pieces (a large report is never held whole)."""
    if output is None:
        for piece in _pieces(text):
            sys.stdout.write(piece)
        sys.stdout.flush()
        return
    write_atomically(output, text)


def _pieces(text) -> Iterable[str]:
    return (text,) if isinstance(text, str) else text


def emit_rich(render, output: str | None, no_color: bool) -> None:
    from rich.console import Console

    from ..report.escape import terminal

    if output is None:
        # No colour means plain text: rich's own no_color keeps bold and dim, a colour system of None
        # drops every style.
        plain = no_color or bool(os.environ.get("NO_COLOR"))
        console = Console(color_system=None if plain else "auto", highlight=False, soft_wrap=False, markup=False,
                          emoji=False)
        with console.capture() as captured:
            render(console)
        sys.stdout.write(_without_trailing_spaces(terminal(captured.get())))
        sys.stdout.flush()
        return
    buffer = io.StringIO()
    render(Console(file=buffer, no_color=True, color_system=None, highlight=False, width=140, markup=False,
                   emoji=False))
    write_atomically(output, _without_trailing_spaces(terminal(buffer.getvalue())))


def _without_trailing_spaces(text: str) -> str:
    """Tables pad every line to the terminal's width; copied text should not carry that."""
    return "\n".join(line.rstrip(" ") for line in text.split("\n"))


def write_atomically(path: str, text) -> None:
    """Write the whole report or nothing: a temporary file renamed over the target. A device or
    a pipe (`-o /dev/null`, a FIFO) is written to directly: a rename would replace it."""
    try:
        special = not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        special = False  # (nothing there yet)
    if special:
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.writelines(_pieces(text))
        except OSError as e:
            raise BufvizError(f"cannot write the output: {e.strerror}", path) from None
        return
    fd, tmp = _new_temporary(os.path.dirname(os.path.abspath(path)), path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.writelines(_pieces(text))
        os.replace(tmp, path)
    except OSError as e:
        os.unlink(tmp)
        raise BufvizError(f"cannot write the output: {e.strerror}", path) from None
    except BaseException:
        os.unlink(tmp)  # (pieces made as they are written: nothing half-written is left)
        raise


def _new_temporary(folder: str, path: str) -> tuple[int, str]:
    """A new file beside the target, made with the usual permissions (0666 less the umask)."""
    for attempt in range(1000):
        tmp = os.path.join(folder, f".bufviz-{os.getpid()}-{attempt}.tmp")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), tmp
        except FileExistsError:
            continue
        except OSError as e:
            raise BufvizError(f"cannot write the output: {e.strerror}", path) from None
    raise BufvizError(f"cannot write the output: no free temporary name in {folder}", path)
