"""Running a what-if: the changed module through the whole pipeline (live ranges, buffer
assignment, headline), next to the unchanged module under the same rules."""
from __future__ import annotations

import re

from typing import TYPE_CHECKING, Final, Sequence

from ..errors import BufvizError
from ..measure import module_report
from ..views.paths import path_steps, paths_by_number, shown_path
from .donate import donated_module, donation_json, plan_donations
from .remat import NO_SUCH, plan_remat, remat_json, rematerialized_module

if TYPE_CHECKING:
    from ..result import PeakReport

PARTS: Final = ("needed_bytes", "argument_bytes", "output_bytes", "temp_bytes", "alias_bytes", "constant_bytes")


def changed_module(module, target, donate=(), remat=()):
    """The module with `remat` (instruction names) computed again late and `donate` (parameter
    numbers) donated, and the plans saying what was done and what could not be."""
    remat_plans = [plan_remat(module, name) for name in remat]
    changed = rematerialized_module(module, remat_plans)
    donate_plans = plan_donations(changed, target, list(donate))
    return donated_module(changed, donate_plans), donate_plans, remat_plans


def donated_numbers(module, wanted: list, layers: dict[int, str] | None = None) -> list[int]:
    """Parameter numbers from numbers and pytree-path patterns (`params` takes every leaf of the
    argument `params`; in `opt_state*` or `params['Dense_0']*` a * stands for any text), or the
    layer names shown where a path names nothing (`Linear kernel`: every such parameter)."""
    numbers = [w for w in wanted if isinstance(w, int)]
    patterns = [w for w in wanted if isinstance(w, str)]
    if not patterns:
        return numbers
    paths = paths_by_number(module)
    for pattern in patterns:
        wild = re.compile(".*".join(re.escape(part) for part in pattern.split("*")))   # (only * is special)
        found = [n for n, path in paths.items() if path and (wild.fullmatch(path) or path_steps(path)[0] == pattern
                                                            or shown_path(path) == pattern)]
        found += [n for n, layer in (layers or {}).items() if n not in found and wild.fullmatch(layer)]
        if not found:
            raise BufvizError(f"no parameter's pytree path matches {pattern!r} (paths look like "
                              f"{next((p for p in paths.values() if p), 'none: the module names no paths')!r})",
                              module.path)
        numbers += found
    return sorted(set(numbers))


def what_if(report: PeakReport, context, donate: Sequence[int] = (), remat: Sequence[str] = ()) -> PeakReport:
    """The report of the module as if `donate` (parameter numbers) were donated and `remat`
    (buffer names) recomputed before their late uses, with `what_if`: the changes made, the
    numbers before and after (both by bufviz's rules) and the saving."""

    module, target = context.inputs.module, context.target
    changed, donate_plans, remat_plans = changed_module(module, target, donate, remat)
    unknown = next((p for p in remat_plans if p.reason == NO_SUCH), None)
    if unknown is not None:
        raise BufvizError(f"expected an instruction to rematerialize, found no {unknown.name!r} outside "
                          "fusions", module.path)
    # (a scheduled module's analysis is the one the report was made from: not made again)
    before = module_report(module, target, context.describe, analysis=context.analysis if module.is_scheduled else None)
    after = module_report(changed, target, None if remat else context.describe)   # remat renames
    for key in ("schema_version", "module", "platform", "inputs", "vintage", "warnings"):
        setattr(after, key, getattr(report, key))
    b, a = before.memory, after.memory
    assert b is not None and a is not None   # (module_report computes memory needed)
    paths = paths_by_number(module)
    after.what_if = {
        "donate": [dict(donation_json(p), path=paths.get(p.number)) for p in donate_plans],
        "remat": [remat_json(p) for p in remat_plans],
        "before": {k: b[k] for k in PARTS},
        "after": {k: a[k] for k in PARTS},
        "saving_bytes": b["needed_bytes"] - a["needed_bytes"],
    }
    after.notes = ["what-if: the numbers are bufviz's recomputation of the changed module, the "
                   "assignment by XLA's rules as bufviz reproduces them"] + after.notes
    return after

