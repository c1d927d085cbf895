"""`diff` says why memory needed changed: on pairs of real programs that differ by one known
reason (tests/data/pairs, and one program compiled by two jax releases), that reason comes
first, in JSON and in the first line, its bytes cover most of the change, and the reasons add
up to the change exactly. The change itself and the donated and argument bytes are jax's own
numbers (memory_analysis.json), read here."""
from __future__ import annotations

import json

import pytest

import bufviz
from conftest import DATA, run, run_json
from conftest import xla_needed

PAIRS = DATA / "pairs"
CASES = {   # folder -> (reason, words of the first line)
    "nodonate": ("donation", "no longer donated"),
    "bf16": ("dtype", "element types changed (f32 → bf16)"),
    "batch2048": ("batch", "the batch changed (1024 → 2048)"),
    "sgd": ("optimizer", "the optimizer keeps less state"),
    "remat": ("rematerialization", "rematerialization"),
}


def _jax(case, key):
    return json.loads((case / "memory_analysis.json").read_text())[f"{key}_size_in_bytes"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_one_reason_comes_first_and_the_reasons_add_up(name, monkeypatch):
    old, new = PAIRS / "base", PAIRS / name
    cause, words = CASES[name]
    d = run_json("diff", old, new)
    delta = d["needed_bytes"]["delta"]
    assert delta == xla_needed(new) - xla_needed(old)
    assert sum(r["bytes"] for r in d["why"]) == delta
    top = d["why"][0]
    assert top["cause"] == cause and top["evidence"]
    assert abs(top["bytes"]) * 2 >= abs(delta) and (top["bytes"] > 0) == (delta > 0)
    assert "because" in d["verdict"] and words in d["verdict"]
    for width in (80, 120, 200):
        monkeypatch.setenv("COLUMNS", str(width))
        out = run("diff", old, new, "--no-color")[1]
        first = " ".join(out.split("\n\n")[0].split())
        assert words in first and "Why it changed" in out


def test_donation_and_optimizer_bytes_are_jax_s():
    base = PAIRS / "base"
    d = run_json("diff", base, PAIRS / "nodonate")
    donation = next(r for r in d["why"] if r["cause"] == "donation")
    assert donation["bytes"] == _jax(base, "alias") - _jax(PAIRS / "nodonate", "alias")
    d = run_json("diff", base, PAIRS / "sgd")
    optimizer = next(r for r in d["why"] if r["cause"] == "optimizer")
    arguments = _jax(PAIRS / "sgd", "argument") - _jax(base, "argument")
    assert abs(optimizer["bytes"] - arguments) <= abs(arguments) // 100


def test_another_jax_is_the_compiler():
    old, new = DATA / "corpus/xla-jax-0.6.2/mlp_train", DATA / "corpus/xla-jax-0.10.2/mlp_train"
    d = run_json("diff", old, new)
    assert d["needed_bytes"]["delta"] == xla_needed(new) - xla_needed(old)
    assert [r["cause"] for r in d["why"]] == ["compiler"] and d["why"][0]["bytes"] == d["needed_bytes"]["delta"]
    assert "another XLA compiled the same program" in d["verdict"]
    versions = [json.loads((case / "memory_analysis.json").read_text())["jax_version"] for case in (old, new)]
    assert f"jax {versions[0]} → {versions[1]}" in d["why"][0]["evidence"]


def test_nnx_grad_returns_a_copy_of_the_weights():
    """The flax question "why does nnx.grad need more than jax.grad": nnx.jit also returns the
    module's state; the reason's bytes are jax's own difference of output bytes."""
    old, new = PAIRS / "jax_grad", PAIRS / "nnx_grad"
    d = run_json("diff", old, new)
    assert sum(r["bytes"] for r in d["why"]) == d["needed_bytes"]["delta"] == xla_needed(new) - xla_needed(old)
    top = d["why"][0]
    outputs = _jax(new, "output") - _jax(old, "output")   # (jax's include the output tuple's table: 8 B an element)
    assert top["cause"] == "program" and 0 <= outputs - top["bytes"] <= outputs // 1000
    assert "the program now returns a copy of its weights" in d["verdict"]


def test_check_and_the_api_say_why_too(tmp_path):
    base = tmp_path / "base.json"
    assert run("peak", PAIRS / "base", "--format", "json", "-o", base)[0] == 0
    code, out, _ = run("check", PAIRS / "nodonate", "--baseline", base, "--format", "json")
    result = json.loads(out)
    assert code == 1 and result["results"][0]["why"][0]["cause"] == "donation"
    out = run("check", PAIRS / "nodonate", "--baseline", base, "--no-color")[1]
    assert "because parameters are no longer donated" in " ".join(out.split())
    assert bufviz.diff(PAIRS / "base", PAIRS / "sgd").why[0]["cause"] == "optimizer"
