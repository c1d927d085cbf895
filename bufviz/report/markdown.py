"""`bufviz check --format markdown`: a table for $GITHUB_STEP_SUMMARY or a pull-request comment."""
from __future__ import annotations

from ..units import human_bytes
from .check import doubts, folded_rows, limit_text, reasons, result_word, verdict_line
from .diff import signed
from .escape import markdown_code, markdown_text


def render_check_markdown(result: dict) -> str:
    icon = "✅" if result["ok"] else "❌"
    lines = [f"### {icon} {verdict_line(result)}", ""]
    rows, folded = folded_rows(result)
    if rows:
        lines += ["| program | metric | now | baseline | change | allowed | result |", "|---|---|--:|--:|--:|---|---|"]
        for r in rows:
            change = signed(r["delta"]) if r["delta"] is not None else ""
            base = human_bytes(r["baseline_bytes"]) if r["baseline_bytes"] is not None else ""
            lines.append(f"| {_cell(r['program'])} | {r['what']} | {human_bytes(r['bytes'])} | {base} | {change} | "
                         f"{_cell(limit_text(r))} | {_result(r)} |")
    if folded:
        lines += ["", f"_+ {_cell(folded)}_"]
    over = [r for r in result["results"] if not r["ok"]]
    for r in over:
        lines += ["", f"**{_cell(r['program'])}**: " + "; ".join(_cell(v) for v in r["violations"])]
        because, culprits = reasons(r)
        if because:
            lines.append(f"_{_cell(because)}_")
        for what, size, source in culprits:
            where = f" at {markdown_code(source)}" if source else ""
            lines.append(f"- {markdown_code(what)} {size}{where}")
    if result.get("not_compared"):
        lines += ["", f"Not compared: {_cell(result['not_compared'])}"]
    if doubted := doubts(result):
        lines += ["", "Not trusted (the numbers differ from XLA's own):"]
        lines += [f"- **{_cell(program)}**: {_cell(why)}" for program, why in doubted]
    if result["errors"]:
        lines += ["", "Not checked:"] + [f"- {_cell(e['error'])}" for e in result["errors"]]
    return "\n".join(lines) + "\n"


def _result(r: dict) -> str:
    word = result_word(r)
    return "**over**" if word == "OVER" else word


def _cell(text: str | None) -> str:
    return markdown_text(text)
