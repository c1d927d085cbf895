"""jax's compiled.memory_analysis() beside the dump: every public int attribute, and the jax release."""
import json
import os

import jax


def dump_memory_analysis(compiled, outdir):
    ma = compiled.memory_analysis()
    stats = {"jax_version": jax.__version__}
    for k in dir(ma):
        v = getattr(ma, k)
        if not k.startswith("_") and isinstance(v, int) and not isinstance(v, bool):
            stats[k] = int(v)
    with open(os.path.join(outdir, "memory_analysis.json"), "w") as f:
        json.dump(stats, f, indent=2)
    print(stats)
