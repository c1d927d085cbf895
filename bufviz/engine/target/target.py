"""The target a module was compiled for: its backend and the XLA version window, together,
answering what the engine asks of them (sizes, heap alignment, sharing hints, dated rules)."""
from __future__ import annotations

from dataclasses import dataclass

from ...hlo.shapes import Shape
from .sizes import alignments, buffer_size
from .vintage import GPU_FUSION_HINT, Vintage


@dataclass(frozen=True)
class Target:
    platform: str       # cpu, gpu, tpu or unknown
    vintage: Vintage

    def size(self, shape: Shape) -> int:
        """The backend's size function (TPU pads tiled arrays to their tiles)."""
        return buffer_size(shape, self.platform)

    @property
    def pads_tiles(self) -> bool:
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
