"""Benchmark: bufviz on large modules, phase by phase, with peak memory, against XLA's parser.

    python bench/bench_scale.py BIG_MODULE.txt [--sizes 100,1000] [--xla-python PYTHON]
                                [--workdir DIR] [--keep]

BIG_MODULE is the largest real module you have (`../shared/tools/gen_corpus.py --big` with
jax 0.4.30 makes `transformer_unrolled_big`, 15.5 MB). Synthetic modules of about each size
in MB are made from it by bench/scale_module.py (K steps one after the other). For every
module, each in a fresh process: parse (read + module index + every computation the
analysis reads), liveness (dataflow, aliasing, live ranges, peak), assignment (buffer
assignment and heap simulation), each timed inside its process; and the whole
`python -m bufviz peak --format json` process timed from outside (interpreter start and
imports included, bytecode compiled first as pip does); the time of each and the process's
peak RSS. Then the commands that run the engine many times (`schedule`, a `--donate`
what-if) on BIG_MODULE, whole processes too, and `bufviz scan` of a folder of dumps on one
core (--scan, default ../shared/corpus) in modules per second. With --xla-python naming a Python that has jaxlib 0.4.30
(`xla_client._xla.hlo_module_from_text`), XLA's C++ parse time of the same file is measured in
the same run and the ratio printed. Timings are not assertions; compare within one run.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent


# Every child process runs this tree's bufviz: `python -c` and `-m` put the current folder
# first on the path, so they run from ROOT (paths given to them are absolute).
CHILD = {"env": {**os.environ, "PYTHONPATH": str(ROOT)}, "cwd": ROOT}


def whole_process(path: Path, *args: str) -> tuple[float, int]:
    """Wall seconds and peak RSS (bytes) of one whole `python -m bufviz ARGS PATH --format json`
    process, timed from outside: interpreter start, imports, reading, the engine and the JSON."""
    command = [sys.executable, "-m", "bufviz", *args, "--no-discover", str(path), "--format", "json",
               "-o", os.devnull]
    started = time.perf_counter()
    process = subprocess.Popen(command, **CHILD, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"benchmark step failed on {path}:\n{process.stderr.read().decode()[-2000:]}")
    return seconds, usage.ru_maxrss * 1024


# Each phase runs in its own process so that its peak RSS is its own.
PHASES = {
    "parse": """
from bufviz.hlo.parser import parse_module
from bufviz.textfile import read_text
from bufviz.engine.dataflow.callgraph import CallGraph
with gc_paused():
    t = time.perf_counter()
    CallGraph(parse_module(read_text(PATH), PATH))
    result = time.perf_counter() - t
""",
    "liveness": """
from bufviz.hlo.parser import parse_module
from bufviz.textfile import read_text
from bufviz.engine.target.target import Target
from bufviz.engine.target.vintage import detect_vintage
from bufviz.engine.liveness.hlo_liveness import analyze_module, peak_of
with gc_paused():
    module = parse_module(read_text(PATH), PATH)
    t = time.perf_counter()
    peak_of(analyze_module(module, Target("cpu", detect_vintage(module=module, platform="cpu"))))
    result = time.perf_counter() - t
""",
    "assignment": """
from bufviz.hlo.parser import parse_module
from bufviz.textfile import read_text
from bufviz.engine.target.vintage import detect_vintage
from bufviz.engine.liveness.hlo_liveness import analyze_module
from bufviz.engine.assignment.assignment import BufferAssigner
from bufviz.engine.target.target import Target
with gc_paused():
    module = parse_module(read_text(PATH), PATH)
    vintage = detect_vintage(module=module, platform="cpu")
    analysis = analyze_module(module, Target("cpu", vintage))
    t = time.perf_counter()
    BufferAssigner(analysis).run(analysis.target.alignments()[0])
    result = time.perf_counter() - t
""",
}
WHOLE = ("peak",)  # the main job, as a user runs it
# Commands that run the engine many times: measured on the real module only (on the synthetic
# ones they would take minutes and say nothing the phases above do not).
HEAVY = (("schedule",), ("peak", "--donate", "0"))
PRELUDE = "import os, resource, sys, time, json\nfrom bufviz.pipeline import gc_paused\nPATH = sys.argv[1]\n"
EPILOGUE = "\nprint(json.dumps([result, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024]))\n"
XLA_PARSE = """
import json, sys, time
from jax._src.lib import xla_client
text = open(sys.argv[1]).read()
best = None
for _ in range(2):
    t = time.perf_counter()
    xla_client._xla.hlo_module_from_text(text)
    elapsed = time.perf_counter() - t
    best = elapsed if best is None else min(best, elapsed)
print(json.dumps(best))
"""


def run(python: str, code: str, path: Path):
    out = subprocess.run([python, "-c", code, str(path)], capture_output=True, text=True, **CHILD)
    if out.returncode != 0:
        raise SystemExit(f"benchmark step failed on {path}:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def scan_rate(folder: Path) -> tuple[int, float]:
    """Modules scanned and seconds taken by `bufviz scan --jobs 1`, the whole process."""
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "bufviz", "scan", str(folder), "--jobs", "1", "--format", "json"],
                         capture_output=True, text=True, **CHILD)
    seconds = time.perf_counter() - started
    return len(json.loads(out.stdout)["modules"]), seconds


def make_synthetic(base: Path, megabytes: int, workdir: Path) -> Path:
    target = workdir / f"synthetic-{megabytes}MB.txt"
    if not target.exists():
        copies = max(1, round(megabytes * 1e6 / base.stat().st_size))
        subprocess.run([sys.executable, str(HERE / "scale_module.py"), str(base), str(copies), str(target)],
                       check=True)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("module", type=Path)
    parser.add_argument("--sizes", default="100,1000", help="synthetic module sizes in MB (comma-separated)")
    parser.add_argument("--xla-python", help="a Python with jaxlib 0.4.30, for XLA's parse time")
    parser.add_argument("--workdir", type=Path, help="where the synthetic modules go (default: a temp dir)")
    parser.add_argument("--keep", action="store_true", help="keep the synthetic modules")
    corpus = ROOT.parent / "shared" / "corpus"
    parser.add_argument("--scan", type=Path, default=corpus if corpus.is_dir() else None,
                        help="a folder of dumps to scan on one core (default: ../shared/corpus)")
    args = parser.parse_args()
    args.module = args.module.resolve()
    args.scan = args.scan.resolve() if args.scan else None
    workdir = (args.workdir or Path(tempfile.mkdtemp(prefix="bufviz-bench-"))).resolve()
    workdir.mkdir(parents=True, exist_ok=True)
    modules = [args.module] + [make_synthetic(args.module, int(s), workdir) for s in args.sizes.split(",") if s]
    # Bytecode as an installed package has it (pip compiles it), so imports cost what users see.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "bufviz")], check=True)
    print(f"{'module':<28} {'MB':>7} " + " ".join(f"{p + ' s':>13} {'RSS MB':>7}" for p in [*PHASES, "bufviz peak"])
          + f" {'s/MB':>6}" + (f" {'XLA parse s':>11} {'peak/XLA':>8}" if args.xla_python else ""))
    per_mb = []
    for path in modules:
        mb = path.stat().st_size / 1e6
        row = {name: run(sys.executable, PRELUDE + code + EPILOGUE, path) for name, code in PHASES.items()}
        # The whole process, best of three below 100 MB (the real module is where noise matters).
        row["bufviz peak"] = min(whole_process(path, *WHOLE) for _ in range(3 if mb < 100 else 1))
        whole = row["bufviz peak"][0]
        per_mb.append(whole / mb)
        line = f"{path.name[-28:]:<28} {mb:7.1f} " + " ".join(
            f"{t:13.2f} {rss / 1e6:7.0f}" for t, rss in row.values()) + f" {whole / mb:6.3f}"
        if args.xla_python:
            xla = run(args.xla_python, XLA_PARSE, path)
            line += f" {xla:11.2f} {whole / xla:8.2f}"
        print(line, flush=True)
    print(f"\ntime per MB, largest over smallest: {max(per_mb) / min(per_mb):.2f}x (1.00 = linear)")
    print(f"\n{'engine-heavy command on ' + args.module.name[-40:]:<64} {'s':>7} {'RSS MB':>7}")
    for command in HEAVY:
        seconds, rss = whole_process(args.module, *command)
        print(f"{'bufviz ' + ' '.join(command):<64} {seconds:7.2f} {rss / 1e6:7.0f}", flush=True)
    if args.scan:
        scanned = scan_rate(args.scan)
        print(f"\nbufviz scan {args.scan} (one process): {scanned[0]} modules in {scanned[1]:.2f} s, "
              f"{scanned[0] / scanned[1]:.1f} modules per second per core")
    print(f"python {sys.version.split()[0]} on {os.cpu_count()} cpus")
    if not args.keep and args.workdir is None:
        for path in modules[1:]:
            path.unlink()
        workdir.rmdir()


if __name__ == "__main__":
    main()
