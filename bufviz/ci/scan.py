"""Every module of a dump tree (XLA writes hundreds per run), each analysed on its own: a module
that cannot be read is listed with its error and the scan goes on."""
from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor, as_completed

from ..dumps.discover import DumpSet, FolderListing, best_stage, by_module, dump_sets, memory_stats_files
from ..errors import BufvizError
from ..request import Request
from .compact import summarize

PARALLEL_FROM = 8   # modules: below this, starting processes costs more than it saves


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
    and device); `jobs` processes (0: one per core when there are many)."""
    each = Request((), discover=False, platform=request.platform, match=request.match, device=request.device)
    jobs = jobs or (min(os.cpu_count() or 1, 8) if len(file_sets) >= PARALLEL_FROM else 1)
    outcomes = []
    if jobs == 1:
        for i, files in enumerate(file_sets):
            outcomes.append(analyse_module(each.with_paths(files)))
            if progress:
                progress(i + 1, len(file_sets))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(analyse_module, each.with_paths(files)) for files in file_sets]
            for i, future in enumerate(as_completed(futures)):
                if progress:
                    progress(i + 1, len(file_sets))
            outcomes = [f.result() for f in futures]
    summaries = [result for ok, result in outcomes if ok]
    errors = [result for ok, result in outcomes if not ok]
    return summaries, errors


def analyse_module(request: Request) -> tuple[bool, dict]:
    """(True, summary) or (False, {'path', 'error'}): one module, never raising."""
    from ..pipeline import peak_report

    path = _main_file(list(request.paths))
    try:
        return True, summarize(peak_report(request), path)
    except BufvizError as e:
        return False, {"path": path, "error": str(e)}
    except Exception as e:  # a bug on one module must not lose the others
        return False, {"path": path, "error": f"internal error: {type(e).__name__}: {e}"}


def _main_file(files: list[str]) -> str:
    """The module's HLO file where there is one: what a user opens."""
    return next((f for f in files if f.endswith(("optimizations.txt", ".hlo"))), files[0])
