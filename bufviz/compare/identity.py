"""Which program a module is. A CI tree holds one folder per model or experiment, and most of
their modules are called `jit_step`: a module is named by the shortest end of its folder's path
below the given root that tells the folders apart, and by its dump number where one folder holds
several (`exp0/random_0005 · jit_f`, `run1 · module_0012.jit_step`). Baselines are matched by the
longest common end of the folders' paths (match.py), so a tree's baseline finds its programs
from a subfolder, from the tree's parent, or from another place."""
from __future__ import annotations

import os
from collections import Counter

from ..dumps.discover import DumpName, parse_dump_name

SEPARATOR = " · "


def name_programs(summaries: list[dict]) -> None:
    """Set each summary's `program` (its name on screen) and `program_key` (the folder below its
    root, the module's name and dump number: what it is matched by)."""
    folders = {id(s): _folder_parts(s) for s in summaries}
    distinct = sorted(set(folders.values()))
    label = {parts: shortest_end(parts, distinct) for parts in distinct}
    per_folder = Counter(folders.values())
    for s in summaries:
        parts = folders[id(s)]
        number = dump_number(s)
        several = per_folder[parts] > 1 and number is not None
        module = f"module_{number:04d}.{s['module']}" if several else s["module"] or "?"
        s["program"] = f"{label[parts]}{SEPARATOR}{module}" if label[parts] else module
        s["program_key"] = {"folder": "/".join(parts), "module": s["module"], "number": number}


def _folder_parts(summary: dict) -> tuple[str, ...]:
    """The module's folder below its root, as path parts; the root's own name when the module
    is in the root itself."""
    inner = inner_parts(summary)
    if inner:
        return inner
    root = summary.get("root")
    if root and summary.get("path"):
        return (os.path.basename(os.path.abspath(root)),)
    return ()   # (a file given alone in the working folder, or standard input: named by its module)


def path_parts(summary: dict) -> tuple[str, ...]:
    """The module's folder as written (relative or absolute), as path parts."""
    path = summary.get("path") or ""
    folder = os.path.normpath(os.path.dirname(path)) if path else ""
    return tuple(p for p in folder.split(os.sep) if p not in ("", "."))


def inner_parts(summary: dict) -> tuple[str, ...]:
    """The module's folder below the root its command was given, as path parts: none for a
    module in the root itself; the whole folder where no root is known (a file given alone)."""
    path, root = summary.get("path") or "", summary.get("root")
    if not path:
        return ()
    folder = os.path.normpath(os.path.dirname(path))
    if root:
        root = os.path.normpath(root)
        if _under(folder, root):
            inside = os.path.relpath(folder, root)
            return () if inside == "." else tuple(inside.split(os.sep))
    return path_parts(summary)


def _under(folder: str, root: str) -> bool:
    return folder == root or folder.startswith(root.rstrip(os.sep) + os.sep) or root == "."


def shortest_end(parts: tuple[str, ...], folders: list[tuple[str, ...]]) -> str:
    """The fewest last parts of `parts` that are not also how another folder ends."""
    for k in range(1, len(parts) + 1):
        end = parts[-k:]
        if not any(other != parts and other[-k:] == end for other in folders):
            return "/".join(end)
    return "/".join(parts)


def dump_name(summary: dict) -> DumpName | None:
    """The parts of a summary's module file name, as XLA names its dumps (None: named otherwise)."""
    return parse_dump_name(os.path.basename(summary.get("path") or ""))


def dump_number(summary: dict) -> int | None:
    name = dump_name(summary)
    return name.number if name else None


def program_of(summary: dict) -> str:
    """Its name on screen (the module's name where it was never named: a lone module)."""
    return summary.get("program") or summary.get("module") or "?"
