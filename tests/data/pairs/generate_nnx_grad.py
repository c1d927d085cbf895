"""The pair behind "nnx.grad uses twice the temp memory of jax.grad" (a flax issue): the same
3-layer MLP's gradient, once through flax.nnx's `nnx.jit` + `nnx.grad`, once through `jax.jit`
+ `jax.grad` of the split state. Writes OUT/{nnx_grad,jax_grad}/ with the step's dump files and
jax's memory_analysis.json. Run with a jax that has flax (tests/data/pairs: jax 0.10.2, flax 0.12.8):

    python generate_nnx_grad.py OUT
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile


def child(which: str, out: str) -> None:
    import jax
    import jax.numpy as jnp
    from flax import nnx

    class MLP(nnx.Module):
        def __init__(self, rngs):
            self.l1 = nnx.Linear(512, 2048, rngs=rngs)
            self.l2 = nnx.Linear(2048, 2048, rngs=rngs)
            self.l3 = nnx.Linear(2048, 512, rngs=rngs)

        def __call__(self, x):
            return self.l3(jax.nn.gelu(self.l2(jax.nn.gelu(self.l1(x)))))

    model, x = MLP(nnx.Rngs(0)), jnp.ones((256, 512))
    if which == "nnx_grad":
        step = nnx.jit(lambda m, x: nnx.grad(lambda m: jnp.mean(m(x) ** 2))(m))
        compiled = step.lower(model, x).compile()
    else:
        graph, state = nnx.split(model)
        step = jax.jit(lambda s, x: jax.grad(lambda s: jnp.mean(nnx.merge(graph, s)(x) ** 2))(s))
        compiled = step.lower(state, x).compile()
    stats = compiled.memory_analysis()
    numbers = {k: int(getattr(stats, k)) for k in dir(stats) if k.endswith("_in_bytes")}
    numbers["jax_version"] = jax.__version__
    with open(os.path.join(out, "memory_analysis.json"), "w") as f:
        json.dump(numbers, f, indent=1, sort_keys=True)


def main() -> None:
    if sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3])
        return
    for which in ("nnx_grad", "jax_grad"):
        out = os.path.join(sys.argv[1], which)
        os.makedirs(out, exist_ok=True)
        with tempfile.TemporaryDirectory() as dump:
            env = dict(os.environ, XLA_FLAGS=f"--xla_dump_to={dump} --xla_dump_hlo_as_text", JAX_PLATFORMS="cpu")
            subprocess.run([sys.executable, __file__, "--child", which, out], env=env, check=True)
            # the step is compiled last: the highest module number
            step = max(glob.glob(os.path.join(dump, "module_*after_optimizations.txt")),
                       key=lambda f: int(os.path.basename(f).split(".")[0].split("_")[1]))
            stem = os.path.basename(step).split(".")[0] + "."
            for f in glob.glob(os.path.join(dump, stem + "*cpu_after_optimizations*")):
                with open(f) as src, open(os.path.join(out, os.path.basename(f)), "w") as dst:
                    dst.write(_shortened(src.read()))


def _shortened(text: str) -> str:
    """Local paths in the metadata: `site-packages/...` and `programs/<this file>`."""
    text = re.sub(r'[^"\s]*site-packages/', "site-packages/", text)
    return text.replace(os.path.dirname(os.path.abspath(__file__)) + "/", "programs/")


if __name__ == "__main__":
    main()
