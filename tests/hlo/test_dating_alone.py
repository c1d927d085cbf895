"""A module's text read alone is dated by what it prints (docs/rules.md §1.7): XLA:CPU's
call-wrapped parallel fusions and jax op_names with an inline source_file are gone by jax
0.10.2's XLA, and so are tuple reads printed as instructions of their own in a dump (the
printer folds them into `%x#N` by default since 2026-07-13); text that compiled.as_text()
printed is not dated by its tuple reads (it prints them whatever XLA's age). What each text
holds is read here with plain searches; the window must come from it."""
from __future__ import annotations

import json
import re
import shutil

import pytest

import bufviz
from conftest import DATA, run_json

CORPUS = DATA / "corpus"
BOUND = "2026-07-13"   # jax 0.10.2's XLA prints no `%x#N` yet: older than their default


def _alone(tmp_path, case):
    hlo = next(p for p in case.iterdir() if p.name.endswith("after_optimizations.txt")
               and (case / (p.name[:-4] + "-buffer-assignment.txt")).exists())
    target = tmp_path / case.name
    target.mkdir()
    shutil.copy(hlo, target / hlo.name)
    return target / hlo.name


def _clues(text: str) -> dict:
    return {"parallel": "to_apply=%parallel_" in text,
            "inline": re.search(r'op_name="jit\([^"]*"[^\n]* source_file="', text) is not None,
            "reads": re.search(r"^\s+(?!ROOT )%\S+ = [^\n]*? get-tuple-element\(", text, re.M) is not None,
            "compact": re.search(r"%[\w.\-]+#\d", text) is not None}


CASES = sorted(c for v in ("xla-jax-0.6.2", "xla-jax-0.10.2", "xla-jax-0.11.2", "xla-tf-nightly-2.23")
               for c in (CORPUS / v).iterdir() if c.is_dir())


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.parent.name}/{c.name}")
def test_a_text_read_alone_is_dated_by_what_it_prints(tmp_path, case):
    path = _alone(tmp_path, case)
    clues = _clues(path.read_text())
    vintage = run_json("peak", path, "--no-advice")["vintage"]
    old = clues["parallel"] or clues["inline"] or (clues["reads"] and not clues["compact"])
    assert (vintage["latest"] is not None and vintage["latest"] <= BOUND) == old, vintage["evidence"]
    if old:
        # the older buffer-reuse rule (before 2026-07-28) is the one applied: the window says so
        assert not vintage["conflicting"]


def test_compiled_as_text_is_not_dated_by_its_tuple_reads(tmp_path):
    case = CORPUS / "xla-jax-0.10.2/while_tuple_carry"   # tuple reads as instructions, nothing else old
    path = _alone(tmp_path, case)
    text = path.read_text()
    clues = _clues(text)
    assert clues["reads"] and not (clues["parallel"] or clues["inline"] or clues["compact"])
    from_dump = run_json("peak", path, "--no-advice")["vintage"]
    assert from_dump["latest"] == BOUND
    printed = json.loads(bufviz.analyze(text).to_json())["vintage"]
    assert printed["latest"] is None or printed["latest"] > BOUND


def test_an_old_text_read_alone_gets_xla_s_total(tmp_path):
    """jax 0.6.2's random program 2014: read alone, the rule of its own XLA gives XLA's total."""
    case = DATA / "heldout/xla-jax-0.6.2/random_2014"
    path = _alone(tmp_path, case)
    assert _clues(path.read_text())["parallel"]
    ba = next(case.glob("*-buffer-assignment.txt")).read_text()
    total = int(re.search(r"Total bytes used: (\d+)", ba).group(1))
    report = run_json("peak", path, "--no-advice")
    assert report["recomputed"]["total_bytes_used"] == total
    assert report["vintage"]["latest"] == BOUND
