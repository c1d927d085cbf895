"""What the commands read: a peak report from dumps or a saved result, or the module itself
for the features that change it."""
from __future__ import annotations

import os

from ..errors import BufvizError
from .options import PICTURES
from .output import progress_for


def read_report(paths, no_discover: bool, module_selector, platform, match: bool, fmt: str = "text",
                advice: bool | None = False) -> dict:
    from ..pipeline import peak_report

    saved = saved_report(paths)
    if saved is not None:
        return saved
    with progress_for(paths) as say:
        return peak_report(list(paths), discover=not no_discover, module=module_selector,
                           platform=platform, progress=say, match=match, value_info=fmt in PICTURES,
                           advice=advice)


def read_module(paths, no_discover, module_selector, platform, match, needed_for: str):
    """The report and its context, for commands that recompute from the HLO module."""
    from ..pipeline import peak_context

    with progress_for(paths) as say:
        report, context = peak_context(list(paths), not no_discover, module_selector, platform, say, match)
    if context.analysis is None:
        raise BufvizError(f"expected the HLO module ({needed_for}), found none", paths[0])
    return report, context


def saved_report(paths) -> dict | None:
    """A result saved with `peak --format json`, read back whole (rendered again, not recomputed)."""
    from ..ci.saved import is_saved_file, read_saved_report
    from ..textfile import read_text

    if len(paths) != 1 or not os.path.isfile(paths[0]) or not is_saved_file(paths[0]):
        return None
    return read_saved_report(paths[0], read_text(paths[0]))
