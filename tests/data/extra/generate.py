"""Make the extra real dumps in this folder: XLA features the shared corpus lacks.

Run with jax installed in a separate environment (jax is never a bufviz dependency):
    python tests/data/extra/generate.py tests/data/extra [--only NAME ...]
Each program is compiled on the CPU with XLA's dump flags; the main module's files and
the executable's memory_analysis.json are kept, as ../shared/tools/gen_corpus.py does.

mlp_train_big is `gen_corpus.py OUT --only mlp_train --big` under jax 0.10.2: the corpus's
mlp_train with wider layers, the pair that check and diff compare. The `*_jax0430` folders are
the same programs generated under jax 0.4.30 (another XLA generation), for the what-if tests.
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


def _tree_map(f, *trees):
    import jax
    return jax.tree_util.tree_map(f, *trees)


def _mlp_loss(params, x, y, remat=False):
    """Mean squared error of an MLP given as a flat tuple (w1, b1, w2, b2, ...)."""
    import jax
    import jax.numpy as jnp

    def layer(h, w, b):
        return jnp.tanh(h @ w + b)
    if remat:
        layer = jax.checkpoint(layer)
    h = x
    for i in range(0, len(params), 2):
        h = layer(h, params[i], params[i + 1])
    return jnp.mean((h - y) ** 2)


def _mlp_args(n_layers, width, batch):
    import jax.numpy as jnp
    params = []
    for _ in range(n_layers):
        params += [jnp.ones((width, width), jnp.float32) * 0.01, jnp.zeros((width,), jnp.float32)]
    return tuple(params), jnp.ones((batch, width)), jnp.ones((batch, width))


def _sgd(donate):
    import jax

    def step(params, x, y):
        g = jax.grad(_mlp_loss)(params, x, y)
        return _tree_map(lambda p, g: p - 0.01 * g, params, g)
    return jax.jit(step, donate_argnums=0 if donate else ()), _mlp_args(2, 256, 64)


def sgd_step():
    """SGD update of a 2-layer MLP (256x256 weights), params not donated: pair of sgd_step_donated."""
    return _sgd(donate=False)


def sgd_step_donated():
    """sgd_step with donate_argnums=0: every parameter buffer may be reused for the output."""
    return _sgd(donate=True)


def _adam(donate):
    import jax
    import jax.numpy as jnp

    def step(params, state, x, y):
        m, v, count = state
        g = jax.grad(_mlp_loss)(params, x, y)
        count = count + 1
        m = _tree_map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
        v = _tree_map(lambda v, g: 0.999 * v + 0.001 * g * g, v, g)
        c1 = 1 - 0.9 ** count.astype(jnp.float32)
        c2 = 1 - 0.999 ** count.astype(jnp.float32)
        params = _tree_map(lambda p, m, v: p - 1e-3 * (m / c1) / (jnp.sqrt(v / c2) + 1e-8),
                           params, m, v)
        return params, (m, v, count)
    params, x, y = _mlp_args(2, 256, 64)
    state = (_tree_map(jnp.zeros_like, params), _tree_map(jnp.zeros_like, params),
             jnp.zeros((), jnp.int32))
    return jax.jit(step, donate_argnums=(0, 1) if donate else ()), (params, state, x, y)


def adam_step():
    """Adam update of a 2-layer MLP with state (m, v, count) passed in and returned, no donation."""
    return _adam(donate=False)


def adam_step_donated():
    """adam_step with donate_argnums=(0, 1): params and optimizer state are donated."""
    return _adam(donate=True)


def _scan_carry(donate):
    import jax
    import jax.numpy as jnp

    def fill(carry, xs):
        def body(i, c):
            row = jnp.tanh(xs[i] + c[i]) * 0.5
            return jax.lax.dynamic_update_slice(c, row[None], (i, 0))
        return jax.lax.fori_loop(0, xs.shape[0], body, carry)
    args = (jnp.zeros((128, 256), jnp.float32), jnp.ones((32, 256), jnp.float32))
    return jax.jit(fill, donate_argnums=0 if donate else ()), args


def scan_carry():
    """fori_loop writing rows of a 128x256 carry with dynamic_update_slice, carry not donated."""
    return _scan_carry(donate=False)


def scan_carry_donated():
    """scan_carry with donate_argnums=0: the loop may update the caller's carry in place."""
    return _scan_carry(donate=True)


def _remat(checkpoint):
    import jax

    def grad_step(params, x, y):
        return jax.grad(_mlp_loss)(params, x, y, remat=checkpoint)
    return jax.jit(grad_step), _mlp_args(4, 512, 256)


def remat_mlp():
    """Gradient of a 4-layer MLP loss (batch 256, width 512), activations saved for backward."""
    return _remat(checkpoint=False)


def remat_mlp_checkpointed():
    """remat_mlp with every layer wrapped in jax.checkpoint (no policy): recomputed in backward."""
    return _remat(checkpoint=True)


PROGRAMS = {f.__name__: f for f in (
    packed_int4, sgd_step, sgd_step_donated, adam_step, adam_step_donated,
    scan_carry, scan_carry_donated, remat_mlp, remat_mlp_checkpointed)}


def child(name, out):
    import jax
    fn, args = PROGRAMS[name]()
    stats = {"jax_version": jax.__version__}
    ma = fn.lower(*args).compile().memory_analysis()
    if isinstance(ma, (list, tuple)):  # some older jax versions return one per device
        ma = ma[0]
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
        names = sys.argv[3:] if sys.argv[2:3] == ["--only"] else list(PROGRAMS)
        for name in names:
            generate(name, sys.argv[1])
