"""SVG and HTML pictures: well-formed, self-contained, a box per allocated value with a hover
title, the peak where the headline says. A headless-browser screenshot of the bundled sample
was looked at (README); this checks what can be checked without a browser."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from conftest import DATA, SEEDS, run, run_json

SVG = "{http://www.w3.org/2000/svg}"
INPUTS = [DATA / "corpus/xla-jax-0.10.2/mlp_train", DATA / "corpus/xla-jax-0.4.13/while_tuple_carry",
          next(SEEDS.glob("004_*.txt")), next(SEEDS.glob("001_*.txt"))]


@pytest.mark.parametrize("command", ["peak", "timeline", "allocations"])
@pytest.mark.parametrize("path", INPUTS, ids=lambda p: p.name[:40])
def test_svg_is_self_contained_with_a_box_per_value(path, command, tmp_path):
    out = tmp_path / "picture.svg"
    code, _, err = run(command, path, "--format", "svg", "-o", out)
    assert code == 0, err
    text = out.read_text()
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    assert "href" not in text and "<script" not in text and "url(" not in text
    report = run_json("peak", path)
    memory = report["memory"]
    side = (report["xla"] or {}).get("allocations") or report["recomputed"]["allocations"]
    ranges = {(r["name"], r["index"]) for s in (report["xla"] or {}, report["recomputed"] or {})
              for r in s.get("live_ranges") or []}
    values = [v for a in side if "thread-local" not in a["kinds"] for v in a["values"]
              if (v["name"], v["index"]) in ranges]
    boxes = [r for r in root.iter(f"{SVG}rect") if r.get("data-id")]
    assert len(boxes) == len(values)
    assert all(r.find(f"{SVG}title") is not None for r in boxes)
    assert f"peak at t={memory['peak_time']}" in text


def test_html_shows_a_box_when_clicked(tmp_path):
    out = tmp_path / "memory.html"
    code, _, err = run("timeline", INPUTS[0], "--format", "html", "-o", out)
    text = out.read_text()
    assert code == 0 and text.startswith("<!DOCTYPE html>") and "<svg" in text
    assert "addEventListener('click'" in text and "const facts = {" in text
    assert "http" not in text.replace("http://www.w3.org/2000/svg", "")   # nothing fetched


def test_pictures_need_allocations(tmp_path):
    lone = sorted(p for p in (DATA / "corpus/xla-jax-0.10.2/mlp_train").iterdir() if p.name.endswith("live-range.txt"))
    code, _, err = run("peak", lone[0], "--no-discover", "--format", "svg")
    assert code == 2 and "expected allocations" in err
