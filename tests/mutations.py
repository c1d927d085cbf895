"""A seeded mutator of real inputs, aimed at what breaks readers: tuples nested deep, sizes past
what XLA can hold, numbers of thousands of digits, call cycles, lines of megabytes, saved JSON
nested deep or missing keys or holding a string for a number; and the plain damage (a cut, a
flipped byte, lines deleted). Used by tests/bad_input/test_bad_input.py (a few cases) and
bench/fuzz.py (hundreds, by hand)."""
from __future__ import annotations

import json
import random
import re

_ARRAY = re.compile(r"\b(?:f32|f16|bf16|s32|u32|s8|u8|pred|f64|s64)\[[0-9,]*\](?:\{[0-9,]*\})?")
_NUMBER = re.compile(r"(?<=[(\[=, ])\d+(?=[)\],}])")
_COMPUTATION = re.compile(r"^%?([\w.\-]+) \(.*\) -> .* \{$", re.M)


def mutate_text(text: str, rng: random.Random) -> tuple[str, str]:
    """(the mutated text, what was done)."""
    how = rng.choice(["nest", "huge", "digits", "cycle", "long_line", "cut", "flip", "delete", "dims"])
    if how == "nest" and (m := _pick(_ARRAY, text, rng)):
        k = rng.choice([70, 1000, 5000])
        return text[:m.start()] + "(" * k + m.group() + ")" * k + text[m.end():], f"tuple nested {k} deep"
    if how == "huge" and (m := _pick(_ARRAY, text, rng)):
        dims = rng.choice(["18446744073709551616", "99999999999,99999999999", ",".join(["2"] * 64)])
        return text[:m.start()] + f"f32[{dims}]" + text[m.end():], "a shape past what XLA can hold"
    if how == "dims" and (m := _pick(_ARRAY, text, rng)):
        return text[:m.start()] + "f32[" + ",".join(["7"] * rng.choice([30, 300])) + "]" + text[m.end():], "many dims"
    if how == "digits" and (m := _pick(_NUMBER, text, rng)):
        return text[:m.start()] + "9" * rng.choice([50, 5000]) + text[m.end():], "a number of thousands of digits"
    if how == "cycle":
        names = _COMPUTATION.findall(text)
        body = text.find("ROOT ")
        if names and body > 0:
            line = f"  %cycle = f32[] call(), to_apply=%{rng.choice(names)}\n"
            start = text.rfind("\n", 0, body) + 1
            return text[:start] + line + text[start:], "a call cycle"
    if how == "long_line":
        filler = rng.choice([" ", "{", ")", "x", "9", '"', "(", " ->"]) * rng.choice([100_000, 1_000_000])
        at = rng.randrange(len(text) + 1)
        return text[:at] + "\n" + filler + "\n" + text[at:], "a line of a megabyte"
    return plain_damage(text, rng, how)


def plain_damage(text: str, rng: random.Random, how: str = "") -> tuple[str, str]:
    lines = text.split("\n")
    if how == "flip" and text:
        k = rng.randrange(len(text))
        return text[:k] + chr(rng.randrange(32, 127)) + text[k + 1:], "a flipped character"
    if how == "delete" and len(lines) > 1:
        k = rng.randrange(len(lines))
        return "\n".join(lines[:k] + lines[k + 1:]), "a line deleted"
    return text[: rng.randrange(len(text) + 1)], "cut short"


def mutate_json(text: str, rng: random.Random) -> tuple[str, str]:
    """A saved result changed by hand: nested deep, a key removed, a string for a number."""
    data = json.loads(text)
    how = rng.choice(["nest", "drop", "retype", "cut"])
    if how == "nest":
        k = rng.choice([100, 1000, 20000])
        return text[:-1].rstrip().rstrip("}") + ', "x": ' + "[" * k + "]" * k + "}", f"JSON nested {k} deep"
    if how == "cut":
        return text[: rng.randrange(len(text))], "JSON cut short"
    found = _containers(data)
    node, key = rng.choice(found) if found else (data, "schema_version")
    if how == "drop":
        del node[key]
        return json.dumps(data), f"key {key!r} removed"
    node[key] = rng.choice(["lots", None, [], {"a": 1}, -1, 10 ** 30])
    return json.dumps(data), f"{key!r} given another type"


def _containers(data) -> list[tuple]:
    """(container, key) of every value in a JSON document, iteratively."""
    out, stack = [], [data]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            out.append((node, key))
            if isinstance(value, (dict, list)):
                stack.append(value)
    return out


def _pick(pattern: re.Pattern, text: str, rng: random.Random):
    matches = list(pattern.finditer(text, 0, min(len(text), 400_000)))
    return rng.choice(matches) if matches else None
