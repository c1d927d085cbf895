"""The typed result: a peak report read back from its JSON is the same report, sections that
were never set stay out of the JSON, the Python API's `Result` is that report with XLA's
headline numbers, and a command lists each folder once."""
from __future__ import annotations

import json
import os

from conftest import DATA, run, run_json
from conftest import xla_needed

from bufviz.dumps import discover
from bufviz.pipeline import peak_report
from bufviz.request import Request
from bufviz.result import CORE, SECTIONS, PeakReport

CASE = DATA / "corpus" / "xla-jax-0.10.2" / "mlp_train"


def test_a_report_read_back_from_its_json_is_the_same_report():
    report = peak_report(Request([str(CASE)]))
    text = report.to_json()
    again = PeakReport.from_json(text)
    assert again.as_dict() == report.as_dict() == json.loads(text)
    assert again.to_json() == text
    # the command line writes the same object
    assert run_json("peak", CASE, "--no-advice") == json.loads(text)


def test_sections_never_set_are_left_out_and_those_set_to_none_are_written():
    peak = run_json("peak", CASE, "--no-advice")
    assert peak["oom"] is None and peak["advice"] is None            # set, nothing to say
    assert run_json("peak", CASE)["advice"] is not None             # (advice in JSON as in text)
    assert "explain" not in peak and "what_if" not in peak           # never set
    what_if = run_json("peak", CASE, "--donate", "0")
    assert "oom" not in what_if and "advice" not in what_if and what_if["what_if"]["donate"]
    assert list(peak)[:len(CORE)] == list(CORE)                       # the keys keep their order
    assert [k for k in peak if k in SECTIONS] == [k for k in SECTIONS if k in peak]


def test_a_saved_report_that_is_not_a_peak_report_is_refused(tmp_path):
    saved = run_json("peak", CASE)
    del saved["checks"]
    path = tmp_path / "saved.json"
    path.write_text(json.dumps(saved))
    code, out, err = run("peak", path)
    assert code == 2 and "checks" in err and str(path) in err and "Traceback" not in err


def test_the_api_result_is_the_report_with_xla_s_headline():
    import bufviz

    r = bufviz.analyze(str(CASE))
    assert isinstance(r, PeakReport)
    assert r.needed_bytes == xla_needed(CASE)      # XLA's allocations, read independently
    assert r.report == r.as_dict() and r.memory["needed_bytes"] == r.needed_bytes
    assert bufviz.load(r.to_json()).as_dict() == r.as_dict()


def test_a_command_lists_each_folder_once(tmp_path, monkeypatch):
    """`peak DIR`: whether the folder holds several modules, which files are the module's, and
    jax's statistics beside it, all from one listing."""
    listed = []
    real = os.scandir

    def scandir(path="."):
        listed.append(os.path.normpath(path))
        return real(path)

    monkeypatch.setattr(discover.os, "scandir", scandir)
    code, out, err = run("peak", CASE, "--format", "json")
    assert code == 0, err
    assert listed.count(os.path.normpath(str(CASE))) == 1
