"""Benchmark: the whole `bufviz peak MODULE --format json` process against XLA's own parse of the
same file, timed alternately so that the machine's slow and fast spells fall on both.

    python bench/bench_parse_ratio.py MODULE.txt --xla-python PYTHON [--rounds 30]

Each round runs XLA's C++ parser (`hlo_module_from_text`, best of two in one process, as
bench_library.py does) and then bufviz as a user runs it (interpreter start and imports
included, the dump files beside MODULE discovered as usual). Prints the medians, the best of
each, and the median of the per-round ratios. Timings are not assertions.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from bench_library import ROOT, XLA_PARSE, whole


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("module", type=Path)
    parser.add_argument("--xla-python", required=True, help="a Python with jaxlib that reads this module's text")
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "bufviz")], check=True)  # as pip does
    xla_code = XLA_PARSE.replace("range(3)", "range(2)")
    xla, ours = [], []
    for k in range(args.rounds):
        out = subprocess.run([args.xla_python, "-c", xla_code, str(args.module)], capture_output=True, text=True)
        if out.returncode != 0:
            raise SystemExit(f"XLA's parser failed on {args.module}:\n{out.stderr[-2000:]}")
        xla.append(json.loads(out.stdout.strip().splitlines()[-1]))
        ours.append(whole("peak", "--no-discover", str(args.module.resolve()), "--format", "json",
                          "-o", "/dev/null")[0])
        print(f"round {k + 1:3}: XLA {xla[-1]:.3f} s, bufviz {ours[-1]:.3f} s, {ours[-1] / xla[-1]:.2f}x",
              flush=True)
    ratios = [o / x for o, x in zip(ours, xla)]
    print(f"XLA's parse       median {statistics.median(xla):.3f} s, best {min(xla):.3f} s")
    print(f"bufviz peak json  median {statistics.median(ours):.3f} s, best {min(ours):.3f} s")
    print(f"ratio of medians {statistics.median(ours) / statistics.median(xla):.2f}, "
          f"median per round {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
