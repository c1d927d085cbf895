"""Benchmark: what default advice costs next to the analysis it advises on, on real programs.

    python bench/bench_advice.py FOLDER... [--rounds 3] [--limit 1.2]

Each FOLDER holds one program's dump (`bench/gen_library.py OUT --big` makes flax linen and nnx,
equinox and keras training steps; any `--xla_dump_to` folder of one module will do, XLA:CPU or
XLA:GPU). For each, `python -m bufviz peak FOLDER --timings` runs as a user runs it (text output,
default advice), --rounds times; the stage table it prints gives `analyse`, `assign buffers` and
`advice`, and the best round of each is kept. The ratio is advice / (analyse + assign buffers):
issue #56 holds default advice to at most 1.2 of it. Timings are not assertions: compare within
one run.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent
CHILD = {"env": {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}, "cwd": ROOT}
_STAGE = re.compile(r"^(analyse|assign buffers|advice)\s+([\d.]+)\s+\d+%\s*$", re.M)


def stages(folder: Path) -> dict[str, float]:
    """Seconds of each stage `bufviz peak FOLDER --timings` reports."""
    out = subprocess.run([sys.executable, "-m", "bufviz", "peak", str(folder), "--timings", "--no-color"],
                         capture_output=True, text=True, **CHILD)
    if out.returncode not in (0, 1):
        raise SystemExit(f"bufviz peak {folder} failed:\n{out.stderr[-2000:]}")
    found = {name: float(seconds) for name, seconds in _STAGE.findall(out.stdout + out.stderr)}
    missing = {"analyse", "assign buffers", "advice"} - set(found)
    if missing:
        raise SystemExit(f"bufviz peak {folder} --timings printed no {', '.join(sorted(missing))}")
    return found


def module_mb(folder: Path) -> tuple[float, str]:
    """MB of the optimized module and its backend (XLA:GPU names it `sm_*_gpu_after_optimizations`)."""
    found = sorted(folder.glob("*after_optimizations.txt"), key=lambda p: p.stat().st_size)
    if not found:
        return 0.0, "?"
    backend = "GPU" if "gpu_after_optimizations" in found[-1].name else \
        "CPU" if "cpu_after_optimizations" in found[-1].name else "?"
    return found[-1].stat().st_size / 1e6, backend


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=float, default=1.2)
    args = parser.parse_args()
    print(f"{'program':<40} {'':>3} {'MB':>6} {'analyse+assign s':>17} {'advice s':>9} {'ratio':>6}  within")
    worst = 0.0
    for folder in args.folders:
        runs = [stages(folder) for _ in range(args.rounds)]
        analysis = min(r["analyse"] + r["assign buffers"] for r in runs)
        advice = min(r["advice"] for r in runs)
        ratio = advice / analysis if analysis else float("inf")
        worst = max(worst, ratio)
        mb, backend = module_mb(folder)
        print(f"{folder.name[-40:]:<40} {backend:>3} {mb:>6.2f} {analysis:>17.3f} {advice:>9.3f} "
              f"{ratio:>6.2f}  {'yes' if ratio <= args.limit else 'NO'}")
    print(f"worst ratio {worst:.2f} (limit {args.limit})")


if __name__ == "__main__":
    main()
