"""Tables that fit the terminal: columns are kept in order of importance while they fit, the
ones that can shorten (op_names, paths, shapes) take what room is left, and nothing wraps in
the middle of a name, shape or number. Empty columns are not drawn."""
from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from rich import box
from rich.table import Table
from rich.text import Text

from ..hlo.shapes import without_layout
from ..units import ellipsis_start

if TYPE_CHECKING:
    from rich.console import JustifyMethod

GAP = 2   # spaces between columns (rich's padding of one on each side)
_SIZE_GAP = re.compile(r"(?<=\d) (?=(?:B|KiB|MiB|GiB|TiB|PiB)\b)")


NAMED = 3   # names spelled out in a line about several; the JSON lists every one


def some_names(names: list[str]) -> str:
    """'a, b, c and 4 more'."""
    more = len(names) - NAMED
    return ", ".join(names[:NAMED]) + (f" and {more} more" if more > 0 else "")


def say(console, text: str, style: str | None = None, indent: str = "  ") -> None:
    """One message of lines wrapped between words, never inside a size (`384.00 KiB`) or a path:
    a word longer than the line stands alone on its own; lines after the first are indented."""
    console.print(said(text, console.width, style, indent), crop=False)


def said(text: str, width: int, style: str | None = None, indent: str = "  ") -> Text:
    """The text `say` prints, to place in a group."""
    glued = _SIZE_GAP.sub("\0", text)
    lines = textwrap.wrap(glued, max(width, 20), subsequent_indent=indent, break_long_words=False,
                          break_on_hyphens=False) or [""]
    return Text("\n".join(lines).replace("\0", " "), style=style or "", no_wrap=True, overflow="ignore")


def cut_end(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


def cut_middle(text: str, width: int) -> str:
    """A long name keeps its start and its numbered end: `multiply_sub…fusion.5`."""
    if len(text) <= width:
        return text
    tail = max((width - 1) // 2, 1)
    return text[: max(width - 1 - tail, 0)] + "…" + text[-tail:]


def plain_shape(shape: str) -> str:
    return without_layout(shape) if "{" in shape else shape


def short_shape(shape: str, width: int) -> str:
    """A shape that fits `width`: first without layouts, then a tuple's first elements and a
    count, never cutting inside a dimension list."""
    if len(shape) <= width:
        return shape
    plain = plain_shape(shape)
    if len(plain) <= width or not plain.startswith("("):
        return plain if len(plain) <= width else cut_end(plain, width)
    elements = _tuple_elements(plain)
    for keep in range(len(elements) - 1, 0, -1):
        text = f"({', '.join(elements[:keep])}, …{len(elements)} total)"
        if len(text) <= width:
            return text
    return cut_end(f"({len(elements)} elements)", width)


def _tuple_elements(text: str) -> list[str]:
    depth, start, parts = 0, 1, []
    for k, ch in enumerate(text):
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 1:
            parts.append(text[start:k].strip())
            start = k + 1
    parts.append(text[start:-1].strip())
    return [p.split("*/")[-1] for p in parts if p]


@dataclass
class Column:
    header: str
    cells: list[str]
    justify: JustifyMethod = "left"
    keep: int = 0                      # lower is kept first when room is short
    shorten: Callable[[str, int], str] | None = None   # None: never shortened
    least: int = 12                    # narrowest a shortened column may get
    style: str | None = None
    styles: list[str | None] = field(default_factory=list)   # per cell
    simplify: Callable[[str], str] | None = None   # applied to every cell once any must shorten
    wrap: bool = False                 # words wrap onto more lines (prose, lists): never cut
    most: int | None = None            # widest it grows (longer cells are shortened)

    @property
    def natural(self) -> int:
        widest = max([len(self.header)] + [len(c) for c in self.cells])
        return widest if self.most is None else min(widest, max(self.most, len(self.header)))

    @property
    def empty(self) -> bool:
        return not any(self.cells)


def chosen_columns(columns: list[Column], width: int) -> list[Column]:
    """The columns a table of `width` shows: the most important that fit at their least width."""
    shown = [c for c in columns if not c.empty]
    chosen: list[Column] = []
    for column in sorted(shown, key=lambda c: c.keep):
        trial = chosen + [column]
        if least_width(trial) <= width or not chosen:
            chosen = trial
    return [c for c in shown if c in chosen]   # back in their order


def fit_table(columns: list[Column], width: int, title: str | None = None) -> Table:
    """A table of `columns` no wider than `width`."""
    chosen = chosen_columns(columns, width)
    widths = _widths(chosen, width)
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                  collapse_padding=True)
    contents = []
    for column, w in zip(chosen, widths):
        table.add_column(column.header, justify=column.justify, no_wrap=not column.wrap, width=w,
                         style=column.style)
        simplify = column.simplify if w < column.natural else None
        contents.append([simplify(c) for c in column.cells] if simplify is not None else column.cells)
    rows = len(chosen[0].cells) if chosen else 0
    for r in range(rows):
        cells = []
        for column, w, content in zip(chosen, widths, contents):
            text = content[r]
            if column.shorten is not None and len(text) > w and not column.wrap:
                text = column.shorten(text, w)
            style = column.styles[r] if r < len(column.styles) else None
            cells.append(Text(text, style=style or ""))
        table.add_row(*cells)
    return table


def least_width(columns: list[Column]) -> int:
    return sum(min(c.natural, c.least) if c.shorten else c.natural for c in columns) + GAP * (len(columns) - 1)


def _widths(columns: list[Column], width: int) -> list[int]:
    """Fixed columns at their natural width; the shortenable ones grow from their least width
    towards their natural one, the most important first."""
    widths = [c.natural if c.shorten is None else min(c.natural, c.least) for c in columns]
    spare = width - sum(widths) - GAP * (len(columns) - 1)
    for k in sorted((k for k, c in enumerate(columns) if c.shorten is not None), key=lambda k: columns[k].keep):
        grow = max(min(columns[k].natural - widths[k], spare), 0)
        widths[k] += grow
        spare -= grow
    return widths


def from_front(text: str, width: int) -> str:
    """Paths and op_names say the most at their end."""
    return ellipsis_start(text, width) if width > 1 else "…"


def short_source(text: str, width: int) -> str:
    """`/home/me/model/layers.py:47` -> `layers.py:47`: the file and line say the most."""
    if len(text) <= width:
        return text
    base = text.rsplit("/", 1)[-1]
    return base if len(base) + 1 <= width and base != text else from_front(text, width)


def shape_column(shapes: list[str], keep: int = 1) -> Column:
    """Shapes: as wide as the longest array shape with its layout when there is room, else
    every layout dropped; never narrower than the longest array's dims. Tuples shorten."""
    arrays = [s for s in shapes if not s.startswith("(")]
    least = max([len(plain_shape(s)) for s in arrays] + [12])
    return Column("shape", shapes, shorten=short_shape, simplify=plain_shape, keep=keep, least=least,
                  most=max([len(s) for s in arrays] + [least]))
