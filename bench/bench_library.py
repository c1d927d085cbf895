"""Benchmark: the default `bufviz peak FOLDER` on real library programs, per MB of the optimized
module, against XLA's own parser reading the same module.

    python bench/bench_library.py FOLDER... [--xla-python PYTHON] [--rounds 3] [--scan]

Each FOLDER holds one program's dump (`bench/gen_library.py OUT` makes flax linen and nnx,
equinox and keras training steps; any `--xla_dump_to` folder of one module will do). For each:
the whole `python -m bufviz peak FOLDER` process as a user runs it (text output, advice
included), best of --rounds, and its peak RSS; the start-up, left out of the ratio: the same
interpreter importing bufviz and reading a module of a few KB (`bufviz peak` of a bundled
sample); and, with --xla-python naming a Python that has jaxlib, XLA's C++ parser on the
module's text (`hlo_module_from_text`: jaxlib's `_hlo` module, or 0.4.30's `xla_client._xla`),
best of three in one process. The ratio is (bufviz - start-up) / XLA's parse, both on the same
file. With --scan, `bufviz scan` of the folders' parent, whole process. Timings are not
assertions: compare within one run.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent
CHILD = {"env": {**os.environ, "PYTHONPATH": str(ROOT)}, "cwd": ROOT}
TINY = ROOT / "samples" / "001_04aa0d3336074bf8.txt"   # start-up: interpreter, imports, a tiny module

XLA_PARSE = """
import json, sys, time
try:
    from jaxlib._hlo import hlo_module_from_text as parse          # jaxlib 0.5 and later
except ImportError:
    from jax._src.lib import xla_client
    parse = xla_client._xla.hlo_module_from_text                  # jaxlib 0.4
text = open(sys.argv[1]).read()
best = None
for _ in range(3):
    t = time.perf_counter()
    parse(text)
    elapsed = time.perf_counter() - t
    best = elapsed if best is None else min(best, elapsed)
print(json.dumps(best))
"""


def whole(*args: str) -> tuple[float, int]:
    """Wall seconds and peak RSS (bytes) of `python -m bufviz ARGS`, timed from outside."""
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "bufviz", *args], **CHILD,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"bufviz {' '.join(args)} failed:\n{process.stderr.read().decode()[-2000:]}")
    return seconds, usage.ru_maxrss * 1024


def best(rounds: int, *args: str) -> tuple[float, int]:
    runs = [whole(*args) for _ in range(rounds)]
    return min(s for s, _ in runs), max(r for _, r in runs)


def module_of(folder: Path) -> Path:
    found = sorted(folder.glob("*after_optimizations.txt"), key=lambda p: p.stat().st_size)
    if not found:
        raise SystemExit(f"no optimized module (*after_optimizations.txt) in {folder}")
    return found[-1]


def xla_parse(python: str, module: Path) -> float | None:
    out = subprocess.run([python, "-c", XLA_PARSE, str(module)], capture_output=True, text=True)
    if out.returncode != 0:
        return None   # this jaxlib cannot read the text (a newer printer)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--xla-python", help="a Python with jaxlib, for XLA's parse time")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--scan", action="store_true", help="also time `bufviz scan` of the folders' parent")
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "bufviz")], check=True)  # as pip does
    startup, _ = best(args.rounds, "peak", str(TINY), "--no-discover", "-o", os.devnull)
    print(f"start-up (bufviz peak of the {TINY.stat().st_size:,}-byte {TINY.name}): {startup:.3f} s")
    print(f"{'program':40} {'MB':>5} {'peak s':>7} {'s/MB':>6} {'XLA s/MB':>8} {'ratio':>6} {'RSS/in':>6}")
    for folder in args.folders:
        module = module_of(folder)
        mb = module.stat().st_size / 1e6
        seconds, rss = best(args.rounds, "peak", str(folder), "-o", os.devnull)
        per_mb = (seconds - startup) / mb
        line = f"{folder.name[:40]:40} {mb:5.2f} {seconds:7.2f} {per_mb:6.3f}"
        xla = xla_parse(args.xla_python, module) if args.xla_python else None
        line += f" {xla / mb:8.3f} {per_mb * mb / xla:6.2f}" if xla else f" {'-':>8} {'-':>6}"
        inputs = sum(p.stat().st_size for p in folder.iterdir() if p.is_file())
        print(line + f" {rss / inputs:6.2f}")
    if args.scan:
        parent = args.folders[0].parent
        seconds, _ = best(1, "scan", str(parent), "-o", os.devnull)
        print(f"scan {parent}: {seconds:.2f} s ({len(args.folders)} programs given; every module below it scanned)")


if __name__ == "__main__":
    main()
