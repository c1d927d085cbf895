"""Values, positions and uses (HloDataflowAnalysis in SSA form, docs/rules.md §2.1-2.2).

Each instruction first defines the values its opcode defines (docs/rules.md §2.1); a worklist then
forwards value sets through tuples, get-tuple-element, calls, async ops and collectives,
creating phi values where a while or conditional merges different values; redundant phis
are removed at the end. Only control-flow computations are analysed: values inside fusion
bodies and reduction regions never have live ranges."""
from __future__ import annotations

import heapq
import itertools

from ...hlo.model import Computation, Instruction
from .callgraph import CONTROL_FLOW_CALLEES, CallGraph
from .phi_graph import PhiGraph
from .updates import FORWARDERS, UPDATERS
from .value import Value

# Opcodes whose output aliases their input: they define no value of their own.
DEFINES_NOTHING = frozenset({"bitcast", "add-dependency", "while", "call", "conditional",
                             "get-tuple-element", "domain", "optimization-barrier", "copy-done",
                             "all-reduce-done"})


_EMPTY: list = []  # never modified: sets are replaced, never changed in place (lists are shared)
# The sets of every array-shaped parameter of a called computation until the worklist changes
# them (most never change: they then share their operand's sets). Never changed: _writable.
_NO_VALUES: dict = {(): _EMPTY}

# Opcodes whose definitions depend on more than "one value per leaf" (see _initial_set).
_SPECIAL_DEFINITIONS = DEFINES_NOTHING | {
    "parameter", "copy", "tuple", "async-start", "async-update", "async-done", "copy-start",
    "all-gather-start", "all-gather-done", "collective-permute-done", "collective-permute-start",
    "recv-done", "send"}


class Dataflow:
    """`sets[instruction][index]` lists the values that may be there, sorted by id."""

    def __init__(self, graph: CallGraph):
        self.graph = graph
        self.values: dict[int, Value] = {}
        self.sets: dict[Instruction, dict[tuple, list[Value]]] = {}
        self._ids = itertools.count()
        self._phis = PhiGraph()
        self._deleted: set[int] = set()
        passed = _passed_parameters(graph)
        for comp in graph.computations:
            if comp in passed:
                self.sets[comp.root] = self._initial_set(comp.root)
                continue
            for instr in graph.post_order(comp):
                self.sets[instr] = self._initial_set(instr)
        priority = graph.ordinals()
        self._propagate(priority, self._settle(priority))
        self._optimize_phis()
        self._pass_parameters(passed)
        for value_id in self._deleted:
            self.values.pop(value_id, None)
        self._record_positions()
        self._record_uses()

    # --- definitions ---------------------------------------------------------------------
    def _new(self, instr: Instruction, index: tuple, is_phi: bool = False) -> Value:
        value = Value(next(self._ids), instr, index, is_phi)
        self.values[value.id] = value
        return value

    def _initial_set(self, instr: Instruction) -> dict[tuple, list[Value]]:
        shape = instr.shape
        op = instr.opcode
        if not shape.is_tuple:
            if op not in _SPECIAL_DEFINITIONS:  # most instructions
                return {(): [self._new(instr, ())]}
            if op == "parameter":  # a called computation's parameter holds its caller's values
                assert instr.computation is not None   # (an instruction of the module)
                return _NO_VALUES if self.graph.callsites.get(instr.computation) else {(): [self._new(instr, ())]}
        subshapes = shape.subshapes()
        sets: dict[tuple, list[Value]] = {index: [] for index, _ in subshapes}
        if op in DEFINES_NOTHING:
            return sets
        if op == "parameter":
            assert instr.computation is not None   # (an instruction of the module)
            defines = lambda i, s: not self.graph.callsites.get(instr.computation)  # noqa: E731
        elif op in ("copy", "tuple"):
            defines = lambda i, s: not i  # noqa: E731
        elif op == "async-start":
            defines = lambda i, s: s.is_tuple or i[0] > 1  # noqa: E731
        elif op in ("async-update", "async-done"):
            defines = lambda i, s: s.is_tuple  # noqa: E731
        elif op == "copy-start":
            defines = lambda i, s: i in ((), (0,), (2,))  # noqa: E731
        elif op == "all-gather-start":
            defines = lambda i, s: s.is_tuple or i[0] == 1  # noqa: E731
        elif op in ("all-gather-done", "collective-permute-done"):
            defines = lambda i, s: not i and s.is_tuple  # noqa: E731
        elif op == "collective-permute-start":
            extra = _permute_destinations(instr)
            defines = lambda i, s: i == () or (len(i) == 1 and i[0] != 0) or i in extra  # noqa: E731
        elif op == "recv-done":
            defines = lambda i, s: i in ((), (1,))  # noqa: E731
        elif op == "send":
            defines = lambda i, s: i in ((), (1,), (2,))  # noqa: E731
        else:
            defines = lambda i, s: True  # noqa: E731
        for index, sub in subshapes:
            if defines(index, sub):
                sets[index] = [self._new(instr, index)]
        return sets

    # --- propagation -----------------------------------------------------------------------
    def _settle(self, priority: dict[Instruction, int]) -> set[Instruction]:
        """Instructions whose final sets are known before the worklist runs, set now. The
        worklist pops the lowest post-order ordinal first, and every update rule reads its
        operands, or the parameters of a user's callee, all numbered after them: only a root is
        read earlier (by its callers, a while's body parameter). So a forwarding instruction
        (not a root) whose inputs never change gets its final sets at its first turn, and
        nothing read it before: set now, it need not run. (The parameters of XLA:CPU's
        call-wrapped fusions are not even here: _passed_parameters.)"""
        settled: set[Instruction] = set()
        sets, callsites = self.sets, self.graph.callsites

        def final(instr: Instruction) -> bool:
            op = instr.opcode
            return (op not in UPDATERS or instr in settled
                    or (op == "parameter" and instr.computation not in callsites))

        wrapped: set = set()  # computations called by one `call`, their parameters settled
        for instr in priority:  # (in ordinal order)
            if instr.is_root or instr not in sets:
                continue
            op = instr.opcode
            if op == "parameter":
                # A computation's parameters are numbered together, after its caller's operands
                # (which they read): settled all at once at the first.
                comp = instr.computation
                assert comp is not None   # (an instruction of the module)
                if comp in wrapped:
                    continue
                wrapped.add(comp)
                sites = callsites.get(comp, ())
                if len(sites) != 1 or sites[0].opcode != "call":
                    continue
                operands = sites[0].operands
                count = len(operands)
                for param in comp.parameters:
                    number = param.parameter_number
                    if number < count and not param.is_root:
                        source = operands[number]
                        if final(source):
                            self._take_sets(param, source)
                            settled.add(param)
            elif op in FORWARDERS:
                # (a call forwards its callee's root: XLA:CPU's wrapped fusions)
                inputs = [c.root for c in self.graph.callees(instr)] if op == "call" else instr.operands
                if all(map(final, inputs)):
                    UPDATERS[op](self, instr)
                    settled.add(instr)
        return settled

    def _pass_parameters(self, passed: dict[Computation, list[Instruction]]) -> None:
        """The parameters _passed_parameters set aside take their operands' final sets as
        _take_sets gives them: an array's the same dict (neither changes any more), set for a
        whole computation at once."""
        sets = self.sets
        for comp, operands in passed.items():
            params = comp.parameters
            shared = [sets[operand] for operand in operands]
            sets.update(zip(params, shared))
            for param, operand, operand_sets in zip(params, operands, shared):
                if len(operand_sets) != 1 or () not in operand_sets or param.shape.is_tuple:
                    sets[param] = self._initial_set(param)  # (a tuple, or an operand of another shape)
                    self._take_sets(param, operand)

    def _take_sets(self, param: Instruction, source: Instruction) -> None:
        """A parameter holds its caller's operand's values."""
        sets = self.sets
        source_sets, param_sets = sets[source], sets[param]
        if param_sets is _NO_VALUES and len(source_sets) == 1 and () in source_sets:
            sets[param] = source_sets  # (the same shape; neither will change)
        else:
            writable = self._writable(param)
            for index in param_sets:
                writable[index] = source_sets.get(index, _EMPTY)

    def _propagate(self, priority: dict[Instruction, int], settled: set[Instruction]) -> None:
        """HloDataflowAnalysis's worklist, lowest post-order ordinal first. Every instruction
        with an update rule starts queued (but the `settled` ones); those start in one
        sorted list (cheaper than a heap of all of them) merged with a heap of the ones queued
        again, ties broken by when each was queued, as one heap would."""
        sets = self.sets
        initial = [instr for comp in self.graph.computations for instr in self.graph.post_order(comp)
                   if instr.opcode in UPDATERS and instr in sets and instr not in settled]
        order = sorted(range(len(initial)), key=lambda k: priority.get(initial[k], 0))
        queued: set[Instruction] = set(initial)
        heap: list = []
        tie = itertools.count(len(initial))

        def add(instr: Instruction | None) -> None:
            # Only opcodes with an update rule can change; the rest are never queued.
            if (instr is not None and instr.opcode in UPDATERS and instr not in queued
                    and instr in sets):
                queued.add(instr)
                heapq.heappush(heap, (priority.get(instr, 0), next(tie), instr))

        position, count = 0, len(order)
        # Where each operand sits among a caller's (a call may pass hundreds: scanning them all
        # for every operand that changes would be quadratic).
        numbers_of: dict[Instruction, dict[Instruction, list[int]]] = {}
        while True:
            if position < count:
                k = order[position]
                first = initial[k]
                if heap and (heap[0][0], heap[0][1]) < (priority.get(first, 0), k):
                    instr = heapq.heappop(heap)[2]
                else:
                    instr = first
                    position += 1
            elif heap:
                instr = heapq.heappop(heap)[2]
            else:
                break
            queued.discard(instr)
            handler = UPDATERS[instr.opcode]
            if not handler(self, instr):
                continue
            for user in instr.users:
                add(user)
                if user.opcode not in CONTROL_FLOW_CALLEES:
                    continue
                callees = self.graph.callees(user)
                if user.opcode == "conditional":
                    for j, branch in enumerate(callees):
                        if j + 1 < len(user.operands) and user.operands[j + 1] is instr:
                            add(branch.parameter(0))
                elif user.opcode in ("async-update", "async-done"):
                    for comp in callees:
                        for param in comp.parameters:
                            add(param)
                else:
                    numbers = numbers_of.get(user)
                    if numbers is None:
                        numbers = numbers_of[user] = {}
                        for k, operand in enumerate(user.operands):
                            numbers.setdefault(operand, []).append(k)
                    for comp in callees:
                        for k in numbers.get(instr, ()):
                            add(comp.parameter(k))
            if instr.is_root:  # (is_root marks the computation's root, printed ROOT or last)
                for site in self.graph.callsites.get(instr.computation, ()):
                    add(site)
                    if site.opcode == "while":
                        for callee in self.graph.callees(site):
                            add(callee.parameter(0))

    def assign(self, instr: Instruction, index: tuple, values: list[Value]) -> bool:
        current = self.sets[instr].get(index)
        if current is None or current == values:
            return False
        self._writable(instr)[index] = values  # shared: set lists are replaced, never changed in place
        return True

    def _writable(self, instr: Instruction) -> dict[tuple, list[Value]]:
        sets = self.sets[instr]
        if sets is _NO_VALUES:
            sets = self.sets[instr] = dict(_NO_VALUES)
        return sets

    def values_at(self, instr: Instruction, index: tuple) -> list[Value]:
        """The values that may be at (`instr`, `index`)."""
        sets = self.sets.get(instr)
        return sets.get(index, []) if sets is not None else []

    def forward(self, instr: Instruction, source: Instruction, source_prefix: tuple = (),
                 target_prefix: tuple = (), skip_top: bool = False) -> bool:
        """Copy `source`'s sets at source_prefix+i into instr's sets at target_prefix+i."""
        changed = False
        for index in list(self.sets[instr]):
            if index[:len(target_prefix)] != target_prefix or (skip_top and index == target_prefix):
                continue
            rest = index[len(target_prefix):]
            changed |= self.assign(instr, index, self.values_at(source, source_prefix + rest))
        return changed

    def _union(self, instr: Instruction, inputs: list[dict]) -> bool:
        changed = False
        if len(inputs) == 1:  # one caller (the common case): its lists are sorted already
            (source,) = inputs
            for index in self.sets[instr]:
                changed |= self.assign(instr, index, source.get(index, _EMPTY))
            return changed
        for index in self.sets[instr]:
            merged = {v.id: v for sets in inputs for v in sets.get(index, ())}
            changed |= self.assign(instr, index, [merged[k] for k in sorted(merged)])
        return changed

    def phi(self, instr: Instruction, inputs: list[dict]) -> bool:
        """Phi: one input value is forwarded (a phi defined here before is deleted); several
        make (or keep) a phi defined here, registered in the phi graph with its inputs."""
        changed = False
        for index, current_set in self.sets[instr].items():
            current = current_set[0] if len(current_set) == 1 else None
            input_values = [v for sets in inputs for v in sets.get(index, ())]
            defined_here = current is not None and current.instruction is instr and current.index == index
            if not input_values:
                continue
            if len(input_values) == 1:
                new = input_values[0]
                if current is not new:
                    if defined_here:
                        assert current is not None  # (defined_here says so)
                        self._deleted.add(current.id)
                    self._writable(instr)[index] = [new]
                    changed = True
            elif current is None or not (defined_here and current.is_phi):
                phi = self._new(instr, index, is_phi=True)
                self._writable(instr)[index] = [phi]
                self._phis.register(phi.id, [v.id for v in input_values])
                changed = True
            elif not self._phis.inputs_equal(current.id, [v.id for v in input_values]):
                self._phis.register(current.id, [v.id for v in input_values])
                changed = True
        return changed

    def update_parameter(self, param: Instruction) -> bool:
        assert param.computation is not None   # (an instruction of the module)
        sites = self.graph.callsites.get(param.computation)
        if not sites:
            return False
        inputs: list[dict] = []
        need_phi = False
        number = param.parameter_number
        for site in sites:
            op = site.opcode
            if op == "async-start" and not site.operands:   # (its async-update passes them: updates.py)
                bound = next((u for u in site.users if u.opcode == "async-update"), None)
                if bound is not None and number + 1 < len(bound.operands):
                    inputs.append(self.sets[bound.operands[number + 1]])
            elif op in ("call", "async-start"):
                if number < len(site.operands):
                    inputs.append(self.sets[site.operands[number]])
            elif op == "while":
                inputs.append(self.sets[site.operands[0]])
                body = self.graph.callees(site)[1]
                if param is not body.root:
                    inputs.append(self.sets[body.root])
                need_phi = True
            elif op == "conditional":
                for j, branch in enumerate(self.graph.callees(site)):
                    if branch is param.computation and j + 1 < len(site.operands):
                        inputs.append(self.sets[site.operands[j + 1]])
                        break
                need_phi = True
            elif op in ("async-update", "async-done"):
                source = self.sets[site.operands[0]]
                shifted = {i[2:]: vs for i, vs in source.items() if i[:2] == (0, number)}
                return self._union(param, [self.sets[param], shifted])
        return self.phi(param, inputs) if need_phi else self._union(param, inputs)

    # --- positions and uses -----------------------------------------------------------------
    def _optimize_phis(self) -> None:
        if not self._phis.registered:
            return  # no while or conditional merged different values
        self._phis.optimize()
        replaced = self._phis.replaced()
        if not replaced:
            return  # (most phis stay: no walk over every set)
        for sets in self.sets.values():
            for index, values in sets.items():
                if len(values) == 1 and values[0].id in replaced:
                    self._deleted.add(values[0].id)
                    sets[index] = [self.values[replaced[values[0].id]]]

    def _record_positions(self) -> None:
        get = self.sets.get
        for comp in self.graph.computations:
            for instr in comp.instructions:
                instr_sets = get(instr)
                if instr_sets is None:
                    continue
                for index, values in instr_sets.items():
                    for value in values:
                        if value.instruction is not instr:
                            value.positions.append((instr, index))

    def _record_uses(self) -> None:
        """HloValue::ComputeUses: every operand slot reading a position; get-tuple-element and
        copy read only the top level; tuple and domain pass through unless they are the root of
        their computation and the value appears there. Walked user by user (each use once)."""
        sets = self.sets
        for user in sets:
            if not user.operands:
                continue  # (most are parameters)
            at_root = None
            if user.is_root:
                at_root = {v.id for values in sets[user].values() for v in values}
            pass_through = user.opcode in ("tuple", "domain")
            top_only = user.opcode in ("get-tuple-element", "copy")
            for k, operand in enumerate(user.operands):
                operand_sets = sets.get(operand)
                if operand_sets is None:
                    continue
                for index, values in operand_sets.items():
                    if (top_only and index) or pass_through:
                        for value in values:
                            if at_root is not None and value.id in at_root:
                                value.uses.append((user, k, index))
                    else:
                        key = (user, k, index)
                        for value in values:
                            value.uses.append(key)

    def value_list(self) -> list[Value]:
        return [self.values[k] for k in sorted(self.values)]


def _passed_parameters(graph: CallGraph) -> dict[Computation, list[Instruction]]:
    """Computations (with the operand each parameter holds, in comp.parameters' order) whose
    parameters nothing reads while the worklist runs: called by one `call`, passing an operand
    for each parameter, and holding only parameters and a root that reads no sets (XLA:CPU
    wraps each parallel fusion so: most instructions of such a module). Their parameters are
    left out of the worklist and take the operands' final sets at the end (the sets they
    would reach)."""
    passed: dict[Computation, list[Instruction]] = {}
    numerals: list[str] = []  # "0", "1", ...
    for comp, sites in graph.callsites.items():
        if len(sites) != 1 or sites[0].opcode != "call":
            continue
        root, params, operands = comp.root, comp.parameters, sites[0].operands
        if (len(params) + 1 != len(comp.instructions) or root.opcode == "parameter"
                or root.opcode in UPDATERS or root.opcode in CONTROL_FLOW_CALLEES
                or (params and params[-1].parameter_number >= len(operands))):  # (sorted by number)
            continue
        numerals.extend(map(str, range(len(numerals), len(params))))
        if [param.args for param in params] == numerals[:len(params)]:  # 0..n-1, as XLA prints them
            passed[comp] = operands[:len(params)]
        else:  # (another spelling, or a number twice: each its own)
            passed[comp] = [operands[param.parameter_number] for param in params]
    return passed


def _permute_destinations(instr: Instruction) -> set:
    """Destination leaves an (in-place or multi-operand) collective-permute-start defines."""
    if len(instr.operands) == 4:  # in place: operand 1 is the destination
        dest = instr.operands[1].shape
        return {(1, i) for i in range(len(dest.elements))} if dest.is_tuple else set()
    if len(instr.operands) > 1:
        return {(1, i) for i in range(len(instr.operands))}
    return set()
