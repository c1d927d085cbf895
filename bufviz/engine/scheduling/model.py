"""One computation in integers, as bufviz's own schedulers and the lower bound see it: each
instruction's predecessors, the bytes it defines, the logical buffers it reads (docs/rules.md §6.1), and
the bytes a computation it calls needs while it runs."""
from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from ...hlo.model import Computation, Instruction
from ...hlo.opcodes import PASS_THROUGH
from .points_to import PointsTo
from .xla import predecessors

# Instructions whose callee runs inside their own time span in the flattened schedule.
CALLERS = frozenset({"while", "conditional", "call", "async-start"})


class BufferTable(NamedTuple):
    """The buffers that count bytes, as arrays (for measuring whole orders at once)."""
    size: np.ndarray         # bytes
    definer: np.ndarray      # the defining instruction; -1: a parameter
    keep: np.ndarray         # live to the end (bool)
    read: np.ndarray         # the buffers (rows here) that some instruction reads
    readers: np.ndarray      # their readers, buffer after buffer
    starts: np.ndarray       # where each read buffer's readers start in `readers`
    step_bytes: np.ndarray   # by instruction: the most of what it defines and its callee needs


class MemoryModel:
    """Instructions are numbered in the computation's instruction-list order; buffers too.
    Entry parameters are live from the start (and to the end unless donated); parameters of
    called computations belong to their caller's buffers and count nothing here; constants
    count nothing (MinimumMemoryForModule ignores them); nor do the results of `shared`
    calls, whose callee is called elsewhere too and flattened once."""

    def __init__(self, comp: Computation, post_order: list[Instruction], size, *, entry: bool,
                 donated: set, extra: dict[Instruction, int], shared: frozenset = frozenset()):
        self.instructions = list(comp.instructions)
        number = {instr: k for k, instr in enumerate(self.instructions)}
        self.n = len(self.instructions)
        self.preds = [[number[p] for p in predecessors(i)] for i in self.instructions]
        self.succs: list[list[int]] = [[] for _ in range(self.n)]
        for k, preds in enumerate(self.preds):
            for p in preds:
                self.succs[p].append(k)
        self.preds_mask = [sum(1 << p for p in set(preds)) for preds in self.preds]
        self.extra = [extra.get(i, 0) for i in self.instructions]
        # A while's results are its operand's buffers where the body passes them through (the
        # dataflow defines no value at a while): counting them once keeps the bound below XLA's.
        points = PointsTo(comp, post_order, PASS_THROUGH | {"while"})
        key_of: dict[tuple, int] = {}
        self.size: list[int] = []
        self.keep: list[bool] = []          # live to the end of the computation
        self.definer: list[int] = []        # the instruction defining each buffer; -1: a parameter
        self.bound: int | None = None       # the lower bound, once computed (bounds.py)
        self.defined = [0] * self.n         # bytes each instruction allocates
        self.owned: list[list[int]] = [[] for _ in range(self.n)]
        for k, instr in enumerate(self.instructions):
            for key in points.defined.get(instr, ()):
                b = key_of[key] = len(self.size)
                sub = instr.shape.subshape(key[1])
                counted = instr.opcode != "constant" and (entry or instr.opcode != "parameter") \
                    and instr not in shared
                self.size.append(size(sub) if counted else 0)
                self.definer.append(-1 if instr.opcode == "parameter" else k)
                self.keep.append(key in points.live_out or (instr.opcode == "parameter"
                                 and (instr.parameter_number, key[1]) not in donated))
                if instr.opcode != "parameter":
                    self.defined[k] += self.size[b]
                    self.owned[k].append(b)
        self.readers: list[list[int]] = [[] for _ in self.size]
        self.uses = [[key_of[key] for key in points.uses[i] if key in key_of and self.size[key_of[key]]]
                     for i in self.instructions]
        for k, used in enumerate(self.uses):
            for b in used:
                self.readers[b].append(k)
        # Bytes live before the first instruction (a donated parameter no one reads is free).
        self.initial = sum(s for s, k, d, r in zip(self.size, self.keep, self.definer, self.readers)
                           if d < 0 and (k or r))
        self.pinned = sum(s for s, k, d in zip(self.size, self.keep, self.definer) if k and d < 0)
        self.uses_bytes = [sum(self.size[b] for b in used) for used in self.uses]
        self.topological = [number[i] for i in post_order]
        self.readers_mask = [sum(1 << r for r in rs) for rs in self.readers]
        # Defined but never read and not live out: allocated by its instruction, freed at once.
        self.kept_defined = [sum(self.size[b] for b in self.owned[k] if self.readers[b] or self.keep[b])
                             for k in range(self.n)]
        self.free_set = frozenset(k for k in range(self.n) if self.free(k))

    @functools.cached_property
    def buffer_table(self) -> BufferTable:
        counted = [b for b, size in enumerate(self.size) if size]
        read = [row for row, b in enumerate(counted) if self.readers[b]]
        lengths = [len(self.readers[counted[row]]) for row in read]
        return BufferTable(
            np.array([self.size[b] for b in counted], dtype=np.int64),
            np.array([self.definer[b] for b in counted], dtype=np.int64),
            np.array([self.keep[b] for b in counted], dtype=bool),
            np.array(read, dtype=np.int64),
            np.array([r for row in read for r in self.readers[counted[row]]], dtype=np.int64),
            np.cumsum([0] + lengths[:-1], dtype=np.int64) if lengths else np.zeros(0, dtype=np.int64),
            np.array([max(d, e) for d, e in zip(self.defined, self.extra)], dtype=np.int64))

    def free(self, k: int) -> bool:
        """Allocates nothing: running it as soon as it is ready never raises memory."""
        return self.defined[k] == 0 and self.extra[k] == 0

    def dying(self, k: int, done_after: int) -> int:
        """Bytes of `k`'s operands that no instruction after `done_after` reads."""
        not_done, keep, readers, total = ~done_after, self.keep, self.readers_mask, 0
        for b in self.uses[k]:  # (a loop: most instructions read one or two buffers)
            if not keep[b] and not (readers[b] & not_done):
                total += self.size[b]
        return total

    def step(self, k: int, live: int, done: int, optimistic: bool) -> tuple[int, int]:
        """(bytes at `k`'s step, bytes live after it), from `live` bytes with `done` run. The
        optimistic model lets the output take a dying operand's place (and so bounds XLA's
        MinimumMemoryForModule from below); the other counts both, as the heap usually must."""
        dying = self.dying(k, done | (1 << k))
        after = live - dying + self.kept_defined[k]
        if optimistic:   # and a callee may already hold the operands as its own values
            return max(live - dying + max(dying, self.defined[k]), live - self.uses_bytes[k] + self.extra[k]), after
        return live + max(self.defined[k], self.extra[k]), after
