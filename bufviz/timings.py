"""Where a command's time goes (`--timings`): each stage (reading, the analysis, each section,
advice, rendering) adds its wall time to a recorder that the command prints on stderr. With no
recorder started, a stage costs one check and records nothing."""
from __future__ import annotations

import contextlib
import time

_recorder: "Recorder | None" = None


class Recorder:
    """Seconds per stage, nested as the stages ran (a stage inside another is its part)."""

    def __init__(self) -> None:
        self.seconds: dict[tuple[str, ...], float] = {}
        self.calls: dict[tuple[str, ...], int] = {}
        self.counts: dict[str, int] = {}   # work done, by what it is (no clock: tests read it)
        self.processes = 1                 # worker processes whose stages were added up
        self.path: tuple[str, ...] = ()

    def add(self, path: tuple[str, ...], seconds: float, calls: int = 1) -> None:
        self.seconds[path] = self.seconds.get(path, 0.0) + seconds
        self.calls[path] = self.calls.get(path, 0) + calls

    def merge(self, rows: list, counts: dict | None = None) -> None:
        """Add the rows and counts of another recorder (a worker process's `rows()`, `counts`)."""
        for path, seconds, calls in rows:
            self.add(tuple(path), seconds, calls)
        for what, amount in (counts or {}).items():
            self.counts[what] = self.counts.get(what, 0) + amount

    def merge_workers(self, recorded: list, processes: int) -> None:
        """Add what worker processes recorded ((rows, counts) each): their seconds are summed,
        so the table says over how many processes."""
        for rows, counts in recorded:
            self.merge(rows, counts)
        self.processes = max(self.processes, processes)

    def rows(self) -> list[tuple[tuple[str, ...], float, int]]:
        """(stage path, seconds, times run), in the order the stages first ran."""
        return [(path, self.seconds[path], self.calls[path]) for path in self.seconds]


@contextlib.contextmanager
def recording():
    """Record the stages run inside; yields the recorder."""
    global _recorder
    outer, _recorder = _recorder, Recorder()
    try:
        yield _recorder
    finally:
        _recorder = outer


@contextlib.contextmanager
def stage(name: str):
    """Time the block as stage `name` (inside the stage running now)."""
    recorder = _recorder
    if recorder is None:
        yield
        return
    outer = recorder.path
    recorder.path = outer + (name,)
    started = time.perf_counter()
    try:
        yield
    finally:
        recorder.add(recorder.path, time.perf_counter() - started)
        recorder.path = outer


def count(what: str, amount: int = 1) -> None:
    """Add `amount` to the work counted as `what` (passes run, steps of a walk)."""
    recorder = _recorder
    if recorder is not None:
        recorder.counts[what] = recorder.counts.get(what, 0) + amount


def current() -> Recorder | None:
    return _recorder


def table(rows: list, total: float | None = None, counts: dict | None = None, processes: int = 1) -> str:
    """The stages as an indented table: `stage  seconds  share` (plain text, for stderr), then
    the work counted; stages of `processes` worker processes are summed."""
    if not rows:
        return "bufviz: timings: no stage ran"
    total = total if total is not None else sum(s for path, s, _ in rows if len(path) == 1)
    width = max(2 * (len(path) - 1) + len(path[-1]) + (len(f" ×{calls}") if calls > 1 else 0)
                for path, _, calls in rows)
    width = max(width, len("stage"))
    lines = [f"{'stage':<{width}}  {'seconds':>8}  {'share':>5}"]
    for path, seconds, calls in _in_tree_order(rows):
        label = "  " * (len(path) - 1) + path[-1] + (f" ×{calls}" if calls > 1 else "")
        share = f"{100 * seconds / total:4.0f}%" if total else "    -"
        lines.append(f"{label:<{width}}  {seconds:8.3f}  {share:>5}")
    lines.append(f"{'total':<{width}}  {total:8.3f}")
    import shutil   # (here: only --timings prints; shutil loads three compression modules)
    import textwrap
    if processes > 1:
        lines += textwrap.wrap(f"(stages summed over {processes} processes working at once; the total is the "
                               "wall time)", shutil.get_terminal_size((80, 24)).columns)
    if counts:
        work = "work: " + ", ".join(f"{what} {amount:,}" for what, amount in counts.items())
        lines += textwrap.wrap(work, shutil.get_terminal_size((80, 24)).columns, subsequent_indent="  ",
                               break_on_hyphens=False)
    return "\n".join(lines)


def _in_tree_order(rows: list) -> list:
    """Each stage under its parent, parents in the order they first ran."""
    children: dict[tuple, list] = {}
    for row in rows:
        children.setdefault(row[0][:-1], []).append(row)
    ordered: list = []

    def walk(parent: tuple) -> None:
        for row in children.get(parent, []):
            ordered.append(row)
            walk(row[0])
    walk(())
    return ordered
