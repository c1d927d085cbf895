"""A storage row in the user's words: a jax argument by its pytree path (XLA's name stays in
JSON `name` and in explain), XLA's copy of one as such, and the user's own line before the library
frame under it."""
from __future__ import annotations

import re

from ..hlo.shapes import value_label
from .paths import kept_steps, path_steps, short_path, shown_path

COPY = "copy of "
ARROW = " → "
_SUFFIX = re.compile(r"(?: \(updated\))?(?: ×\d+)?$")   # kept whole: what the row is, how many


def row_label(row: dict) -> str:
    """`params['Conv_0']['kernel']`, `copy of params['Dense_0']['kernel']`, else XLA's name."""
    if row.get("path"):   # (the new value a step writes over a donated argument says so)
        return shown_path(row["path"]) + (" (updated)" if row.get("updated") else "")
    if row.get("copy_of"):
        return COPY + shown_path(row["copy_of"])
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
    copy = text.startswith(COPY)
    body = text[len(COPY):] if copy else text
    if path_steps(body) and "".join(path_steps(body)) == body:
        if copy:   # "copy of" where the path's last two steps still fit beside it, else the path alone
            short = short_path(body, width - len(COPY))
            if len(short) + len(COPY) <= width and kept_steps(short) >= min(2, len(path_steps(body))):
                return COPY + short
        return short_path(body, width)
    tail = max((width - 1) // 2, 1)
    return text[: max(width - 1 - tail, 0)] + "…" + text[-tail:]
