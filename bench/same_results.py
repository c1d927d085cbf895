"""Check that a change to the engine changes no result: the JSON of `peak`, `allocations`,
`timeline`, `explain` and `verify` on every module alone, and of `peak` on the module's folder
(every dump file beside it read, as users run it), from the working tree and from BASE (a git
revision).

    python bench/same_results.py BASE [FOLDER ...] [--max-mb 5] [--jobs 2] [--commands peak,verify]
                                 [--parse]

FOLDERs (default: ../shared/corpus) are searched for HLO module files (`*after_optimizations.txt`,
`*.hlo`, and `*.txt` under a `wild` folder). BASE is checked out into a temporary git worktree.
Prints the files whose JSON differs and exits 1 if any does. With --parse, compares instead
every instruction of every computation as the parser reads it (name, line, opcode, shape,
operands, attributes, root, operands and users by name; or the error), fusion bodies
included: for changes to the parser. Not part of the test run: speed work lands in steps, and
each step must leave every result as it was.
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
COMMANDS = ("peak", "allocations", "timeline", "explain", "verify", "peak-folder")
# (`peak-folder` is `peak` as users run it: the module's folder, every dump file beside it read.)

# Run inside a tree's own interpreter path: one pool of processes maps a worker's `one` over
# the numbered files (OUT: the output folder).
POOL = """
import contextlib, io, multiprocessing, os, sys
OUT, FILES = sys.argv[1], sys.argv[3:]
{worker}
if __name__ == "__main__":
    with multiprocessing.Pool(int(sys.argv[2])) as pool:
        pool.map(one, enumerate(FILES), chunksize=4)
"""

# Each file's JSON from every command.
WORKER = """
COMMANDS = {commands!r}

def one(numbered):
    number, path = numbered
    from bufviz.cli import main
    for command in COMMANDS:
        if command == "peak-folder":
            args = ["peak", path, "--module", os.path.basename(path).split(".")[0]]
        else:
            args = [command, "--no-discover", path]
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            try:
                main([*args, "--format", "json", "-o", os.path.join(OUT, f"{{number}}.{{command}}.json")])
            except SystemExit:
                pass

"""

# For --parse: one text per file, a line per instruction.
PARSE_WORKER = """
def one(numbered):
    number, path = numbered
    from bufviz.errors import BufvizError
    from bufviz.hlo.parser import parse_module
    from bufviz.textfile import read_text
    lines = []
    try:
        module = parse_module(read_text(path), path)
        for comp in module.computations.values():
            try:
                for i in comp.instructions:
                    lines.append(repr((comp.name, i.name, i.line, i.opcode, i.shape_text, i.args, i.attr_text,
                                       i.is_root, [o.name for o in i.operands], [u.name for u in i.users])))
            except BufvizError as e:
                lines.append(f"{{comp.name}}: {{e}}")
    except BufvizError as e:
        lines.append(str(e))
    with open(os.path.join(OUT, f"{{number}}.parse.txt"), "w") as f:
        f.write("\\n".join(lines))

"""


def module_files(folders: list[Path], max_mb: float) -> list[Path]:
    found = set()
    for folder in folders:
        found.update(folder.rglob("*after_optimizations.txt"))
        found.update(folder.rglob("*.hlo"))
        found.update(p for p in folder.rglob("*.txt") if "wild" in p.parts)
    return sorted(p for p in found if p.is_file() and p.stat().st_size <= max_mb * 1e6
                  and "buffer-assignment" not in p.name and "memory-usage" not in p.name)


def results(tree: Path, files: list[Path], out: Path, jobs: int, code: str) -> None:
    out.mkdir(parents=True)
    # Run from the output folder: `python -c` puts the current folder first on the path.
    subprocess.run([sys.executable, "-c", code, str(out), str(jobs), *(str(f.resolve()) for f in files)],
                   check=True, cwd=out, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "NO_COLOR": "1"})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", help="git revision to compare with (e.g. HEAD~3, main)")
    parser.add_argument("folders", nargs="*", type=Path, default=[ROOT.parent / "shared" / "corpus"])
    parser.add_argument("--max-mb", type=float, default=5.0, help="skip modules larger than this")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--parse", action="store_true", help="compare what the parser reads, not the JSON")
    parser.add_argument("--commands", default=",".join(COMMANDS),
                        help=f"which of {', '.join(COMMANDS)} to compare (comma-separated)")
    args = parser.parse_args()
    commands = tuple(c for c in args.commands.split(",") if c)
    unknown = set(commands) - set(COMMANDS)
    if unknown:
        raise SystemExit(f"unknown commands: {', '.join(sorted(unknown))}")
    kinds, worker = (("parse",), PARSE_WORKER.format()) if args.parse else (commands, WORKER.format(commands=commands))
    code = POOL.format(worker=worker)
    suffix = "txt" if args.parse else "json"
    files = module_files(args.folders, args.max_mb)
    if not files:
        raise SystemExit("no module files found")
    with tempfile.TemporaryDirectory(prefix="bufviz-same-") as scratch:
        work = Path(scratch)
        base = work / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), args.base], check=True)
        try:
            results(base, files, work / "before", args.jobs, code)
            results(ROOT, files, work / "after", args.jobs, code)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=True)
        differ = []
        for number, path in enumerate(files):
            for command in kinds:
                a, b = (work / side / f"{number}.{command}.{suffix}" for side in ("before", "after"))
                if a.exists() != b.exists() or (a.exists() and not filecmp.cmp(a, b, shallow=False)):
                    differ.append(f"{command} {path}")
    what = "parses" if args.parse else f"{len(commands)} commands"
    print(f"{len(files)} modules x {what} against {args.base}: {len(differ)} results differ")
    for line in differ:
        print("  " + line)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
