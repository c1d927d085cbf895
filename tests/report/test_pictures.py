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
    spaces = {s["memory_space"] for s in memory.get("memory_spaces") or []}   # (on-chip: not drawn)
    values = [v for a in side if "thread-local" not in a["kinds"] and a["color"] not in spaces for v in a["values"]
              if (v["name"], v["index"]) in ranges]
    boxes = [r for r in root.iter(f"{SVG}rect") if r.get("data-id")]
    assert len(boxes) == (0 if command == "timeline" else len(values))   # timeline: memory in use alone
    assert all(r.find(f"{SVG}title") is not None for r in boxes)
    assert f"peak at t={memory['peak_time']}" in text


def test_html_shows_a_box_when_clicked(tmp_path):
    out = tmp_path / "memory.html"
    code, _, err = run("peak", INPUTS[0], "--format", "html", "-o", out)
    text = out.read_text()
    assert code == 0 and text.startswith("<!DOCTYPE html>") and "<svg" in text
    assert "addEventListener('click'" in text and "const facts = {" in text
    assert "http" not in text.replace("http://www.w3.org/2000/svg", "")   # nothing fetched


def test_pictures_need_allocations(tmp_path):
    lone = sorted(p for p in (DATA / "corpus/xla-jax-0.10.2/mlp_train").iterdir() if p.name.endswith("live-range.txt"))
    code, _, err = run("peak", lone[0], "--no-discover", "--format", "svg")
    assert code == 2 and "expected allocations" in err


def _picture(command, path, tmp_path):
    out = tmp_path / f"{command}.svg"
    code, _, err = run(command, path, "--format", "svg", "-o", out)
    assert code == 0, err
    return ET.fromstring(out.read_text())


@pytest.mark.parametrize("path", INPUTS[:2], ids=lambda p: p.name[:40])
def test_one_colour_per_category_in_every_picture_with_a_legend(path, tmp_path):
    from bufviz.report.svg import COLOURS
    for command in ("peak", "timeline"):
        root = _picture(command, path, tmp_path)
        texts = [t.text for t in root.iter(f"{SVG}text")]
        legend = [r for r in root.iter(f"{SVG}rect") if r.get("width") == "12"]
        assert legend
        for rect in root.iter(f"{SVG}rect"):
            title = rect.find(f"{SVG}title")
            if rect.get("data-id") and title is not None:
                holds = title.text.rsplit("holds: ", 1)[1]
                assert rect.get("fill") == COLOURS[holds] and holds in texts   # (named in the legend)
        for band in root.iter(f"{SVG}polygon"):
            category = band.find(f"{SVG}title").text.split(":")[0]
            assert band.get("fill") == COLOURS[category] and category in texts
        assert root.get("width") == "100%" and root.get("viewBox")   # scales to the window


def test_the_largest_buffers_are_named_on_their_boxes(tmp_path):
    root = _picture("peak", INPUTS[0], tmp_path)
    texts = {t.text for t in root.iter(f"{SVG}text")}
    boxes = [r for r in root.iter(f"{SVG}rect") if r.get("data-id")]
    largest = max(boxes, key=lambda r: float(r.get("width")) * float(r.get("height")))
    assert largest.find(f"{SVG}title").text.split()[0] in texts


def test_timeline_stacks_memory_in_use_by_what_it_holds(tmp_path):
    """At the peak moment the bands add up to the whole-run allocations plus the temp storage
    in use, both read from XLA's dump."""
    import xla_text
    from bufviz import pipeline
    from bufviz.request import Request
    from conftest import dump_text
    from xla_text import storage_peak

    case = INPUTS[0]
    report = pipeline.peak_report(Request([str(case)]), value_info=True)
    bands, t = report.timeline["by_category"], report.memory["peak_time"]
    allocations = xla_text.allocations(dump_text(case))
    whole_run = sum(a["size"] for a in allocations if a["parameter"] or a["live_out"] or a["constant"])
    assert sum(curve[t] for curve in bands.values()) == whole_run + storage_peak(dump_text(case))
    root = _picture("timeline", case, tmp_path)
    assert len(list(root.iter(f"{SVG}polygon"))) == len(bands)
    assert any(f"peak t={t}" == e.text for e in root.iter(f"{SVG}text"))


@pytest.mark.parametrize("command", ["peak", "timeline", "allocations"])
def test_a_saved_result_is_not_drawn_as_if_its_memory_were_other(command, tmp_path):
    saved = tmp_path / "saved.json"
    code, _, err = run("peak", INPUTS[0], "--format", "json", "-o", saved)
    assert code == 0, err
    out = tmp_path / "picture.svg"
    code, stdout, err = run(command, saved, "--format", "svg", "-o", out)
    assert code == 2 and stdout == "" and not out.exists()
    assert err.startswith(f"bufviz: error: {saved}") and "give the dump" in err and err.count("\n") == 1
