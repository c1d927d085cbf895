"""BufferAssigner (docs/rules.md §4.2-4.3): which values share which allocation, at which
offset, and how the allocations are numbered."""
from __future__ import annotations

import bisect
import functools
import itertools
from dataclasses import dataclass, field

from ...kinds import allocation_kinds
from ...timings import count
from ...hlo.model import Computation, Instruction
from ..dataflow.aliasing import InPlacePairs, fusion_tracing
from ..dataflow.can_share import CanShare
from ..dataflow.callgraph import CallGraph, instruction_post_order
from ..dataflow.dataflow import Value
from .candidates import Candidates
from .heap import HeapResult, HeapValue, best_fit, events, no_fragmentation_size
from ..liveness.hlo_liveness import ModuleAnalysis
from ..target.sizes import color_alignment
from ..target.target import Target
from ..target.vintage import INTERFERENCE_ALL_POSITIONS
from .spans import Spans
from .thread_local import ThreadLocalValues

THREAD_LOCAL_ORDERS = ("size", "value id")


@dataclass(eq=False)  # compared and hashed by identity
class Allocation:
    size: int
    color: int = 0
    parameter: int | None = None
    parameter_index: tuple | None = None
    parameter_aliased: bool = False
    constant: bool = False
    thread_local: bool = False
    is_tuple: bool = False
    maybe_live_out: bool = False
    heap: HeapResult | None = None
    values: list[tuple[Value, int, int]] = field(default_factory=list)   # (value, offset, size)
    spans: "Spans | None" = None  # phase A: the values' live ranges, for interference queries
    tail: float = float("inf")  # phase A: earliest start of a value live to the end of the program
    index: int = -1

    @property
    def temp(self) -> bool:
        """IsPreallocatedTempBuffer."""
        return not (self.parameter is not None or self.maybe_live_out or self.thread_local or self.constant)

    @property
    def read_only(self) -> bool:
        return (self.parameter is not None and not self.parameter_aliased) or self.constant

    @property
    def reusable(self) -> bool:
        return not self.thread_local and not self.is_tuple

    @property
    def kinds(self) -> list[str]:
        return allocation_kinds(self.parameter is not None, self.maybe_live_out, self.constant,
                                self.thread_local, self.temp)


@dataclass
class Assignment:
    allocations: list[Allocation]
    heaps: list[HeapResult]
    minimum_memory: int | None    # MinimumMemoryForModule
    alignment: int
    rules: object = None          # assign.Rules: what it was run by (set by assign_buffers)

    @property
    def total_bytes(self) -> int:
        return sum(a.size for a in self.allocations)


class BufferAssigner:
    def __init__(self, analysis: ModuleAnalysis,
                 thread_local: list[Value] | None = None, value_ids: dict | None = None):
        """`thread_local`: the values of thread-local computations, in XLA's order, when they
        cannot be found from the module (a dump without its HLO module). `value_ids`:
        (instruction name, index) -> XLA's value id, where a dump lists them."""
        self.a = analysis
        self.value_ids = value_ids or {}
        self.module = analysis.module
        target = analysis.target
        vintage = self.vintage = target.vintage
        self.pairs = InPlacePairs(self.module, fusion_tracing(vintage))
        self.can_share = CanShare(self.module, analysis.dataflow, self.pairs, target,
                                  bodies_known=thread_local is None)
        self.thread_local = thread_local
        self.donated = self.module.donated
        self.program_end = max((r.end for r in analysis.live.values()), default=0)
        self.all_positions = vintage.is_before(INTERFERENCE_ALL_POSITIONS) is False
        df = analysis.dataflow
        self.buffer_values = analysis.buffers.buffers
        self.buffer_of = analysis.buffers.buffer_of
        self.target = target
        self.size = [max(_size(v, target) for v in b) for b in self.buffer_values]
        self.color = [_placement(b[0], target)[0] for b in self.buffer_values]
        assert self.module.entry is not None  # (a parsed module has its entry)
        root = self.module.entry.root
        self.live_out = {self.buffer_of[v.id] for vs in df.sets.get(root, {}).values() for v in vs}
        self._end_positions: dict[int, tuple[Instruction, tuple]] = {}  # value id -> _end_position
        self.allocation_of: dict[int, Allocation] = {}   # value id -> allocation, during a run
        self._indexed: dict[Allocation, tuple[Candidates, ...]] = {}   # phase A's candidate lists

    # --- phases -------------------------------------------------------------------------------
    def run(self, alignment: int, thread_local_order: str = "size", all_positions: bool | None = None,
            minimum_memory: bool = True) -> Assignment:
        """`thread_local_order`: one of THREAD_LOCAL_ORDERS; `all_positions`: whether every
        position of a value may hand its buffer on (None: as the text's date says);
        `minimum_memory`: whether to work out MinimumMemoryForModule too (None when not)."""
        count("assignment runs")
        if all_positions is not None:
            self.all_positions = all_positions
        self.allocation_of = {}  # a run must not see the allocations of one before it
        allocations: list[Allocation] = []
        global_comps = self.a.graph.computations
        deferred: list[int] = []
        self._assign(self._sorted(list(range(len(self.buffer_values))), global_comps), allocations, deferred)
        heaps = self._simulate(deferred, allocations, alignment)
        _assign_thread_local(self._thread_local_order(thread_local_order), allocations, self.target)
        combined = combine_temp_allocations(allocations, lambda color: self._alignment(color, alignment))
        return Assignment(combined, heaps, self._minimum_memory if minimum_memory else None, alignment)

    def _alignment(self, color: int, alignment: int) -> int:
        return color_alignment(self.target.platform, color, alignment)

    def _thread_local_order(self, rule: str) -> list[Value]:
        """XLA:CPU up to jax 0.11 sorts the thread-local values by size, then by post-order
        position over the computations in reverse printed order (docs/rules.md §4.2); the newest XLA:CPU
        (tf-nightly 2.23, October 2026) keeps them in value-id order, sizes mixed."""
        values = self._thread_local_values
        if rule == "value id":
            ids = self.value_ids  # XLA's ids where a dump gives them; else bufviz's (printed order)
            return sorted(values, key=lambda v: (ids.get((v.instruction.name, v.index), float("inf")), v.id))
        if self.thread_local is not None:
            return sorted(values, key=lambda v: -_size(v, self.target))  # stable: XLA's order
        return sorted(values, key=lambda v: (-_size(v, self.target), self._local_position[v.instruction], v.id))

    # Neither depends on the alignment: computed once however many alignments are tried.
    @functools.cached_property
    def _thread_local_values(self) -> list[Value]:
        return self.thread_local if self.thread_local is not None else self._local.values

    @functools.cached_property
    def _local(self) -> "ThreadLocalValues":
        return ThreadLocalValues(self.a.graph, len(self.a.dataflow.values) + 1000)

    @functools.cached_property
    def _local_position(self) -> dict[Instruction, int]:
        return _positions(self._local.computations, None)

    @property
    def minimum_memory(self) -> int:
        """MinimumMemoryForModule, without running the assignment (what XLA's schedulers compare)."""
        return self._minimum_memory

    @functools.cached_property
    def _minimum_memory(self) -> int:
        """MinimumMemoryForModule: the no-fragmentation peak over every value but constants."""
        values = self._heap_values(list(range(len(self.buffer_values))),
                                   lambda v: v.instruction.opcode != "constant")
        trace = events(list(values.values()), self.a.flat.end, self._reuse(values))
        return no_fragmentation_size(trace, {k: hv.size for k, hv in values.items()})

    def _sorted(self, buffers: list[int], computations: list[Computation]) -> list[int]:
        """Size descending, live-out first, then the earliest defining instruction in a post
        order over the computations in reverse printed order (docs/rules.md §4.2), then buffer id."""
        position = _positions(computations, self.a.graph)
        wanted = set(computations)
        chosen = [b for b in buffers if self.buffer_values[b][0].instruction.computation in wanted]
        return sorted(chosen, key=lambda b: (-self.size[b], b not in self.live_out,
                                             min(position[v.instruction] for v in self.buffer_values[b]), b))

    def _assign(self, order: list[int], allocations: list[Allocation], deferred: list[int]) -> None:
        candidates = Candidates()
        same_size: dict[int, Candidates] = {}  # the candidates a live-out buffer may take
        self._indexed = {}
        for b in order:
            values = self.buffer_values[b]
            size = self.size[b]
            if any(v.instruction.opcode == "constant" for v in values):
                self._new(allocations, b, Allocation(size, self.color[b], constant=True))
                continue
            param = next((v for v in values if v.instruction.opcode == "parameter"
                          and v.instruction.computation is self.module.entry), None)
            if param is not None:
                aliased = (param.instruction.parameter_number, param.index) in self.donated
                number = param.instruction.parameter_number
                alloc = self._new(allocations, b, Allocation(size, self.color[b], parameter=number,
                                                             parameter_index=param.index, parameter_aliased=aliased))
                if aliased:
                    self._candidate(alloc, candidates, same_size.setdefault(size, Candidates()))
                continue
            if self._assign_tuple_or_operand(b, allocations):
                continue
            # Newest candidate first (candidates.py rules most out without visiting them).
            # (libtpu keeps parameter and output allocations to their own values: no temp joins them)
            tried = same_size.get(size) if b in self.live_out else None if self.target.pads_tiles else candidates
            if tried is not None and self._first_fit(tried, b):
                continue
            if b not in self.live_out:
                deferred.append(b)  # a temp: placed by the heap simulator
                continue
            alloc = self._new(allocations, b, Allocation(size, self.color[b]))
            self._candidate(alloc, candidates, same_size.setdefault(size, Candidates()))

    def _candidate(self, alloc: Allocation, *lists: Candidates) -> None:
        for candidates in lists:
            candidates.append(alloc)
        self._indexed[alloc] = lists

    def _assign_tuple_or_operand(self, b: int, allocations: list[Allocation]) -> bool:
        """A tuple-shaped buffer gets its own allocation; else try each operand's allocations
        (ascending index), per value of the buffer in order."""
        allocation_of, at = self.allocation_of, self.a.dataflow.values_at
        tried: set[Allocation] = set()  # (a refusal changes nothing: asking again is the same)
        for value in self.buffer_values[b]:
            shape = value.instruction.shape.subshape(value.index)
            if shape.is_tuple:
                self._new(allocations, b, Allocation(self.size[b], self.color[b], is_tuple=True))
                return True
            if value.index:
                continue
            for operand in value.instruction.operands:
                values = at(operand, ())
                slices = ([allocation_of.get(values[0].id)] if len(values) == 1  # (most operands)
                          else sorted({a for w in values if (a := allocation_of.get(w.id)) is not None},
                                      key=lambda x: x.index))
                for alloc in slices:
                    if alloc is None or alloc in tried:
                        continue
                    if self._maybe_assign(alloc, b):
                        return True
                    tried.add(alloc)
        return False

    def _new(self, allocations: list[Allocation], b: int, alloc: Allocation) -> Allocation:
        alloc.index = len(allocations)  # creation order until CombineTempAllocations renumbers
        allocations.append(alloc)
        self._add(alloc, b, 0)
        return alloc

    def _add(self, alloc: Allocation, b: int, offset: int) -> None:
        for v in self.buffer_values[b]:
            alloc.values.append((v, offset, self.size[b]))
            self.allocation_of[v.id] = alloc
            if alloc.spans is None:
                alloc.spans = Spans()
            r = self.a.live.get(v.id)
            alloc.spans.add(v, r)
            if r is not None and r.end >= self.program_end:
                alloc.tail = min(alloc.tail, r.start)
        if b in self.live_out:
            alloc.maybe_live_out = True
        for candidates in self._indexed.get(alloc, ()):
            candidates.update(alloc)

    def _first_fit(self, candidates: Candidates, b: int) -> bool:
        """The newest candidate the buffer may join (_maybe_assign), with the cheap tests done
        here: colour, size, a value live to the end that it would overlap, and (where the
        allocation's values do not overlap one another) the one range that could overlap."""
        color, size = self.color[b], self.size[b]
        live = self.a.live
        ranges = [(r.start, r.end) for v in self.buffer_values[b] if (r := live.get(v.id)) is not None]
        last_end = max((e for _, e in ranges), default=0)
        bisect_left = bisect.bisect_left
        s0, e0 = ranges[0] if len(ranges) == 1 else (None, None)
        longest = max(ranges, key=lambda r: r[1] - r[0], default=None)
        for alloc in candidates.newest_first(last_end, size, longest):   # (tail and size tested there)
            if alloc.color != color:
                continue
            spans = alloc.spans
            if not spans.overlapping:
                starts, ends = spans.starts, spans.ends_by_start
                if s0 is not None:  # one value (most buffers): no generator
                    k = bisect_left(starts, e0) - 1
                    if k >= 0 and ends[k] > s0:
                        continue
                elif any((k := bisect_left(starts, e) - 1) >= 0 and ends[k] > s for s, e in ranges):
                    continue
            if self._maybe_assign(alloc, b):
                return True
        return False

    def _maybe_assign(self, alloc: Allocation, b: int) -> bool:
        size = self.size[b]
        if (self.color[b] != alloc.color or size > alloc.size or alloc.read_only or not alloc.reusable
                or (b in self.live_out and alloc.size != size)):
            return False
        new_values = self.buffer_values[b]
        assert alloc.spans is not None  # (set with the allocation's first value)
        if not alloc.spans.overlapping:
            return self._fits(alloc, b, new_values)
        for assigned, _, _ in alloc.values:  # the general case: every pair
            for new in new_values:
                if self._interferes(new, assigned):
                    return False
                if new.instruction.opcode == "copy" and any(
                        p in new.instruction.operands for p, _ in assigned.positions):
                    return False  # a copy never writes over its own source
        self._add(alloc, b, 0)
        return True

    def _fits(self, alloc: Allocation, b: int, new_values: list[Value]) -> bool:
        """_maybe_assign's pair loop when the allocation's values do not overlap one another:
        only the values a new one strictly overlaps or touches matter, found by bisection."""
        spans = alloc.spans
        assert spans is not None  # (set with the allocation's first value)
        if spans.unranged:
            return False  # a value without a live range interferes with everything
        for new in new_values:
            r = self.a.live.get(new.id)
            if r is None or spans.overlaps(r.start, r.end):
                return False
            for assigned in spans.starting_at(r.end):   # new ends where it starts
                if not self._can_share_as_operand(assigned, new):
                    return False
            for assigned in spans.ending_at(r.start):   # it ends where new starts
                if self.a.live[assigned.id].start != r.end and not self._can_share_as_operand(new, assigned):
                    return False
            if new.instruction.opcode == "copy" and spans.positions & set(new.instruction.operands):
                return False  # a copy never writes over its own source
        self._add(alloc, b, 0)
        return True

    # --- interference ---------------------------------------------------------------------------
    def _interferes(self, value1: Value, value2: Value) -> bool:
        """LiveRangeInterferes: overlapping ranges interfere, unless one ends exactly where the
        other starts and the later one can reuse the earlier one's buffer."""
        r1, r2 = self.a.live.get(value1.id), self.a.live.get(value2.id)
        if r1 is None or r2 is None:
            return True
        if r1.start > r2.end or r2.start > r1.end:
            return False
        if r1.end == r2.start:
            return not self._can_share_as_operand(value2, value1)
        if r2.end == r1.start:
            return not self._can_share_as_operand(value1, value2)
        return True

    def _can_share_as_operand(self, user: Value, operand: Value) -> bool:
        if user.instruction.opcode == "copy":
            return False
        positions = operand.positions if self.all_positions else [self._end_position(operand)]
        return any(p in user.instruction.operands and self.can_share(p, i, user.instruction, user.index)
                   for p, i in positions)

    def _end_position(self, value: Value) -> tuple[Instruction, tuple]:
        """The position that ends the value's range before uses are counted (docs/rules.md §4.2); found
        once per value, when first asked."""
        found = self._end_positions.get(value.id)
        if found is not None:
            return found
        flat = self.a.flat

        def time(instr: Instruction) -> int:
            if instr.is_root:
                assert instr.computation is not None   # (an instruction of the module)
                return flat.span[instr.computation][1]
            return flat.time.get(instr, -1)  # a dump may name positions outside the schedule

        best = value.positions[0]
        best_time = time(best[0])
        for position, index in value.positions[1:]:
            if time(position) > best_time:
                best, best_time = (position, index), time(position)
        self._end_positions[value.id] = best
        return best

    # --- heap simulation -------------------------------------------------------------------------
    def _heap_values(self, buffers: list[int], include) -> dict[int, HeapValue]:
        out = {}
        for b in buffers:
            for v in self.buffer_values[b]:
                r = self.a.live.get(v.id)
                if r is not None and include(v):
                    out[v.id] = HeapValue(v.id, r.start, r.end, self.size[b], b, len(self.buffer_values[b]), v)
        return out

    def _reuse(self, heap_values: dict[int, HeapValue]):
        """The operand value a new value may take over (HeapSimulator's sharing rule)."""
        df = self.a.dataflow

        def reuse(v: HeapValue, t: int, freed_now: list[HeapValue]):
            instr = v.key.instruction
            if instr.opcode == "copy":
                return None
            # Only a value of a lone-value buffer freed right now can be taken over: known before
            # walking the operands (a call may have hundreds).
            freed = {hw.id for hw in freed_now if hw.buffer_values == 1 and hw.end == t}
            if not freed:
                return None
            for operand in instr.operands:
                for w in df.values_at(operand, ()):
                    if (w.id in freed and w.instruction in instr.operands
                            and self.can_share(w.instruction, w.index, instr, v.key.index)):
                        return heap_values[w.id]
            return None
        return reuse

    def _simulate(self, deferred: list[int], allocations: list[Allocation], alignment: int) -> list[HeapResult]:
        heaps = []
        for color in sorted({self.color[b] for b in deferred}):
            values = self._heap_values([b for b in deferred if self.color[b] == color], lambda v: True)
            trace = events(list(values.values()), self.a.flat.end, self._reuse(values))
            times = {k: (hv.start, hv.end) for k, hv in values.items()} if self.target.pads_tiles else None
            result = best_fit(trace, {k: hv.size for k, hv in values.items()}, self._alignment(color, alignment), times)
            alloc = Allocation(result.heap_size, color, heap=result)
            for value_id, (offset, size) in result.chunks.items():
                alloc.values.append((values[value_id].key, offset, size))
            allocations.append(alloc)
            heaps.append(result)
        return heaps


def _size(value: Value, target: Target) -> int:
    return _placement(value, target)[1]


def _placement(value: Value, target: Target) -> tuple[int, int]:
    instr = value.instruction
    return target.placement(instr.shape.subshape(value.index), instr.computation.execution_thread
                            if instr.computation is not None else None)


def _assign_thread_local(order: list[Value], allocations: list[Allocation], target: Target) -> None:
    for v in order:
        color, size = _placement(v, target)
        alloc = Allocation(size, color, constant=v.instruction.opcode == "constant",
                           thread_local=v.instruction.opcode != "constant")
        alloc.values.append((v, 0, alloc.size))
        allocations.append(alloc)


def _positions(computations: list[Computation], graph: CallGraph | None) -> dict[Instruction, int]:
    """Post-order index of every instruction, computations in reverse printed order (docs/rules.md §4.2)."""
    position: dict[Instruction, int] = {}
    for comp in reversed(computations):
        order = graph.post_order(comp) if graph is not None else instruction_post_order(comp)
        position.update(zip(order, itertools.count(len(position))))  # (each once per computation)
    return position


def combine_temp_allocations(allocations: list[Allocation], alignment_of) -> list[Allocation]:
    """CombineTempAllocations: std::partition puts temps last (unstably: each temp found from the
    front swaps with the last non-temp from the back), then the temps of each colour are laid
    end to end, each at an aligned base, in that order; finally allocations are renumbered."""
    allocs = list(allocations)
    first, last = 0, len(allocs)
    while True:
        while first != last and not allocs[first].temp:
            first += 1
        if first == last:
            break
        last -= 1
        while first != last and allocs[last].temp:
            last -= 1
        if first == last:
            break
        allocs[first], allocs[last] = allocs[last], allocs[first]
        first += 1
    kept = allocs[:first]
    combined: dict[int, Allocation] = {}
    for temp in allocs[first:]:
        target = combined.get(temp.color)
        if target is None:
            combined[temp.color] = temp
            kept.append(temp)
            continue
        alignment = alignment_of(temp.color)
        base = (target.size + alignment - 1) // alignment * alignment
        target.size = base + temp.size
        target.values.extend((v, base + offset, size) for v, offset, size in temp.values)
    for i, alloc in enumerate(kept):
        alloc.index = i
    return kept
