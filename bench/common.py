"""What both benchmarks share: the command line and the modules to measure."""
from __future__ import annotations

import argparse
import io
from pathlib import Path

from scale_module import scale

HERE = Path(__file__).parent


def largest_corpus_module() -> Path:
    roots = [HERE.parent / "tests" / "data", HERE.parent.parent / "shared" / "corpus"]
    found = [p for r in roots if r.exists() for p in r.rglob("*after_optimizations.txt")]
    return max(found, key=lambda p: p.stat().st_size)


def modules_to_measure(doc: str) -> tuple[list[tuple[str, str]], int]:
    """[(text, name)] from the command line: the first module (default: the largest of the
    corpus), a synthetic one --scale times larger made from it, then any further modules;
    and --repeat."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("modules", nargs="*", type=Path)
    parser.add_argument("--scale", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    base = args.modules[0] if args.modules else largest_corpus_module()
    text = base.read_text()
    synthetic = io.StringIO()
    scale(text, args.scale, synthetic)
    modules = [(text, base.name), (synthetic.getvalue(), f"{base.name} ×{args.scale} (synthetic)")]
    return modules + [(p.read_text(), p.name) for p in args.modules[1:]], args.repeat


def two_phases(repeat: int, first, second) -> tuple[float, float, object]:
    """Median seconds of `first()` and of `second(first's result)` over `repeat` runs, with the
    cyclic GC paused as bufviz runs; and the last result of `second`."""
    import gc
    import statistics
    import time

    from bufviz.pipeline import gc_paused

    times_first, times_second = [], []
    for _ in range(repeat):
        gc.collect()
        with gc_paused():
            t0 = time.perf_counter()
            made = first()
            t1 = time.perf_counter()
            result = second(made)
            t2 = time.perf_counter()
        times_first.append(t1 - t0)
        times_second.append(t2 - t1)
    return statistics.median(times_first), statistics.median(times_second), result
