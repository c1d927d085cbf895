"""Terminal reports at 80, 120 and 200 columns: no line wider than the terminal, no name, shape
or number broken across lines, no trailing spaces, plain text under --no-color and NO_COLOR,
and verify in words and human sizes."""
from __future__ import annotations

import re

import pytest

from bufviz.hlo.shapes import value_label, without_layout
from bufviz.units import human_bytes
from conftest import DATA, SAMPLES, WILD, run, run_json

MLP = DATA / "corpus/xla-jax-0.10.2/mlp_train"
INPUTS = [MLP, DATA / "corpus/xla-jax-0.4.13/cond_branches", DATA / "corpus/xla-jax-0.6.2/while_tuple_carry",
          *sorted(SAMPLES.glob("00*.txt")), *sorted((DATA / "oom").glob("*.txt"))]
if WILD.exists():
    INPUTS += sorted(WILD.glob("*oom*.txt"))[:6] + sorted(WILD.glob("buffer-assignment-*.txt"))[:3]
COMMANDS = ["peak", "verify", "allocations", "explain", "timeline", "aliasing"]
WIDTHS = [80, 120, 200]


def render(command: str, path, width: int, monkeypatch, *more: str) -> tuple[int, str]:
    monkeypatch.setenv("COLUMNS", str(width))
    code, out, err = run(command, path, "--no-color", *more)
    return code, out


def tokens(report: dict) -> set[str]:
    """Names and shapes the report shows: value labels and shapes (with and without layout)."""
    found = set()
    for section in (report.get("xla") or {}, report.get("recomputed") or {}):
        for r in section.get("live_at_peak") or []:
            found.add(value_label(r["name"], r["index"]))
            if r.get("shape"):
                found.update({r["shape"], without_layout(r["shape"])})
    for b in (report.get("oom") or {}).get("buffers") or []:
        if b["shape"]:
            found.update({b["shape"], without_layout(b["shape"])})
    return {t for t in found if len(t) > 3}


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("path", INPUTS, ids=lambda p: p.name[:50])
def test_reports_fit_the_terminal(path, command, width, monkeypatch):
    code, out = render(command, path, width, monkeypatch)
    if code == 2:   # this command needs what the input does not have (verify without a dump)
        return
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= width
    assert not any(line.endswith(" ") for line in lines)
    report = run_json("peak", path)
    joined = re.sub(r"\s*\n\s*", "", out)
    for token in tokens(report):
        assert not (token in joined and token not in out), f"{token!r} is broken across lines"
    for line in lines:   # dims are never cut: every '[' of a shape (or of a split: `f32[256/4,32]`) closes on its line
        for shape in re.findall(r"\b(?:pred|bf16|f8e\w+|[subfc]\d+)\[(?:[\d,]|/\(?[\w×]+\)?)*", line):
            assert shape + "]" in line or "…" in line[line.index(shape):], line


def test_wider_terminals_use_the_room(monkeypatch):
    _, narrow = render("peak", MLP, 80, monkeypatch)
    _, wide = render("peak", MLP, 200, monkeypatch)
    report = run_json("peak", MLP)
    op_name = max((r["op_name"] or "" for r in report["memory"]["at_peak"]), key=len)

    def storage(out):
        return out.split("Storage at the peak")[1].split("\n\n")[0]
    assert op_name and op_name in storage(wide) and "op_name" not in storage(narrow)
    assert "{1,0}" in storage(wide)   # layouts shown when there is room


def test_empty_columns_are_not_drawn(monkeypatch):
    """A module alone: XLA printed nothing, so there is no XLA column; no storage is shared."""
    hlo = next(MLP.glob("*after_optimizations.txt"))
    code, out = render("allocations", hlo, 80, monkeypatch, "--no-discover")
    table = out.split("Allocations")[1].split("\n\n")[0]
    assert code == 0 and "XLA" not in table and "bufviz" in table


@pytest.mark.parametrize("how", ["--no-color", "NO_COLOR"])
def test_no_color_means_plain_text(how, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")   # would colour even into a pipe
    args = ["peak", MLP]
    if how == "NO_COLOR":
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        args.append(how)
    code, out, _ = run(*args)
    assert code == 0 and "\x1b[" not in out
    monkeypatch.delenv("NO_COLOR", raising=False)
    code, coloured, _ = run("peak", MLP)
    assert "\x1b[" in coloured   # the check above can fail


def test_verify_speaks_in_words_and_human_sizes(monkeypatch):
    code, out = render("verify", MLP, 80, monkeypatch)
    assert code == 0
    total = int(re.search(r"^Total bytes used: (\d+)", next(MLP.glob("*-buffer-assignment-values.txt")).read_text(),
                          re.M).group(1))
    row = next(line for line in out.splitlines() if line.lstrip("✓✗ ").startswith("total bytes used"))
    assert human_bytes(total) in row and f"{total:,} B" in row
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", out.split("bufviz against XLA")[1])   # no JSON keys


CI_COMMANDS = [
    ("check", MLP, "--budget", "1MiB"),
    ("check", MLP, "--baseline", DATA / "extra/mlp_train_big", "--budget", "8MiB", "--metric", "needed",
     "--metric", "xla-peak"),
    ("diff", DATA / "corpus/xla-jax-0.4.30/mlp_train", MLP),
    ("diff", MLP, DATA / "extra/mlp_train_big", "--top", "0"),
    ("scan", DATA / "corpus"),
    ("peak", DATA / "corpus/xla-jax-0.6.2"),
    ("peak", MLP, "--remat", "add_tanh_fusion.1,ynn_fusion.6", "--donate", "0,6"),
    ("peak", DATA / "corpus/xla-jax-0.10.2/while_tuple_carry"),   # what to try: donation, loop carry
    ("schedule", MLP),
    ("schedule", DATA / "corpus/xla-jax-0.4.13/mlp_train"),
]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("args", CI_COMMANDS, ids=lambda a: f"{a[0]}-{len(a)}")
def test_ci_reports_fit_the_terminal(args, width, monkeypatch):
    code, out = render(args[0], args[1], width, monkeypatch, *args[2:])
    assert code in (0, 1)
    lines = out.splitlines()
    assert lines and max(len(line) for line in lines) <= width
    assert not any(line.endswith(" ") for line in lines) and "\x1b[" not in out
