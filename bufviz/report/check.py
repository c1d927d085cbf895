"""`bufviz check` in the terminal: one line per module and metric, and the buffers to blame."""
from __future__ import annotations

from rich.console import Console
from rich.text import Text

from ..units import human_bytes
from .diff import signed
from .layout import Column, cut_middle, fit_table


def verdict_line(result: dict) -> str:
    failed, checked = result["failed"], result["checked"]
    errors = len(result["errors"])
    unread = f"{errors} module{'s' * (errors != 1)} could not be checked"
    if failed:   # (the exit code says over a limit first: 1)
        return f"bufviz check: {failed} of {checked} check{'s' * (checked != 1)} over the limit" + \
            (f"; {unread}" if errors else "")
    if errors:
        return f"bufviz check: {unread}" + (f"; all {checked} others within limits" if checked else "")
    return f"bufviz check: all {checked} check{'s' * (checked != 1)} within limits"


def limit_text(r: dict) -> str:
    """What the value was held to: at most the budget, at most this much above the baseline."""
    parts = []
    if r["budget_bytes"] is not None:
        parts.append(f"≤ {human_bytes(r['budget_bytes'])}")
    if r["allowed_increase_bytes"] is not None:
        parts.append(f"+{human_bytes(r['allowed_increase_bytes'])}")
    elif r["note"]:
        parts.append(r["note"])
    return ", ".join(parts)


def render_check(result: dict, console: Console) -> None:
    rows = result["results"]
    one_metric = len({r["metric"] for r in rows}) == 1
    if rows:
        if one_metric:
            console.print(Text(f"{rows[0]['what'].capitalize()} of each module", style="bold"))
        console.print(fit_table([
            Column("program", [r["program"] for r in rows], shorten=cut_middle, least=40),
            Column("metric", [] if one_metric else [r["what"] for r in rows]),
            Column("now", [human_bytes(r["bytes"]) for r in rows], "right"),
            Column("baseline", [human_bytes(r["baseline_bytes"]) if r["baseline_bytes"] is not None else ""
                                for r in rows], "right", keep=1),
            Column("change", [signed(r["delta"]) if r["delta"] is not None else "" for r in rows], "right", keep=1),
            Column("allowed", [limit_text(r) for r in rows], keep=2),
            Column("result", ["ok" if r["ok"] else "OVER" for r in rows],
                   styles=["green" if r["ok"] else "bold red" for r in rows]),
        ], console.width))
    for r in rows:
        if r["ok"]:
            continue
        for v in r["violations"]:
            console.print(Text(f"{r['program']}: {v}", style="red"))
        for c in r["culprits"]:
            grew = f" ({signed(c['delta'])})" if c["delta"] else ""
            where = f"  {c['source']}" if c["source"] else ""
            console.print(f"  {c['what']} {human_bytes(c['bytes'])}{grew}{where}")
    for e in result["errors"]:
        console.print(Text(f"not checked: {e['error']}", style="yellow"))
    for name in result["baseline_only"]:
        console.print(Text(f"note: {name} is in the baseline but was not found now", style="dim"))
    console.print(Text(verdict_line(result), style="bold green" if result["ok"] else "bold red"))
