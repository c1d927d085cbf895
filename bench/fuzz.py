"""A longer hunt for bad input that breaks bufviz, by hand (CI runs a few dozen cases of the same
mutator in tests/bad_input/test_bad_input.py):

    python bench/fuzz.py --cases 600 --seed 7 [--out /tmp/fuzz]

Each case copies a real input of tests/data (an HLO module, a dump file, a folder, a saved
result), mutates one file (tests/mutations.py), and runs one command and format on it in a
fresh process with a time limit. Counted: internal errors (exit 101 or "internal error"),
hangs (past the limit), tracebacks, exit 2 with nothing on stderr. Each failing case is kept
in --out to reproduce."""
from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent / "tests"))
from mutations import mutate_json, mutate_text  # noqa: E402

DATA = HERE.parent / "tests" / "data"
COMMANDS = [("peak",), ("peak", "--format", "json"), ("peak", "--format", "html"), ("peak", "--format", "svg"),
            ("peak", "--by", "source"), ("verify",), ("verify", "--format", "json"), ("explain",),
            ("explain", "--format", "json"), ("timeline",), ("timeline", "--format", "svg"), ("allocations",),
            ("allocations", "--format", "json"), ("aliasing",), ("schedule", "--time-limit", "2"),
            ("check", "--budget", "1GiB"), ("check", "--budget", "1GiB", "--format", "github"),
            ("check", "--budget", "1GiB", "--format", "junit"), ("check", "--budget", "1GiB", "--format", "markdown"),
            ("scan",), ("scan", "--format", "json"), ("diff",), ("diff", "--format", "json")]


def sources() -> list[Path]:
    """Folders of one module each, single dump files, and saved results made from them."""
    found = sorted(p for p in (DATA / "corpus").glob("xla-*/*") if p.is_dir())
    found += sorted((DATA / "oom").glob("*.txt"))
    return found


def one_case(rng: random.Random, workdir: Path, saved: Path) -> tuple[list[str], str]:
    source = rng.choice(sources() + [saved])
    case = workdir / "case"
    if source.is_dir():
        shutil.copytree(source, case)
        target = case / rng.choice(sorted(p.name for p in case.iterdir()))
    else:
        case.mkdir()
        target = case / source.name
        shutil.copy(source, target)
    text = target.read_text(errors="replace")
    mutated, what = mutate_json(text, rng) if target.suffix == ".json" and text.lstrip().startswith("{") \
        else mutate_text(text, rng)
    target.write_text(mutated)
    command = list(rng.choice(COMMANDS))
    path = str(case if rng.random() < 0.5 or command[0] == "scan" else target)
    if command[0] == "diff":   # (the unchanged input against the mutated one)
        return ["diff", str(source), path, *command[1:]], what
    return [command[0], path, *command[1:]], what


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=int, default=30)
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "bufviz-fuzz")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    counts = {"ok": 0, "internal": 0, "hang": 0, "traceback": 0, "silent exit 2": 0}
    with tempfile.TemporaryDirectory() as base:
        saved = Path(base) / "saved.json"
        subprocess.run([sys.executable, "-m", "bufviz", "peak", str(DATA / "corpus/xla-jax-0.10.2/mlp_train"),
                        "--format", "json", "-o", str(saved), "--no-advice"], check=True)
        for k in range(args.cases):
            work = Path(base) / f"run{k}"
            work.mkdir()
            argv, what = one_case(rng, work, saved)
            try:
                proc = subprocess.run([sys.executable, "-m", "bufviz", *argv], capture_output=True, text=True,
                                      timeout=args.timeout, env={"NO_COLOR": "1", "COLUMNS": "80",
                                                                 "PATH": "/usr/bin:/bin"})
                kind = ("internal" if proc.returncode == 101 or "internal error" in proc.stderr else
                        # (a Python traceback's frames; an error may quote an input's own "Traceback" line)
                        "traceback" if '\n  File "' in proc.stderr else
                        "silent exit 2" if proc.returncode == 2 and not proc.stderr.strip() else "ok")
            except subprocess.TimeoutExpired:
                kind = "hang"
            counts[kind] += 1
            if kind != "ok":
                keep = args.out / f"{kind.replace(' ', '_')}-{k}"
                shutil.copytree(work, keep, dirs_exist_ok=True)
                (keep / "COMMAND").write_text(" ".join(["bufviz", *argv]) + f"\n# {what}\n")
                print(f"{kind}: bufviz {' '.join(argv)}  ({what}) -> {keep}", flush=True)
            shutil.rmtree(work)
    print(" ".join(f"{k}={v}" for k, v in counts.items()))
    return 0 if counts["ok"] == args.cases else 1


if __name__ == "__main__":
    sys.exit(main())
