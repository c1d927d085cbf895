"""A large module's text is let go once indexed and the bodies the analysis needs are read back
from the file (peak memory): the results are the same, and a file changed meanwhile is an error.
The size above which this happens is lowered here so that real dumps take that path."""
from __future__ import annotations

import shutil

import pytest

import bufviz.textfile as textfile
import xla_text
from bufviz.errors import BufvizError
from bufviz.inputs import load_inputs
from bufviz.request import Request
from conftest import DATA, case_id, corpus_cases, dump_text, hlo_file, run_json

# Bundled cases only: two full runs each.
CASES = [c for c in corpus_cases() if DATA in c.parents]


@pytest.fixture
def read_back(monkeypatch):
    monkeypatch.setattr(textfile, "READ_BACK_ABOVE", 0)


def _loaded(path):
    return load_inputs(Request([str(path)], discover=False)).module


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_module_read_back_from_its_file_gives_the_same_report(case, monkeypatch):
    held = run_json("peak", hlo_file(case), "--no-discover")
    monkeypatch.setattr(textfile, "READ_BACK_ABOVE", 0)
    assert _loaded(hlo_file(case))._text is None   # (the path under test is taken)
    report = run_json("peak", hlo_file(case), "--no-discover")
    assert report["recomputed"]["total_bytes_used"] == xla_text.total_bytes_used(dump_text(case))
    assert report == held


def test_text_whose_offsets_differ_from_the_files_is_kept(read_back, tmp_path):
    """Carriage returns and a BOM are dropped on reading: offsets in the text are not offsets
    in the file, so such text is held as before."""
    case = CASES[0]
    source = hlo_file(case).read_bytes()
    crlf, bom = tmp_path / "crlf.txt", tmp_path / "bom.txt"
    crlf.write_bytes(source.replace(b"\n", b"\r\n"))
    bom.write_bytes(b"\xef\xbb\xbf" + source)
    expected = xla_text.total_bytes_used(dump_text(case))
    for path in (crlf, bom):
        assert _loaded(path)._text is not None
        assert run_json("peak", path, "--no-discover")["recomputed"]["total_bytes_used"] == expected


def test_a_file_changed_after_indexing_is_an_error_naming_it(read_back, tmp_path):
    path = tmp_path / "module.txt"
    shutil.copy(hlo_file(CASES[0]), path)
    module = _loaded(path)
    with open(path, "a") as f:
        f.write("\n")
    with pytest.raises(BufvizError) as e:
        module.entry.instructions
    assert str(path) in str(e.value) and "changed" in str(e.value)


def test_whole_text_is_read_back_where_an_edit_needs_it(monkeypatch):
    """`--donate` rewrites the module's text: it reads the whole text back and agrees with the
    same command on held text."""
    path = hlo_file(next(c for c in CASES if c.name == "mlp_train"))
    held = run_json("peak", path, "--no-discover", "--donate", "0")
    monkeypatch.setattr(textfile, "READ_BACK_ABOVE", 0)
    assert _loaded(path).text == path.read_text()
    assert run_json("peak", path, "--no-discover", "--donate", "0") == held
