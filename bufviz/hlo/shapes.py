"""HLO shapes: parsing `f32[8,128]{1,0:T(8,128)S(1)}` and tuples, and XLA's byte sizes (docs/rules.md §4.1)."""
from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from ..units import INT64_MAX, NumberError, bounded

# Bytes per element as ShapeUtil::ByteSizeOfPrimitiveType gives them (sub-byte types unpacked).
ELEMENT_BYTES = {
    "pred": 1, "s1": 1, "u1": 1, "s2": 1, "u2": 1, "s4": 1, "u4": 1, "s8": 1, "u8": 1,
    "s16": 2, "u16": 2, "f16": 2, "bf16": 2,
    "s32": 4, "u32": 4, "f32": 4,
    "s64": 8, "u64": 8, "f64": 8, "c64": 8,
    "c128": 16,
    "f4e2m1fn": 1, "f6e3m2fn": 1, "f6e2m3fn": 1, "f8e8m0fnu": 1,
    "f8e5m2": 1, "f8e4m3": 1, "f8e4m3fn": 1, "f8e4m3b11fnuz": 1, "f8e3m4": 1,
    "f8e5m2fnuz": 1, "f8e4m3fnuz": 1,
    "token": 0,
    "opaque": 8,  # a pointer
}

POINTER_BYTES = 8


class ShapeSyntaxError(ValueError):
    """A shape that cannot be read; `position` is the offset in the shape text."""

    def __init__(self, message: str, position: int):
        super().__init__(message)
        self.position = position


class Layout:
    """The parts of a layout bufviz uses; `text` keeps everything as printed."""

    __slots__ = ("minor_to_major", "tiles", "element_size_bits", "memory_space", "tail_padding", "text")

    def __init__(self, minor_to_major, tiles, element_size_bits, memory_space, tail_padding, text):
        self.minor_to_major = minor_to_major
        self.tiles = tiles
        self.element_size_bits = element_size_bits
        self.memory_space = memory_space
        self.tail_padding = tail_padding
        self.text = text


class Shape:
    """Base of ArrayShape and TupleShape."""

    __slots__ = ()
    is_tuple = False

    if TYPE_CHECKING:  # what both kinds have, for the type checker only (no change at run time)
        elements: tuple[Shape, ...]  # TupleShape's: read only where is_tuple is true

        @property
        def text(self) -> str: ...

        @property
        def memory_space(self) -> int: ...

        def is_effective_scalar(self) -> bool: ...

        def byte_size(self, pointer_size: int = POINTER_BYTES) -> int: ...

        def text_without_layout(self) -> str: ...

    def subshape(self, index: tuple[int, ...]) -> "Shape":
        shape = self
        for i in index:
            if not shape.is_tuple or i >= len(shape.elements):
                raise KeyError(index)
            shape = shape.elements[i]
        return shape

    def subshapes(self) -> list[tuple[tuple[int, ...], "Shape"]]:
        """Every (index, subshape) in pre-order: `{}`, `{0}`, `{0,0}`, ..., `{1}`, ..."""
        out: list[tuple[tuple[int, ...], Shape]] = []
        stack: list[tuple[tuple[int, ...], Shape]] = [((), self)]
        while stack:
            index, shape = stack.pop()
            out.append((index, shape))
            if shape.is_tuple:
                for i in range(len(shape.elements) - 1, -1, -1):
                    stack.append((index + (i,), shape.elements[i]))
        return out


class ArrayShape(Shape):
    """Never changed once made (parsed shapes are shared): sizes and texts are computed once."""

    __slots__ = ("dtype", "dims", "dynamic", "layout", "text", "_bytes", "_plain_text")

    def __init__(self, dtype, dims, dynamic, layout, text):
        self.dtype = dtype
        self.dims = dims          # tuple of ints (bounds for dynamic dims; -1 if unbounded)
        self.dynamic = dynamic    # tuple of bools, or None when no dim is dynamic
        self.layout = layout      # Layout or None
        self.text: str = text     # as printed, with layout
        self._bytes = None
        self._plain_text = None

    @property
    def memory_space(self) -> int:
        return self.layout.memory_space if self.layout else 0

    @property
    def unbounded(self) -> bool:
        return -1 in self.dims

    def element_count(self) -> int:
        return math.prod(d for d in self.dims if d >= 0)

    def is_effective_scalar(self) -> bool:
        return all(d == 1 for d in self.dims)

    def byte_size(self, pointer_size: int = POINTER_BYTES) -> int:
        """ShapeUtil::ByteSizeOf: tiling and memory space are ignored; E(n) packs sub-byte types."""
        if self.dtype == "opaque":
            return pointer_size
        if self._bytes is None:
            self._bytes = self._bytes_of(self.element_count())
        return self._bytes

    def _bytes_of(self, count: int) -> int:
        """Bytes of `count` elements of this type: E(n) packs sub-byte types."""
        bits = self.layout.element_size_bits if self.layout else 0
        return (count * bits + 7) // 8 if bits else count * ELEMENT_BYTES[self.dtype]

    def padded_byte_size(self) -> int:
        """ShapeUtil::ArraySize, the public stand-in for TPU's padded size: the minor dimensions
        rounded up to the first tile (missing ones count as 1), the element count up to L(n)."""
        layout = self.layout
        if self.dtype == "opaque" or layout is None or not layout.tiles:
            return self.byte_size()
        return self._bytes_of(_padded_count(self.dims, layout))

    def text_without_layout(self) -> str:
        if self._plain_text is None:
            dims = []
            for size, dyn in zip(self.dims, self.dynamic or (False,) * len(self.dims)):
                dims.append("?" if size < 0 else (f"<={size}" if dyn else str(size)))
            self._plain_text = f"{self.dtype}[{','.join(dims)}]"
        return self._plain_text

    def __repr__(self) -> str:
        return f"ArrayShape({self.text!r})"


class TupleShape(Shape):
    __slots__ = ("elements",)
    is_tuple = True

    def __init__(self, elements):
        self.elements = elements

    @property
    def memory_space(self) -> int:
        return 0

    def is_effective_scalar(self) -> bool:
        return False

    def byte_size(self, pointer_size: int = POINTER_BYTES) -> int:
        """A tuple is its index table: one pointer per top-level element (not recursive)."""
        return pointer_size * len(self.elements)

    @property
    def text(self) -> str:
        return _tuple_text(self, layout=True)

    def text_without_layout(self) -> str:
        return _tuple_text(self, layout=False)

    def __repr__(self) -> str:
        return f"TupleShape({self.text!r})"


def _tuple_text(shape: TupleShape, layout: bool) -> str:
    parts = []
    for i, element in enumerate(shape.elements):
        text = element.text if layout else element.text_without_layout()
        parts.append(f"/*index={i}*/{text}" if i and i % 5 == 0 else text)
    return "(" + ", ".join(parts) + ")"


_ARRAY = re.compile(r"([a-z][a-z0-9]*)\[([^\]]*)\]")
_SPACE_OR_COMMENT = re.compile(r"(?:\s+|/\*.*?\*/)*")
_LAYOUT_PART = re.compile(r"(?<![A-Z#*])([A-Z#*]+)\(([^()]*)\)")
_CACHE: dict[str, Shape] = {}
known_shape = _CACHE.get  # parse_shape's cache alone, for hot loops (None if not seen yet)


def _skip_space(text: str, pos: int) -> int:
    """The position after the spaces and comments at `pos` (the pattern matches even nothing)."""
    m = _SPACE_OR_COMMENT.match(text, pos)
    assert m is not None
    return m.end()


def parse_shape(text: str) -> Shape:
    """Parse one complete shape text (cached: real modules repeat few distinct shapes)."""
    shape = _CACHE.get(text)
    if shape is None:
        shape, end = parse_shape_at(text, 0)
        end = _skip_space(text, end)
        if end != len(text):
            raise ShapeSyntaxError(f"unexpected text after the shape: {text[end:end + 20]!r}", end)
        if len(_CACHE) < 200_000:
            _CACHE[text] = shape
    return shape


MAX_NESTING = 64          # tuples in tuples: XLA's deepest real ones are a few levels
MAX_ELEMENTS = 2 ** 58    # elements of one array: 16-byte elements still fit a signed 64-bit size


def parse_shape_at(text: str, pos: int, depth: int = 0) -> tuple[Shape, int]:
    """Parse a shape starting at `pos`; return it and the position just after it. Nesting past
    MAX_NESTING and sizes past what XLA can hold are errors, not a recursion or an overflow."""
    if depth > MAX_NESTING:
        raise ShapeSyntaxError(f"a shape nested more than {MAX_NESTING} tuples deep", pos)
    pos = _skip_space(text, pos)
    if text.startswith("(", pos):
        elements: list[Shape] = []
        pos += 1
        while True:
            pos = _skip_space(text, pos)
            if text.startswith(")", pos):
                return TupleShape(tuple(elements)), pos + 1
            if elements:
                if not text.startswith(",", pos):
                    raise ShapeSyntaxError("expected ',' or ')' in a tuple shape", pos)
                pos = _skip_space(text, pos + 1)
            element, pos = parse_shape_at(text, pos, depth + 1)
            elements.append(element)
    if text.startswith("b(", pos):  # buffer type: the array it holds
        inner, pos = parse_shape_at(text, pos + 2, depth + 1)
        pos = _skip_space(text, pos)
        if not text.startswith(")", pos):
            raise ShapeSyntaxError("expected ')' closing a buffer shape", pos)
        return inner, pos + 1
    m = _ARRAY.match(text, pos)
    if not m or m.group(1) not in ELEMENT_BYTES:
        raise ShapeSyntaxError("expected a shape such as f32[8,128] or a tuple (...)", pos)
    dims, dynamic = _parse_dims(m.group(2), pos)
    if math.prod(d for d in dims if d > 0) > MAX_ELEMENTS:
        raise ShapeSyntaxError(f"a shape of more elements than XLA can hold: {m.group()[:40]}", pos)
    end = m.end()
    layout = None
    if text.startswith("{", end):
        close = text.find("}", end)
        nxt = text[end + 1:end + 2]
        if close > 0 and (nxt.isdigit() or nxt in (":", "}")):
            layout = _parse_layout(text[end + 1:close], end)
            end = close + 1
    shape = ArrayShape(m.group(1), dims, dynamic, layout, text[pos:end])
    if layout is not None:
        _check_layout(shape, layout, pos)
    return shape, end


def _check_layout(shape: ArrayShape, layout: Layout, pos: int) -> None:
    """A layout orders each dimension once (minor_to_major a permutation of them); padded to its
    tiles the array holds no more elements than one can, and its elements of E(n) bits fit a
    signed 64-bit size."""
    if layout.minor_to_major and sorted(layout.minor_to_major) != list(range(len(shape.dims))):
        raise ShapeSyntaxError(f"expected a layout that orders each of the {len(shape.dims)} dimensions once", pos)
    count = _padded_count(shape.dims, layout) if layout.tiles else None
    if count is not None and count > MAX_ELEMENTS:
        raise ShapeSyntaxError("a shape of more elements than XLA can hold once padded to its tiles", pos)
    # (padded_byte_size, its padded count worked out once)
    size = shape._bytes_of(count) if count is not None and shape.dtype != "opaque" else shape.byte_size()
    if size > INT64_MAX:
        raise ShapeSyntaxError("a shape of more bytes than XLA can hold (2^63-1)", pos)


def _padded_count(dims: tuple, layout: Layout) -> int:
    """The elements of an array with its minor dimensions rounded up to the first tile (missing
    ones count as 1), the count up to L(n)."""
    padded = [max(d, 0) for d in dims]
    extra = 1
    for j, t in enumerate(reversed(layout.tiles[0])):
        if t <= 0:
            continue  # '*' combines dimensions: no padding of its own
        if j < len(layout.minor_to_major):
            k = layout.minor_to_major[j]
            padded[k] = -(-padded[k] // t) * t
        else:
            extra *= t
    count = math.prod(padded) * extra
    if layout.tail_padding:
        count = -(-count // layout.tail_padding) * layout.tail_padding
    return count


def _parse_dims(text: str, pos: int):
    if not text:
        return (), None
    dims = []
    dynamic = []
    for part in text.split(","):
        part = part.strip()
        if part == "?":
            dims.append(-1)
            dynamic.append(True)
        elif part.startswith("<="):
            dims.append(_int(part[2:], pos))
            dynamic.append(True)
        else:
            dims.append(_int(part, pos))
            dynamic.append(False)
    return tuple(dims), (tuple(dynamic) if any(dynamic) else None)


def _int(text: str, pos: int, what: str = "a dimension size") -> int:
    """A dimension, an order, a tile or a layout number: units.bounded, never negative."""
    try:
        return bounded(text, what=what, least=0)
    except NumberError as e:
        raise ShapeSyntaxError(f"expected {e}", pos) from None


def _parse_layout(text: str, pos: int) -> Layout:
    order, _, attrs = text.partition(":")
    minor_to_major = tuple(_int(x, pos, "a layout of dimension numbers") for x in order.split(",")) \
        if order.strip() else ()
    numbers = {"E": 0, "S": 0, "L": 0}
    tiles: list[tuple[int, ...]] = []
    if attrs:
        for m in _LAYOUT_PART.finditer(attrs):
            if m.group(1) in numbers:
                numbers[m.group(1)] = _int(m.group(2), pos, f"a layout number {m.group(1)}(n)")
        tiles = _tiles(attrs, pos)
    return Layout(minor_to_major, tuple(tiles), numbers["E"], numbers["S"], numbers["L"], text)


# T(8,128)(2,1) is one 'T' followed by a run of parenthesised tiles.
_TILE_RUN = re.compile(r"T((?:\([0-9*,\s]*\))+)")
_TILE = re.compile(r"\(([0-9*,\s]*)\)")


def _tiles(attrs: str, pos: int) -> list[tuple[int, ...]]:
    m = _TILE_RUN.search(attrs)
    if not m:
        return []
    return [tuple(-1 if a.strip() == "*" else _int(a, pos, "a tile size") for a in t.split(",") if a.strip())
            for t in _TILE.findall(m.group(1))]


def format_index(index: tuple[int, ...]) -> str:
    """The JSON spelling of a shape index: '' for {}, '0,1' for {0,1}."""
    return ",".join(map(str, index))


def value_label(name: str, index: str) -> str:
    """`name{0,1}` for a value given its JSON index text; the bare name at the top level."""
    return f"{name}{{{index}}}" if index else name


def without_layout(shape: str) -> str:
    """A shape's text as XLA prints it without layouts (unchanged if it does not parse)."""
    try:
        return parse_shape(shape).text_without_layout()
    except ShapeSyntaxError:
        return shape


def parse_index(text: str) -> tuple[int, ...]:
    """'{0,1}' or '0,1' or '{}' -> (0, 1); units.NumberError for a number no index can be."""
    text = text.strip().strip("{}").strip()
    if not text:
        return ()
    return tuple(bounded(x, what="a shape index", least=0) for x in text.split(","))
