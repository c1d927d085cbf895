"""Text from a dump stays text: dumps come from colleagues, bug reports and CI artifacts, so a
name, op_name or file name is never allowed to become markup, a script, an XML element, a table
cell of its own or a terminal command in any output format."""
from __future__ import annotations

import json
import re

# Control characters a terminal or an XML parser would act on (tab and newline stay).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# The same, but leaving the colour sequences rich writes (ESC [ ... m) alone.
_CONTROL_BUT_COLOUR = re.compile("\x1b(?!\\[[0-9;]*m)|[\x00-\x08\x0b-\x1a\x1c-\x1f\x7f-\x9f]")
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
# What can start markup inside a line (a table cell or a list item's text); an underscore
# inside a word (`jit_update`) cannot, and stays as it is.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*\[\]|~<>&]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9]))")
_SCRIPT_UNSAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def _visible(match: re.Match) -> str:
    return f"\\x{ord(match.group()):02x}"


def printable(text: str) -> str:
    """Control characters shown as `\\x1b`, not acted on."""
    return _CONTROL.sub(_visible, text)


def terminal(output: str) -> str:
    """Rendered terminal text with every control character made visible but rich's colours."""
    return _CONTROL_BUT_COLOUR.sub(_visible, output)


def script_json(value) -> str:
    """JSON safe inside an HTML <script> block: no `</script>`, no `<!--`, no line separators
    that end a JavaScript string."""
    text = json.dumps(value)
    for char, escaped in _SCRIPT_UNSAFE.items():
        text = text.replace(char, escaped)
    return text


def xml_text(text: str) -> str:
    """Characters XML 1.0 cannot hold, shown as `\\x01` (ElementTree escapes the rest)."""
    return _NOT_XML.sub(_visible, text)


def markdown_text(text: str | None) -> str:
    """Plain text inside a markdown paragraph or table cell: nothing in it is markup."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", printable(text or "").replace("\n", " "))


def markdown_code(text: str, in_table: bool = False) -> str:
    """`text` as a code span whatever backticks it holds (and pipes, inside a table cell)."""
    text = printable(text).replace("\n", " ")
    if in_table:
        text = text.replace("|", "\\|")
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"
