"""Make the extra real dumps in this folder: XLA features the shared corpus lacks.

Run with jax installed in a separate environment (jax is never a bufviz dependency):
    python tests/data/extra/generate.py tests/data/extra
Each program is compiled on the CPU with XLA's dump flags; the main module's files and
the executable's memory_analysis.json are kept, as ../shared/tools/gen_corpus.py does.

mlp_train_big is `gen_corpus.py OUT --only mlp_train --big` under jax 0.10.2: the corpus's
mlp_train with wider layers, the pair that check and diff compare.
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile


def packed_int4():
    """Sub-byte types: s4/u4 arrays packed two per byte (layout `E(4)`), and pred."""
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(x, w, b):
        return x @ w.astype(jnp.float32), w + jnp.int4(1), b > 0
    return f, (jnp.ones((64, 128)), jnp.ones((128, 64), jnp.int4), jnp.ones((64,), jnp.uint4))


PROGRAMS = {"packed_int4": packed_int4}


def child(name, out):
    import jax
    fn, args = PROGRAMS[name]()
    stats = {"jax_version": jax.__version__}
    ma = fn.lower(*args).compile().memory_analysis()
    stats.update({k: int(getattr(ma, k)) for k in dir(ma) if k.endswith("_in_bytes")})
    with open(os.path.join(out, "memory_analysis.json"), "w") as f:
        json.dump(stats, f, indent=1, sort_keys=True)


def generate(name, root):
    out = os.path.join(root, name)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    with tempfile.TemporaryDirectory() as dump:
        env = dict(os.environ, JAX_PLATFORMS="cpu",
                   XLA_FLAGS=f"--xla_dump_to={dump} --xla_dump_hlo_as_text")
        subprocess.run([sys.executable, __file__, "--child", name, out], env=env, check=True)
        mains = glob.glob(os.path.join(dump, "module_*after_optimizations.txt"))
        last = max(mains, key=lambda p: int(os.path.basename(p).split(".")[0][7:]))
        stem = os.path.basename(last).split(".")[0]
        here = os.path.dirname(os.path.abspath(__file__)) + os.sep
        for p in glob.glob(os.path.join(dump, stem + ".*")):
            if p.endswith(".txt") and "before_optimizations" not in p:
                with open(p) as f:  # metadata names this script by its absolute path
                    text = f.read().replace(here, "programs/")
                with open(os.path.join(out, os.path.basename(p)), "w") as f:
                    f.write(text)


if __name__ == "__main__":
    if sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3])
    else:
        for name in PROGRAMS:
            generate(name, sys.argv[1])
