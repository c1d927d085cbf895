"""CI features on real dumps: check (budgets, baselines, every format and exit code), diff (two
sizes of one program, one program by two XLA versions, a dump against itself), scan, and saved
results read back. Every number is compared with what jax's memory_analysis() and XLA's buffer
assignment say, read independently."""
from __future__ import annotations

import json
import re
import shutil
from xml.etree import ElementTree

import pytest

import xla_text
from conftest import DATA, SHARED, dump_text, run, run_json
from conftest import CORPUS, SMALL, BIG, VERSIONS, xla_needed, reported

CASES = [c for v in VERSIONS for c in sorted(v.iterdir()) if reported(c)] + [BIG]


def saved(tmp_path, case, name="saved.json", *options):
    out = tmp_path / name
    code, _, err = run("peak", case, "--format", "json", "-o", out, *options)
    assert code == 0, err
    return out


# ------------------------------------------------------------------ check

@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.parent.name}/{c.name}")
def test_check_passes_at_the_headline_and_fails_one_byte_below(case):
    needed = xla_needed(case)
    assert run("check", case, "--budget", str(needed))[0] == 0
    code, out, _ = run("check", case, "--budget", str(needed - 1))
    assert code == 1 and "over the budget" in out


def test_budget_sizes_are_read_as_people_write_them():
    needed = xla_needed(SMALL)   # 6.00 MiB
    assert run("check", SMALL, "--budget", "7MiB")[0] == 0
    assert run("check", SMALL, "--budget", "6MB")[0] == 1          # decimal: 6,000,000 bytes
    assert run("check", SMALL, "--budget", f"{needed / 1e6:.6f}e6")[0] == 0
    assert run("check", SMALL, "--budget", "0.001GiB")[0] == 1


def test_check_against_a_saved_baseline_of_the_same_dump_passes(tmp_path):
    baseline = saved(tmp_path, SMALL)
    code, out, err = run("check", SMALL, "--baseline", baseline, "--format", "json")
    result = json.loads(out)
    assert code == 0 and result["ok"]
    [r] = result["results"]
    assert r["bytes"] == r["baseline_bytes"] == xla_needed(SMALL) and r["delta"] == 0


def test_check_of_a_bigger_model_against_the_smaller_ones_baseline_fails(tmp_path):
    baseline = saved(tmp_path, SMALL)
    code, out, _ = run("check", BIG, "--baseline", baseline, "--max-increase", "5%", "--format", "json")
    assert code == 1
    [r] = json.loads(out)["results"]
    assert (r["baseline_bytes"], r["bytes"]) == (xla_needed(SMALL), xla_needed(BIG))
    assert r["delta"] == xla_needed(BIG) - xla_needed(SMALL)
    assert r["allowed_increase_bytes"] == int(xla_needed(SMALL) * 0.05)
    assert r["culprits"] and all(c["delta"] > 0 for c in r["culprits"])   # the buffers that grew
    allowed = xla_needed(BIG) - xla_needed(SMALL)
    assert run("check", BIG, "--baseline", baseline, "--max-increase", str(allowed))[0] == 0
    assert run("check", BIG, "--baseline", baseline, "--max-increase", str(allowed - 1))[0] == 1


def test_other_metrics_come_from_jax(tmp_path):
    stats = json.loads((SMALL / "memory_analysis.json").read_text())
    for metric, key in (("temp", "temp_size_in_bytes"), ("argument", "argument_size_in_bytes"),
                        ("output", "output_size_in_bytes")):
        assert run("check", SMALL, "--metric", metric, "--budget", str(stats[key]))[0] == 0
        assert run("check", SMALL, "--metric", metric, "--budget", str(stats[key] - 1))[0] == 1
    peak = sum(b for _, b in xla_text.peak_rows(dump_text(SMALL)))
    assert run("check", SMALL, "--metric", "xla-peak", "--budget", str(peak))[0] == 0
    assert run("check", SMALL, "--metric", "xla-peak", "--budget", str(peak - 1))[0] == 1


def two_programs(tmp_path):
    """A dump tree: two programs in folders of their own."""
    for case in (SMALL, CORPUS / "xla-jax-0.10.2/while_tuple_carry"):
        shutil.copytree(case, tmp_path / "dumps" / case.name)
    return tmp_path / "dumps"


def test_a_folder_gets_one_verdict_per_module_matched_to_the_baseline_by_folder(tmp_path):
    tree = two_programs(tmp_path)
    baseline = tmp_path / "baseline.json"
    assert run("scan", tree, "--format", "json", "-o", baseline)[0] == 0
    shutil.rmtree(tree / "mlp_train")
    shutil.copytree(BIG, tree / "mlp_train")   # the program grew
    code, out, _ = run("check", tree, "--baseline", baseline, "--format", "json")
    results = {r["path"].split("/")[-2]: r for r in json.loads(out)["results"]}
    assert code == 1 and set(results) == {"mlp_train", "while_tuple_carry"}
    assert not results["mlp_train"]["ok"] and results["mlp_train"]["baseline_bytes"] == xla_needed(SMALL)
    loop = CORPUS / "xla-jax-0.10.2/while_tuple_carry"
    assert results["while_tuple_carry"]["ok"] and results["while_tuple_carry"]["bytes"] == xla_needed(loop)


@pytest.mark.parametrize("args,message", [
    (("--budget", "12 potatoes"), "expected a size like"),
    (("--budget", "1GiB", "--max-increase", "5%"), "--max-increase needs --baseline"),
    ((), "give --budget SIZE, --baseline FILE, --device-memory SIZE, or several"),
    (("--baseline", "no/such/file.json"), "no such file"),
])
def test_bad_usage_exits_2(args, message):
    code, out, err = run("check", SMALL, *args)
    assert code == 2 and out == "" and message in err


def test_bad_saved_results_exit_2_naming_the_file(tmp_path):
    baseline = saved(tmp_path, SMALL)
    text = baseline.read_text()
    cut = tmp_path / "cut.json"
    cut.write_text(text[: len(text) // 2])
    code, _, err = run("check", SMALL, "--baseline", cut)
    assert code == 2 and f"{cut}:1: expected a saved bufviz result" in err and "cut short" in err
    newer = tmp_path / "newer.json"
    newer.write_text(text.replace('"schema_version":1', '"schema_version":2', 1))
    code, _, err = run("check", SMALL, "--baseline", newer)
    assert code == 2 and "schema_version 2" in err


def test_an_unreadable_module_in_a_folder_is_listed_and_exits_2(tmp_path):
    tree = two_programs(tmp_path)
    hlo = next((tree / "while_tuple_carry").glob("*after_optimizations.txt"))
    hlo.write_text(hlo.read_text()[:2000])
    code, out, _ = run("check", tree, "--budget", "1GiB", "--format", "json")
    result = json.loads(out)
    assert code == 2 and len(result["results"]) == 1 and result["results"][0]["ok"]
    assert len(result["errors"]) == 1 and result["errors"][0]["error"].startswith(f"{hlo}:")


# ------------------------------------------------------------------ formats

def test_markdown_is_a_table_with_the_verdict():
    code, out, _ = run("check", SMALL, "--budget", "1MiB", "--format", "markdown")
    lines = out.splitlines()
    assert code == 1 and lines[0].startswith("### ❌")
    header = next(k for k, line in enumerate(lines) if line.startswith("| program |"))
    assert re.match(r"\|[-:|]+\|$", lines[header + 1]) and lines[header + 2].startswith("| mlp_train · jit_update |")
    assert lines[header + 2].count("|") == lines[header].count("|")


def test_github_annotations_sit_at_the_source_lines_of_the_largest_buffers(tmp_path):
    case = CORPUS / "xla-jax-0.4.30/mlp_train"   # source_file= in the metadata, not a stack-frame table
    code, out, _ = run("check", case, "--budget", "1MiB", "--format", "github")
    errors = [line for line in out.splitlines() if line.startswith("::error")]
    assert code == 1 and errors
    sources = {(m.group(1), m.group(2)) for line in errors
               if (m := re.match(r"::error file=([^,]+),line=(\d+),", line))}
    hlo = next(case.glob("*after_optimizations.txt")).read_text()
    for path, line in sources:   # each is a source_file/source_line pair in the module's metadata
        assert re.search(rf'source_file="{re.escape(path)}" source_line={line}\b', hlo)
    code, out, _ = run("check", SMALL, "--budget", "1GiB", "--format", "github")
    assert code == 0 and out.startswith("::notice ") and "::error" not in out


def test_github_annotations_without_a_source_name_no_file(tmp_path):
    stripped = tmp_path / "module.txt"
    stripped.write_text(re.sub(r' (source_file="[^"]*" source_line=\d+|stack_frame_id=\d+)', "",
                               next(SMALL.glob("*after_optimizations.txt")).read_text()))
    code, out, _ = run("check", stripped, "--budget", "1MiB", "--format", "github")
    assert code == 1 and out.startswith("::error title=") and "file=" not in out


def test_junit_is_valid_xml_with_a_case_per_module_and_metric(tmp_path):
    tree = two_programs(tmp_path)
    code, out, _ = run("check", tree, "--budget", "2MiB", "--metric", "needed", "--metric", "temp", "--format",
                       "junit")
    root = ElementTree.fromstring(out)
    cases = root.findall("./testsuite/testcase")
    assert code == 1 and root.tag == "testsuites" and len(cases) == 4
    failed = [c for c in cases if c.find("failure") is not None]
    assert int(root.find("testsuite").get("failures")) == len(failed) == 1   # mlp_train needs 6 MiB
    assert failed[0].get("classname") == "bufviz.check" and failed[0].get("name") == "mlp_train · jit_update · needed"


def test_summary_is_appended_and_json_names_every_verdict(tmp_path):
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n")
    code, out, _ = run("check", SMALL, "--budget", "1GiB", "--format", "json", "--summary", summary)
    assert code == 0 and json.loads(out)["ok"] is True
    assert summary.read_text().startswith("earlier step\n### ✅")


# ------------------------------------------------------------------ diff

def test_diff_of_two_sizes_of_one_program():
    result = run_json("diff", SMALL, BIG)
    needed = result["needed_bytes"]
    assert (needed["old"], needed["new"]) == (xla_needed(SMALL), xla_needed(BIG))
    assert needed["new"] > needed["old"] and needed["delta"] == needed["new"] - needed["old"]
    stats = [json.loads((c / "memory_analysis.json").read_text()) for c in (SMALL, BIG)]
    assert result["temp_bytes"]["delta"] == stats[1]["temp_size_in_bytes"] - stats[0]["temp_size_in_bytes"]
    assert result["top_changes"] and all(c["delta"] for c in result["top_changes"])
    for c in result["top_changes"]:
        assert c["delta"] == c["new_bytes"] - c["old_bytes"]
        assert set(c) >= {"what", "old_bytes", "new_bytes", "delta", "op_name", "source", "matched_by"}
    assert "grew by" in result["verdict"]
    assert run("diff", SMALL, BIG, "--fail-on-increase")[0] == 1
    assert run("diff", BIG, SMALL, "--fail-on-increase")[0] == 0
    assert run("diff", SMALL, BIG, "--fail-on-increase", "10000%")[0] == 0


def test_diff_of_a_dump_with_itself_and_with_its_saved_result_reports_no_change(tmp_path):
    for other in (SMALL, saved(tmp_path, SMALL)):
        result = run_json("diff", SMALL, other)
        assert all(result[k]["delta"] == 0 for k in ("needed_bytes", "temp_bytes", "argument_bytes"))
        assert result["top_changes"] == [] and result["verdict"].startswith("no change")
        storage = result["modules"][0]["storage"]
        assert storage["matched"] == storage["old_rows"] == storage["new_rows"]


def _version(folder) -> tuple[int, ...]:
    return tuple(int(x) for x in folder.name.removeprefix("xla-jax-").split("."))


def test_diff_across_xla_versions_matches_most_rows_and_says_how():
    """The same programs compiled by consecutive jax releases (XLA:CPU): at least 90% of the
    storage rows of both sides find their partner (what is left holds different things: the
    peak moment moved, a library's workspace came or went)."""
    releases = sorted((v for v in VERSIONS if v.name.count("-") == 2), key=_version)
    matched = rows = 0
    for case in sorted(releases[0].iterdir()):
        for old, new in zip(releases, releases[1:]):
            if not (old / case.name).is_dir() or not (new / case.name).is_dir():
                continue   # (the newer sets bundle a few programs only)
            result = run_json("diff", old / case.name, new / case.name)
            storage = result["modules"][0]["storage"]
            assert sum(storage["matched_by"].values()) == storage["matched"]
            assert storage["old_rows"] - storage["matched"] == len(storage["unmatched_old"])
            for row in storage["rows"]:
                assert (row["matched_by"] is None) == (row["change"] in ("appeared", "vanished"))
            matched += 2 * storage["matched"]
            rows += storage["old_rows"] + storage["new_rows"]
    assert matched / rows >= 0.9


def test_diff_of_folders_pairs_modules_by_folder(tmp_path):
    old = two_programs(tmp_path)
    new = tmp_path / "new"
    shutil.copytree(old, new)
    shutil.rmtree(new / "mlp_train")
    shutil.copytree(BIG, new / "mlp_train")
    result = run_json("diff", old, new)
    assert len(result["modules"]) == 2 and result["unpaired"] == {"old": [], "new": []}
    assert result["needed_bytes"]["delta"] == xla_needed(BIG) - xla_needed(SMALL)


# ------------------------------------------------------------------ scan and saved results

def test_scan_ranks_every_module_by_memory_needed():
    folder = CORPUS / "xla-jax-0.10.2"
    result = run_json("scan", folder)
    modules = result["modules"]
    assert len(modules) == len(list(folder.iterdir())) and result["errors"] == []
    assert [m["needed_bytes"] for m in modules] == sorted((m["needed_bytes"] for m in modules), reverse=True)
    for m in modules:
        case = folder / m["path"].split("/")[-2]
        assert m["needed_bytes"] == xla_needed(case)
        stats = json.loads((case / "memory_analysis.json").read_text())
        assert (m["temp_bytes"], m["argument_bytes"], m["output_bytes"]) == (
            stats["temp_size_in_bytes"], stats["argument_size_in_bytes"], stats["output_size_in_bytes"])


def test_scan_goes_on_past_an_unreadable_module(tmp_path):
    tree = two_programs(tmp_path)
    hlo = next((tree / "mlp_train").glob("*after_optimizations.txt"))
    hlo.write_text("HloModule broken\n\nENTRY main {\n  p = f32[2]{0} parameter(0)\n")
    code, out, _ = run("scan", tree, "--format", "json")
    result = json.loads(out)
    assert code == 0 and len(result["modules"]) == 1 and len(result["errors"]) == 1
    assert str(hlo) in result["errors"][0]["error"]
    code, out, _ = run("scan", tree, "--no-color")
    assert code == 0 and "could not read" in out


@pytest.mark.skipif(not (SHARED / "corpus/xla-jax-0.10.2").is_dir(), reason="needs ../shared/corpus")
def test_scan_of_the_shared_corpus_lists_all_15_modules():
    folder = SHARED / "corpus/xla-jax-0.10.2"
    result = run_json("scan", folder, "--jobs", "2")
    assert len(result["modules"]) == len([p for p in folder.iterdir() if p.is_dir()]) == 15
    for m in result["modules"]:
        assert m["needed_bytes"] == xla_needed(folder / m["path"].split("/")[-2])


def test_a_saved_peak_renders_again_as_it_was(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    result = saved(tmp_path, SMALL, "saved.json", "--advice")
    assert run("peak", result, "--no-color")[1] == run("peak", SMALL, "--no-color", "--advice")[1]
    assert run_json("timeline", result)["timeline"] == run_json("timeline", SMALL)["timeline"]


def test_a_result_without_allocations_is_not_checked_and_exits_2():
    oom = DATA / "oom/cpu-oom-jax-jit-zeros-0.10.2.txt"
    code, out, _ = run("check", oom, "--budget", "1GiB", "--format", "json")
    result = json.loads(out)
    assert code == 2 and result["results"] == [] and "no memory needed to check" in result["errors"][0]["error"]
