"""The what-if block at the top of `bufviz peak --donate / --remat`: what was changed, and the
headline and its parts before -> after."""
from __future__ import annotations

from typing import Any, Mapping

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from .advice import number_ranges
from .diff import PART_NAMES, signed
from .layout import Column, fit_table
from ..units import human_bytes


def what_if_block(data: Mapping[str, Any], width: int) -> Group:
    lines: list[RenderableType] = [Text(f"What if {_title(data)}", style="bold")]
    for d in data["donate"]:
        if d["not_donated_because"] is None:
            lines.append(Text(f"  {_who(d)} → output {{{d['output']}}} ({human_bytes(d['bytes'])})"))
        else:
            lines.append(Text(f"  {_who(d)} not donated: {d['not_donated_because']}", style="yellow"))
    for r in data.get("remat", []):
        if r["not_rematerialized_because"] is not None:
            lines.append(Padding(Text(f"{r['name']} not recomputed: {r['not_rematerialized_because']}",
                                      style="yellow"), (0, 0, 0, 2)))
            continue
        late = ", ".join(r["serves"])
        how = ("computed later, just before" if r["recomputed_as"] == r["name"] else
               f"recomputed as {r['recomputed_as']} just before")
        lines.append(Padding(Text(f"{r['name']} ({human_bytes(r['bytes'])}) {how} {late}"), (0, 0, 0, 2)))
    names = dict(PART_NAMES)
    parts = [k for k in data["before"] if data["before"][k] or data["after"][k]]
    lines.append(fit_table([
        Column("part", [names[k] for k in parts]),
        Column("before", [human_bytes(data["before"][k]) for k in parts], "right"),
        Column("after", [human_bytes(data["after"][k]) for k in parts], "right"),
        Column("change", [signed(data["after"][k] - data["before"][k]) for k in parts], "right"),
    ], width))
    saving = data["saving_bytes"]
    copied = sorted({d["number"] for d in data["donate"] if d.get("copied_first")})
    about = "about " if copied else ""   # (where XLA puts its copies is its scheduler's choice)
    verdict = (f"saves {about}{human_bytes(saving)} of memory needed" if saving > 0 else
               "saves nothing" if saving == 0 else f"costs {about}{human_bytes(-saving)} more")
    lines.append(Text(f"  {verdict}; the report below is the changed module", style="bold"))
    if copied:
        lines.append(Text(f"  XLA copies parameter{'s' * (len(copied) > 1)} {number_ranges(copied)} first (read "
                          "after the update, by the data dependencies): counted, each copy made at its first "
                          "read", style="dim"))
    return Group(*lines)


def _who(d: dict) -> str:
    """`params['w'] (parameter 3)`: the jax argument's path where the module gives one."""
    return f"{d['path']} (parameter {_leaf(d)})" if d.get("path") else f"parameter {_leaf(d)}"


def _title(data: Mapping[str, Any]) -> str:
    parts = []
    numbers = sorted({d["number"] for d in data["donate"]})
    if numbers:
        parts.append(f"parameter{'s' * (len(numbers) > 1)} {number_ranges(numbers)} "
                     f"{'were' if len(numbers) > 1 else 'was'} donated")
    names = [r["name"] for r in data.get("remat", [])]
    if names:
        parts.append(f"{', '.join(names)} {'were' if len(names) > 1 else 'was'} recomputed when needed")
    return " and ".join(parts)


def _leaf(d: dict) -> str:
    return f"{d['number']}" + (f"{{{d['index']}}}" if d["index"] else "")
