"""bufviz's own schedulers for one computation, searching orders of the memory model for the
least peak: a beam search over ready sets, an exact search (dynamic programming over the sets
of instructions already run) for small ones, and a local search that moves instructions out
of the peak step.

A state is the set of instructions run (a bit mask), the bytes live (a function of that set),
the peak so far, the ready instructions and the order. Instructions that allocate nothing are
run as soon as they are ready: that never raises the peak."""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..liveness.peak import bytes_live
from .deadline import Deadline
from .model import MemoryModel

EXACT_STEPS = 100_000     # moves the exact search may try before it gives up
EXACT_SIZE = 80           # instructions: larger computations are not searched exactly
BEAM_WIDTH = 24


class State(NamedTuple):
    peak: int
    live: int
    done: int
    ready: frozenset
    order: tuple | None     # (last instruction, previous order): a linked list


def start(model: MemoryModel) -> State:
    ready = frozenset(k for k in range(model.n) if not model.preds[k])
    return _settle(model, State(model.initial, model.initial, 0, ready, None), False)


def advance(model: MemoryModel, state: State, k: int, optimistic: bool) -> State:
    return _settle(model, _run(model, state, k, optimistic), optimistic)


def _run(model: MemoryModel, state: State, k: int, optimistic: bool) -> State:
    at, live = model.step(k, state.live, state.done, optimistic)
    done = state.done | (1 << k)
    return _after(state, k, max(state.peak, at), live, done, _newly_ready(model, k, done))


def _newly_ready(model: MemoryModel, k: int, done: int) -> set:
    """The readers of `k` whose predecessors have all run once `done` has."""
    masks = model.preds_mask
    return {s for s in model.succs[k] if masks[s] & done == masks[s]}


def _after(state: State, k: int, peak: int, live: int, done: int, newly: set) -> State:
    """The state once `k` has run (before settling)."""
    return State(peak, live, done, frozenset(state.ready - {k} | newly), (k, state.order))


def _settle(model: MemoryModel, state: State, optimistic: bool) -> State:
    """Run every ready instruction that allocates nothing (a loop: a chain of thousands must
    not recurse)."""
    free = model.free_set
    while not free.isdisjoint(state.ready):  # (in C: most states have none)
        state = _run(model, state, next(k for k in state.ready if k in free), optimistic)
    return state


def order_of(state: State) -> list[int]:
    order, node = [], state.order
    while node is not None:
        order.append(node[0])
        node = node[1]
    return order[::-1]


def beam_order(model: MemoryModel, width: int = BEAM_WIDTH, deadline: Deadline | None = None) -> tuple[int, list[int]]:
    """Keep the `width` best partial orders (least peak, then least live) of each length; past
    the deadline, one (a greedy finish). A candidate's state is built only if it is kept: a
    move that readies no instruction allocating nothing needs no settling, so its peak, bytes
    live and set run are known without one."""
    beam = [start(model)]
    free = model.free_set
    while beam[0].ready:
        if deadline is not None and deadline.passed(sum(len(s.ready) for s in beam)):
            width = 1
        best: dict[int, tuple] = {}   # set run -> (peak, live, the State or what builds it)
        for state in beam:
            for k in state.ready:
                at, live = model.step(k, state.live, state.done, False)
                done = state.done | (1 << k)
                newly = _newly_ready(model, k, done)
                peak = max(state.peak, at)
                if free.isdisjoint(newly):
                    candidate: tuple = (peak, live, (state, k, done, newly))
                else:
                    settled = _settle(model, _after(state, k, peak, live, done, newly), False)
                    done, candidate = settled.done, (settled.peak, settled.live, settled)
                seen = best.get(done)
                if seen is None or candidate[:2] < seen[:2]:
                    best[done] = candidate
        kept = sorted(best.values(), key=lambda c: (c[0], c[1]))[:width]
        beam = [_kept_state(c) for c in kept]
    return beam[0].peak, order_of(beam[0])


def _kept_state(candidate: tuple) -> State:
    peak, live, made = candidate
    if isinstance(made, State):
        return made
    state, k, done, newly = made
    return _after(state, k, peak, live, done, newly)


def exact_order(model: MemoryModel, optimistic: bool, deadline: Deadline | None = None,
                limit: int = EXACT_STEPS) -> tuple[int, list[int]] | None:
    """The least peak over every order, or None when that takes more than `limit` moves (or the
    deadline passes). Sets of equal size form a layer; the bytes live depend on the set alone."""
    if model.n > EXACT_SIZE:
        return None
    first = start(model)
    layer = {first.done: first}
    while any(s.ready for s in layer.values()):
        moves = sum(len(s.ready) for s in layer.values())
        limit -= moves
        if limit < 0 or (deadline is not None and deadline.passed(moves)):
            return None
        nxt: dict[int, State] = {}
        for state in layer.values():
            for k in state.ready:
                new = advance(model, state, k, optimistic)
                seen = nxt.get(new.done)
                if seen is None or new.peak < seen.peak:
                    nxt[new.done] = new
        layer = nxt
    best = min(layer.values(), key=lambda s: s.peak)
    return best.peak, order_of(best)


def profile(model: MemoryModel, order: list[int]) -> list[int]:
    """Bytes at each step of `order` (the model that counts operands and outputs both): each
    buffer is live from the step after its definer to its last reader (or to the end if kept),
    and a step adds what its instruction defines or its callee needs."""
    table = model.buffer_table
    n = model.n
    position = np.empty(n, dtype=np.int64)
    position[order] = np.arange(len(order))
    definers = table.definer
    begin = np.where(definers >= 0, position[np.maximum(definers, 0)] + 1, 0)
    end = np.full(definers.size, -1, dtype=np.int64)
    if table.read.size:
        end[table.read] = np.maximum.reduceat(position[table.readers], table.starts)
    end[table.keep] = n - 1
    counted = end >= begin
    live = bytes_live(begin[counted], end[counted] + 1, table.size[counted], n)
    return (live + table.step_bytes[order]).tolist()


PROFILE_STEP = 16   # instructions of an order profiled (numpy) per step of a search's limit


def improve_order(model: MemoryModel, order: list[int], deadline: Deadline | None = None) -> tuple[int, list[int]]:
    """Local search: move one instruction out of the step at the peak (later, to just before its
    first reader; or a reader of a buffer live there earlier, just after its last predecessor)
    while the peak, then the bytes summed over all steps, fall."""
    steps = profile(model, order)
    score = (max(steps, default=0), sum(steps))
    improved = True
    while improved and not (deadline is not None and deadline.passed()):
        improved = False
        at = steps.index(score[0])
        for trial in _moves(model, order, at):
            if deadline is not None and deadline.passed(len(trial) // PROFILE_STEP + 1):
                break
            trial_steps = profile(model, trial)
            trial_score = (max(trial_steps), sum(trial_steps))
            if trial_score < score:
                order, steps, score, improved = trial, trial_steps, trial_score, True
                break
    return score[0], order


def _moves(model: MemoryModel, order: list[int], at: int):
    position = {k: t for t, k in enumerate(order)}
    for t in range(at, -1, -1):        # defined before the peak, first read after it: later
        k = order[t]
        readers = [position[s] for s in model.succs[k]]
        first = min(readers, default=len(order))
        if first > at and model.defined[k]:
            yield order[:t] + order[t + 1:first] + [k] + order[first:]
    for t in range(at + 1, len(order)):   # after the peak: earlier, if that frees something
        k = order[t]
        if not any(model.readers_mask[b] for b in model.uses[k]):
            continue
        last = max((position[p] for p in model.preds[k]), default=-1)
        if last < at:
            yield order[:last + 1] + [k] + order[last + 1:t] + order[t + 1:]
