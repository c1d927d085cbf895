"""JSON output: the report dict as one object (the stable, versioned surface)."""
from __future__ import annotations

import json


def render_json(report: dict) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"
