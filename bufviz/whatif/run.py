"""Running a what-if: the changed module through the whole pipeline (live ranges, buffer
assignment, headline), next to the unchanged module under the same rules."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import BufvizError
from ..measure import module_report
from .donate import donated_module, donation_json, plan_donations
from .remat import NO_SUCH, plan_remat, remat_json, rematerialized_module

if TYPE_CHECKING:
    from ..result import PeakReport

PARTS = ("needed_bytes", "argument_bytes", "output_bytes", "temp_bytes", "alias_bytes", "constant_bytes")


def changed_module(module, target, donate=(), remat=()):
    """The module with `remat` (instruction names) computed again late and `donate` (parameter
    numbers) donated, and the plans saying what was done and what could not be."""
    remat_plans = [plan_remat(module, name) for name in remat]
    changed = rematerialized_module(module, remat_plans)
    donate_plans = plan_donations(changed, target, list(donate))
    return donated_module(changed, donate_plans), donate_plans, remat_plans


def what_if(report: PeakReport, context, donate: list[int] = (), remat: list[str] = ()) -> PeakReport:
    """The report of the module as if `donate` (parameter numbers) were donated and `remat`
    (buffer names) recomputed before their late uses, with `what_if`: the changes made, the
    numbers before and after (both by bufviz's rules) and the saving."""

    module, target = context.inputs.module, context.target
    changed, donate_plans, remat_plans = changed_module(module, target, donate, remat)
    unknown = next((p for p in remat_plans if p.reason == NO_SUCH), None)
    if unknown is not None:
        raise BufvizError(f"expected an instruction to rematerialize, found no {unknown.name!r} outside "
                          "fusions", module.path)
    before = module_report(module, target, context.describe)
    after = module_report(changed, target, None if remat else context.describe)   # remat renames
    for key in ("schema_version", "module", "platform", "inputs", "vintage", "warnings"):
        setattr(after, key, getattr(report, key))
    b, a = before.memory, after.memory
    after.what_if = {
        "donate": [donation_json(p) for p in donate_plans],
        "remat": [remat_json(p) for p in remat_plans],
        "before": {k: b[k] for k in PARTS},
        "after": {k: a[k] for k in PARTS},
        "saving_bytes": b["needed_bytes"] - a["needed_bytes"],
    }
    after.notes = ["what-if: the numbers are bufviz's recomputation of the changed module, the "
                   "assignment by XLA's rules as bufviz reproduces them"] + after.notes
    return after

