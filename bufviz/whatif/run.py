"""Running a what-if: the changed module through the whole pipeline (live ranges, buffer
assignment, headline), next to the unchanged module under the same rules."""
from __future__ import annotations

from .donate import donated_module, donation_json, plan_donations

PARTS = ("needed_bytes", "argument_bytes", "output_bytes", "temp_bytes", "alias_bytes", "constant_bytes")


def what_if(report: dict, context, donate: list[int] = ()) -> dict:
    """The report of the module as if `donate` (parameter numbers) were donated, with `what_if`:
    the changes made, the numbers before and after (both by bufviz's rules) and the saving."""
    from ..pipeline import module_report

    module, target = context.inputs.module, context.target
    plans = plan_donations(module, target, list(donate))
    before = module_report(module, target, context.describe)
    after = module_report(donated_module(module, plans), target, context.describe)
    for key in ("schema_version", "module", "platform", "inputs", "vintage", "warnings"):
        after[key] = report[key]
    b, a = before["memory"], after["memory"]
    after["what_if"] = {
        "donate": [donation_json(p) for p in plans],
        "before": {k: b[k] for k in PARTS},
        "after": {k: a[k] for k in PARTS},
        "saving_bytes": b["needed_bytes"] - a["needed_bytes"],
    }
    after["notes"] = ["what-if: the numbers are bufviz's recomputation of the changed module, the "
                      "assignment by XLA's rules as bufviz reproduces them"] + after["notes"]
    return after
