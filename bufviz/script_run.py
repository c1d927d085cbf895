"""`bufviz run`: the user's script run as they run it, with XLA's dump flags added to their own
`XLA_FLAGS`, into a folder bufviz reads afterwards (a temporary one, removed, unless kept). The
script's output passes through; the end of its standard error is kept, for an out-of-memory
error it may die of."""
from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass

from .errors import BufvizError

DUMP_FLAGS = ("--xla_dump_hlo_as_text",)
KEPT_STDERR = 8 << 20   # the end of the script's standard error kept (an out-of-memory report is there)
INTERRUPTED = 130       # the shell's code for a command stopped by Ctrl-C


@dataclass
class ScriptRun:
    returncode: int
    folder: str            # where XLA dumped the script's modules
    removed: bool          # the folder is bufviz's own, to remove once read
    stderr: str            # the end of what the script wrote to standard error
    interrupted: bool = False
    theirs: bool = False   # the folder is the one the user's own XLA_FLAGS dump into


def dump_flags(user_flags: str | None, folder: str) -> tuple[str, str, bool]:
    """(XLA_FLAGS for the script, the folder XLA dumps into, whether it is the user's own): the
    user's flags kept, the dump flags added; where they dump already (`--xla_dump_to`), there."""
    try:
        words = shlex.split(user_flags or "")
    except ValueError:   # (an unbalanced quote: XLA splits on spaces itself)
        words = (user_flags or "").split()
    theirs = next((w.split("=", 1)[1] for w in words if w.startswith("--xla_dump_to=")), None)
    added = [] if theirs else [f"--xla_dump_to={folder}"]
    added += [f for f in DUMP_FLAGS if not any(w.split("=", 1)[0] == f for w in words)]
    # (the user's text kept as it is, quotes and all: ours after it)
    return " ".join(part for part in ((user_flags or "").strip(), *added) if part), theirs or folder, theirs is not None


def run_script(command: list[str], keep: str | None, stdout_to_stderr: bool = False) -> ScriptRun:
    """Run `command` (the interpreter and the script's arguments) with the dump flags; its
    standard output to ours (or to our standard error, where ours holds a report), its standard
    error to ours and kept. Ctrl-C stops the script, then bufviz (the folder is still said)."""
    if keep is not None:
        os.makedirs(keep, exist_ok=True)
        if os.listdir(keep):
            raise BufvizError("expected an empty folder to keep the dump in (modules of another run would be "
                              "read with this one's)", keep)
    folder = keep or tempfile.mkdtemp(prefix="bufviz-run-")
    env = dict(os.environ)
    env["XLA_FLAGS"], folder, theirs = dump_flags(env.get("XLA_FLAGS"), folder)
    removed = keep is None and not theirs
    try:
        process = subprocess.Popen(command, env=env, stderr=subprocess.PIPE,
                                   stdout=_stderr_fd() if stdout_to_stderr else None)
    except OSError as e:
        if removed:
            shutil.rmtree(folder, ignore_errors=True)
        raise BufvizError(f"could not start {command[0]}: {e.strerror or e}") from None
    kept = bytearray()
    reader = threading.Thread(target=_tee, args=(process.stderr, kept), daemon=True)
    reader.start()
    interrupted = False
    try:
        code = process.wait()
    except KeyboardInterrupt:   # (the terminal sent the script Ctrl-C too; it may need a moment)
        interrupted = True
        code = _stop(process)
    reader.join(timeout=5)
    return ScriptRun(code, folder, removed, kept.decode("utf-8", "replace"), interrupted, theirs)


def _stderr_fd() -> int:
    """Our standard error's file descriptor (2 where sys.stderr is not a file: captured)."""
    try:
        return sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):
        return 2


def _tee(stream, kept: bytearray) -> None:
    """Copy the script's standard error to ours as it comes, keeping its end."""
    out = sys.stderr.buffer if hasattr(sys.stderr, "buffer") else None
    for chunk in iter(lambda: stream.read1(65536), b""):
        if out is not None:
            out.write(chunk)
            out.flush()
        else:
            sys.stderr.write(chunk.decode("utf-8", "replace"))
        kept += chunk
        if len(kept) > 2 * KEPT_STDERR:
            del kept[:len(kept) - KEPT_STDERR]


def _stop(process: subprocess.Popen) -> int:
    """The script's exit code once Ctrl-C stopped it: asked again, then ended."""
    for sig, wait in ((None, 5), (signal.SIGINT, 5), (signal.SIGTERM, 5), (signal.SIGKILL, None)):
        if sig is not None and process.poll() is None:
            process.send_signal(sig)
        try:
            return process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
        except KeyboardInterrupt:
            continue
    return process.wait()


def interpreter_command(python: str | None, script: str | None, module: str | None, args: tuple) -> list[str]:
    """The command that runs the user's program: the Python bufviz runs under (or `python`),
    then the script or `-m module`, then its arguments."""
    if (script is None) == (module is None):
        raise BufvizError("give a script (bufviz run train.py ARGS…) or a module (bufviz run -m pkg.train ARGS…)")
    if script is not None and not os.path.isfile(script):
        raise BufvizError("expected a Python script, found no such file", script)
    return [python or sys.executable, *(["-m", module] if module is not None else [script]), *args]
