"""Benchmark: parsing vs the liveness engine, on real and synthetic modules.

    python bench/bench_liveness.py [MODULE.txt ...] [--scale 10] [--repeat 3]

Without arguments it takes the largest module of the corpus (tests/data, and ../shared
where it exists) and a synthetic module --scale times larger made from it by
bench/scale_module.py. For each it prints the median time to parse (the module index plus
the control-flow computations the analysis reads) and to run the liveness engine (dataflow,
aliasing, live ranges, peak, breakdown), liveness/parse, and seconds per MB. Ratios are
what to compare between runs and machines; timings are not assertions.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bufviz.engine.dataflow.callgraph import CallGraph  # noqa: E402
from bufviz.engine.liveness.hlo_liveness import hlo_peak  # noqa: E402
from bufviz.engine.target.target import Target  # noqa: E402
from bufviz.engine.target.vintage import detect_vintage  # noqa: E402
from bufviz.hlo.parser import parse_module  # noqa: E402
from common import modules_to_measure, two_phases  # noqa: E402


def measure(text: str, name: str, repeat: int) -> dict:
    def parse():
        module = parse_module(text, name)
        CallGraph(module)  # parses every control-flow computation the analysis will read
        return module

    parse_s, live_s, result = two_phases(
        repeat, parse, lambda module: hlo_peak(module, Target("cpu", detect_vintage(module=module, platform="cpu"))))
    mb = len(text.encode()) / 1e6
    return {"name": name, "mb": mb, "parse": parse_s, "liveness": live_s, "ratio": live_s / parse_s,
            "per_mb": (parse_s + live_s) / mb, "values": len(result.values), "schedule": result.schedule_end}


def main() -> None:
    modules, repeat = modules_to_measure(__doc__)
    rows = [measure(text, name, repeat) for text, name in modules]
    print(f"{'module':<70} {'MB':>7} {'parse s':>8} {'liveness s':>10} {'live/parse':>10} "
          f"{'s/MB':>7} {'values':>8} {'schedule':>8}")
    for r in rows:
        print(f"{r['name'][-70:]:<70} {r['mb']:7.2f} {r['parse']:8.3f} {r['liveness']:10.3f} "
              f"{r['ratio']:10.2f} {r['per_mb']:7.3f} {r['values']:8d} {r['schedule']:8d}")
    print(f"\nscaling: the synthetic module costs {rows[1]['per_mb'] / rows[0]['per_mb']:.2f}× "
          f"the real one per MB (1.00 = linear)")
    print(f"python {sys.version.split()[0]} on {os.cpu_count()} cpus")


if __name__ == "__main__":
    main()
