"""When was the XLA that wrote these files? Printer details fix a date window (docs/rules.md
§1.7); rules that changed over time are chosen from that window."""
from __future__ import annotations

from dataclasses import dataclass, field

# Dates of the XLA changes the rules depend on (commit dates on openxla/xla).
NORMALIZE_CHANGED = "2022-06-24"        # NormalizeAliasedBuffers: end = next.start (was -1)
CALL_USES_IGNORED = "2024-01-08"        # a use by `call` no longer extends a live range
CPU_SCHEDULE_STORED = "2024-05-27"      # CPU dumps print the schedule (is_scheduled=true)
CPU_DESCRIPTIVE_FUSIONS_AFTER = "2024-06-01"  # jax 0.4.30 (June 2024) still prints `fusion.N`
CPU_DESCRIPTIVE_FUSIONS_BY = "2024-10-04"     # jax 0.4.34 prints `add_multiply_fusion`
CPU_ALIGN_64 = "2024-10-10"             # CPU heap alignment 16 -> 64
VALUE_SIZED_PEAK_ROWS = "2025-04-14"    # peak rows `name{i}: value bytes` (was instruction bytes)
SORTED_PEAK_ROWS = "2025-05-16"         # sorted, with (cumulative: ...)
GPU_ALIGN_256 = "2025-06-17"            # GPU alignment 128 -> 256
PARAMETER_SUBSHAPE_PRINTED = "2025-08-20"  # allocation lines show the parameter's subshape
SORTED_USAGE_REPORT = "2025-10-27"      # memory-usage report rows no longer in hash order
NEW_USAGE_REPORT = "2026-03-10"         # memory-usage report in `Memory Space:` blocks
INTERFERENCE_ALL_POSITIONS = "2026-07-28"
COMPACT_TUPLE_READS = "2026-06-12"     # the printer's `%x#N` operands (on by default 2026-07-13)
# An upper bound for printer details gone by jax 0.10.2's XLA (which prints no `%x#N` yet, so is
# older than 2026-07-13): XLA:CPU's call-wrapped parallel fusions, jax op_names with an inline
# source_file, and (in a dump) tuple reads printed as instructions of their own.
BEFORE_JAX_0_10_XLA = "2026-07-13"
GPU_FUSION_HINT = "2023-06-01"          # XLA:GPU's FusionCanShareBufferHint (in place by 2023-09)
# XLA:CPU keeps thread-local allocations in value-id order in tf-nightly 2.23 (2026-10-26) and
# sorts them by size in jax 0.11.2; no printer detail dates the change, so texts printed since
# `page N` (2026-08-10) may follow either (a dump's own allocations tell which).
THREAD_LOCAL_BY_VALUE_ID = "2026-08-10"
# A value an async-wrapped computation defines is live from its async-start in libtpu 0.0.50 and
# jax 0.12's XLA:GPU, from its own place in jax 0.11.2's XLA:GPU; no printer detail dates the
# change, so texts printed since `page N` follow the newer rule unless a dump's live ranges say.
ASYNC_VALUES_FROM_START = "2026-08-10"


@dataclass
class Vintage:
    """A date window [earliest, latest] for the XLA that printed the text, with the evidence."""
    earliest: str = "2017-01-01"
    latest: str = "9999-12-31"
    evidence: list[str] = field(default_factory=list)
    async_from_start: bool | None = None   # what a dump's live ranges show, where they do

    def after(self, date: str, why: str) -> None:
        if date > self.earliest:
            self.earliest = date
        self.evidence.append(f"≥{date}: {why}")

    def before(self, date: str, why: str) -> None:
        if date < self.latest:
            self.latest = date
        self.evidence.append(f"<{date}: {why}")

    @property
    def conflicting(self) -> bool:
        """Clues that contradict each other (an edited or stitched file): no window at all."""
        return self.earliest > self.latest

    def is_before(self, date: str) -> bool | None:
        """True/False when the window lies wholly on one side of `date`, None when it straddles."""
        if self.latest <= date:
            return True
        if self.earliest >= date:
            return False
        return None

    @property
    def old_normalization(self) -> bool:
        """Pre-June-2022 NormalizeAliasedBuffers (`end = next.start - 1`); default: current.

        No text marker separates 2022-06-24..09-07, so printed addresses (gone 2022-09-07) decide
        for the old rule (seed 001, from that window, needs it).
        """
        return self.is_before(NORMALIZE_CHANGED) is True or self.latest <= "2022-09-07"

    @property
    def counts_call_uses(self) -> bool:
        return self.is_before(CALL_USES_IGNORED) is True

    def alignment(self, platform: str) -> int | None:
        if platform == "cpu":
            old = self.is_before(CPU_ALIGN_64)
            return None if old is None else (16 if old else 64)
        if platform == "gpu":
            old = self.is_before(GPU_ALIGN_256)
            return None if old is None else (128 if old else 256)
        return None

    @property
    def async_values_from_start(self) -> bool:
        """Whether a value of an async computation is live from its async-start (docs/rules.md §3.2)."""
        if self.async_from_start is not None:
            return self.async_from_start
        return self.is_before(ASYNC_VALUES_FROM_START) is False

    @property
    def usage_report_layout(self) -> str:
        return "old" if self.is_before(NEW_USAGE_REPORT) is True else "new"

    @property
    def usage_report_sorted(self) -> bool:
        """Whether ties in the memory-usage report have a fixed order (else hash order)."""
        return self.usage_report_layout == "new" or self.is_before(SORTED_USAGE_REPORT) is False

    def to_json(self, platform: str) -> dict:
        return {
            "earliest": self.earliest if self.earliest != Vintage.earliest else None,
            "latest": self.latest if self.latest != Vintage.latest else None,
            "evidence": self.evidence,
            "conflicting": self.conflicting,
            "normalization": "pre-2022-06" if self.old_normalization else "current",
            "call_uses_counted": self.counts_call_uses,
            "alignment": self.alignment(platform),
        }


def detect_vintage(module=None, buffer_assignment=None, live_range=None, usage_report=None,
                   split_files: bool | None = False, platform: str = "unknown", dumped: bool = False) -> Vintage:
    """Combine every fingerprint found in the inputs into one window. `split_files` is None
    when nothing says how XLA wrote the live ranges (a lone excerpt). `dumped`: the module's
    text is a file XLA dumped (`compiled.as_text()` prints tuple reads whatever XLA's age)."""
    v = Vintage()
    if buffer_assignment is not None:
        _from_buffer_assignment(v, buffer_assignment)
    if live_range is not None:
        _from_live_range(v, live_range, inside_buffer_assignment=split_files is False)
    if split_files:
        v.after("2026-04-03", "live ranges and values in separate files")
    if usage_report is not None:
        if usage_report.layout == "new":
            v.after("2026-03-10", "memory-usage report with 'Memory Space:' blocks")
        else:
            v.after("2024-10-04", "memory-usage report exists")
            v.before("2026-03-10", "old memory-usage report layout")
    if module is not None:
        _from_module(v, module, platform, dumped)
        if live_range is not None:
            from ..liveness.async_start import async_from_start
            v.async_from_start = async_from_start(module, live_range)
    return v


def _from_buffer_assignment(v: Vintage, ba) -> None:
    f = ba.features
    if ba.allocations:
        if f.get("addresses"):
            v.before("2022-09-07", "allocation addresses (0x...) printed")
        else:
            v.after("2022-09-07", "no allocation addresses")
        if any(a.page is not None for a in ba.allocations):
            v.after("2026-08-10", "', page N' in allocation lines")
    style = f.get("from_instruction")
    if style == "no-space":
        v.before("2024-01-16", "'from instruction:%x' without a space")
    elif style == "glued":
        v.after("2024-01-16", "next value glued to 'from instruction:' line")
        v.before("2024-11-01", "next value glued to 'from instruction:' line")
    elif style == "space":
        v.after("2024-01-16", "'from instruction: %x' with a space")
    if f.get("uses_none_marker"):
        v.after("2026-06-02", "empty uses printed as '(none)'")
    if f.get("uses_not_initialized"):
        v.after("2024-01-14", "'uses are not initialized yet'")


def _from_live_range(v: Vintage, lr, inside_buffer_assignment: bool) -> None:
    if inside_buffer_assignment:
        v.after("2021-04-07", "live ranges appended to the buffer assignment")
        v.before("2026-04-03", "live ranges appended to the buffer assignment")
    style = lr.row_style
    if style == "instruction":
        v.before(VALUE_SIZED_PEAK_ROWS, "peak rows 'name: N bytes'")
    elif style == "value":
        v.after(VALUE_SIZED_PEAK_ROWS, "peak rows 'name{i}: N bytes'")
        v.before(SORTED_PEAK_ROWS, "peak rows without cumulative sums")
    elif style == "cumulative":
        v.after(SORTED_PEAK_ROWS, "peak rows with cumulative sums")
        if lr.stack_total is not None:   # (a peak of 0 bytes prints its header and no row)
            v.after("2025-07-23", "stack trace breakdown printed")
        else:
            v.before("2025-07-23", "no stack trace breakdown")
    if lr.peak_undetermined:
        v.after("2026-08-05", "'Peak memory could not be determined'")


def _from_module(v: Vintage, module, platform: str, dumped: bool = False) -> None:
    f = module.features
    if f.get("parallel_wrappers"):
        v.before(BEFORE_JAX_0_10_XLA, "XLA:CPU's parallel fusions wrapped in calls (none since jax 0.10.2)")
    if f.get("jax_inline_sources"):
        v.before(BEFORE_JAX_0_10_XLA, "jax op_names with an inline source_file (stack frames since jax 0.10.2)")
    if dumped and f.get("explicit_tuple_reads") and not f.get("compact_tuple_reads"):
        v.before(BEFORE_JAX_0_10_XLA, "a dump printing tuple reads as instructions (folded into '%x#N' since "
                                      "2026-07-13)")
    if f.get("typed_operands"):
        v.before("2025-02-24", "operands printed with their shapes")
    elif f.get("percent_names"):
        v.after("2025-02-24", "'%' names with untyped operands")
    if f.get("closing_comments"):
        v.after("2023-07-25", "'} // name' closing comments")
        v.before("2025-02-24", "'} // name' closing comments")
    if f.get("stack_frame_tables"):
        v.after("2025-07-01", "FileNames/StackFrames tables")
    if f.get("compact_tuple_reads"):
        v.after(COMPACT_TUPLE_READS, "tuple reads printed as operands '%x#N'")
    if platform == "cpu":
        if module.is_scheduled:
            v.after(CPU_SCHEDULE_STORED, "CPU module printed with is_scheduled=true")
        else:
            v.before(CPU_SCHEDULE_STORED, "CPU module printed without a schedule")
        # The CPU fuser began naming loop fusions after their ops between jax 0.4.30 and 0.4.34.
        if f.get("fusion_names") == "plain":
            v.before(CPU_DESCRIPTIVE_FUSIONS_BY, "CPU loop fusions named 'fusion.N'")
        elif f.get("fusion_names") == "descriptive":
            v.after(CPU_DESCRIPTIVE_FUSIONS_AFTER, "CPU loop fusions named after their ops")
    if not f.get("closing_comments") and v.latest <= "2025-02-24":
        # The comments were printed 2023-07-25..2025-02-24; text from before 2025 without them is older.
        v.before("2023-07-25", "no '} // name' closing comments")
