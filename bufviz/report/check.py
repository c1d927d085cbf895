"""`bufviz check` in the terminal: one line per module and metric, and the buffers to blame."""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.text import Text

from ..compare.check import NEW_PROGRAM
from ..compare.why import first_reason
from ..units import human_bytes
from .diff import signed
from .layout import Column, cut_middle, fit_table, say, some_names
from .scan import eager_words


def verdict_line(result: dict) -> str:
    if result.get("not_compared") and not result["failed"]:
        return "bufviz check: nothing compared: the baseline holds other programs"
    failed, checked = result["failed"], result["checked"]
    errors, doubtful = len(result["errors"]), len(result.get("doubtful") or [])
    said = []
    if failed:   # (the exit code says over a limit first: 1)
        said.append(f"{failed} of {checked} check{'s' * (checked != 1)} over the limit")
    if errors:
        said.append(f"{errors} module{'s' * (errors != 1)} could not be checked")
    if doubtful:
        said.append(f"{doubtful} module{'s' * (doubtful != 1)} whose numbers differ from XLA's, not trusted")
    if not said:
        return "bufviz check: the one check is within limits" if checked == 1 else \
            f"bufviz check: all {checked} checks within limits"
    if not failed and checked:
        said.append("nothing else over a limit" if doubtful else f"all {checked} others within limits")
    return "bufviz check: " + "; ".join(said)


def limit_text(r: dict) -> str:
    """What the value was held to: at most the budget, at most this much above the baseline."""
    parts = []
    if r["budget_bytes"] is not None:
        parts.append(f"≤ {human_bytes(r['budget_bytes'])}")
    if r["allowed_increase_bytes"] is not None:
        parts.append(f"+{human_bytes(r['allowed_increase_bytes'])}")
    elif r["note"] and not _is_new(r):   # (a new program says so in the baseline column)
        parts.append(r["note"])
    return ", ".join(parts)


def result_word(r: dict) -> str:
    """OVER a limit, else unsure where the module's numbers differ from XLA's own or its baseline
    is another program's, else ok."""
    return "OVER" if not r["ok"] else "unsure" if r.get("doubt") or r.get("not_compared") else "ok"


def doubts(result: dict) -> list[tuple[str, str]]:
    """(program, why) for each module whose numbers differ from XLA's own, once."""
    seen = {}
    for r in result["results"]:
        if r.get("doubt") and r["program"] not in seen:
            seen[r["program"]] = r["doubt"]
    return list(seen.items())


def limit_lines(result: dict) -> list[str]:
    """How each allocator's limit held to was worked out, once per limit."""
    from .device import limit_words
    lines = []
    for limit in {json.dumps(r["limit"], sort_keys=True): r["limit"] for r in result["results"]
                  if r["metric"] == "device" and r.get("limit")}.values():
        source = limit.get("fraction_from")
        why = ""
        if source == "jax's default":
            why = " (jax's default fraction; --mem-fraction to change it)"
        elif source not in (None, "--mem-fraction"):
            why = f" (the fraction from {source})"
        lines.append(f"the allocator's limit {human_bytes(limit['limit_bytes'])}: {limit_words(limit)}{why}")
    return lines


def _is_new(r: dict) -> bool:
    return r["note"] == NEW_PROGRAM


def _baseline_cell(r: dict) -> str:
    if r["baseline_bytes"] is not None:
        return human_bytes(r["baseline_bytes"])
    return "new" if _is_new(r) else ""


def unpaired_lines(result: dict) -> list[str]:
    """Programs without a baseline row, and baseline rows not found now: one line each."""
    lines = []
    for names, what in ((result["without_baseline"], "new (no row in the baseline)"),
                        (result["baseline_only"], "in the baseline but not found now")):
        if names:
            count = f"{len(names)} program{'s' * (len(names) != 1)}"
            lines.append(f"{count} {what}: {some_names(names)}")
    return lines


def folded_rows(result: dict, everything: bool = False) -> tuple[list[dict], str | None]:
    """(the rows to list, one line for the rest): rows of modules jax compiled for eager
    operations are folded when trusted and not held to the limits, or within them."""
    every = result["results"]
    folded = [] if everything else [r for r in every if r.get("eager") and r["ok"] and not r.get("doubt")]
    held = any(r.get("held", True) for r in folded)
    if not folded or len(folded) == len(every):
        return every, None   # (nothing of the user's to show instead)
    programs = {r["program"]: r["module"] or r["program"] for r in folded}   # (one a module, any metrics)
    largest = max(folded, key=lambda r: r["bytes"] or 0)
    hidden = {id(r) for r in folded}
    return ([r for r in every if id(r) not in hidden],
            f"{eager_words(list(programs.values()), shown=0)}: {'within limits' if held else 'not held to limits'}, "
            "the largest "
            f"{largest['module'] or largest['program']} {human_bytes(largest['bytes'] or 0)} {largest['what']}")


def render_check(result: dict, console: Console, everything: bool = False) -> None:
    """One line per module and metric; the modules jax compiled for eager operations that are
    within limits folded into one line."""
    rows, folded = folded_rows(result, everything)
    one_metric = len({r["metric"] for r in rows}) == 1
    budget = any(r["budget_bytes"] is not None for r in rows)
    if rows:
        if one_metric:
            console.print(Text(f"{rows[0]['what'].capitalize()} of each module", style="bold"))
        console.print(fit_table([
            Column("program", [r["program"] for r in rows], shorten=cut_middle, least=40),
            Column("metric", [] if one_metric else [r["what"] for r in rows]),
            Column("now", [human_bytes(r["bytes"]) for r in rows], "right"),
            # (a budget says why a row is OVER when nothing changed: kept before the baseline's number)
            Column("baseline", [_baseline_cell(r) for r in rows], "right", keep=2 if budget else 1),
            Column("change", [signed(r["delta"]) if r["delta"] is not None else "" for r in rows], "right", keep=1),
            Column("allowed", [limit_text(r) for r in rows], keep=1 if budget else 2),
            Column("result", [result_word(r) for r in rows],
                   styles=["bold red" if not r["ok"] else "yellow" if r.get("doubt") else "green" for r in rows]),
        ], console.width))
    if folded:
        say(console, f"+ {folded} (--all lists them)", "dim")
    for r in rows:
        if r["ok"]:
            continue
        for v in r["violations"]:
            say(console, f"{r['program']}: {v}", "red")
        for line in reasons_lines(r):
            say(console, line, indent="    ")
    for line in limit_lines(result):
        say(console, line, "dim")
    for program, why in doubts(result):
        say(console, f"not trusted: {program}: {why}", "yellow")
    if result.get("not_compared"):
        say(console, f"not compared: {result['not_compared']}", "yellow")
    for e in result["errors"]:
        say(console, f"not checked: {e['error']}", "yellow")
    for line in unpaired_lines(result):
        say(console, f"note: {line}", "dim")
    say(console, verdict_line(result), "bold green" if result["ok"] else "bold red")


def reasons(r: Mapping[str, Any]) -> tuple[str | None, list[tuple[str, str, str | None]]]:
    """Why a failed check's memory changed (its largest reason), and the buffers that grew most
    (else the largest): (what, its bytes and growth, the user's line), for each report to set."""
    culprits = [(c["what"], human_bytes(c["bytes"]) + (f" ({signed(c['delta'])})" if c["delta"] else ""),
                 c["source"]) for c in r["culprits"]]
    return first_reason(r.get("why") or [], r["delta"] or 0), culprits


def reasons_lines(r: Mapping[str, Any]) -> list[str]:
    """Under a check that failed: why it changed and what grew, each with the user's line."""
    because, culprits = reasons(r)
    return ([f"  {because}"] if because else []) + \
        [f"  {what} {size}" + (f"  {source}" if source else "") for what, size, source in culprits]
