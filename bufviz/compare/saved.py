"""Saved results: the JSON of `peak` (one module) or of `scan` (several), read back in place of a
dump so CI keeps last week's numbers rather than last week's dumps."""
from __future__ import annotations

import json
import os

from ..errors import SAVED_READ, BufvizError
from ..result import SCHEMA_VERSION, PeakReport
from ..textfile import STDIN, read_text
from ..units import read_json
from .compact import summarize


def looks_saved(text: str) -> bool:
    """bufviz's JSON starts with its schema version (jax's memory statistics have none)."""
    head = text[:200].lstrip("\ufeff \t\r\n")
    return head.startswith("{") and '"schema_version"' in head


def is_saved_file(path: str) -> bool:
    """Whether a file is a saved result, from its first bytes (dumps can be hundreds of MB)."""
    with open(path, "rb") as f:
        return looks_saved(f.read(256).decode("utf-8", "ignore"))


def is_saved(path: str, device=None) -> bool:
    """Whether `path` names a saved result rather than a dump: decided here, for every command and
    the API alike. A saved result cannot say whether it fits (`device`): that is an error."""
    if path == STDIN or not os.path.isfile(path) or not is_saved_file(path):
        return False
    refuse_device(path, device)
    return True


def refuse_device(name: str, device) -> None:
    """A saved result (file or text) asked whether it fits a device: an input error."""
    if device is not None:
        raise BufvizError("a saved result cannot say whether it fits (it does not list the library calls that "
                          "allocate while running): give the dump", name)


def read_saved(path: str, text: str | None = None) -> list[dict]:
    """The module results in a saved peak or scan JSON."""
    data = _parse(path, read_text(path) if text is None else text)
    version = data.get("schema_version")
    if version != SCHEMA_VERSION:
        raise BufvizError(f"expected a result saved with schema_version {SCHEMA_VERSION}, found schema_version "
                          f"{version!r} (save it again with this bufviz)", path, 1)
    if isinstance(data.get("modules"), list):   # (below the folder that was scanned)
        return [{"root": data.get("root"), **m} for m in data["modules"]]
    if "memory" in data and "module" in data:
        return [summarize(_peak_report(path, data))]
    raise BufvizError("expected a saved result of 'bufviz peak --format json' or 'bufviz scan --format json', "
                      "found other bufviz JSON (verify, explain, ...)", path, 1)


def read_saved_report(path: str, text: str) -> PeakReport:
    """A saved `peak --format json`, whole, to render again."""
    data = _parse(path, text)
    if data.get("schema_version") != SCHEMA_VERSION or "memory" not in data or "xla" not in data:
        raise BufvizError(f"expected the JSON of 'bufviz peak --format json' (schema_version {SCHEMA_VERSION}), "
                          "found other JSON", path, 1)
    return _peak_report(path, data)


def _peak_report(path: str, data: dict) -> PeakReport:
    try:
        return PeakReport.from_json(data)
    except ValueError as e:
        raise BufvizError(f"expected the JSON of 'bufviz peak --format json': {e}", path, 1) from None


MAX_NESTING = 64   # bufviz's JSON nests a dozen levels: deeper is not its


def _parse(path: str, text: str) -> dict:
    depth = _nesting(text)
    if depth > MAX_NESTING:
        raise BufvizError(f"expected a saved bufviz result, found JSON nested {depth} levels deep (bufviz's "
                          f"nests at most a dozen)", path, 1)
    SAVED_READ.append(path)   # (a saved result read: what it lacks later is the file's fault, app.py)
    try:
        data = read_json(text, path)
    except json.JSONDecodeError as e:
        raise BufvizError(f"expected a saved bufviz result (JSON), found invalid JSON: {e.msg}"
                          + (" (the file ends early: cut short?)" if not text.rstrip().endswith("}") else ""),
                          path, e.lineno) from None
    if not isinstance(data, dict):
        raise BufvizError("expected a saved bufviz result (a JSON object)", path, 1)
    return data


def _nesting(text: str) -> int:
    """The deepest nesting of brackets outside strings, in one pass (json.loads would recurse)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_NESTING:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest
