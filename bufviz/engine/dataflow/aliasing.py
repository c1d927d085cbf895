"""HloAliasAnalysis: which values must share one buffer (spec §4).

Values merge through input_output_alias, while loops (init, phis, body root, result),
conditionals (branch roots and result) and in-place operations (dynamic-update-slice,
scatter, all-reduce-start, in-place collective-permute, output_to_operand_aliasing, and
fusions whose root traces back to such an operation on a fused parameter)."""
from __future__ import annotations

from dataclasses import dataclass

from ...hlo.lines import operand_names
from ...hlo.model import Instruction, Module
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
    """How far fusion in-place tracing looks through wrappers (it grew over time, §11 C10)."""
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

    def __call__(self, instr: Instruction) -> list:
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
            pairs = [((1, ()), base)]
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
        names = fusion.callee_names(("calls",))
        comp = self.module.computations.get(names[0]) if names else None
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
        params = {p.parameter_number: p for p in entry.parameters}
        self._io = {tuple(out): (params[num], tuple(idx)) for out, num, idx, _ in module.input_output_alias
                    if num in params}
        values = dataflow.value_list()
        slot = {v.id: i for i, v in enumerate(values)}
        members: list[list[Value]] = [[v] for v in values]
        for value in values:
            aliased = self._aliased_values(value)
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

    def _aliased_values(self, value: Value) -> dict[int, Value]:
        """Every value that must share `value`'s buffer (the order found does not matter)."""
        df = self.dataflow
        found = {value.id: value}

        def add(values):
            for v in values:
                found[v.id] = v

        root = self.module.entry.root
        pairs_of = self.pairs
        callsites = self.graph.callsites
        defining = value.instruction
        if defining.opcode == "parameter":
            for site in callsites.get(defining.computation, ()):
                if site.opcode == "while":
                    add(df._at(site, value.index))
        for position, index in value.positions:
            if position.is_root:
                if position is root and index in self._io:
                    param, param_index = self._io[index]
                    add(df._at(param, param_index))
                for site in callsites.get(position.computation, ()):
                    if site.opcode == "conditional" or (
                            site.opcode == "while" and self.graph.callees(site)[1] is position.computation):
                        add(df._at(site, index))
            if position.opcode not in _MAY_BE_IN_PLACE:
                continue  # (most positions: parameters of call wrappers)
            for (number, operand_index), output_index in pairs_of(position):
                if output_index == index and number < len(position.operands):
                    add(df._at(position.operands[number], operand_index))
        for user, number, operand_index in value.uses:
            if user.opcode == "while":
                add(df._at(user, operand_index))
            elif user.opcode not in _MAY_BE_IN_PLACE:
                continue
            for (pair_number, pair_index), output_index in pairs_of(user):
                if pair_number == number and pair_index == operand_index:
                    add(df._at(user, output_index))
        return found

    def aliased_groups(self) -> list[list[Value]]:
        return [b for b in self.buffers if len(b) > 1]


def _root_source_opcode(comp) -> str | None:
    """The opcode at the end of a fusion root's chain of bitcasts, read from the body's text
    (most fusion bodies are never parsed; None: not found that way)."""
    line = comp.printed_line()
    for _ in range(64):
        if line is None or line[3] != "bitcast":
            break
        names = operand_names("bitcast", line[4])
        line = comp.printed_line(names[0]) if len(names) == 1 else None
    return None if line is None else line[3]
