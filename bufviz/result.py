"""The peak report as one typed result: what every feature adds a section to, what every reporter,
command and the Python API read, and what `--format json` writes (`to_json`) and `load` reads back
(`from_json`). Sections stay JSON objects (the types below name their keys) so the saved form is
the object itself, with the keys in the order the schema has always had."""
from __future__ import annotations

import json
from typing import Any, Iterable, TypedDict

SCHEMA_VERSION = 1


class StorageRow(TypedDict, total=False):
    """One allocation slice in use at the peak moment and the value in it."""
    allocation: int | None
    offset: int | None
    bytes: int
    value_bytes: int | None  # None: the free temp bytes' row
    kind: str               # parameter, output, constant, temp, free
    category: str | None    # weights, optimizer state, activations, ...
    name: str
    index: str
    shape: str | None
    op_name: str | None
    source: str | None
    user_source: str | None  # the innermost frame outside installed libraries ("model.py:15")
    library: str | None      # the library frame under it ("flax Conv")
    path: str | None         # a jax argument's pytree path ("params['Conv_0']['kernel']")
    copy_of: str | None      # the path of the argument XLA's copy copies
    updated: bool            # the new value a step writes for a donated argument (`path` is its)
    start: int | None
    end: int | None
    role: str | None
    role_evidence: str | None
    made_by: str | None      # XLA's own: a constant it materialised, a layout copy
    op_name_near: str | None  # a value without op_name: what it copies or feeds
    loop: str | None         # the while loop whose carry the slice is
    carry: str | None        # what the loop does with it: stacked outputs, cache, passed through, state
    carried: dict | None     # where the loop's start was made (made_at, made_by; or made_from: an argument), loop_at
    opcode: str | None
    parameter: AllocationParameter | None
    output: str | None       # which output the allocation holds
    shared_with: list[dict]  # the other values in the slice (name, index)
    holds: str | None        # a parameter's slot: what it holds at the peak
    donated: bool
    copies: list[str] | None  # XLA's copies of the parameter
    layer: str | None         # a parameter's layer, from the operation that reads it ("Linear kernel")
    collective: dict | None   # a collective's buffer: op, the mesh axes it runs over, the parameter it gathers
    global_shape: str | None  # a partitioned program's parameter: the array the user made ("f32[512,2048]")
    spec: list[list[str]] | None  # the mesh axes each dimension is split over (None: not named)
    replicated: bool | None   # every device holds the whole array


class AllocatedValue(TypedDict):
    """A value an allocation holds, at its offset (XLA's value id, or bufviz's)."""
    id: int
    name: str
    index: str
    size: int
    offset: int
    shape: str | None


class AllocationParameter(TypedDict):
    number: int
    index: str
    shape: str | None


class Allocation(TypedDict):
    """One allocation of a buffer assignment, as XLA prints it or bufviz recomputes it."""
    index: int
    size: int
    kinds: list[str]        # parameter, output, temp, constant, thread-local
    color: int              # the memory space
    parameter: AllocationParameter | None
    output_shape: str | None
    values: list[AllocatedValue]


class LiveRange(TypedDict):
    name: str
    index: str
    start: int
    end: int


class LiveRow(TypedDict, total=False):
    """A value live at the peak moment of a live-range peak (XLA's or bufviz's)."""
    name: str
    index: str
    bytes: int
    shape: str | None
    opcode: str | None
    op_name: str | None
    source: str | None
    user_source: str | None
    path: str | None
    allocation: int | None
    offset: int | None
    # bufviz's rows only:
    unpadded_bytes: int
    cumulative: int
    memory_space: int
    start: int
    end: int
    kind: str


class KindBytes(TypedDict, total=False):
    """jax's CompiledMemoryStats from allocations (engine/assignment/totals.kind_bytes)."""
    argument_bytes: int
    output_bytes: int
    alias_bytes: int
    temp_bytes: int
    constant_bytes: int
    thread_local_bytes: int


class XlaNumbers(KindBytes, total=False):
    """What XLA (and jax) printed, read back: each key None or empty where no dump had it."""
    total_bytes_used: int | None
    schedule_end: int | None
    peak_time: int | None
    peak_bytes: int | None
    peak_rows: str | None            # how the live-range dump printed its peak rows
    live_at_peak: list[LiveRow]
    live_ranges: list[LiveRange]
    stack_trace: dict | None
    instruction_sequence: list[str] | None
    allocations: list[Allocation]
    allocation_kinds: list[dict] | None
    memory_usage_report: dict | None
    memory_stats: dict | None        # jax's memory_analysis(), under the contract's names


class Recomputed(KindBytes, total=False):
    """bufviz's recomputation by XLA's rules: live ranges and the peak, then (where the module was
    read) the buffer assignment and its totals."""
    source: str                      # what the live ranges were recomputed from
    schedule_end: int
    peak_time: int | None
    peak_bytes: int
    peak_instruction_bytes: int
    padding_bytes: int
    max_live_bytes: int
    max_live_time: int | None
    live_at_peak: list[LiveRow]
    live_ranges: list[LiveRange]
    stack_trace: dict | None
    parameters: list[dict] | None        # None: recomputed from a dump alone
    instruction_sequence: list[str] | None
    memory_spaces: list[dict]
    all_memory_spaces: dict
    # the buffer assignment (where the module was read):
    total_bytes_used: int
    fragmentation_bytes: int
    total_fragmentation_bytes: int | None
    minimum_memory_bytes: int
    peak_memory_bytes: int
    indefinite_allocations: int
    peak_unpadded_heap_bytes: int | None
    total_allocation_bytes: int
    alignment: int
    allocations: list[Allocation]
    stats: str
    memory_usage_report: dict
    not_recomputed: dict[str, str]   # what bufviz leaves to the backend (libtpu), and why
    allocation_kinds: list[dict]
    temp_in_use_peak_bytes: int
    temp_free_at_peak_bytes: int
    unplaced_tuple_reads: int


class Memory(TypedDict, total=False):
    """The headline: memory needed, its parts, and the storage at the peak moment."""
    needed_bytes: int
    argument_bytes: int
    output_bytes: int
    temp_bytes: int
    alias_bytes: int
    constant_bytes: int
    scratch_bytes: int    # thread-local scratch the device holds for the whole run (TPU)
    peak_time: int | None
    peak_instruction: str | None
    peak_source: str | None
    peak_user_source: str | None
    temp_in_use_bytes: int
    fragmentation_bytes: int
    estimate: bool
    at_peak: list[StorageRow]
    allocations_from: str | None   # "xla" or "bufviz"
    memory_spaces: list[dict]
    other_numbers: list[dict]
    replicated: dict | None  # a partitioned program: parameters held whole on every device (bytes, count, by_category)
    donated_slots: list[dict]   # donated parameters XLA copied, and what their buffer holds at the peak


class Timeline(TypedDict, total=False):
    steps: int
    whole_run_bytes: dict[str, int]   # parameter, output, constant
    temp_bytes: int
    temp_in_use: list[int]
    instructions: list[str]
    peak_time: int | None
    events: list[dict]
    by_category: dict[str, list[int]]


class Check(TypedDict):
    """One of XLA's quantities next to bufviz's recomputation of it (verification)."""
    quantity: str
    label: str
    ok: bool
    xla: Any
    recomputed: Any
    difference: Any


class Oom(TypedDict, total=False):
    kind: str
    framework: str | None
    platform: str | None
    requested_bytes: int | None
    limit_bytes: int | None
    needed_bytes: int | None
    buffers: list[dict]
    summary: list[str]
    suggestions: list[str]
    preallocate: bool | None


class DeviceFit(TypedDict):
    """Will it fit: the allocator's limit and its predicted peak for one run (device/fit.py)."""
    memory_bytes: int | None
    mem_fraction: float | None
    fraction_from: str | None       # --mem-fraction, XLA_PYTHON_CLIENT_MEM_FRACTION or jax's default
    limit_bytes: int                # on GPU, fraction x memory rounded up to a multiple of 2 MiB, as jax does
    rounded_up_to_bytes: int | None  # that granule, where the limit was rounded
    limit_from: str
    preallocate: bool
    preallocate_from: str | None    # a memory_stats() whose pool grew on demand
    predicted_peak_bytes: int | None  # the allocator's peak in use (under the least limit when over)
    least_limit_bytes: int | None   # the smallest limit the run is served under
    at_least: bool                  # runtime allocations the dump does not show may add to it
    limit_at_most: bool             # the limit is the device's whole memory (TPU: libtpu keeps part)
    fits: bool | None               # None: cannot say (a lower bound under the limit)
    headroom_bytes: int | None      # limit - what is compared (negative: missing)
    compared: str | None            # "least_limit_bytes" on GPU, else "needed_bytes"
    runtime_allocators: list[str]
    notes: list[str]
    devices: int                    # a partitioned program's devices: the verdict holds for each of them


class Advice(TypedDict):
    items: list[dict]       # kind, saving_bytes, title, how, sources, change
    skipped_because: str | None
    not_measured: list[dict]   # kind, title: changes the budget of one analysis did not reach
    saved_little: list[dict]   # kind, title, saving_bytes: measured, saving less than an item shows
    explained: list[str]       # memory XLA holds for reasons of its own (constants it writes out)


class WhatIf(TypedDict):
    donate: list[dict]
    remat: list[dict]
    before: dict[str, int]
    after: dict[str, int]
    saving_bytes: int


class Aliasing(TypedDict):
    parameters: list[dict]
    copies: list[dict]
    needed_bytes: int | None
    saving_if_all_donated_bytes: int


class Schedule(TypedDict, total=False):
    module: str
    original: dict
    xla_order: dict | None
    lower_bound_bytes: int | None
    lower_bound_seconds: float | None
    schedules: list[dict]
    best: str | None
    emitted: dict
    time_limit_hit: float | None   # seconds: bufviz's searches stopped there (a longer limit may do better)


# The keys every report has, then the sections a feature adds, in the order they are written.
HEAD = ("schema_version", "module", "platform", "inputs", "vintage")
CORE = HEAD + ("xla", "recomputed", "mismatches", "checks", "notes")
SECTIONS = ("sharding", "memory", "groups", "timeline", "oom", "warnings", "device", "explain", "advice", "value_info",
            "what_if", "aliasing", "schedule", "program")


class PeakReport:
    """XLA's printed numbers (`xla`), bufviz's recomputation (`recomputed`), where they differ
    (`mismatches`, `checks`), and the sections features add. A section never set reads None and
    is left out of the JSON; one set to None is written as null (the schema says which)."""
    schema_version: int
    module: str | None
    platform: str
    inputs: dict[str, str | None]
    vintage: dict
    xla: XlaNumbers | None
    recomputed: Recomputed | None
    mismatches: list[dict]
    checks: list[Check]
    notes: list[str]
    sharding: dict | None   # devices, mesh: one device's share of a partitioned program (None: one device)
    memory: Memory | None
    groups: dict[str, list[dict]] | None
    timeline: Timeline | None
    oom: Oom | None
    warnings: list[str] | None
    device: DeviceFit | None
    explain: dict | None
    advice: Advice | None
    value_info: dict[str, dict] | None
    what_if: WhatIf | None
    aliasing: Aliasing | None
    schedule: Schedule | None
    program: dict | None   # remat_ops (jax.checkpoint's instructions), function (what jax compiled), eager

    def __init__(self, *, schema_version: int = SCHEMA_VERSION, extra: dict | None = None, **parts) -> None:
        object.__setattr__(self, "_present", set())
        object.__setattr__(self, "extra", dict(extra or {}))   # keys of a saved report this bufviz does not know
        self.schema_version = schema_version
        missing = [k for k in CORE[1:] if k not in parts]
        if missing:
            raise TypeError(f"a peak report needs {', '.join(missing)}")
        for key, value in parts.items():
            if key not in CORE and key not in SECTIONS:
                raise TypeError(f"a peak report has no section {key!r}")
            setattr(self, key, value)

    def __setattr__(self, name: str, value) -> None:
        object.__setattr__(self, name, value)
        if name in SECTIONS:
            self._present.add(name)

    def __getattr__(self, name: str):
        if name in SECTIONS:   # (only reached for a section never set)
            return None
        raise AttributeError(name)

    @property
    def allocations(self) -> list[Allocation]:
        """XLA's allocations where it printed them, else bufviz's ([] where neither): the one rule
        every view of storage follows."""
        return (self.xla or {}).get("allocations") or (self.recomputed or {}).get("allocations") or []

    @property
    def allocations_from(self) -> str | None:
        """Whose allocations `allocations` are: "xla", "bufviz", or None."""
        if (self.xla or {}).get("allocations"):
            return "xla"
        return "bufviz" if (self.recomputed or {}).get("allocations") else None

    @property
    def verified(self) -> bool:
        """Every quantity XLA printed equals bufviz's recomputation (`bufviz verify` exits 0)."""
        return all(c["ok"] for c in self.checks)

    def as_dict(self, keys: Iterable[str] | None = None) -> dict:
        """The report as the JSON contract has it (sections shared, not copied); `keys`: only
        these, after the five every command's JSON starts with."""
        if keys is not None:
            return {k: getattr(self, k) for k in HEAD + tuple(keys)}
        out = {k: getattr(self, k) for k in CORE}
        out.update((k, getattr(self, k)) for k in SECTIONS if k in self._present)
        out.update(self.extra)
        return out

    def to_json(self) -> str:
        """The report as `bufviz peak --format json` writes it."""
        return json.dumps(self.as_dict(), ensure_ascii=False, separators=(",", ":")) + "\n"

    @classmethod
    def from_json(cls, data: str | dict):
        """A report read back from its JSON text or object (a saved result), sections as written.
        ValueError when it is not a peak report."""
        parsed: dict = json.loads(data) if isinstance(data, str) else data
        missing = [k for k in CORE if k not in parsed]
        if missing:
            raise ValueError(f"expected a peak report, found JSON without {', '.join(missing)}")
        known = {k: v for k, v in parsed.items() if k in CORE or k in SECTIONS}
        return cls(extra={k: v for k, v in parsed.items() if k not in known}, **known)
