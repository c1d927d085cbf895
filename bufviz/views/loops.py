"""What a while loop does with each element it carries, read from its body: the same buffer
holds the element before, during and after the loop, so what it is for follows from how the body
writes it, not from the loop's name.

* stacked: written a slice per iteration (a dynamic-update-slice or scatter into the element
  read from the loop's parameter) and read by nothing else in the body: a scan's stacked
  outputs (jax's `ys`): its residuals for the backward pass, its stacked gradients.
* cache: written a slice per iteration and read in the body too: a KV cache the loop updates in
  place.
* passed: the body returns it unchanged: what the loop reads each iteration (stacked weights of
  scanned layers, the forward loop's residuals a backward loop reads); it is what flows in.
* state: recomputed each iteration (a counter, an LSTM's hidden state, an accumulator: of
  gradients where the backward pass writes it)."""
from __future__ import annotations

from ..hlo.model import Instruction
from ..hlo.program import BACKWARD_OP
from .made import LAYOUT, made_by

_FORWARDING = ("bitcast", "copy", "reshape")
_SLICE_WRITES = ("dynamic-update-slice", "scatter")
STACKED, CACHE, PASSED, STATE = "stacked outputs", "cache", "passed through", "state"


class Loops:
    """The module's while loops by the computations they run, and each (loop, element)'s
    carry worked out once."""

    def __init__(self, instructions):
        self.by_body: dict[str, Instruction] = {}
        self.callers: dict[str, Instruction] = {}   # a computation a `call` runs -> that call
        for instr in instructions:
            if instr.opcode == "while":
                for name in instr.callee_names(("body", "condition")):
                    self.by_body[name] = instr
            elif instr.opcode == "call":   # (XLA:CPU wraps a small loop in a call of its own)
                for name in instr.callee_names(("to_apply",)):
                    self.callers[name] = instr
        self._found: dict[tuple[Instruction, int], dict] = {}

    def carry(self, instr: Instruction, index: tuple) -> dict | None:
        """{"kind", "loop" (the while's name), "element", its "shape", "written_by" (the op_name
        of what writes it), for stacked outputs "read_after_by_backward"; for an element passed through,
        "origin" (the instruction and index flowing in)} for a value a loop carries: the while's
        own or its body's or condition's parameter, at an element of the carried tuple. None
        for other values and for the carried tuple itself."""
        if not index:
            return None
        loop: Instruction | None
        if instr.opcode == "while":
            loop = instr
        elif instr.opcode == "parameter" and instr.computation is not None:
            loop = self.by_body.get(instr.computation.name)
        else:
            loop = None
        if loop is None:
            return None
        key = (loop, index[0])
        if key not in self._found:
            try:
                shape = loop.shape.subshape((index[0],)).text
            except KeyError:   # (an index the loop's shape does not have)
                return None
            self._found[key] = {"loop": loop.name, "element": index[0], "shape": shape,
                                **_carry(self, loop, index[0])}
        return self._found[key]

    def filled(self, instr: Instruction, index: tuple) -> dict | None:
        """The carry of the loop a value is the first content of, where the loop fills it (its
        stacked outputs, a cache: the zeros a scan writes into, the KV cache a prefill wrote),
        else None."""
        if index:   # (an element of a multi-output instruction: its read)
            reads = [u for u in instr.users if u.opcode == "get-tuple-element" and u.tuple_index == index[0]]
            if len(index) > 1 or len(reads) != 1:
                return None
            instr = reads[0]
        for loop, element in self.loops_reading(instr):
            carry = self.carry(loop, (element,))
            if carry is not None and carry["kind"] in (STACKED, CACHE):
                return carry
        return None

    def written(self, instr: Instruction) -> dict | None:
        """The carry (a cache, stacked outputs) a slice write in a loop body is a step of: the
        writes chained from it reach the body's result there (XLA:TPU chains one per layer, each
        a buffer of its own), else None."""
        comp = instr.computation
        loop = self.by_body.get(comp.name) if comp is not None and _writes_slice(instr) else None
        if loop is None or comp is None:
            return None
        root = comp.root
        step: Instruction | None = instr
        for _ in range(64):
            if step is None:
                return None
            if step in root.operands:
                carry = self.carry(loop, (root.operands.index(step),))
                return carry if carry is not None and carry["kind"] in (STACKED, CACHE) else None
            step = next((u for u in step.users if _writes_slice(u) or u.opcode in _FORWARDING), None)
        return None

    def next_value(self, instr: Instruction) -> dict | None:
        """The carry a while body's result gives `instr` to (its next value: a KV cache rebuilt
        by stacking the layers' new ones), else None."""
        comp = instr.computation
        loop = self.by_body.get(comp.name) if comp is not None else None
        if loop is None or comp is None or comp.root is None or comp.root.opcode != "tuple" \
                or instr not in comp.root.operands or comp.root.operands.count(instr) != 1:
            return None
        return self.carry(loop, (comp.root.operands.index(instr),))

    def start_of(self, loop: Instruction, element: int, depth: int = 16) -> Instruction | None:
        """What element `element` of the loop starts from (through bitcasts and copies, a call
        wrapping the loop, and the result of an earlier loop it is that loop's)."""
        for _ in range(depth):
            origin = _origin(self, loop, element)
            if origin is None:
                return None
            source, index = origin
            if source.opcode != "while" or len(index) != 1:
                return source
            loop, element = source, index[0]
        return None

    def body_reads(self, loop: Instruction, element: int) -> list[Instruction]:
        """Where the loop's body reads element `element` of what it carries."""
        body = loop.called_body(("body",))
        param = body.parameter(0) if body is not None else None
        return [u for u in param.users if u.opcode == "get-tuple-element" and u.tuple_index == element] \
            if param is not None else []

    def caller(self, instr: Instruction) -> Instruction | None:
        """The call whose computation `instr` is the parameter or root of, or None."""
        comp = instr.computation
        if comp is None:
            return None
        call = self.callers.get(comp.name)
        return call if call is not None and (instr is comp.root or instr.opcode == "parameter") else None

    def loops_reading(self, value: Instruction, through=_FORWARDING) -> list[tuple[Instruction, int]]:
        """(loop, element) for the while loops `value` flows into through a tuple (and a call),
        and ops of `through` on the way."""
        out = []
        for user in value.users:
            while user.opcode in through and len(user.users) == 1:
                value, user = user, user.users[0]
            if user.opcode != "tuple" or value not in user.operands:
                continue
            element = user.operands.index(value)
            for reader in user.users:
                if reader.opcode == "call":
                    body = reader.called_body(("to_apply",))
                    param = body.parameter(0) if body is not None else None
                    readers = [u for u in param.users if u.opcode == "while"] if param is not None else []
                else:
                    readers = [reader] if reader.opcode == "while" else []
                out += [(loop, element) for loop in readers]
        return out


def _carry(loops: Loops, loop: Instruction, element: int) -> dict:
    body = loop.called_body(("body",))
    param = body.parameter(0) if body is not None else None
    root = body.root if body is not None else None
    if param is None or root is None or root.opcode != "tuple" or element >= len(root.operands):
        return {"kind": STATE}
    reads = loops.body_reads(loop, element)
    written = _unforwarded(root.operands[element])
    if written in reads:
        return {"kind": PASSED, "origin": _origin(loops, loop, element)}
    # (XLA:GPU runs a fusion asynchronously: async-start's operands, its done's result)
    writer = written.operands[0] if written.opcode == "async-done" and written.operands else written
    if not _writes_slice(writer) or not _updates(writer, reads):
        return {"kind": STATE, "written_by": _op_name(writer)}
    read_elsewhere = any(u is not writer and not _forwards_to(u, writer) for r in reads for u in r.users) or \
        any(u is not root and not _forwards_to(u, root) for u in written.users)
    if read_elsewhere:
        return {"kind": CACHE}
    return {"kind": STACKED, "written_by": _op_name(writer),
            "read_after_by_backward": _read_after_by_backward(loops, loop, element)}


def _updates(writer: Instruction, reads: list[Instruction], depth: int = 64) -> bool:
    """Whether a slice write updates what the loop reads: one of its operands is that read, or
    another slice write that does (XLA:TPU chains one write per layer into a cache)."""
    step: Instruction | None = writer
    for _ in range(depth):
        if step is None:
            return False
        operands = [_unforwarded(o) for o in step.operands]
        if any(o in reads for o in operands):
            return True
        step = next((o for o in operands if _writes_slice(o)), None)
    return False


def _unforwarded(instr: Instruction, depth: int = 4) -> Instruction:
    """What `instr` forwards, through bitcasts and copies."""
    while depth and instr.opcode in _FORWARDING and len(instr.operands) == 1:
        instr, depth = instr.operands[0], depth - 1
    return instr


def _forwards_to(instr: Instruction, target: Instruction, depth: int = 4) -> bool:
    """A bitcast or copy whose users lead to `target` only."""
    if not depth or instr.opcode not in _FORWARDING:
        return False
    return all(u is target or _forwards_to(u, target, depth - 1) for u in instr.users)


def _writes_slice(instr: Instruction, depth: int = 2) -> bool:
    """A dynamic-update-slice or scatter, or a fusion (or async-start) whose root is one (in
    place, on every backend)."""
    if instr.opcode in _SLICE_WRITES:
        return True
    if instr.opcode not in ("fusion", "async-start") or not depth:
        return False
    body = instr.called_body()
    return body is not None and _writes_slice(_unforwarded(body.root), depth - 1)


def _op_name(instr: Instruction) -> str:
    """An instruction's op_name, or its fusion root's."""
    if instr.op_name:
        return instr.op_name
    body = instr.called_body() if instr.opcode in ("fusion", "async-start") else None
    return (_unforwarded(body.root).op_name or "") if body is not None else ""


def _read_after_by_backward(loops: Loops, loop: Instruction, element: int, limit: int = 64) -> bool:
    """Whether a backward pass's instruction reads the element once the loop is over (through
    bitcasts and copies, and into another loop's carried tuple)."""
    result = loops.caller(loop) or loop
    stack = [u for u in result.users if u.opcode == "get-tuple-element" and u.tuple_index == element]
    seen: set[Instruction] = set()
    while stack and len(seen) < limit:
        instr = stack.pop()
        if instr in seen:
            continue
        seen.add(instr)
        for user in instr.users:
            if BACKWARD_OP.search(_op_name(user)):
                return True
            if user.opcode in (*_FORWARDING, "tuple", "async-done") or made_by(user) == LAYOUT or \
                    (_writes_slice(user) and user.operands and user.operands[0] is instr):
                stack.append(user)   # (a copy in another layout, a last slice written in place: a peeled loop's)
            elif user.opcode == "while" and _backward_loop(loops, user):
                return True
    return False


def _backward_loop(loops: Loops, loop: Instruction) -> bool:
    """A loop of the backward pass: its op_name or its condition's says so, else what its body
    writes (XLA:TPU leaves its loops unnamed)."""
    if BACKWARD_OP.search(loop_op_name(loop)):
        return True
    elements = len(loop.shape.elements) if loop.shape.is_tuple else 0   # type: ignore[attr-defined]
    return any(BACKWARD_OP.search((loops.carry(loop, (k,)) or {}).get("written_by") or "") for k in range(elements))


def loop_op_name(loop: Instruction) -> str:
    """A loop's op_name and its condition's root's (jax 0.6 names a backward loop `while`, its
    condition `transpose(jvp(while))/cond/lt`; XLA:CPU leaves some whiles unnamed)."""
    condition = loop.called_body(("condition",))
    return f"{loop.op_name or ''} {(condition.root.op_name or '') if condition is not None else ''}"


def _origin(loops: Loops, loop: Instruction, element: int) -> tuple[Instruction, tuple] | None:
    """The instruction and index that flow into element `element` of the loop: the init
    tuple's operand (through bitcasts and copies; into the tuple of another loop's result)."""
    init = _unforwarded(loop.operands[0]) if loop.operands else None
    call = loops.caller(init) if init is not None and init.opcode == "parameter" else None
    if call is not None and call.operands:
        init = _unforwarded(call.operands[0])
    if init is None or init.opcode != "tuple" or element >= len(init.operands):
        return None
    source = _unforwarded(init.operands[element])
    if source.opcode == "get-tuple-element" and source.operands:
        return _unforwarded(source.operands[0]), (source.tuple_index,)
    return source, ()
