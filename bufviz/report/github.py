"""`bufviz check --format github`: workflow commands GitHub shows as annotations, an error at the
source line of each buffer to blame (a file-less one where there is no source), a notice when
within limits."""
from __future__ import annotations

import os

from ..units import human_bytes
from .check import folded_rows, verdict_line
from .diff import signed


def render_check_github(result: dict, workspace: str | None = None) -> str:
    workspace = workspace or os.environ.get("GITHUB_WORKSPACE") or os.getcwd()
    lines = []
    rows, folded = folded_rows(result)
    if folded:
        lines.append(_command("notice", folded, {"title": "bufviz: eager operations"}))
    for r in rows:
        title = f"bufviz: {r['program']} {r['what']}"
        if r["ok"] and (r.get("doubt") or r.get("not_compared")):
            why = f"not trusted: {r['doubt']}" if r.get("doubt") else f"not compared: {r['not_compared']}"
            lines.append(_command("warning", f"{title} {human_bytes(r['bytes'])} {why}", {"title": title}))
            continue
        if r["ok"]:
            lines.append(_command("notice", f"{title} {human_bytes(r['bytes'])} within limits", {"title": title}))
            continue
        message = "; ".join(r["violations"])
        placed = [c for c in r["culprits"] if c["source"]]
        for c in placed:
            path, line = _file_and_line(c["source"], workspace)
            grew = f", {signed(c['delta'])}" if c["delta"] else ""
            lines.append(_command("error", f"{message}. {c['what']} ({human_bytes(c['bytes'])}{grew}) is "
                                           f"created here.", {"file": path, "line": line, "title": title}))
        unplaced = [c for c in r["culprits"] if not c["source"]]
        if unplaced or not placed:   # (buffers without a source line are named too, file-less)
            blame = ", ".join(f"{c['what']} {human_bytes(c['bytes'])}" for c in unplaced)
            words = ". Also: " if placed else ". Largest: "
            lines.append(_command("error", message + (words + blame if blame else ""), {"title": title}))
    for e in result["errors"]:
        lines.append(_command("error", e["error"], {"title": "bufviz: unreadable module"}))
    lines.append(verdict_line(result))
    return "\n".join(lines) + "\n"


def _file_and_line(source: str, workspace: str) -> tuple[str, str | None]:
    line: str | None
    path, _, line = source.rpartition(":")
    if not path or not line.isdigit():
        path, line = source, None
    if os.path.isabs(path) and workspace and path.startswith(workspace.rstrip("/") + "/"):
        path = os.path.relpath(path, workspace)   # annotations name files relative to the repository
    return path, line


def _command(level: str, message: str, properties: dict) -> str:
    props = ",".join(f"{k}={_escape(str(v), True)}" for k, v in properties.items() if v is not None)
    return f"::{level} {props}::{_escape(message)}"


def _escape(text: str, property_value: bool = False) -> str:
    """GitHub's workflow-command escaping (toolkit's escapeData / escapeProperty)."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if property_value else text
