"""The stack-trace breakdown of the bytes live at the peak (FormatStackTraceBreakdown, docs/rules.md §3.4),
computed for every module, also where the XLA that wrote the dump did not print it (< 2025-07)."""
from __future__ import annotations

import re

from ...hlo.model import Instruction
from ...hlo.shapes import format_index
from ...units import spaced_int
from ..dataflow.callgraph import CallGraph
from .schedule import async_chain

# XLA's RE2 patterns: \w is [0-9A-Za-z_] there (re.ASCII), so `gewichté['wq']` stays whole.
_VAR = re.compile(r"[a-zA-Z_]\w*", re.ASCII)   # (one character is a name: `p['wq']` splits into p, wq)
_KEY = re.compile(r"\['([^']+)'\]")
_ATTR = re.compile(r"\.(\w+)", re.ASCII)


def split_params(label: str) -> list[str]:
    """`params['layer/fc'].q` -> ['params', 'layer', 'fc', 'q']; anything else stays whole."""
    m = _VAR.match(label)
    if not m:
        return [label]
    parts = [m.group()]
    pos = m.end()
    has_keys = False
    while pos < len(label):
        if k := _KEY.match(label, pos):
            parts.extend(k.group(1).split("/"))
            has_keys = True
            pos = k.end()
        elif a := _ATTR.match(label, pos):
            parts.append(a.group(1))
            pos = a.end()
        else:
            return [label]
    return parts if has_keys else [label]


class _Node:
    __slots__ = ("name", "current", "total", "children")

    def __init__(self, name: str):
        self.name = name
        self.current = 0
        self.total = 0
        self.children: dict[str, _Node] = {}


def stack_breakdown(rows: list[tuple[int, Instruction, tuple]], graph: CallGraph, start_only: bool = False) -> dict:
    """rows: (bytes, defining instruction, shape index) of each value in the printed peak list;
    `start_only`: an async computation's values are its async-start's alone (the XLA whose live
    ranges start them there), not shared with the rest of its chain.
    Returns {"total": bytes, "nodes": [{depth, name, percent, total, current, remaining, last}]}:
    `depth` where XLA draws the row, `last` whether it is the last of its parent's children."""
    root = _Node("")
    grand_total = sum(b for b, _, _ in rows)
    for size, instr, index in rows:
        traces = _traces(instr, [], graph, start_only)
        base, extra = divmod(size, len(traces))
        for i, trace in enumerate(traces):
            if index:
                trace[-1] += "{" + format_index(index) + "}"
            node = root
            for part in trace:
                node = node.children.setdefault(part, _Node(part))
            node.current += base + (1 if i < extra else 0)
    _totals(root)
    nodes: list[dict] = []
    remaining = [grand_total]
    _emit(root, 0, grand_total, remaining, nodes)
    return {"total": grand_total, "nodes": nodes}


def _label(instr: Instruction) -> list[str]:
    return split_params(instr.op_name or instr.name)


def _callers(comp, graph: CallGraph, start_only: bool) -> list[Instruction]:
    callers: list[Instruction] = []
    for site in graph.callsites.get(comp, ()):
        for caller in async_chain(site) if site.opcode == "async-start" and not start_only else [site]:
            if caller not in callers:
                callers.append(caller)
    return callers


def _traces(instr: Instruction, path: list[str], graph: CallGraph, start_only: bool) -> list[list[str]]:
    """Every call path to `instr`, outermost computation first."""
    assert instr.computation is not None   # (an instruction of the module)
    path = [instr.computation.name] + _label(instr) + path
    callers = _callers(instr.computation, graph, start_only)
    if not callers:
        return [path]
    out = []
    for caller in callers:
        out.extend(_traces(caller, path, graph, start_only))
    return out


def _totals(node: _Node) -> int:
    node.total = node.current + sum(_totals(c) for c in node.children.values())
    return node.total


def _emit(node: _Node, depth: int, grand_total: int, remaining: list[int], out: list[dict],
          last: bool = True) -> None:
    """PrintStackTree: a node of no name (the root; a key's empty part, `p['a//b']`) has no row,
    keeps its bytes out of `remaining`, and its children are drawn where it would be; a node of
    0 bytes in all has no row (a zero-byte value; a value's share on a call path that got none)."""
    if node.name:
        remaining[0] -= node.current
        percent = float(f"{100 * node.total / grand_total:.1f}") if grand_total else 0.0   # (XLA's own rule)
        out.append({"depth": depth, "name": node.name, "percent": percent, "total": node.total,
                    "current": node.current, "remaining": remaining[0], "last": last})
    children = sorted((c for c in node.children.values() if c.total),
                      key=lambda c: (-c.total, c.name.encode()))
    for i, child in enumerate(children):
        _emit(child, depth + 1 if node.name else depth, grand_total, remaining, out, i == len(children) - 1)


def tree_prefixes(nodes: list[dict]) -> list[str]:
    """The indentation and connector (├── / └──) XLA draws before each breakdown row. A row's
    `last` says whether it ends its parent's children; without it (XLA's top rows), no later row
    at its depth before a shallower one: the same, but where a child of an unnamed node follows."""
    out = []
    prefixes = {0: "  "}
    for i, node in enumerate(nodes):
        depth = node["depth"]
        last = node.get("last")
        if last is None:
            last = not any(n["depth"] == depth for n in _siblings_after(nodes, i))
        prefix = prefixes[depth]
        out.append(prefix + ("  " if depth == 0 else ("└── " if last else "├── ")))
        prefixes[depth + 1] = prefix + ("    " if last else "│   ")
    return out


def render_breakdown(breakdown: dict) -> list[str]:
    """The breakdown exactly as XLA prints it."""
    lines = [f"  Stack trace breakdown for peak usage: {spaced_int(breakdown['total'])} bytes"]
    for lead, node in zip(tree_prefixes(breakdown["nodes"]), breakdown["nodes"]):
        lines.append(f"{lead}{node['name']} ({share_text(node['percent'])}, total: "
                     f"{spaced_int(node['total'])} bytes, current: {spaced_int(node['current'])} bytes, "
                     f"remaining: {spaced_int(node['remaining'])} bytes)")
    return lines


def _siblings_after(nodes: list[dict], i: int):
    depth = nodes[i]["depth"]
    for node in nodes[i + 1:]:
        if node["depth"] < depth:
            return
        yield node


def share_text(percent: float | None) -> str:
    """`12.5%`; `nan%` where XLA printed a share of a peak of 0 bytes as not a number (XLA of
    2025-07 on prints 0.0%: bufviz's own breakdown does)."""
    return "nan%" if percent is None else f"{percent:.1f}%"
