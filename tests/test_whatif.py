"""What-if and aliasing against real XLA: programs compiled with and without donate_argnums
(tests/data/extra, two XLA generations). `peak --donate` on the undonated dump must give
exactly the headline, temp bytes and allocations XLA produced for the donated program."""
from __future__ import annotations

import json

import pytest

from conftest import DATA, SHARED, run, run_json
from test_ci import xla_needed

EXTRA = DATA / "extra"
PAIRS = [("sgd_step", "sgd_step_donated"), ("scan_carry", "scan_carry_donated"),
         ("sgd_step_jax0430", "sgd_step_donated_jax0430")]


def donated_parameters(case) -> str:
    """The parameter numbers XLA's donated module aliases, read from its HloModule line."""
    header = next(case.glob("*after_optimizations.txt")).read_text().split("\n", 1)[0]
    aliases = header.split("input_output_alias={", 1)[1].split("}, entry_computation_layout")[0]
    numbers = sorted({int(n) for n in __import__("re").findall(r"\((\d+), \{", aliases)})
    return ",".join(map(str, numbers))


def xla_allocations(case) -> list[tuple]:
    import xla_text
    from conftest import dump_text
    return sorted((a["size"], a["parameter"], a["live_out"], a["temp"]) for a in xla_text.allocations(dump_text(case))
                  if not a["thread_local"])


@pytest.mark.parametrize("plain,donated", PAIRS, ids=[p for p, _ in PAIRS])
def test_donate_what_if_gives_xlas_donated_compilation(plain, donated):
    plain, donated = EXTRA / plain, EXTRA / donated
    result = run_json("peak", plain, "--donate", donated_parameters(donated))
    stats = json.loads((donated / "memory_analysis.json").read_text())
    assert result["memory"]["needed_bytes"] == xla_needed(donated)
    assert result["memory"]["temp_bytes"] == stats["temp_size_in_bytes"]
    assert result["memory"]["alias_bytes"] == stats["alias_size_in_bytes"]
    ours = sorted((a["size"], "parameter" in a["kinds"], "output" in a["kinds"], a["kinds"] == ["temp"])
                  for a in result["recomputed"]["allocations"] if "thread-local" not in a["kinds"])
    assert ours == xla_allocations(donated)
    what_if = result["what_if"]
    assert what_if["before"]["needed_bytes"] == xla_needed(plain)
    assert what_if["saving_bytes"] == xla_needed(plain) - xla_needed(donated) > 0
    assert all(d["not_donated_because"] is None for d in what_if["donate"])


def test_aliasing_of_a_donated_program_shows_every_donation_shared():
    for case in (EXTRA / "sgd_step_donated", DATA / "corpus/xla-jax-0.10.2/mlp_train_donated"):
        rows = run_json("aliasing", case)["aliasing"]["parameters"]
        aliased = [r for r in rows if r["alias_kind"]]
        assert len(aliased) == len(donated_parameters(case).split(","))
        assert all(r["shares_allocation"] and r["alias_kind"] == "may-alias" for r in aliased)


def test_mlp_train_donated_has_its_six_parameters_aliased_and_sharing():
    rows = run_json("aliasing", DATA / "corpus/xla-jax-0.10.2/mlp_train_donated")["aliasing"]["parameters"]
    assert [r["number"] for r in rows if r["shares_allocation"]] == [0, 1, 2, 3, 4, 5]


def test_undonated_parameters_with_an_output_of_their_shape_are_candidates_with_measured_savings():
    case = DATA / "corpus/xla-jax-0.10.2/mlp_train"
    data = run_json("aliasing", case)["aliasing"]
    hlo = next(case.glob("*after_optimizations.txt")).read_text()
    layout = hlo.split("entry_computation_layout={(", 1)[1].split("}\n", 1)[0]
    outputs = layout.split(")->(", 1)[1]
    for r in data["parameters"]:
        has_output = r["shape"].split("{")[0] in outputs and r["alias_kind"] is None
        assert r["donation_candidate"] == (has_output and r["saving_bytes"] is not None)
        if r["donation_candidate"]:
            after = run_json("peak", case, "--donate", str(r["number"]))["memory"]["needed_bytes"]
            assert r["saving_bytes"] == xla_needed(case) - after > 0
    assert sum(r["donation_candidate"] for r in data["parameters"]) == 6


def test_the_copy_a_loop_carry_costs_is_listed():
    data = run_json("aliasing", EXTRA / "scan_carry")["aliasing"]
    hlo = next((EXTRA / "scan_carry").glob("*after_optimizations.txt")).read_text()
    copies = [line.split("=")[0].strip().lstrip("%") for line in hlo.splitlines() if " copy(" in line]
    assert copies and {c["name"] for c in data["copies"]} <= set(copies)
    assert any("not donated" in c["why"] for c in data["copies"])


def test_donate_refuses_clearly():
    case = DATA / "corpus/xla-jax-0.10.2/mlp_train"
    data = run_json("peak", case, "--donate", "6,99")["what_if"]
    reasons = {d["number"]: d["not_donated_because"] for d in data["donate"]}
    assert "no output has its shape" in reasons[6] and "no parameter 99" in reasons[99]
    assert data["saving_bytes"] == 0
    code, _, err = run("peak", case, "--donate", "x")
    assert code == 2 and "expected parameter numbers" in err
    code, _, err = run("aliasing", DATA / "oom/cpu-oom-jax-jit-zeros-0.10.2.txt")
    assert code == 2 and "expected the HLO module" in err
