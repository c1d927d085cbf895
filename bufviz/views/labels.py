"""A storage row in the user's words: a jax argument by its pytree path (XLA's name stays in
JSON `name` and in explain), XLA's copy of one as such, and the user's own line before the library
frame under it."""
from __future__ import annotations

import re

from ..hlo.shapes import value_label
from .paths import kept_steps, path_steps, short_path, shown_path

COPY = "copy of "
GATHERED = "gathered "   # an all-gather of a parameter (FSDP gathering a layer's weights)
ARROW = " → "
_SUFFIX = re.compile(r"(?: \(updated\))?(?: ×\d+)?$")   # kept whole: what the row is, how many


def row_label(row: dict) -> str:
    """`params['Conv_0']['kernel']`, `copy of params['Dense_0']['kernel']`, else XLA's name."""
    if row.get("path"):   # (the new value a step writes over a donated argument says so)
        return shown_path(row["path"]) + (" (updated)" if row.get("updated") else "")
    if row.get("copy_of"):
        return COPY + shown_path(row["copy_of"])
    if (row.get("collective") or {}).get("of"):   # (FSDP's gather of a layer's weights)
        return GATHERED + shown_path(row["collective"]["of"])
    return value_label(row["name"], row.get("index") or "")


def row_source(row: dict) -> str:
    """`model.py:15 → flax Conv`: the user's line first, the library frame beside it; else the
    line XLA recorded (a library's, where the user's is not known)."""
    user, library = row.get("user_source"), row.get("library")
    if user:
        return f"{user}{ARROW}{library}" if library else user
    return row.get("source") or ""


def short_source(text: str, width: int) -> str:
    """`/home/me/model.py:15 → flax Conv` that fits: the file's folders go first, then the
    library frame; the file and line stay."""
    if len(text) <= width:
        return text
    line, _, library = text.partition(ARROW)
    base = line.replace("\\", "/").rsplit("/", 1)[-1]
    for candidate in (f"{base}{ARROW}{library}" if library else base, base):
        if len(candidate) <= width:
            return candidate
    return "…" + base[-(width - 1):] if width > 1 else "…"


def user_line(row: dict) -> str | None:
    """The line to point a user at: their own where known, else the recorded one."""
    return row.get("user_source") or row.get("source")


def short_label(text: str, width: int) -> str:
    """A label that fits: a path loses its leading steps (never its middle), a name its middle."""
    if len(text) <= width:
        return text
    found = _SUFFIX.search(text)   # (`… (updated)`, identical rows shown once: `name ×4`)
    suffix = found.group() if found else ""
    if suffix and width > len(suffix) + 2:
        return short_label(text[: len(text) - len(suffix)], width - len(suffix)) + suffix
    prefix = next((p for p in (COPY, GATHERED) if text.startswith(p)), "")
    body = text[len(prefix):]
    if path_steps(body) and "".join(path_steps(body)) == body:
        if prefix:   # "copy of" where the path's last two steps still fit beside it, else the path alone
            short = short_path(body, width - len(prefix))
            if len(short) + len(prefix) <= width and kept_steps(short) >= min(2, len(path_steps(body))):
                return prefix + short
        return short_path(body, width)
    tail = max((width - 1) // 2, 1)
    return text[: max(width - 1 - tail, 0)] + "…" + text[-tail:]


def split_label(row: dict) -> str:
    """A partitioned program's parameter as the user made it and how it is split:
    `f32[512/data,2048/model]` (a dimension over several axes: `2048/(data×model)`; axes the
    text does not name: `512/4`), `f32[512,2048] replicated`; a collective's buffer: the mesh
    axes it runs over (`over data`); "" for any other row."""
    shape = row.get("global_shape")
    if not shape:
        axes = (row.get("collective") or {}).get("axes")
        return f"over {'×'.join(axes)}" if axes else ""
    if row.get("replicated"):
        return f"{shape} replicated"
    dtype, _, dims = shape.partition("[")
    sizes = dims.rstrip("]").split(",") if dims.rstrip("]") else []
    spec = row.get("spec")
    pieces = row.get("pieces") or []
    out = []
    for k, size in enumerate(sizes):
        axes = spec[k] if spec is not None and k < len(spec) else None
        if axes:
            out.append(f"{size}/{axes[0]}" if len(axes) == 1 else f"{size}/({'×'.join(axes)})")
        elif spec is None and k < len(pieces) and pieces[k] > 1:
            out.append(f"{size}/{pieces[k]}")
        else:
            out.append(size)
    return f"{dtype}[{','.join(out)}]"


def short_split(text: str, width: int) -> str:
    """A split label in `width`: the dtype dropped first, then the sizes (`/data×model`: the
    axes alone, in the order of the dimensions they split), `replicated` said as `repl.`."""
    if len(text) <= width:
        return text
    for shorter in ("[" + text.split("[", 1)[-1], _narrowest(text)):
        if len(shorter) <= width:
            return shorter
    return _narrowest(text)[:max(width - 1, 0)] + "…"


def axes_only(dims: str, replicated: bool) -> str:
    """`512/data,2048/(data×model)` -> `/data×data×model`; a replicated array: `repl.`."""
    if replicated:
        return "repl."
    axes = [d.split("/", 1)[1].strip("()") for d in dims.split(",") if "/" in d]
    return "/" + "×".join(axes) if axes else ""


def least_split_width(cells: list[str]) -> int:
    """The narrowest a column of split labels gets: each cell's axes alone."""
    return max((len(_narrowest(c)) for c in cells if c), default=0)


def _narrowest(text: str) -> str:
    if "[" not in text:   # (a collective's axes: `over data`)
        return text
    return axes_only(text.split("[", 1)[-1].split("]", 1)[0], text.endswith(" replicated"))
