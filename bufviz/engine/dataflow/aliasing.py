"""HloAliasAnalysis: which values must share one buffer (docs/rules.md §2.3).

Values merge through input_output_alias, while loops (init, phis, body root, result),
conditionals (branch roots and result) and in-place operations (dynamic-update-slice,
scatter, all-reduce-start, in-place collective-permute, output_to_operand_aliasing, and
fusions whose root traces back to such an operation on a fused parameter)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...hlo.lines import LineSyntaxError, operand_names
from ...hlo.model import Instruction
from ...hlo.module import Module
from .callgraph import CallGraph
from .dataflow import Dataflow, Value

DEFAULT_IN_PLACE = frozenset({"dynamic-update-slice", "scatter", "all-reduce-start"})
# Text that must occur in a fusion body for it to hold an in-place operation; other bodies
# are never parsed.
_IN_PLACE_HINTS = ("dynamic-update-slice(", "scatter(", "all-reduce-start(", " fusion(",
                   "output_to_operand_aliasing", "collective-permute", "set-dimension-size(",
                   "ragged-all-to-all(")
_NO_PAIRS: tuple = ()
# Opcodes that may have in-place pairs (the rest have none: spared the lookup).
_MAY_BE_IN_PLACE = DEFAULT_IN_PLACE | {"collective-permute", "collective-permute-start", "custom-call",
                                       "async-start", "fusion", "set-dimension-size", "ragged-all-to-all"}
# What the end of a fusion root's bitcast chain must be for the fusion to have in-place
# pairs: such an operation, or what _follow looks through (None: not read without parsing).
_ROOT_MAY_BE_IN_PLACE = _MAY_BE_IN_PLACE | {"tuple", "get-tuple-element", "bitcast", None}


@dataclass(frozen=True)
class FusionTracing:
    """How far fusion in-place tracing looks through wrappers (it grew over time, docs/rules.md §2.3)."""
    nested: bool = True              # peephole through a nested fusion's pair (≥2024-06-10)
    input_bitcasts: int = 1 << 30    # bitcasts skipped on the input side (one from 2024-10-21)
    output_bitcasts: int = 1 << 30   # on the output side (both unlimited from 2026-06-03)


def fusion_tracing(vintage) -> FusionTracing:
    if vintage.is_before("2024-06-10") is True:
        return FusionTracing(nested=False, input_bitcasts=0, output_bitcasts=0)
    if vintage.is_before("2024-10-21") is True:
        return FusionTracing(input_bitcasts=0, output_bitcasts=0)
    if vintage.is_before("2026-06-03") is True:
        return FusionTracing(input_bitcasts=1, output_bitcasts=0)
    return FusionTracing()


class InPlacePairs:
    """AliasInfo::GetInPlaceInputOutputPairs: [((operand number, operand index), output index)]."""

    def __init__(self, module: Module, tracing: FusionTracing):
        self.module = module
        self.tracing = tracing
        self._cache: dict[Instruction, list] = {}

    def __call__(self, instr: Instruction) -> Sequence:
        if instr.opcode not in _MAY_BE_IN_PLACE:
            return _NO_PAIRS
        pairs = self._cache.get(instr)
        if pairs is None:
            pairs = self._cache[instr] = self._compute(instr)
        return pairs

    def _compute(self, instr: Instruction) -> list:
        op = instr.opcode
        n = len(instr.operands)
        if op in DEFAULT_IN_PLACE:
            if op == "all-reduce-start" and "nvshmem" in (instr.attr("backend_config") or "").lower():
                return []
            count = 1 if op == "dynamic-update-slice" else (n - 1) // 2 if op == "scatter" else n
            if count == 1:
                return [((0, ()), ())]
            return [((i, ()), (i,)) for i in range(count)]
        if op in ("collective-permute", "collective-permute-start") and n == 4:
            base = () if op == "collective-permute" else (1,)
            dest = instr.operands[1].shape
            pairs: list[tuple[tuple[int, tuple[int, ...]], tuple[int, ...]]] = [((1, ()), base)]
            if dest.is_tuple:
                pairs += [((1, (i,)), base + (i,)) for i in range(len(dest.elements))]
            return pairs
        if op in ("custom-call", "async-start"):
            return [((num, idx), out) for out, num, idx in instr.output_to_operand_aliasing]
        if op == "fusion":
            return self._fusion(instr) + [((num, idx), out) for out, num, idx in instr.output_to_operand_aliasing]
        if op == "set-dimension-size":
            return [((0, ()), ())]
        if op == "ragged-all-to-all":
            return [((1, ()), ())]
        return []

    def _fusion(self, fusion: Instruction) -> list:
        comp = fusion.called_body()
        if comp is None or _root_source_opcode(comp) not in _ROOT_MAY_BE_IN_PLACE or \
                not comp.contains_any(_IN_PLACE_HINTS):
            return []
        pairs = []
        for out_index, sub in fusion.shape.subshapes():
            if sub.is_tuple:
                continue
            source, index = self._follow(comp.root, out_index, self.tracing.output_bitcasts)
            found = None
            for (number, operand_index), output_index in self(source):
                if output_index != index or number >= len(source.operands):
                    continue
                found = self._follow(source.operands[number], operand_index, self.tracing.input_bitcasts)
                if self.tracing.nested and found[0].opcode == "fusion":
                    for (n2, i2), o2 in self(found[0]):
                        if o2 == found[1] and n2 < len(found[0].operands):
                            found = self._follow(found[0].operands[n2], i2, self.tracing.input_bitcasts)
            if found is not None and found[0].opcode == "parameter":
                pairs.append(((found[0].parameter_number, found[1]), out_index))
        return pairs

    @staticmethod
    def _follow(instr: Instruction, index: tuple, bitcasts: int):
        """FollowTupleIndirection, then skip bitcasts of whole arrays (no-op wrappers)."""
        while instr.opcode == "tuple" and index and index[0] < len(instr.operands):
            instr, index = instr.operands[index[0]], index[1:]
        while instr.opcode == "get-tuple-element":
            instr, index = instr.operands[0], (instr.tuple_index,) + index
        while bitcasts > 0 and not index and instr.opcode == "bitcast" and instr.operands:
            instr = instr.operands[0]
            bitcasts -= 1
        return instr, index


class Buffers:
    """HloBuffers: disjoint sets of values, numbered as XLA numbers them."""

    def __init__(self, module: Module, graph: CallGraph, dataflow: Dataflow, pairs: InPlacePairs):
        self.module = module
        self.graph = graph
        self.dataflow = dataflow
        self.pairs = pairs
        entry = module.entry
        assert entry is not None  # (a parsed module has its entry)
        params = {p.parameter_number: p for p in entry.parameters}
        self._io = {tuple(out): (params[num], tuple(idx)) for out, num, idx, _ in module.input_output_alias
                    if num in params}
        values = dataflow.value_list()
        slot = {v.id: i for i, v in enumerate(values)}
        members: list[list[Value]] = [[v] for v in values]
        aliased_with = self._aliased_sets()
        for value in values:
            aliased = {value.id: value}
            defining = value.instruction
            if defining.opcode == "parameter":  # a while's parameter holds the loop's values
                assert defining.computation is not None   # (an instruction of the module)
                for site in graph.callsites.get(defining.computation, ()):
                    if site.opcode == "while":
                        for v in dataflow.values_at(site, value.index):
                            aliased[v.id] = v
            for found in aliased_with.get(value.id, ()):
                for v in found:
                    aliased[v.id] = v
            if len(aliased) < 2:
                continue
            # The largest set absorbs the others (ties: the smallest value id), as XLA merges.
            sets = [(slot[v.id], v.id) for v in aliased.values()]
            keep = max(sets, key=lambda s: (len(members[s[0]]), -s[1]))[0]
            for index, _ in sets:
                if index != keep and members[index]:
                    for moved in members[index]:
                        slot[moved.id] = keep
                    members[keep].extend(members[index])
                    members[index] = []
        self.buffers = [sorted(m, key=lambda v: v.id) for m in members if m]
        self.buffer_of = {v.id: i for i, m in enumerate(self.buffers) for v in m}

    def _aliased_sets(self) -> dict[int, list[list[Value]]]:
        """value id -> value lists that must share its buffer (beyond a while parameter's own).
        Read from the few instructions that alias (in-place operations, while loops, the roots
        of loop bodies and branches, the entry root) rather than from every value's positions
        and uses: a value is at position (P, i) exactly when it is in P's set at i, and used by
        operand slot (U, k, i) when in the set of U's operand k at i (tuple pass-through and
        get-tuple-element/copy users aside, none of which alias)."""
        sets, callsites, graph = self.dataflow.sets, self.graph.callsites, self.graph
        assert self.module.entry is not None  # (a parsed module has its entry)
        root = self.module.entry.root
        out: dict[int, list[list[Value]]] = {}

        def link(holders: list[Value], found: list[Value]) -> None:
            if found:
                for v in holders:
                    out.setdefault(v.id, []).append(found)

        for instr, instr_sets in sets.items():
            op = instr.opcode
            if instr.is_root:
                assert instr.computation is not None   # (an instruction of the module)
                if instr is root:
                    for index, here in instr_sets.items():
                        if index in self._io:
                            param, param_index = self._io[index]
                            link(here, self.dataflow.values_at(param, param_index))
                for site in callsites.get(instr.computation, ()):
                    if site.opcode == "conditional" or (
                            site.opcode == "while" and graph.callees(site)[1] is instr.computation):
                        for index, here in instr_sets.items():
                            link(here, sets[site].get(index, []))
            if op == "while":  # a while uses its operand's values at every index
                for index, used in sets.get(instr.operands[0], {}).items():
                    link(used, instr_sets.get(index, []))
            elif op in _MAY_BE_IN_PLACE:
                for (number, operand_index), output_index in self.pairs(instr):
                    if number >= len(instr.operands):
                        continue
                    here = instr_sets.get(output_index, [])
                    used = sets.get(instr.operands[number], {}).get(operand_index, [])
                    link(here, used)   # the output's values (positions here) take the operand's
                    link(used, here)   # the operand's values (used here) take the output's
        return out

    def aliased_groups(self) -> list[list[Value]]:
        return [b for b in self.buffers if len(b) > 1]


def _root_source_opcode(comp) -> str | None:
    """The opcode at the end of a fusion root's chain of bitcasts, read from the body's text
    (most fusion bodies are never parsed; None: not found that way)."""
    line = comp.printed_line()
    for _ in range(64):
        if line is None or line[3] != "bitcast":
            break
        try:
            names = operand_names("bitcast", line[4])
        except LineSyntaxError:
            return None   # (the parse of the body will say what is wrong)
        line = comp.printed_line(names[0]) if len(names) == 1 and "#" not in names[0] else None
    return None if line is None else line[3]
