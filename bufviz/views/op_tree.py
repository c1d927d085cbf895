"""Storage grouped by op_name as a tree: `jit(step)` > `transpose(jvp(main))` > `dot_general`,
each node with the bytes below it; a chain of single children shows as one node."""
from __future__ import annotations

from .memory import FREE_NAME


def split_op_name(op_name: str) -> list[str]:
    """Path steps at parenthesis depth 0 (`jit(f)/jvp(jit(g))/add` -> 3 steps)."""
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(op_name):
        depth += ch in "(["
        depth -= ch in ")]"
        if ch == "/" and depth == 0:
            parts.append(op_name[start:k])
            start = k + 1
    parts.append(op_name[start:])
    return [p for p in parts if p]


def op_tree(groups: list[dict]) -> list[dict]:
    """Rows `{depth, label, bytes, count}` depth first, larger subtrees first. Groups without an
    op_name (and free temp bytes) stay leaves at the top level."""
    root: dict = {"children": {}, "bytes": 0, "count": 0}
    for g in groups:
        node = root
        leaf = g["key"].startswith("(") or g["key"] == FREE_NAME
        for step in [g["key"]] if leaf else split_op_name(g["key"]):
            node = node["children"].setdefault(step, {"children": {}, "bytes": 0, "count": 0})
            node["bytes"] += g["bytes"]
            node["count"] += g["count"]
    rows: list[dict] = []

    def walk(node, depth):
        for label, child in sorted(node["children"].items(), key=lambda kv: -kv[1]["bytes"]):
            while len(child["children"]) == 1:   # a chain reads as one path
                (step, only), = child["children"].items()
                if only["bytes"] != child["bytes"]:
                    break
                label, child = f"{label}/{step}", only
            rows.append({"depth": depth, "label": label, "bytes": child["bytes"], "count": child["count"]})
            walk(child, depth + 1)
    walk(root, 0)
    return rows
