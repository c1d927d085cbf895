"""How each opcode's value sets follow from its operands' (UpdateInstructionValueSet, docs/rules.md
§2.1): the rules the dataflow's worklist runs, each `rule(df, instr) -> changed`, where `df` is
the Dataflow being computed."""
from __future__ import annotations

from ...hlo.model import Instruction
from .value import Value


def _whole(df, instr: Instruction) -> bool:
    return df.forward(instr, instr.operands[0]) if instr.operands else False


def _gte(df, instr: Instruction) -> bool:
    return df.forward(instr, instr.operands[0], source_prefix=(instr.tuple_index,))


def _tuple(df, instr: Instruction) -> bool:
    changed = False
    for k, operand in enumerate(instr.operands):
        changed |= df.forward(instr, operand, target_prefix=(k,))
    return changed


def _copy(df, instr: Instruction) -> bool:
    return df.forward(instr, instr.operands[0], skip_top=True)


def _call(df, instr: Instruction) -> bool:
    callees = df.graph.callees(instr)
    return df.forward(instr, callees[0].root) if callees else False


def _while(df, instr: Instruction) -> bool:
    body = df.graph.callees(instr)[1]
    return df.phi(instr, [df.sets[body.root], df.sets[instr.operands[0]]])


def _conditional(df, instr: Instruction) -> bool:
    return df.phi(instr, [df.sets[branch.root] for branch in df.graph.callees(instr)])


def _copy_start(df, instr: Instruction) -> bool:
    return df.assign(instr, (1,), df.values_at(instr.operands[0], ()))


def _copy_done(df, instr: Instruction) -> bool:
    return df.assign(instr, (), df.values_at(instr.operands[0], (0,)))


def _send(df, instr: Instruction) -> bool:
    return df.forward(instr, instr.operands[0], target_prefix=(0,))


def _recv_done(df, instr: Instruction) -> bool:
    return df.forward(instr, instr.operands[0], source_prefix=(0,), target_prefix=(0,))


def _array_leaves(df, instr: Instruction, target_prefix: tuple) -> list[tuple]:
    shape = instr.shape
    return [i for i in df.sets[instr] if i[:len(target_prefix)] == target_prefix
            and not shape.subshape(i).is_tuple]


def _all_gather_start(df, instr: Instruction) -> bool:
    changed = False
    many = len(instr.operands) > 1
    for k, operand in enumerate(instr.operands):
        changed |= df.assign(instr, (0, k) if many else (0,), df.values_at(operand, ()))
    return changed


def _from_start(df, instr: Instruction) -> bool:
    """all-gather-done / collective-permute-done: array leaves come from the start's {1}."""
    changed = False
    for index in _array_leaves(df, instr, ()):
        changed |= df.assign(instr, index, df.values_at(instr.operands[0], (1,) + index))
    return changed


def _permute_start(df, instr: Instruction) -> bool:
    changed = False
    operands = instr.operands
    if len(operands) != 4 and len(operands) > 1:
        for k, operand in enumerate(operands):
            changed |= df.assign(instr, (0, k), df.values_at(operand, ()))
    elif operands[0].shape.is_tuple:
        for k in range(len(operands[0].shape.elements)):
            changed |= df.assign(instr, (0, k), df.values_at(operands[0], (k,)))
    else:
        changed |= df.assign(instr, (0,), df.values_at(operands[0], ()))
    return changed


def _async_start(df, instr: Instruction) -> bool:
    changed = False
    for k, operand in enumerate(instr.operands):
        for index in _array_leaves(df, operand, ()):
            changed |= df.assign(instr, (0, k) + index, df.values_at(operand, index))
    callees = df.graph.callees(instr)
    if callees and (1,) in df.sets[instr] and not _empty_tuple(instr.shape.subshape((1,))):
        root = callees[0].root   # (an operand-less start's `()` result: its async-update takes the root's)
        for index in _array_leaves(df, root, ()):
            changed |= df.assign(instr, (1,) + index, df.values_at(root, index))
    return changed


def _empty_tuple(shape) -> bool:
    return shape.is_tuple and not shape.elements


def _async_update(df, instr: Instruction) -> bool:
    """Forwards its operand's layout; one that passes the wrapped computation its operands
    (after an async-start without any, as libtpu's SparseCore offloads are written) binds
    them at {0, k}, as an async-start does."""
    changed = _async_forward(df, instr, source_prefix=())
    callee = async_callee(df.graph, instr)
    if callee is not None and len(instr.operands) - 1 == len(callee.parameters) > 0:
        for k, operand in enumerate(instr.operands[1:]):
            for index in _array_leaves(df, operand, ()):
                changed |= df.assign(instr, (0, k) + index, df.values_at(operand, index))
    return changed


def chain_start(instr: Instruction) -> Instruction:
    """The async-start of an async op's chain (an async-update or -done reads its forerunner)."""
    while instr.opcode != "async-start" and instr.operands and instr.operands[0].opcode.startswith("async-"):
        instr = instr.operands[0]
    return instr


def async_callee(graph, instr: Instruction):
    """The computation an async op's chain wraps (only its async-start prints `calls=`)."""
    start = chain_start(instr)
    callees = graph.callees(start) if start.opcode == "async-start" else ()
    return callees[0] if callees else None


def _async_done(df, instr: Instruction) -> bool:
    return _async_forward(df, instr, source_prefix=(1,))


def _async_forward(df, instr: Instruction, source_prefix: tuple) -> bool:
    """async-update keeps its operand's layout; async-done returns the operand's {1}. Outputs
    ({1}) also take the wrapped computation's root values."""
    changed = False
    callee = async_callee(df.graph, instr)
    root = callee.root if callee is not None else None
    source = instr.operands[0]
    for index in _array_leaves(df, source, source_prefix):
        values = df.values_at(source, index)
        if index and index[0] == 1 and root is not None:
            values = _merged(values, df.values_at(root, index[1:]))
        changed |= df.assign(instr, index[len(source_prefix):], values)
    return changed


def _merged(a: list[Value], b: list[Value]) -> list[Value]:
    merged = {v.id: v for v in a + b}
    return [merged[k] for k in sorted(merged)]


UPDATERS = {
    "add-dependency": _whole, "bitcast": _whole, "domain": _whole, "optimization-barrier": _whole,
    "all-reduce-done": _whole, "get-tuple-element": _gte, "tuple": _tuple, "copy": _copy,
    "parameter": lambda df, i: df.update_parameter(i), "call": _call, "while": _while,
    "conditional": _conditional, "copy-start": _copy_start, "copy-done": _copy_done, "send": _send,
    "recv-done": _recv_done, "all-gather-start": _all_gather_start, "all-gather-done": _from_start,
    "collective-permute-start": _permute_start, "collective-permute-done": _from_start,
    "async-start": _async_start, "async-update": _async_update, "async-done": _async_done,
}
# Opcodes whose rule only forwards its inputs' sets (no value made or deleted): _settle may
# run them early.
FORWARDERS = frozenset(op for op, rule in UPDATERS.items() if rule in (_whole, _gte, _tuple, _copy, _call))
