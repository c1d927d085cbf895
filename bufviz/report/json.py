"""JSON output: a result as one object (the stable, versioned surface)."""
from __future__ import annotations

import json
from typing import Iterator


def _dumps(value) -> str:
    # Compact: only then does the json module use its C encoder (5x faster on big reports).
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def render_json(value: dict) -> str:
    return "".join(json_chunks(value))


def json_chunks(value: dict) -> Iterator[str]:
    """render_json's text in pieces (the members of the report and of its sections encoded one
    by one): a large module's report is written without holding all of its text at once."""
    yield from _members(value, 2)
    yield "\n"


def _members(value, depth: int) -> Iterator[str]:
    if not isinstance(value, dict) or depth == 0:
        yield _dumps(value)
        return
    yield "{"
    for k, (key, member) in enumerate(value.items()):
        yield ("," if k else "") + _dumps(_key(key)) + ":"
        yield from _members(member, depth - 1)
    yield "}"


def _key(key) -> str:
    """A dict key as json writes it (keys that are not strings become their JSON text)."""
    return key if isinstance(key, str) else _dumps(key)
