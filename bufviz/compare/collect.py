"""From command-line paths to module summaries: saved results are read back, folders are scanned
(every module in them), and the other files are one module's, read as `peak` reads them."""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..dumps.discover import selects
from ..errors import BufvizError
from ..textfile import STDIN
from .compact import summarize
from .identity import name_programs
from .saved import is_saved, read_saved
from .scan import analyse_all, find_modules

if TYPE_CHECKING:
    from ..request import Request


def collect(request: Request, jobs: int = 0, progress=None) -> tuple[list[dict], list[dict]]:
    """(summaries, errors) of the request's paths: errors are modules of a folder that could not
    be read; anything else wrong raises. Each summary says which program it is (identity.py),
    below the folder it was found in."""
    module = request.module
    summaries: list[dict] = []
    errors: list[dict] = []
    files = []
    for path in request.paths:
        if path != STDIN and os.path.isdir(path):
            sets = [s for s in find_modules(path, request.listing) if module is None or selects(module, s.name)]
            if not sets:
                raise BufvizError("expected XLA dump files (module_NNNN.NAME.STAGE.txt) in this folder or below"
                                  + (f" for --module {module}" if module else "") + ", found none", path)
            found, failed = analyse_all([s.files for s in sets], request, jobs, progress)
            summaries += [dict(s, root=path) for s in found]
            errors += failed
        elif is_saved(path, request.device):
            summaries += read_saved(path)
        else:
            files.append(path)
    if files:
        from ..pipeline import peak_report
        summaries.append(summarize(peak_report(request.with_paths(files), summary=True)))
    name_programs(summaries)
    return summaries, errors
