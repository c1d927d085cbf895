"""Backend buffer sizes, colours and alignments (docs/rules.md §4.1)."""
from __future__ import annotations

from ...hlo.shapes import POINTER_BYTES, ArrayShape, Shape
from .vintage import Vintage

NEWEST_ALIGNMENT = {"cpu": 64, "gpu": 256}

# libtpu (read from its dumps, docs/rules.md §4.1): a tuple's index table is 4 bytes per element,
# rounded up to the chip's granule; an array without tiles outside SMEM is padded as T(1024) pads
# (its elements rounded up to a multiple of 1024: u32[] 4 KiB, bf16[] 2 KiB, pred[] 1 KiB).
TPU_TUPLE_ENTRY = 4
TPU_UNTILED_ELEMENTS = 1024
TPU_SMEM = 2
TUPLE_GRANULES = (512, 32)
# platform_version's chip (topology.textproto) -> its tuple granule, as libtpu 0.0.50's dumps show
CHIP_TUPLE_GRANULE = {"TPU v4": 512, "TPU v5 lite": 512, "TPU v5": 32, "TPU v6 lite": 32}
ASSUMED_TUPLE_GRANULE = 512
OTHER_THREAD_TABLES = 7   # libtpu's memory space for the tuple tables of SparseCore computations


def buffer_size(shape: Shape, platform: str = "cpu", tuple_granule: int | None = None) -> int:
    """The backend's size function. CPU/GPU: ByteSizeOf with 8-byte pointers, plus 4 bytes per
    dimension of metadata for dynamic shapes. TPU: tiled arrays padded to their tiles, as
    ShapeUtil::ArraySize does, untiled ones as T(1024) pads them, SMEM's unpadded; tuples as above."""
    if platform == "tpu":
        if isinstance(shape, ArrayShape):
            if shape.memory_space == TPU_SMEM or not shape.byte_size():
                return shape.byte_size()   # (SMEM keeps its bytes, tiles or not)
            if shape.layout is not None and shape.layout.tiles:
                return shape.padded_byte_size()
            return shape.byte_size() * _round_up(shape.element_count(), TPU_UNTILED_ELEMENTS) // shape.element_count()
        return _round_up(TPU_TUPLE_ENTRY * len(shape.elements), tuple_granule or ASSUMED_TUPLE_GRANULE)
    size = shape.byte_size(POINTER_BYTES)
    if isinstance(shape, ArrayShape) and shape.dynamic is not None:
        size += 4 * len(shape.dims)
    return size


def _round_up(size: int, granule: int) -> int:
    return -(-size // granule) * granule


def tuple_granule_of(tuples: list[tuple[int, int]]) -> int | None:
    """The chip's tuple granule from the sizes a TPU dump printed for tuples ((elements, bytes)
    pairs): the one granule that gives every size, else None."""
    fits = [g for g in TUPLE_GRANULES
            if tuples and all(_round_up(TPU_TUPLE_ENTRY * n, g) == size for n, size in tuples)]
    return fits[0] if len(fits) == 1 else None


# libtpu's heap alignment per memory space (the offsets of its dumps: HBM 16 KiB, VMEM and v4's
# S(3) 4 KiB, SMEM 4 bytes, S(6) 512 bytes); other spaces as HBM.
TPU_ALIGNMENT = {0: 16384, 1: 4096, 2: 4, 3: 4096, 6: 512}


def color_alignment(platform: str, color: int, alignment: int) -> int:
    """The alignment of one memory space's heap: `alignment` everywhere but on TPU."""
    return TPU_ALIGNMENT.get(color, TPU_ALIGNMENT[0]) if platform == "tpu" else alignment


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
