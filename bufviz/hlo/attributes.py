"""Reading HLO attribute text: `key=value` lists with nested brackets and quoted strings."""
from __future__ import annotations

import json
import re

from ..units import bounded
from .shapes import parse_index

# A quoted string (with escapes; an unclosed one runs to the end).
_QUOTED = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?')


def bracket_depth(text: str) -> int:
    """Net count of open brackets outside quoted strings (0 when balanced)."""
    if '"' in text:
        text = _QUOTED.sub("", text)
    return (text.count("{") + text.count("(") + text.count("[")
            - text.count("}") - text.count(")") - text.count("]"))


# A quoted string (as _QUOTED reads it), or a run of text without quotes.
_QUOTED_OR_PLAIN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[^"]+')


def split_top_level(text: str) -> list[str]:
    """Split on commas that are not inside brackets or strings. Outside strings the text is
    split at every comma and the brackets of each piece counted (a module header's 20 KB of
    aliasing and layouts is thousands of tokens: one Python step per piece, not per token)."""
    parts = []
    current: list[str] = []  # the pieces of the part being read
    depth = 0
    for m in _QUOTED_OR_PLAIN.finditer(text):
        run = m.group()
        if run[0] == '"':
            current.append(run)
            continue
        for k, piece in enumerate(run.split(",")):
            if k:  # a comma before this piece: it splits where no bracket is open
                if depth == 0:
                    parts.append("".join(current))
                    current = []
                else:
                    current.append(",")
            current.append(piece)
            depth += (piece.count("{") + piece.count("(") + piece.count("[")
                      - piece.count("}") - piece.count(")") - piece.count("]"))
    parts.append("".join(current))
    return parts


def split_attributes(text: str) -> dict[str, str]:
    """`, index=0, metadata={...}` -> {'index': '0', 'metadata': '{...}'} (values kept as text)."""
    attrs: dict[str, str] = {}
    for part in split_top_level(text):
        part = part.strip()
        if not part:
            continue
        key, eq, value = part.partition("=")
        attrs[key.strip()] = value.strip() if eq else ""
    return attrs


# What plain_attribute reads without splitting: attributes before the key holding brackets only
# inside complete quoted strings or as `{...}` without brackets or quotes inside (a reduce's
# `dimensions={1}`), and a value that is a bare word, a quoted string, or a `{...}` without
# nested braces (a name list, metadata).
_PLAIN_PREFIX = re.compile(r'(?:[^"{}()\[\]]+|"[^"\\]*(?:\\.[^"\\]*)*"|\{[^"{}()\[\]]*\})*')
_PLAIN_VALUE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|\{[^"{}]*(?:"[^"\\]*(?:\\.[^"\\]*)*"[^"{}]*)*\}|[^"{}()\[\],]*')


def plain_attribute(text: str, key: str) -> str | None:
    """split_attributes(text).get(key) where that is certain without splitting: `key` printed
    once, where the prefix reads cleanly, with a value _PLAIN_VALUE reads up to the next comma.
    None where it is not certain (the caller splits)."""
    needle = f", {key}="
    at = text.find(needle)
    if at < 0 or text.find(needle, at + 1) >= 0:
        return None
    prefix = _PLAIN_PREFIX.match(text, 0, at)
    assert prefix is not None  # (both patterns match even nothing)
    if prefix.end() != at:
        return None
    start = at + len(needle)
    value = _PLAIN_VALUE.match(text, start)
    assert value is not None
    end = value.end()
    if text[end:end + 1] not in ("", ","):
        return None
    return value.group().strip()


# (a key starts where no letter stands before it: a long word is tried once, not from each letter)
_META_ITEM = re.compile(r'(?<![A-Za-z_])([A-Za-z_]+)=("[^"\\]*(?:\\.[^"\\]*)*"|[^\s}]+)')


def parse_metadata(text: str) -> dict[str, str]:
    """`{op_type="dot" op_name="jit(f)/dot" source_line=12}` -> dict of unquoted values."""
    out = {}
    for key, value in _META_ITEM.findall(text):
        out[key] = unquote(value) if value.startswith('"') else value
    return out


_C_ESCAPE = re.compile(r"\\(?:([0-7]{1,3})|x([0-9a-fA-F]{1,2})|(.))", re.S)
_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def unquote(text: str) -> str:
    """A double-quoted HLO string -> its content. XLA escapes strings the C way (absl::CEscape:
    \\' \\" \\\\ \\n, and octal bytes for the rest), so bytes are rebuilt, then decoded as UTF-8."""
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        text = text[1:-1]
    if "\\" not in text:
        return text
    out = bytearray()
    pos = 0
    for m in _C_ESCAPE.finditer(text):
        out += text[pos:m.start()].encode()
        octal, hexa, char = m.groups()
        if octal is not None:
            out.append(int(octal, 8) & 0xFF)
        elif hexa is not None:
            out.append(int(hexa, 16))
        else:
            out += _SIMPLE_ESCAPES.get(char, char).encode()
        pos = m.end()
    out += text[pos:].encode()
    return out.decode("utf-8", errors="replace")


def parse_backend_config(text: str):
    """backend_config is a JSON object (new) or a quoted string holding JSON (old); else raw text."""
    if text.startswith('"'):
        text = unquote(text)
    try:
        return json.loads(text)
    except ValueError:
        return text


def parse_frontend_attributes(text: str) -> dict[str, str]:
    """`{k="v",k2={...}}` -> dict (values unquoted when quoted)."""
    body = text.strip()
    if body.startswith("{") and body.endswith("}"):
        body = body[1:-1]
    out = {}
    for part in split_top_level(body):
        key, eq, value = part.partition("=")
        if eq:
            value = value.strip()
            out[key.strip()] = unquote(value) if value.startswith('"') else value
    return out


def parse_name_list(text: str) -> list[str]:
    """`%a` or `{%a, %b}` -> ['a', 'b']."""
    text = text.strip()
    if text.startswith("{"):
        text = text[1:-1]
    return [n.strip().lstrip("%") for n in text.split(",") if n.strip()]


_ALIAS = re.compile(r"\{([0-9,\s]*)\}\s*:\s*\(\s*(\d+)\s*,\s*\{([0-9,\s]*)\}\s*(?:,\s*([A-Za-z\-]+)\s*)?\)")
_DONOR = re.compile(r"\(\s*(\d+)\s*,\s*\{([0-9,\s]*)\}\s*\)")


def parse_alias_pairs(text: str) -> list[tuple[tuple[int, ...], int, tuple[int, ...], str | None]]:
    """`{ {0}: (1, {}, may-alias) }` or `{{1}: (0, {})}` -> [(output_index, number, index, kind)];
    units.NumberError for a number past an int64."""
    return [(parse_index(out), bounded(num, what="an operand number"), parse_index(idx), kind or None)
            for out, num, idx, kind in _ALIAS.findall(text)]


def parse_donors(text: str) -> list[tuple[int, tuple[int, ...]]]:
    """`{ (0, {}), (1, {1}) }` -> [(parameter, index)]; units.NumberError for a number past an int64."""
    return [(bounded(num, what="a parameter number"), parse_index(idx)) for num, idx in _DONOR.findall(text)]


def plain_op_name(op_name: str) -> str:
    """An op_name without jax's primitive parameters (`dot_general[dimension_numbers=…]` ->
    `dot_general`); brackets without `=` are names and stay (`params[0][1]`)."""
    if "[" not in op_name:
        return op_name
    out, k = [], 0
    while (start := op_name.find("[", k)) >= 0:
        end = _closing_bracket(op_name, start)
        if "=" in op_name[start:end]:
            out.append(op_name[k:start])
            k = end + 1
        else:  # a name's bracket: kept, and what it holds is read on
            out.append(op_name[k:start + 1])
            k = start + 1
    out.append(op_name[k:])
    return "".join(out)


def _closing_bracket(text: str, start: int) -> int:
    """Where the `]` closing the `[` at `start` is (len(text) if it is never closed)."""
    depth, k = 0, start
    while True:
        close = text.find("]", k)
        if close < 0:
            return len(text)
        opening = text.find("[", k, close)
        if opening >= 0:
            depth, k = depth + 1, opening + 1
        else:
            depth, k = depth - 1, close + 1
            if depth == 0:
                return close
