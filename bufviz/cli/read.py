"""What the commands read: a peak report from dumps or a saved result, or the module itself
for the features that change it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import BufvizError
from .options import PICTURES
from .output import progress_for

if TYPE_CHECKING:
    from ..request import Request
    from ..result import PeakReport


def read_report(request: Request, fmt: str = "text", advice: bool | None = False, explain=False) -> PeakReport:
    """The peak report of what the request names (a saved result is read back, not recomputed)."""
    from ..pipeline import peak_report

    saved = saved_report(request.paths, request.device) if not explain else None
    if saved is not None and fmt in PICTURES and saved.value_info is None:
        raise BufvizError("a saved result does not say what each value holds over time, which a picture draws "
                          "(it would show memory as 'other'): give the dump it was made from", request.paths[0])
    if saved is not None:
        return saved
    with progress_for(request) as say:
        return peak_report(request, progress=say, value_info=fmt in PICTURES, advice=advice, explain=explain)


def read_module(request: Request, needed_for: str):
    """The report and its context, for commands that recompute from the HLO module."""
    from ..pipeline import peak_context

    with progress_for(request) as say:
        report, context = peak_context(request, say)
    if context.analysis is None:
        raise BufvizError(f"expected the HLO module ({needed_for}), found none", request.paths[0])
    return report, context


def saved_report(paths, device=None) -> PeakReport | None:
    """A result saved with `peak --format json`, read back whole (rendered again, not recomputed)."""
    from ..compare.saved import is_saved, read_saved_report
    from ..textfile import read_text

    if len(paths) != 1 or not is_saved(paths[0], device):
        return None
    return read_saved_report(paths[0], read_text(paths[0]))
