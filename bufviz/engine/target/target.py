"""The target a module was compiled for: its backend and the XLA version window, together,
answering what the engine asks of them (sizes, heap alignment, sharing hints, dated rules)."""
from __future__ import annotations

from dataclasses import dataclass

from ...hlo.shapes import Shape
from .sizes import OTHER_THREAD_TABLES, alignments, buffer_size, color_of
from .vintage import GPU_FUSION_HINT, Vintage


@dataclass(frozen=True)
class Target:
    platform: str       # cpu, gpu, tpu or unknown
    vintage: Vintage
    chip: str | None = None            # TPU: the chip the dump names ("TPU v5 lite"), if any
    tuple_granule: int | None = None   # TPU: what a tuple's table rounds up to; None: assumed

    def size(self, shape: Shape) -> int:
        """The backend's size function (TPU pads tiled arrays to their tiles)."""
        return buffer_size(shape, self.platform, self.tuple_granule)

    def placement(self, shape: Shape, thread: str | None) -> tuple[int, int]:
        """(colour, size) of a value of `shape` made on execution thread `thread`. libtpu keeps
        the tuple tables of another thread's computations (its SparseCore's) in a space of
        their own, with no bytes (docs/rules.md §4.1)."""
        if self.platform == "tpu" and shape.is_tuple and thread not in (None, "main"):
            return OTHER_THREAD_TABLES, 0
        return color_of(shape), self.size(shape)

    @property
    def pads_tiles(self) -> bool:
        return self.platform == "tpu"

    @property
    def holds_thread_local(self) -> bool:
        """libtpu's thread-local allocations are device memory held for the whole run (jax's
        total_allocation_bytes and its memory-usage report count them); XLA:CPU's are stack."""
        return self.platform == "tpu"

    @property
    def gpu_sharing_hints(self) -> bool:
        """XLA:GPU answers CanShareOperandBufferWithUser for some ops itself; other backends do not."""
        return self.platform == "gpu"

    @property
    def gpu_fusion_hint(self) -> bool:
        """XLA:GPU decides for fusions too (FusionCanShareBufferHint) since GPU_FUSION_HINT."""
        return self.platform == "gpu" and self.vintage.is_before(GPU_FUSION_HINT) is not True

    def alignments(self) -> list[int]:
        """Heap alignment candidates, most likely first."""
        return alignments(self.platform, self.vintage)

    def is_before(self, date: str) -> bool | None:
        return self.vintage.is_before(date)
