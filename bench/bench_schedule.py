"""Benchmark: what `bufviz schedule` finds on every module of a corpus, and whether XLA reads the
modules it writes.

    python bench/bench_schedule.py [CORPUS_DIR ...] [--xla-python PYTHON]

For each optimized module under the folders (default: ../shared/corpus and tests/data/corpus):
the printed order's peak (MinimumMemoryForModule), the best schedule's, their ratio, the
algorithm that won, the best peak over the lower bound, the time taken. The median and the best
ratio best/printed, and the median and worst gap to the lower bound, are printed at the end.
With --xla-python naming a Python that has jaxlib 0.4.30 (`xla_client._xla.
hlo_module_from_text`), every module written with --emit is parsed by XLA's own parser: `yes`,
`NO`, or `format` when that parser cannot read the printed module either (jax 0.10.2 prints
stack-frame tables that jaxlib 0.4.30 does not know). Timings are not assertions; compare within one run.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent
XLA_PARSE = """
import sys
from jax._src.lib import xla_client
xla_client._xla.hlo_module_from_text(open(sys.argv[1]).read())
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="*", type=Path)
    parser.add_argument("--xla-python")
    args = parser.parse_args()
    folders = args.folders or [p for p in (ROOT.parent / "shared" / "corpus", ROOT / "tests" / "data" / "corpus")
                               if p.is_dir()]
    cases = sorted({c.parent for f in folders for c in f.rglob("*after_optimizations.txt")})
    ratios, gaps, winners = [], [], []
    print(f"{'module':44} {'printed':>12} {'best':>12} {'ratio':>6} {'winner':>9} {'best/LB':>7} {'s':>5} "
          f"{'XLA parses':>10}")
    with tempfile.TemporaryDirectory() as work:
        for case in cases:
            out = Path(work) / "emitted.txt"
            started = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "bufviz", "schedule", str(case), "--format", "json",
                                   "--emit", str(out)], capture_output=True, text=True)
            seconds = time.perf_counter() - started
            if done.returncode != 0:
                print(f"{_name(case):44} error: {done.stderr.strip()[:60]}")
                continue
            data = json.loads(done.stdout)["schedule"]
            best, original, bound = data["best"], data["original"], data["lower_bound_bytes"]
            ratio = best["peak_bytes"] / original["peak_bytes"] if original else None
            gap = best["peak_bytes"] / bound if bound else None
            if ratio is not None:
                ratios.append(ratio)
                winners.append(best["algorithm"])
            if gap is not None:
                gaps.append(gap)
            print(f"{_name(case):44} {original['peak_bytes'] if original else '-':>12} {best['peak_bytes']:>12} "
                  f"{'' if ratio is None else f'{ratio:.3f}':>6} {best['algorithm']:>9} "
                  f"{'' if gap is None else f'{gap:.3f}':>7} {seconds:5.2f} "
                  f"{_xla_parses(args.xla_python, out, case):>10}")
    if ratios:
        ours = sum(w in ("beam", "exact", "improve") for w in winners)
        print(f"\n{len(ratios)} scheduled modules: best/printed median {statistics.median(ratios):.3f}, "
              f"best {min(ratios):.3f}, not worse on {sum(r <= 1 for r in ratios)}/{len(ratios)}, "
              f"lower on {sum(r < 1 for r in ratios)}; won by bufviz's own schedulers on {ours}")
    if gaps:
        print(f"{len(gaps)} modules with a lower bound: best/bound median {statistics.median(gaps):.3f}, "
              f"worst {max(gaps):.3f}, at the bound on {sum(g <= 1 for g in gaps)}")
    return 0


def _name(case: Path) -> str:
    return f"{case.parent.name}/{case.name}"[-44:]


def _xla_parses(python: str | None, path: Path, case: Path) -> str:
    """yes / NO, or `format` when XLA's parser cannot read the printed module itself either."""
    if not python:
        return "-"
    if _parses(python, path):
        return "yes"
    return "NO" if _parses(python, next(case.glob("*after_optimizations.txt"))) else "format"


def _parses(python: str, path: Path) -> bool:
    return subprocess.run([python, "-c", XLA_PARSE, str(path)], capture_output=True).returncode == 0


if __name__ == "__main__":
    sys.exit(main())
