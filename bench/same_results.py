"""Check that a change to the engine changes no result: the JSON of `peak`, `allocations`,
`timeline` and `explain` on every module, from the working tree and from BASE (a git revision).

    python bench/same_results.py BASE [FOLDER ...] [--max-mb 5] [--jobs 2]

FOLDERs (default: ../shared/corpus) are searched for HLO module files (`*after_optimizations.txt`,
`*.hlo`, and `*.txt` under a `wild` folder). BASE is checked out into a temporary git worktree.
Prints the files whose JSON differs and exits 1 if any does. Not part of the test run: speed
work lands in steps, and each step must leave every result as it was.
"""
from __future__ import annotations

import argparse
import filecmp
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent
COMMANDS = ("peak", "allocations", "timeline", "explain")

# Run inside a tree's own interpreter path: one process writes every file's JSON.
WORKER = """
import contextlib, io, multiprocessing, os, sys
OUT, FILES = sys.argv[1], sys.argv[3:]
COMMANDS = {commands!r}

def one(numbered):
    number, path = numbered
    from bufviz.cli import main
    for command in COMMANDS:
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            try:
                main([command, "--no-discover", path, "--format", "json",
                      "-o", os.path.join(OUT, f"{{number}}.{{command}}.json")])
            except SystemExit:
                pass

if __name__ == "__main__":
    with multiprocessing.Pool(int(sys.argv[2])) as pool:
        pool.map(one, enumerate(FILES), chunksize=4)
"""


def module_files(folders: list[Path], max_mb: float) -> list[Path]:
    found = set()
    for folder in folders:
        found.update(folder.rglob("*after_optimizations.txt"))
        found.update(folder.rglob("*.hlo"))
        found.update(p for p in folder.rglob("*.txt") if "wild" in p.parts)
    return sorted(p for p in found if p.is_file() and p.stat().st_size <= max_mb * 1e6
                  and "buffer-assignment" not in p.name and "memory-usage" not in p.name)


def results(tree: Path, files: list[Path], out: Path, jobs: int) -> None:
    out.mkdir(parents=True)
    code = WORKER.format(commands=COMMANDS)
    # Run from the output folder: `python -c` puts the current folder first on the path.
    subprocess.run([sys.executable, "-c", code, str(out), str(jobs), *(str(f.resolve()) for f in files)],
                   check=True, cwd=out, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "NO_COLOR": "1"})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", help="git revision to compare with (e.g. HEAD~3, main)")
    parser.add_argument("folders", nargs="*", type=Path, default=[ROOT.parent / "shared" / "corpus"])
    parser.add_argument("--max-mb", type=float, default=5.0, help="skip modules larger than this")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    files = module_files(args.folders, args.max_mb)
    if not files:
        raise SystemExit("no module files found")
    with tempfile.TemporaryDirectory(prefix="bufviz-same-") as scratch:
        work = Path(scratch)
        base = work / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), args.base], check=True)
        try:
            results(base, files, work / "before", args.jobs)
            results(ROOT, files, work / "after", args.jobs)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=True)
        differ = []
        for number, path in enumerate(files):
            for command in COMMANDS:
                a, b = work / "before" / f"{number}.{command}.json", work / "after" / f"{number}.{command}.json"
                if a.exists() != b.exists() or (a.exists() and not filecmp.cmp(a, b, shallow=False)):
                    differ.append(f"{command} {path}")
    print(f"{len(files)} modules x {len(COMMANDS)} commands against {args.base}: "
          f"{len(differ)} results differ")
    for line in differ:
        print("  " + line)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
