"""HLO module text -> Module. Only the module header, stack-frame tables and the computation
index are read here; computation bodies are parsed when first used (see model.Computation)."""
from __future__ import annotations

import re

from ..errors import BufvizError, found
from ..units import NumberError, bounded_at
from .attributes import parse_alias_pairs, parse_donors, split_attributes, unquote
from .lines import (COMPACT_OPERAND, EXPLICIT_TUPLE_READ, JAX_INLINE_SOURCE, LINE_NAME, NAME, PARALLEL_WRAPPER,
                    PERCENT_INSTRUCTION, TYPED_OPERAND)
from .model import Computation
from .module import Module

_MODULE_HEAD = re.compile(r"[ \t]*HloModule[ \t]+%?([^\s,]+)[ \t]*(.*)")
# Computation headers start in column 0: `[ENTRY] [%]name [(params) -> shape] {`.
_COMP_HEAD = re.compile(r"^(ENTRY[ \t]+)?%?(" + NAME + r")[ \t]*(\(.*\)[ \t]*->.*?)?[ \t]*\{[ \t]*$",
                        re.M)
# (one run of blanks a place, so that a long line of blanks fails in linear time)
_COMP_CLOSE = re.compile(r'^\}[ \t]*(?:,[ \t]*execution_thread="([^"]*)"[ \t]*)?(?://[^\n]*)?$', re.M)
_TABLES = ("FileNames", "FunctionNames", "FileLocations", "StackFrames")
_TABLE_ROW = re.compile(r'\s*(\d+)\s+("(?:[^"\\]|\\.)*"|\{[^}]*\})\s*$')
_KV = re.compile(r"(?<!\w)(\w+)=(-?\d{1,30})")   # (a word tried once: linear on long lines)
_PLAIN_FUSION_NAME = re.compile(r"fusion(?:\.\d+|\.clone)*")


def parse_module(text: str, path: str, edited: bool = False) -> Module:
    """Read an HLO module's text. Raises BufvizError naming the file and line on bad input.
    `edited`: a module bufviz rewrote from one it read (its calls were checked as it was read)."""
    start = len(text) - len(text.lstrip())
    line_no = text.count("\n", 0, start) + 1
    end_of_line = text.find("\n", start)
    if end_of_line < 0:
        end_of_line = len(text)
    head = _MODULE_HEAD.match(text, start, end_of_line)
    if not head:
        raise BufvizError(f"expected 'HloModule NAME', found {found(text[start:end_of_line])}", path, line_no)
    module = Module(head.group(1), path, text)
    _read_header_attributes(module, head.group(2), line_no)

    headers = _computation_headers(text, end_of_line)
    first = headers[0].start() if headers else len(text)
    _read_stack_tables(module, text, end_of_line, first, line_no + 1)
    if not headers:
        raise BufvizError("expected a computation ('name {' ... '}'), found none", path,
                          text.count("\n", 0, len(text.rstrip())) + 1)

    line = line_no
    last_pos = 0
    commented = False  # a closing line `} // name` (newer printers)
    for k, h in enumerate(headers):
        line += text.count("\n", last_pos, h.start())
        last_pos = h.start()
        next_start = headers[k + 1].start() if k + 1 < len(headers) else len(text)
        close = _closing_brace(text, h.end(), next_start)
        name = h.group(2)
        if close is None:
            what = "the end of the file (truncated?)" if k + 1 == len(headers) else "the next computation"
            raise BufvizError(f"expected '}}' closing computation {name!r}, found {what}", path, line)
        commented = commented or text.startswith("} // ", close.start())
        stray = text[close.end():next_start]
        if stray.strip():
            offset = close.end() + len(stray) - len(stray.lstrip())
            raise BufvizError(f"expected a computation or the end of the file, found "
                              f"{found(_line_at(text, offset))}", path, text.count("\n", 0, offset) + 1)
        if name in module.computations:
            raise BufvizError(f"expected a new computation name, found {name!r} defined twice", path, line)
        comp = Computation(name, h.group(1) is not None, line, (h.group(3) or "").strip(),
                           close.group(1), module, (h.end() + 1, close.start()), line + 1)
        module.computations[name] = comp
        if not edited:
            comp.order = k
        if comp.is_entry:
            if module.entry is not None:
                raise BufvizError(f"expected one ENTRY computation, found a second ({name!r})", path, line)
            module.entry = comp
    if module.entry is None:  # XLA's rule: without ENTRY, the last computation is the entry
        module.entry = list(module.computations.values())[-1]
        module.entry.is_entry = True
    _record_features(module, text, commented)
    return module


def _computation_headers(text: str, begin: int) -> list:
    """Header lines (`name {` in column 0). Found from their final `{`: str.find is far faster
    than a multi-line regex over every line of a large module."""
    headers = []
    pos = text.find("{\n", begin)
    while pos >= 0:
        line_start = text.rfind("\n", begin, pos) + 1 if pos > begin else begin
        if line_start < begin:
            line_start = begin
        if text[line_start:line_start + 1] not in ("", " ", "\t", "}"):
            m = _COMP_HEAD.match(text, line_start, pos + 1)
            if m:
                headers.append(m)
        pos = text.find("{\n", pos + 2)
    if text.endswith("{"):  # a header on the last line (truncated module)
        line_start = max(text.rfind("\n", begin) + 1, begin)
        m = _COMP_HEAD.match(text, line_start)
        if m:
            headers.append(m)
    if not headers:  # e.g. spaces after the `{`: the thorough way
        headers = list(_COMP_HEAD.finditer(text, begin))
    return headers


def _closing_brace(text: str, begin: int, end: int):
    """The first column-0 `}` line closing a computation (str.find is much faster than a
    multi-line regex search over the body)."""
    pos = text.find("\n}", begin - 1, end)
    while pos >= 0:
        m = _COMP_CLOSE.match(text, pos + 1, end)
        if m:
            return m
        pos = text.find("\n}", pos + 2, end)
    return None


def _line_at(text: str, offset: int) -> str:
    end = text.find("\n", offset)
    return text[offset:end if end >= 0 else len(text)]


def _read_header_attributes(module: Module, text: str, line: int) -> None:
    attrs = split_attributes(text) if text.strip() else {}
    module.attributes = attrs
    module.is_scheduled = attrs.get("is_scheduled") == "true"
    module.entry_computation_layout = attrs.get("entry_computation_layout")
    try:
        if "input_output_alias" in attrs:
            module.input_output_alias = parse_alias_pairs(attrs["input_output_alias"])
            if not module.input_output_alias and attrs["input_output_alias"].strip("{} "):
                raise BufvizError("expected input_output_alias entries like '{0}: (1, {}, may-alias)', "
                                  f"found {found(attrs['input_output_alias'])}", module.path, line)
        if "buffer_donor" in attrs:
            module.buffer_donors = parse_donors(attrs["buffer_donor"])
    except NumberError as e:
        raise BufvizError(f"expected {e}, found {e.text}", module.path, line) from None


def _read_stack_tables(module: Module, text: str, begin: int, end: int, first_line: int) -> None:
    """FileNames / FunctionNames / FileLocations / StackFrames between the header and the first
    computation (jax >= 0.7). Anything else there is an error."""
    table = None
    for offset, raw in enumerate(text[begin:end].split("\n")):
        stripped = raw.strip()
        if not stripped or stripped.startswith("//"):
            continue
        if stripped in _TABLES:
            table = stripped
            continue
        m = _TABLE_ROW.match(raw)
        if table is None or not m:
            raise BufvizError(f"expected a computation or a stack-frame table row, found {found(raw)}",
                              module.path, first_line + offset - 1)
        line = first_line + offset - 1
        key, value = bounded_at(m.group(1), module.path, line, "a table row number"), m.group(2)
        fields = {k: bounded_at(v, module.path, line, k) for k, v in _KV.findall(value)} \
            if table in ("FileLocations", "StackFrames") else {}
        if table == "FileNames":
            module.file_names[key] = unquote(value)
        elif table == "FunctionNames":
            module.function_names[key] = unquote(value)
        elif table == "FileLocations":
            module.file_locations[key] = fields
        else:
            # The printed parent_frame_id is one more than the parent's id, 0 = outermost
            # (checked on jax 0.10.2 dumps, where this chain rebuilds the Python call stack).
            module.stack_frames[key] = (fields.get("file_location_id", 0),
                                        max(fields.get("parent_frame_id", 0) - 1, 0))


def _record_features(module: Module, text: str, closing_comments: bool) -> None:
    """`closing_comments`: some computation closes with `} // name` (every column-0 `}` line
    of a module read without error closes a computation: found there, not by another scan)."""
    sample = text[:400_000]
    module.features = {
        "percent_names": PERCENT_INSTRUCTION.search(sample) is not None,
        "typed_operands": TYPED_OPERAND.search(sample) is not None,
        "closing_comments": closing_comments,
        "stack_frame_tables": bool(module.stack_frames),
        "signatures": any(c.signature for c in module.computations.values()),
        "is_scheduled": module.is_scheduled,
        "fusion_names": _fusion_naming(text),
        "compact_tuple_reads": _has_compact_read(sample),
        "parallel_wrappers": PARALLEL_WRAPPER.search(sample) is not None,
        "explicit_tuple_reads": EXPLICIT_TUPLE_READ.search(sample) is not None,
        "jax_inline_sources": not module.stack_frames and JAX_INLINE_SOURCE.search(sample) is not None,
    }


def _has_compact_read(text: str) -> bool:
    """An operand `%x#N` anywhere in `text` ('#' is rare: found by str.find, each checked)."""
    at = text.find("#")
    while at >= 0:
        start = max(text.rfind("%", 0, at), text.rfind("\n", 0, at))
        if start >= 0 and text[start] == "%" and COMPACT_OPERAND.match(text, start):
            return True
        at = text.find("#", at + 1)
    return False


def _fusion_naming(text: str) -> str | None:
    """'plain' when loop fusions are named `fusion.N`, 'descriptive' when named after what they
    fuse (`add_multiply_fusion`), None when there are none or both. Sampled: one fuser names all."""
    plain = descriptive = 0
    at = text.find("kind=kLoop")
    while at >= 0 and plain + descriptive < 50:
        start = text.rfind("\n", 0, at) + 1
        m = LINE_NAME.match(text, start)
        if m and " fusion(" in text[m.end():at]:
            if _PLAIN_FUSION_NAME.fullmatch(m.group(1)):
                plain += 1
            else:
                descriptive += 1
        at = text.find("kind=kLoop", at + 10)
    if bool(plain) == bool(descriptive):
        return None
    return "plain" if plain else "descriptive"
