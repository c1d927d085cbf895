"""Benchmark: buffer assignment and heap simulation against the liveness engine.

    python bench/bench_assignment.py [MODULE.txt ...] [--scale 10] [--repeat 3]

Without arguments it takes the largest module of the corpus (tests/data, and ../shared
where it exists) and a synthetic module --scale times larger (bench/scale_module.py). For
each it prints the median time of the liveness engine (parse included) and of the buffer
assigner (phase A, heap simulation, thread-local values, combining temps), their ratio and
the assigner's seconds per MB. Timings are not assertions; compare the ratios.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bufviz.engine.assignment.assignment import BufferAssigner  # noqa: E402
from bufviz.engine.liveness.hlo_liveness import analyze_module, peak_of  # noqa: E402
from bufviz.engine.target.target import Target  # noqa: E402
from bufviz.engine.target.vintage import detect_vintage  # noqa: E402
from bufviz.hlo.parser import parse_module  # noqa: E402
from common import modules_to_measure, two_phases  # noqa: E402


def measure(text: str, name: str, repeat: int) -> dict:
    def liveness():
        module = parse_module(text, name)
        vintage = detect_vintage(module=module, platform="cpu")
        analysis = analyze_module(module, Target("cpu", vintage))
        peak_of(analysis)
        return analysis, vintage

    def assign(made):
        analysis, vintage = made
        return analysis, BufferAssigner(analysis).run(analysis.target.alignments()[0])

    live_s, assign_s, (analysis, assignment) = two_phases(repeat, liveness, assign)
    mb = len(text.encode()) / 1e6
    return {"name": name, "mb": mb, "liveness": live_s, "assignment": assign_s, "ratio": assign_s / live_s,
            "per_mb": assign_s / mb, "allocations": len(assignment.allocations), "values": len(analysis.live)}


def main() -> None:
    modules, repeat = modules_to_measure(__doc__)
    rows = [measure(text, name, repeat) for text, name in modules]
    print(f"{'module':<64} {'MB':>6} {'liveness s':>10} {'assign s':>9} {'assign/live':>11} "
          f"{'assign s/MB':>11} {'allocs':>7} {'values':>8}")
    for r in rows:
        print(f"{r['name'][-64:]:<64} {r['mb']:6.2f} {r['liveness']:10.3f} {r['assignment']:9.3f} "
              f"{r['ratio']:11.2f} {r['per_mb']:11.3f} {r['allocations']:7d} {r['values']:8d}")
    print(f"\nscaling: the synthetic module's assignment costs {rows[1]['per_mb'] / rows[0]['per_mb']:.2f}× "
          f"the real one's per MB (1.00 = linear)")
    print(f"python {sys.version.split()[0]} on {os.cpu_count()} cpus")


if __name__ == "__main__":
    main()
