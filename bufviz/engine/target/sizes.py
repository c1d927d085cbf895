"""Backend buffer sizes, colours and alignments (docs/rules.md §4.1)."""
from __future__ import annotations

from ...hlo.shapes import POINTER_BYTES, ArrayShape, Shape
from .vintage import Vintage

NEWEST_ALIGNMENT = {"cpu": 64, "gpu": 256}


def buffer_size(shape: Shape, platform: str = "cpu") -> int:
    """The backend's size function. CPU/GPU: ByteSizeOf with 8-byte pointers, plus 4 bytes per
    dimension of metadata for dynamic shapes. TPU (closed source): tiled arrays padded to
    their tiles, as ShapeUtil::ArraySize does (docs/rules.md §4.1)."""
    if platform == "tpu" and isinstance(shape, ArrayShape):
        return shape.padded_byte_size()
    size = shape.byte_size(POINTER_BYTES)
    if isinstance(shape, ArrayShape) and shape.dynamic is not None:
        size += 4 * len(shape.dims)
    return size


def color_of(shape: Shape) -> int:
    """The default colorer: a value's colour is the memory space of its layout (S(n))."""
    return shape.memory_space if isinstance(shape, ArrayShape) else 0


def alignments(platform: str, vintage: Vintage) -> list[int]:
    """Heap alignment candidates, most likely first. One value when the text dates it; both
    sides of the switch otherwise (the caller keeps the one that reproduces a dump)."""
    known = vintage.alignment(platform)
    if known is not None:
        return [known]
    if platform == "cpu":
        return [64, 16]
    if platform == "gpu":
        return [256, 128]
    return [64]
