"""What-if and aliasing against real XLA: programs compiled with and without donate_argnums
(tests/data/extra, two XLA generations). `peak --donate` on the undonated dump must give
exactly the headline, temp bytes and allocations XLA produced for the donated program."""
from __future__ import annotations

import json
import re

import pytest

from conftest import DATA, SHARED, run, run_json
from conftest import reported, xla_needed

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
    code, _, err = run("peak", case, "--donate", ",")
    assert code == 2 and "expected parameter numbers" in err
    code, _, err = run("peak", case, "--donate", "nothing_named_so")   # (a pytree path none has)
    assert code == 2 and "no parameter's pytree path matches" in err
    code, _, err = run("aliasing", DATA / "oom/cpu-oom-jax-jit-zeros-0.10.2.txt")
    assert code == 2 and "expected the HLO module" in err


# ------------------------------------------------------------------ --remat

REMAT = [(DATA / "corpus/xla-jax-0.10.2/while_tuple_carry", "broadcast_multiply_fusion"),
         (EXTRA / "sgd_step_jax0430", "fusion.3"),
         (DATA / "corpus/xla-jax-0.10.2/mlp_train", "add_tanh_fusion.1")]


def printed_computation(case, name) -> list[str]:
    """The lines of the computation defining `name`, as XLA printed them (schedule order)."""
    text = next(case.glob("*after_optimizations.txt")).read_text()
    for block in re.split(r"\n\s*\n", text):
        lines = [line for line in block.splitlines()[1:] if line.strip() and not line.startswith("}")]
        if any(defined(line) == name for line in lines if "=" in line):
            return lines
    raise AssertionError(f"{name} is not in {case}")


def defined(line: str) -> str | None:
    m = re.match(r"\s*(?:ROOT\s+)?%?([\w.\-]+)\s*=", line)
    return m.group(1) if m else None


def operands(line: str) -> str:
    """The operand list of an instruction line: the parentheses after the opcode."""
    start = re.search(r"\s[a-z][a-z0-9\-]*\(", line.split("=", 1)[1]).end() + len(line.split("=", 1)[0]) + 1
    depth, k = 1, start
    while depth:
        depth += {"(": 1, ")": -1}.get(line[k], 0)
        k += 1
    return line[start:k - 1]


def reads(line: str, name: str) -> bool:
    return re.search(rf"(?<![\w.\-]){re.escape(name)}(?![\w.\-])", operands(line)) is not None


@pytest.mark.parametrize("case,name", REMAT, ids=[n for _, n in REMAT])
def test_remat_recomputes_a_buffer_just_before_its_uses_after_the_longest_wait(case, name):
    result = run_json("peak", case, "--remat", name)
    what_if, stats = result["what_if"], json.loads((case / "memory_analysis.json").read_text())
    assert what_if["before"]["needed_bytes"] == xla_needed(case)
    assert what_if["before"]["temp_bytes"] == stats["temp_size_in_bytes"]
    # Where it goes, from the printed schedule: the uses after the longest gap.
    lines = printed_computation(case, name)
    names = [defined(line) for line in lines]
    times = [names.index(name)] + [k for k, line in enumerate(lines) if reads(line, name)]
    gap = max(range(len(times) - 1), key=lambda k: (times[k + 1] - times[k], k))
    (plan,) = what_if["remat"]
    assert plan["not_rematerialized_because"] is None
    assert plan["serves"] == [names[t] for t in times[gap + 1:]]
    clone = plan["recomputed_as"]
    assert (clone == name) == (gap == 0)
    ranges = {(r["name"], r["index"]): r for r in result["recomputed"]["live_ranges"]}
    late = ranges[(clone, "")]
    if clone != name:   # the kept copy dies before the late one is computed
        assert ranges[(name, "")]["end"] < late["start"]
    assert late["end"] - late["start"] <= times[-1] - times[gap + 1] + 1 + len(lines)
    after = what_if["after"]
    assert after["needed_bytes"] == (after["argument_bytes"] + after["output_bytes"] + after["temp_bytes"]
                                     + after["constant_bytes"] - after["alias_bytes"])
    assert what_if["saving_bytes"] == what_if["before"]["needed_bytes"] - after["needed_bytes"]


def test_the_rematerialized_module_is_the_printed_one_with_one_more_instruction():
    from bufviz.pipeline import peak_context
    from bufviz.request import Request
    from bufviz.whatif.run import changed_module

    case, name = DATA / "corpus/xla-jax-0.10.2/mlp_train", "add_tanh_fusion.1"
    _, context = peak_context(Request([str(case)]))
    changed, _, (plan,) = changed_module(context.inputs.module, context.target, (), [name])
    before = printed_computation(case, name)
    after = changed.text.splitlines()
    original = next(line for line in before if defined(line) == name)
    clone_line = next(line for line in after if re.match(rf"\s*%?{re.escape(plan.clone)}\s*=", line))
    assert clone_line.replace(plan.clone, name, 1) == original
    for use in plan.serves:
        line = next(line for line in after if defined(line) == use) if any(
            re.match(rf"\s*(ROOT\s+)?%?{re.escape(use)}\s*=", x) for x in after) else None
        assert reads(line, plan.clone) and not reads(line, name)
        assert after.index(clone_line) < after.index(line)
    assert len(after) == len(next(case.glob("*after_optimizations.txt")).read_text().splitlines()) + 1


def test_remat_refuses_clearly():
    case = DATA / "corpus/xla-jax-0.10.2/mlp_train"
    data = run_json("peak", case, "--remat", "x.1")["what_if"]
    assert "parameter cannot be computed twice" in data["remat"][0]["not_rematerialized_because"]
    assert data["saving_bytes"] == 0
    code, _, err = run("peak", case, "--remat", "no_such_thing")
    assert code == 2 and "no 'no_such_thing'" in err and "Traceback" not in err
    old = DATA / "corpus/xla-jax-0.4.13/mlp_train"   # printed without is_scheduled=true
    text = next(old.glob("*after_optimizations.txt")).read_text()
    entry = text[text.index("\nENTRY"):]
    fusion = next(defined(line) for line in entry.splitlines() if " fusion(" in line)
    data = run_json("peak", old, "--remat", fusion)["what_if"]
    assert "not scheduled" in data["remat"][0]["not_rematerialized_because"] and data["saving_bytes"] == 0


# ------------------------------------------------------------------ what to try

ADVICE_CASES = [c for c in sorted((DATA / "corpus").glob("*/*")) + sorted(EXTRA.iterdir())
                if c.is_dir() and list(c.glob("*after_optimizations.txt"))]
if (SHARED / "corpus").is_dir():
    ADVICE_CASES += [c for c in sorted((SHARED / "corpus").glob("xla-jax-0.10.2/*"))
                     if list(c.glob("*after_optimizations.txt"))]


@pytest.mark.parametrize("case", ADVICE_CASES, ids=lambda c: f"{c.parent.name}/{c.name}")
def test_every_advice_item_carries_a_saving_the_what_if_engine_measures_again(case):
    result = run_json("peak", case, "--advice")
    needed = result["memory"]["needed_bytes"]
    assert not reported(case) or needed == xla_needed(case)
    items = result["advice"]["items"]
    changes = [i for i in items if i["kind"] != "schedule"]   # (another order, XLA's choice, comes last)
    assert items[:len(changes)] == changes
    assert [i["saving_bytes"] for i in changes] == sorted((i["saving_bytes"] for i in changes), reverse=True)
    if not _has_backward_pass(case):   # jax.checkpoint acts on what a backward pass keeps only
        assert not [i for i in items if re.search(r"checkpoint|remat|recompute", i["title"] + i["how"], re.I)]
    for item in items:
        assert item["saving_bytes"] >= needed // 100 and item["saving_bytes"] > 0
        change = item["change"]
        if "donate" in change or "remat" in change:
            args = (["--donate", ",".join(map(str, change["donate"]))] if "donate" in change else
                    ["--remat", ",".join(change["remat"])])
            assert run_json("peak", case, *args)["what_if"]["saving_bytes"] == item["saving_bytes"]
        if item["kind"] == "fragmentation":
            assert item["saving_bytes"] == result["memory"]["fragmentation_bytes"] > result["memory"]["temp_bytes"] / 10
        if item["kind"] == "schedule":   # the order measured again by `schedule`
            (row,) = run_json("schedule", case, "--algorithm", change["schedule"])["schedule"]["schedules"]
            assert needed - row["needed_bytes"] == item["saving_bytes"] > result["memory"]["temp_bytes"] / 10


def _has_backward_pass(case) -> bool:
    """jax's transpose of a jvp, TensorFlow's gradient tape, in the op_names XLA printed."""
    text = "".join(m.read_text() for m in case.glob("*after_optimizations.txt"))
    return re.search(r'op_name="[^"]*(?:transpose\(|gradient_tape/|gradients/)', text) is not None


@pytest.mark.parametrize("plain,donated", PAIRS, ids=[p for p, _ in PAIRS])
def test_advice_to_donate_saves_what_xla_saved(plain, donated):
    items = run_json("peak", EXTRA / plain, "--advice")["advice"]["items"]
    (item,) = [i for i in items if i["kind"] == "donate"]
    assert ",".join(map(str, item["change"]["donate"])) == donated_parameters(EXTRA / donated)
    assert item["saving_bytes"] == xla_needed(EXTRA / plain) - xla_needed(EXTRA / donated)
    assert "donate_argnums" in item["how"]


def test_what_to_try_ends_the_text_report_and_is_left_out_when_nothing_saves(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    out = run("peak", DATA / "corpus/xla-jax-0.10.2/mlp_train", "--no-color")[1]
    assert "What to try" in out and "donate_argnums" in out and out.index("What to try") > out.index("Storage")
    assert "What to try" not in run("peak", DATA / "corpus/xla-jax-0.10.2/mlp_train", "--no-advice")[1]
    donated = run_json("peak", DATA / "corpus/xla-jax-0.10.2/mlp_train_donated", "--advice")
    assert not [i for i in donated["advice"]["items"] if i["kind"] == "donate"]
    # JSON holds the same report as text: the same advice
    text_titles = [line for line in out.splitlines() if "saves" in line]
    advice = run_json("peak", DATA / "corpus/xla-jax-0.10.2/mlp_train")["advice"]
    assert advice and len(advice["items"]) == len(text_titles)
    assert run_json("peak", DATA / "corpus/xla-jax-0.10.2/mlp_train", "--no-advice")["advice"] is None


def test_advice_speaks_the_frameworks_words():
    from conftest import SAMPLES
    torch = run_json("peak", SAMPLES / "004_915eaf8d7a870eb5.txt", "--advice")["advice"]["items"]
    assert torch and all("jax" not in i["how"] for i in torch)
    assert any("PyTorch/XLA" in i["how"] for i in torch)


def test_advice_to_keep_a_loop_carry_in_place_names_a_copy_xla_made_in_the_loop():
    case = DATA / "corpus/xla-jax-0.10.2/while_tuple_carry"
    items = run_json("peak", case, "--advice")["advice"]["items"]
    (carry,) = [i for i in items if i["kind"] == "carry"]
    (copy,) = carry["change"]["remove_copy"]
    body = printed_computation(case, copy)
    assert " copy(" in next(line for line in body if defined(line) == copy)
    text = next(case.glob("*after_optimizations.txt")).read_text()
    header = text[:text.index(body[0])].rstrip().splitlines()[-1]
    body_name = header.split()[0].lstrip("%")
    assert re.search(rf"while\(.*body=%?{re.escape(body_name)}\b", text)   # the copy is in a loop body


def test_each_check_command_of_the_advice_runs_as_printed_and_measures_its_saving(monkeypatch):
    import shlex
    monkeypatch.setenv("COLUMNS", "200")
    case = DATA / "corpus/xla-jax-0.10.2/mlp_train"
    out = run("peak", case, "--no-color")[1]
    commands = re.findall(r"check: bufviz (peak .*)$", out, re.M)
    items = [i for i in run_json("peak", case)["advice"]["items"] if "donate" in i["change"] or "remat" in i["change"]]
    assert commands and len(commands) == len(items) and "…" not in "".join(commands)
    for command, item in zip(commands, items):
        assert run_json(*shlex.split(command))["what_if"]["saving_bytes"] == item["saving_bytes"]


def test_with_advice_every_change_not_measured_by_default_is_an_item_or_said_to_save_little():
    """--advice measures what default advice left out: each is an item, or named with what it saved."""
    case = DATA / "library/nnx_transformer_dropout"
    left = run_json("peak", case)["advice"]["not_measured"]
    full = run_json("peak", case, "--advice")["advice"]
    assert left and full["not_measured"] == []
    said = json.dumps(full["items"]) + json.dumps(full["saved_little"])
    for candidate in left:
        assert candidate["title"].split(" ", 1)[1] in said, candidate
    assert all(c["saving_bytes"] < run_json("peak", case)["memory"]["needed_bytes"] // 100
               for c in full["saved_little"])
    # a change measured that saves nothing is named in the text, not dropped
    quiet = DATA / "corpus/xla-jax-0.10.2/cond_branches"
    saved_little = run_json("peak", quiet, "--advice")["advice"]["saved_little"]
    out = run("peak", quiet, "--advice", "--no-color")[1].replace("\n", " ")
    assert saved_little and all(c["title"].split(":")[0] in out for c in saved_little)
