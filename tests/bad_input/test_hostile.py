"""Text from a dump stays text. A real dump whose op_names and module name hold markup, script,
table pipes, workflow commands, rich markup and terminal control characters goes through every
output format: each still parses, holds the same elements, cells and commands as the same dump
without them, and shows the text as text."""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from xml.etree import ElementTree as ET

import pytest

from conftest import DATA, run

CASE = DATA / "corpus/xla-jax-0.10.2/mlp_train"
PAYLOAD = '</script><img src=x onerror=alert(1)>|**b**\n::error::x [red]r[/red] :smile: \x1b]0;t\x07&amp;\u2028'
NAME = "jit_<b>|x&y"


def _hlo_quoted(text: str) -> str:
    """As XLA's printer escapes a string (absl::CEscape)."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 0x20:
            out.append(f"\\{ord(ch):03o}")
        else:
            out.append(ch)
    return "".join(out)


def _dump(tmp_path, hostile: bool):
    folder = tmp_path / ("hostile" if hostile else "plain")
    folder.mkdir()
    for p in CASE.iterdir():
        if p.name.endswith("-live-range.txt"):   # (its stack-trace breakdown prints op_names untouched here)
            continue
        name = p.name.replace("jit_update", NAME) if hostile else p.name
        text = p.read_text()
        if hostile and "after_optimizations" in p.name:
            text = text.replace('op_name="', 'op_name="' + _hlo_quoted(PAYLOAD))
            text = text.replace("HloModule jit_update", f"HloModule {NAME}")
        (folder / name).write_text(text)
    return folder


@pytest.fixture(scope="module")
def dumps(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("dumps")
    return _dump(tmp, False), _dump(tmp, True)


def _out(*args) -> str:
    code, out, err = run(*args)
    assert code in (0, 1), err
    return out


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.text = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.text.append(data)


def test_html_keeps_its_elements_and_its_script_data(dumps, tmp_path):
    pages = []
    for folder in dumps:
        path = tmp_path / f"{folder.name}.html"
        run("peak", folder, "--format", "html", "-o", path)
        pages.append(path.read_text())
    plain, hostile = (_Tags(), _Tags())
    plain.feed(pages[0])
    hostile.feed(pages[1])
    assert hostile.tags == plain.tags and "img" not in hostile.tags
    script = re.search(r"const facts = (.*?);\ndocument", pages[1], re.S).group(1)
    assert "</" not in script and "\u2028" not in script
    assert any(PAYLOAD in fact for fact in json.loads(script).values())
    assert NAME in "".join(hostile.text)


def test_svg_is_xml_with_the_same_elements(dumps, tmp_path):
    trees = []
    for folder in dumps:
        path = tmp_path / f"{folder.name}.svg"
        run("peak", folder, "--format", "svg", "-o", path)
        trees.append(ET.fromstring(path.read_text()))
    assert [e.tag for e in trees[1].iter()] == [e.tag for e in trees[0].iter()]
    titles = " ".join(e.text or "" for e in trees[1].iter() if e.tag.endswith("title"))
    shown = PAYLOAD.replace("\x1b", "\\x1b").replace("\x07", "\\x07").replace("\n", " · ")  # (a title is one line)
    assert shown in titles


@pytest.mark.parametrize("fmt", ["junit", "markdown", "github"])
def test_ci_formats_keep_their_structure(dumps, fmt):
    outputs = [_out("check", folder, "--budget", "1KiB", "--format", fmt) for folder in dumps]
    plain, hostile = outputs
    if fmt == "junit":
        tree = ET.fromstring(hostile.split("\n", 1)[1])
        assert [e.tag for e in tree.iter()] == [e.tag for e in ET.fromstring(plain.split("\n", 1)[1]).iter()]
        assert any(NAME in (e.get("name") or "") for e in tree.iter("testcase"))
    elif fmt == "markdown":
        cells = [len(re.findall(r"(?<!\\)\|", line)) for line in hostile.splitlines() if line.startswith("|")]
        assert cells == [len(re.findall(r"(?<!\\)\|", line)) for line in plain.splitlines() if line.startswith("|")]
        assert "<b>" not in hostile and "jit\\_\\<b\\>\\|x\\&y" in hostile   # (`jit_` ends a word here)
    else:
        commands = [line.split(" ", 1)[0] for line in hostile.splitlines()]
        assert commands == [line.split(" ", 1)[0] for line in plain.splitlines()]
        assert len(hostile.splitlines()) == len(plain.splitlines())


def test_the_terminal_shows_markup_and_control_characters_as_text(dumps, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    out = _out("peak", dumps[1], "--by", "op", "--no-color")
    assert "\x1b" not in out and "\x07" not in out
    assert "[red]r[/red]" in out and ":smile:" in out and "\\x1b]0;t" in out


def test_json_keeps_the_text_as_it_is(dumps):
    report = json.loads(_out("peak", dumps[1], "--format", "json"))
    assert report["module"] == NAME
    assert any(PAYLOAD in (row.get("op_name") or "") for row in report["memory"]["at_peak"])

