"""A lower bound on the peak (MinimumMemoryForModule) of every order of a computation.

Two bounds, the larger wins. Forced: whatever the order, a buffer defined by an ancestor of an
instruction and read by one of its descendants is live while it runs, and so are its operands and
its outputs (an output may take a dying operand's place, so only the larger of the two counts);
while a computation it calls runs, the callee's bound adds to the buffers live through the call.
Exact: for small computations, the optimistic model's best order found by dynamic programming."""
from __future__ import annotations

import numpy as np

from .deadline import Deadline
from .model import MemoryModel
from .search import exact_order

FORCED_LIMIT = 4000       # instructions: the ancestor matrix is n² bytes


def lower_bound(model: MemoryModel, deadline: Deadline | None = None) -> int:
    """The larger of the forced bound and, when the exact search finishes, its least peak."""
    if model.bound is None:
        found = exact_order(model, optimistic=True, deadline=deadline)
        model.bound = max(forced_bound(model), found[0] if found else 0)
    return model.bound


def forced_bound(model: MemoryModel) -> int:
    n = model.n
    if n == 0:
        return model.initial
    if n > FORCED_LIMIT:   # operands and outputs only, and parameters kept to the end
        return model.pinned + max(max(model.uses_bytes[k], model.extra[k], model.defined[k]) for k in range(n))
    ancestors = np.zeros((n, n), dtype=bool)   # [v, a]: a runs before v in every order
    for v in model.topological:
        for p in model.preds[v]:
            ancestors[v] |= ancestors[p]
            ancestors[v, p] = True
    through = np.zeros(n, dtype=np.int64)
    everywhere = np.ones(n, dtype=bool)
    for b, size in enumerate(model.size):
        if not size:
            continue
        a = model.definer[b]
        live = everywhere.copy() if model.keep[b] else ancestors[model.readers[b]].any(axis=0)
        if a >= 0:
            live &= ancestors[:, a]
        through += size * live
    best = 0
    for v in range(n):
        unforced = sum(model.size[b] for b in model.uses[v] if not _forced(model, ancestors, b, v))
        # While a callee runs, its caller's operands may already be the callee's own values.
        calling = int(through[v]) - (model.uses_bytes[v] - unforced) + model.extra[v]
        best = max(best, int(through[v]) + max(unforced, model.defined[v]), calling)
    return best


def _forced(model: MemoryModel, ancestors, b: int, v: int) -> bool:
    """Operand `b` of `v` is still needed after `v` in every order."""
    return model.keep[b] or any(ancestors[r, v] for r in model.readers[b])
