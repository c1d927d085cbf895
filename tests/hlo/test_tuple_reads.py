"""XLA's printer since 2026-07 folds tuple-element reads into their users' operands (`%x#0`,
nested `%p#0#1`): bufviz rebuilds them as XLA's parser does and, where the dump files give
them, takes their original names and places in the schedule. Checked on real jax 0.11.2 and
tf-nightly dumps, against what XLA printed, read here with plain patterns."""
from __future__ import annotations

import re
import shutil

import pytest

import xla_text
from bufviz.hlo.parser import parse_module
from conftest import DATA, corpus_cases, dump_text, hlo_file, run, run_json

NESTED = DATA / "extra" / "tf_tensorlist_cond_nested"
COMPACT = [c for c in corpus_cases() if re.search(r"%[\w.\-]+#\d", hlo_file(c).read_text())]


def test_the_bundled_data_holds_compact_reads_of_every_kind():
    assert {c.parent.name for c in COMPACT if c.is_relative_to(DATA)} >= {
        "xla-jax-0.11.2", "xla-jax-0.11.2-gpu", "xla-tf-nightly-2.23", "extra"}
    assert re.search(r"%[\w.\-]+#\d+#\d+", hlo_file(NESTED).read_text())


def test_a_nested_read_is_two_reads_named_as_xlas_parser_names_them():
    path = hlo_file(NESTED)
    text = path.read_text()
    module = parse_module(text, str(path))
    name, outer, inner = re.search(r"%([\w.\-]+)#(\d+)#(\d+)", text).groups()
    comp = next(c for c in module.computations.values() if f"%{name}#{outer}#{inner}" in c.text)
    read = comp.instruction(f"{name}_{outer}_{inner}")
    assert (read.opcode, read.tuple_index) == ("get-tuple-element", int(inner))
    first = read.operands[0]
    assert (first.name, first.tuple_index, first.operands[0].name) == (f"{name}_{outer}", int(outer), name)
    assert first.shape is comp.instruction(name).shape.subshape((int(outer),))


@pytest.mark.parametrize("case", COMPACT, ids=lambda c: f"{c.parent.name}/{c.name}")
def test_the_dump_names_and_places_every_read(case):
    """With the live ranges beside it, the schedule is XLA's to the name: each read the text
    folded takes the name the dump gives it, at its place."""
    report = run_json("peak", hlo_file(case))
    sequence = xla_text.instruction_sequence(dump_text(case))
    assert report["recomputed"]["instruction_sequence"] == sequence
    assert report["recomputed"]["unplaced_tuple_reads"] == 0
    text = hlo_file(case).read_text()
    folded = [n for n in sequence if not re.search(rf"(?m)^\s+(?:ROOT\s+)?%?{re.escape(n)} = ", text)]
    assert folded and any(f"{len(folded)} tuple reads" in n for n in report["notes"])


def test_a_read_takes_the_name_its_user_quoted():
    """`from instruction:` lines in the values file print operands uncompacted: the read the
    user `broadcast_multiply_fusion` takes is the one it quotes."""
    case = DATA / "corpus/xla-jax-0.11.2/cond_branches"
    values = next(case.glob("*-buffer-assignment-values.txt")).read_text()
    quoted = re.search(r"from instruction: %broadcast_multiply_fusion = \S+ fusion\(%([\w.\-]+)\)", values).group(1)
    from bufviz.inputs import load_inputs
    from bufviz.request import Request
    module = load_inputs(Request([str(hlo_file(case))])).module
    user = module.parsed_instructions()["broadcast_multiply_fusion"]
    assert user.operands[0].name == quoted and not user.operands[0].printed


def test_read_alone_the_reads_go_before_their_first_use_and_the_report_says_so(tmp_path):
    case = DATA / "corpus/xla-jax-0.11.2/while_tuple_carry"
    shutil.copy(hlo_file(case), tmp_path)
    report = run_json("peak", tmp_path)
    ours = report["recomputed"]
    assert ours["unplaced_tuple_reads"] == sum(
        1 for n in xla_text.instruction_sequence(dump_text(case)) if n.startswith("get-tuple-element"))
    assert any("does not say where XLA scheduled them" in w for w in report["warnings"])
    assert report["memory"]["other_numbers"][0]["name"] == "live-range peak (estimate)"
    code, out, _ = run("peak", tmp_path, "--no-color")
    assert code == 0 and "warning: the HLO text folds" in out


def test_live_ranges_that_do_not_fit_the_reads_are_refused_with_the_reason(tmp_path):
    """A read scheduled after its user is no schedule of this module."""
    case = DATA / "corpus/xla-jax-0.11.2/cond_branches"
    for p in case.iterdir():
        shutil.copy(p, tmp_path / p.name)
    path = next(tmp_path.glob("*-live-range.txt"))
    text = path.read_text()
    text = text.replace("5:get-tuple-element\n", "5:SWAP\n").replace("6:broadcast_multiply_fusion\n",
                                                                      "6:get-tuple-element\n")
    path.write_text(text.replace("5:SWAP\n", "5:broadcast_multiply_fusion\n"))
    code, out, err = run("peak", tmp_path)
    assert code == 2
    assert "cannot be the module's read %x.0#0" in err and "--match" in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("old,new,expected", [
    ("%x.0#0", "%x.0#7", "expected %x.0#7 to read element 7 of a tuple, found x.0 of shape"),
    ("%x.0#0", "%x.0#a", "expected operands like %x or %x#0 (a tuple read), found '%x.0#a'"),
    ("%x.0#0", "%nowhere#0", "found unknown name 'nowhere'"),
])
def test_a_compact_read_bufviz_cannot_follow_is_an_error_naming_file_and_line(tmp_path, old, new, expected):
    case = DATA / "corpus/xla-jax-0.11.2/cond_branches"
    source = hlo_file(case)
    lines = source.read_text().split("\n")
    number = next(k for k, line in enumerate(lines, 1) if old in line)
    path = tmp_path / source.name
    path.write_text(source.read_text().replace(old, new, 1))
    code, out, err = run("peak", path)
    assert code == 2 and out == ""
    assert err.startswith(f"bufviz: error: {path}:{number}: ") and expected in err
    assert err.count("\n") == 1


RULES_DIFFER = DATA / "heldout/xla-jax-0.11.2/rand2_0004"


def test_a_module_alone_that_straddles_a_rule_change_says_so_and_the_dump_settles_it(tmp_path):
    """Since 2026-07-28 XLA lets any position of a value hand its buffer on; compact tuple reads
    date a text only from 2026-06. Alone, bufviz shows the newer rule and says the older one
    assigns differently; with the dump (`page N` dates it) every allocation is XLA's."""
    from xla_text import assert_allocations_equal
    shutil.copy(hlo_file(RULES_DIFFER), tmp_path)
    alone = run_json("peak", tmp_path)
    assert any(n.startswith("since 2026-07-28") for n in alone["notes"])
    assert_allocations_equal(alone, dump_text(RULES_DIFFER))   # jax 0.11.2 is after the change
    dumped = run_json("peak", RULES_DIFFER)
    assert not any(n.startswith("since 2026-07-28") for n in dumped["notes"])
    assert dumped["mismatches"] == []
