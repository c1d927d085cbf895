"""Changed modules measured against the module analysed: memory needed only (no report), by the
rules its own assignment was run by, reusing what a change does not touch; and how much of that
work a caller may spend, counted in analyses of the module (no clock: the same input always
gets the same measurements)."""
from __future__ import annotations

from ..engine.liveness.hlo_liveness import ModuleAnalysis, analyze_donated, analyze_module
from ..hlo.module import Module
from ..measure import needed_bytes, needed_of
from .donate import Donation, plan_donations

# What a trial costs, in analyses of the module (parse, dataflow, live ranges, one assignment).
# A donation keeps the dataflow and the schedule: its buffers, live ranges and assignment are
# redone (about half, measured on the benchmark programs); the trial that decides which
# parameters may be donated redoes the buffers and live ranges only.
CHANGED = 1.0
DONATED = 0.5
DONATION_PLAN = 0.25


class Trials:
    def __init__(self, context, limit: float | None = None):
        """`limit`: analyses the trials may cost in all (None: any number)."""
        module, target = context.inputs.module, context.target
        self.module, self.target = module, target
        self.rules = getattr(context.assignment, "rules", None)
        if module.is_scheduled and context.analysis is not None and context.assignment is not None:
            self.base: ModuleAnalysis = context.analysis
            self.baseline = needed_of(context.assignment, target.platform)
        else:   # an unscheduled module's what-ifs keep its printed order: so does the baseline
            self.base = analyze_module(module, target)
            self.baseline = needed_bytes(self.base, self.rules)
        self.limit = limit
        self.spent = 0.0

    def affords(self, cost: float) -> bool:
        return self.limit is None or self.spent + cost <= self.limit + 1e-9

    def saving(self, changed: Module) -> int:
        """Bytes memory needed falls by with `changed` (parsed and analysed again)."""
        self.spent += CHANGED
        return self.baseline - needed_bytes(analyze_module(changed, self.target), self.rules)

    def donation_saving(self, changed: Module, copies: bool = False) -> int:
        """The same for `changed` = the module with more input_output_alias entries (and, with
        `copies`, XLA's copies of parameters donated: another module, analysed afresh)."""
        if copies:
            return self.saving(changed)
        self.spent += DONATED
        return self.baseline - needed_bytes(analyze_donated(self.base, changed), self.rules)

    def donations(self, numbers: list[int]) -> list[Donation]:
        """plan_donations of `numbers` on the module, in the base analysis's schedule."""
        rounds: list = []
        plans = plan_donations(self.module, self.target, numbers, self.base, rounds)
        self.spent += DONATION_PLAN * len(rounds)
        return plans
