"""A storage row in the user's words: a jax argument by its pytree path (XLA's name stays in
JSON `name` and in explain), XLA's copy of one as such, and the user's own line before the library
frame under it."""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..hlo.shapes import value_label
from ..hlo.attributes import plain_op_name
from .paths import kept_steps, nameless, path_steps, short_path, shown_path

COPY = "copy of "
SEP = " · "   # between a nameless path, its layer and the line that reads it
LOOP = SEP + "loop "   # before the line of the loop that carries a value
_LINE_OP = re.compile(r"(\S+:\d+) (\S+)")   # `model.py:15 dot_general`: a line and an operation
GATHERED = "gathered "   # an all-gather of a parameter (FSDP gathering a layer's weights)
ARROW = " → "
_SUFFIX = re.compile(r"(?: \(updated\))?(?: ×\d+)?$")   # kept whole: what the row is, how many


def row_label(row: Mapping[str, Any]) -> str:
    """`params['Conv_0']['kernel']`, `copy of params['Dense_0']['kernel']`, else XLA's name; a
    path that names nothing of the user's with the layer and line that read it
    (`model.states[0][11] · Linear kernel · model.py:15`)."""
    if row.get("path") and "parameter" in (row.get("kind"), row.get("opcode")) and nameless(row["path"]):
        said = [row.get("layer"), _file_line(row.get("user_source"))]
        return SEP.join([shown_path(row["path"]), *(s for s in said if s)])
    if row.get("path"):   # (the new value a step writes over a donated argument says so)
        return shown_path(row["path"]) + (" (updated)" if row.get("updated") else "")
    if row.get("copy_of"):   # (of a nameless path: its layer)
        layer = row.get("layer") if nameless(row["copy_of"]) else None
        return COPY + (layer or shown_path(row["copy_of"]))
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


def user_line(row: Mapping[str, Any]) -> str | None:
    """The line to point a user at: their own where known, else the recorded one."""
    return row.get("user_source") or row.get("source")


def narrow_label(row: Mapping[str, Any]) -> str:
    """A row's label where no column gives its source line (an 80-column terminal): the user's
    line beside what names the row, and for a value XLA named (`ynn_fusion.16`) the line and the
    operation instead (`model.py:15 dot_general`); XLA's name stays in JSON and wider tables."""
    line = _file_line(row.get("user_source") or (row.get("source") if row["kind"] != "parameter" else None))
    if carried := row.get("carried"):   # (a loop's carry: where its start was made, else what writes it)
        if carried.get("made_at") or carried.get("made_from") or not line:
            return carry_label(carried)
        op = operation(row.get("op_name") or row.get("op_name_near")) or row.get("opcode") or ""
        return carry_label({**carried, "made_at": line, "made_by": op})
    label = row_label(row)
    if not line or line in label:
        return label
    if row.get("path") or row.get("copy_of") or (row.get("collective") or {}).get("of"):
        return label + SEP + line
    op = (row.get("collective") or {}).get("op") or operation(row.get("op_name") or row.get("op_name_near"))
    return f"{line} {op or row.get('opcode') or ''}".strip()


def carry_label(carried: dict) -> str:
    """`gen.py:36 broadcast_in_dim · loop gen.py:48`: a loop's carry by the line and operation
    that made the value it starts from (or the argument it is) and the loop's line."""
    start = shown_path(carried["made_from"]) if carried.get("made_from") else \
        " ".join(p for p in (_file_line(carried.get("made_at")), carried.get("made_by")) if p)
    loop = _file_line(carried.get("loop_at"))
    made = _file_line(carried.get("made_at"))
    if loop and made and made.rsplit(":", 1)[0] == loop.rsplit(":", 1)[0]:
        loop = "line " + loop.rsplit(":", 1)[1]   # (the same file: its name once)
    return start + (f"{LOOP}{loop}" if loop else LOOP.rstrip())


def operation(op_name: str | None) -> str | None:
    """The primitive an op_name ends in: `jit(step)/transpose(jvp())/dot_general` ->
    `dot_general`; of several fused together (`(a/reduce_sum:b/dot_general)`), the first."""
    if not op_name:
        return None
    text = plain_op_name(op_name)
    last = text.rsplit("/(", 1)[-1] if "/(" in text else text
    first = last.split(":", 1)[0]
    return first.rsplit("/", 1)[-1].strip("()") or None


def _file_line(source: str | None) -> str | None:
    """`/home/me/model.py:15` -> `model.py:15`."""
    return source.replace("\\", "/").rsplit("/", 1)[-1] if source else None


def short_label(text: str, width: int) -> str:
    """A label that fits: a path loses its leading steps (never its middle), a name its middle;
    a nameless path beside its layer and line goes first (they say more)."""
    if len(text) <= width:
        return text
    if LOOP in text:   # (a loop's carry: its start, then the loop's line, each file cut from its front)
        start, loop = text.split(LOOP, 1)
        loop = loop if loop.startswith("line ") else short_line(loop, max(min(len(loop), width - len(LOOP) - 16), 8))
        return short_label(start, max(width - len(LOOP) - len(loop), 8)) + LOOP + loop
    if SEP in text:   # (a name, then the layer and line that say more of it)
        return _short_parts(text, width)
    if (found := _LINE_OP.fullmatch(text)) is not None and width >= 16:
        line, op = found.groups()   # (the line's file loses its start, then the operation its end)
        room = max(width - len(op) - 1, min(len(line), 12))
        line = short_line(line, room)
        return f"{line} {op if len(line) + 1 + len(op) <= width else op[:width - len(line) - 2] + '…'}"
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


def _short_parts(text: str, width: int) -> str:
    """`name · layer · line` in `width`: the name shortened first, then (a nameless path) left
    out, then the layer; the line is the last thing given up."""
    name, *said = text.split(SEP)

    def with_name(rest: str) -> str | None:
        room = width - len(SEP) - len(rest)
        return short_label(name, room) + SEP + rest if room >= 8 else None

    line = said[-1]
    if nameless(name) and len(said) > 1:   # (its layer says more than the path: the path goes first)
        tries = [with_name(SEP.join(said)), SEP.join(said)]
        if width - len(said[0]) - len(SEP) >= 8:
            tries.append(said[0] + SEP + short_line(line, width - len(said[0]) - len(SEP)))
    else:   # (a name the user gave stays whole: the line beside it, its file cut, where it fits)
        room = width - len(name) - len(SEP)
        tries = [text, name + SEP + short_line(line, room) if room >= 10 else None, short_label(name, width)]
    return next((t for t in tries if t is not None and len(t) <= width), short_line(line, width))


def short_line(line: str, width: int) -> str:
    """`nnx_mesh_train.py:24` in `width`: the file's name cut from its front, the line kept."""
    if len(line) <= width:
        return line
    file, _, number = line.rpartition(":")
    keep = width - len(number) - 2
    return "…" + file[-keep:] + ":" + number if keep > 0 and file else line[-width:]


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
    pieces = _pieces(sizes, (row.get("parameter") or {}).get("shape")) if spec is None else []
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


def _pieces(sizes: list[str], shard: str | None) -> list[int]:
    """The pieces each dimension is cut into, where the text names no axes: the global size over
    the device's piece (the parameter's own shape)."""
    dims = [int(d) for d in re.findall(r"\d+", (shard or "").split("[", 1)[-1].split("]", 1)[0])] if shard else []
    if len(dims) != len(sizes) or not all(size.isdigit() for size in sizes):
        return []
    return [int(size) // d if d else 1 for size, d in zip(sizes, dims)]


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
    # (a collective's `over data×model` is cut before a parameter's split is)
    return max((len(_narrowest(c)) if "[" in c else min(len(c), 9) for c in cells if c), default=0)


def _narrowest(text: str) -> str:
    if "[" not in text:   # (a collective's axes: `over data`)
        return text
    return axes_only(text.split("[", 1)[-1].split("]", 1)[0], text.endswith(" replicated"))


def fitted_path_labels(shown: list, names: list[str], width: int) -> list[str]:
    """Labels `path · line` of a table's rows (row, count) that do not fit `width`: each path
    cut from its front to the last steps that still tell the table's paths apart, its line's
    file cut from its front, where both then fit; else the label as it was."""
    paths = [r.get("path") for r, _ in shown if r["kind"] == "parameter" and r.get("path")]
    keep = _telling_steps([p for p in paths if p and not nameless(p)])
    copies = _telling_steps([c for r, _ in shown if r["kind"] != "parameter" and (
        c := r.get("copy_of") or (r.get("collective") or {}).get("of")) and not nameless(c)])   # (among the copies)
    out = []
    for (row, count), name in zip(shown, names):
        gathered = (row.get("collective") or {}).get("of")
        copy = row["kind"] != "parameter" and (row.get("copy_of") or gathered)
        path, parts = (row.get("copy_of") or gathered if copy else row.get("path")), name.split(SEP)
        prefix = (COPY if row.get("copy_of") else GATHERED) if copy else ""
        if len(name) <= width or (row["kind"] != "parameter" and not copy) or not path or nameless(path) \
                or len(parts) != 2 or parts[0] != prefix + shown_path(path):
            out.append(name)
            continue
        steps, k = path_steps(path), (copies if copy else keep).get(path, len(path_steps(path)))
        times = f" ×{count}" if count > 1 else ""
        least = len(parts[1].rsplit(":", 1)[-1]) + 5   # (`….py:27`: the line, at least)
        # (the whole path with its line's file cut first; else the path from the steps that tell it apart)
        tries = [parts[0]] + ([prefix + "…" + "".join(steps[-k:]).lstrip(".")] if k < len(steps) else [])
        for short in tries:
            room = width - len(short) - len(SEP) - len(times)
            if room >= least:
                out.append(short + SEP + short_line(parts[1], room) + times)
                break
        else:
            out.append(name)
    return out


def _telling_steps(paths: list[str]) -> dict[str, int]:
    """Each path's fewest last steps that tell it apart from all of `paths`."""
    steps = {p: path_steps(p) for p in set(paths)}
    found: dict[str, int] = {}
    for k in range(1, max((len(s) for s in steps.values()), default=0) + 1):
        seen: dict[tuple, int] = {}
        for s in steps.values():
            seen[tuple(s[-k:])] = seen.get(tuple(s[-k:]), 0) + 1
        for p, s in steps.items():
            if p not in found and (seen[tuple(s[-k:])] == 1 or k >= len(s)):
                found[p] = k
    return found
