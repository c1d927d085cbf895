"""Every module of a dump tree (XLA writes hundreds per run), each analysed on its own: a module
that cannot be read is listed with its error and the scan goes on."""
from __future__ import annotations

import os
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed

from ..dumps.discover import DumpSet, FolderListing, best_stage, by_module, dump_sets, memory_stats_files
from ..errors import BufvizError
from ..request import Request
from ..timings import current as current_timings
from ..timings import recording
from .compact import summarize

def find_modules(root: str, listing: FolderListing | None = None) -> list[DumpSet]:
    """One dump set per module found under `root`, its optimized stage where XLA wrote several."""
    if not os.path.isdir(root):
        raise BufvizError("expected a folder to scan, found none", root)
    listing = listing or FolderListing()
    found = []
    for folder, filenames in listing.walk(root):
        files = [os.path.join(folder, f) for f in filenames]
        for group in by_module(dump_sets(files)).values():
            chosen = best_stage(group)
            found.append(DumpSet(chosen.name, chosen.files + memory_stats_files(folder, chosen.name, listing)))
    return found


def analyse_all(file_sets: list[list[str]], request: Request, jobs: int = 0,
                progress=None) -> tuple[list[dict], list[dict]]:
    """(summaries, errors) of each module's files, read as `request` says (its platform, --match
    and device), in `jobs` processes (0: one per core). The largest modules start first, so the
    longest one is never left to run alone at the end; one module is analysed in this process."""
    each = Request((), discover=False, platform=request.platform, match=request.match, device=request.device)
    jobs = min(jobs or cores(), len(file_sets)) if forkable() else 1
    timed = current_timings() is not None
    order = sorted(range(len(file_sets)), key=lambda k: -_bytes(file_sets[k]))
    outcomes: list = [None] * len(file_sets)
    if jobs <= 1:
        for done, k in enumerate(order, 1):
            outcomes[k] = analyse_module(each.with_paths(file_sets[k]))
            if progress:
                progress(done, len(file_sets))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(analyse_module, each.with_paths(file_sets[k]), timed): k for k in order}
            for done, future in enumerate(as_completed(futures), 1):
                outcomes[futures[future]] = future.result()
                if progress:
                    progress(done, len(file_sets))
        if timed:   # each worker's stages, summed over the processes
            recorder = current_timings()
            assert recorder is not None   # (timed)
            recorder.merge_workers([o[2] for o in outcomes], jobs)
    summaries = [result for ok, result, *_ in outcomes if ok]
    errors = [result for ok, result, *_ in outcomes if not ok]
    return summaries, errors


def forkable() -> bool:
    """Whether worker processes may be forked from this one: not where jax (or another threaded
    runtime) is loaded, whose threads may hold locks a forked child deadlocks on (jax warns so).
    Spawning instead would run an unguarded script of the user's again in every worker, so the
    modules are then analysed in this process."""
    return not any(name in sys.modules for name in ("jax", "jaxlib", "tensorflow", "torch"))


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:   # (not on every platform)
        return os.cpu_count() or 1


def _bytes(files: list[str]) -> int:
    return sum(os.path.getsize(f) for f in files if os.path.isfile(f))


def analyse_module(request: Request, timed: bool = False) -> tuple:
    """(True, summary) or (False, {'path', 'error'}): one module, never raising. `timed` (in a
    worker process): the stages it ran are recorded and returned third."""
    if timed:
        with recording() as recorder:
            ok, result = analyse_module(request)
        return ok, result, (recorder.rows(), recorder.counts)
    from ..pipeline import peak_report

    path = _main_file(list(request.paths))
    try:
        return True, summarize(peak_report(request, summary=True), path)
    except BufvizError as e:
        return False, {"path": path, "error": str(e)}
    except Exception as e:  # a bug on one module must not lose the others
        return False, {"path": path, "error": f"internal error: {type(e).__name__}: {e}"}


def _main_file(files: list[str]) -> str:
    """The module's HLO file where there is one: what a user opens."""
    return next((f for f in files if f.endswith(("optimizations.txt", ".hlo"))), files[0])
