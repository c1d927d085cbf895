"""Real library programs for the speed benchmarks: training steps written with flax (linen and
nnx), equinox and keras on jax, as people write them, compiled by XLA with its dumps.

Usage (a Python with jax, flax, optax, equinox and keras installed; not bufviz's venv):
    python bench/gen_library.py OUTDIR [--only NAME ...] [--big] [--gen-corpus PATH]

It registers its programs with `../shared/tools/gen_corpus.py` (or --gen-corpus) and uses
that script's driver: each program compiles in a child process of its own with
`--xla_dump_to`, and OUTDIR/<program>/ gets XLA's files for the main module and
memory_analysis.json. `--big` makes the larger variants (more layers, wider).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_GEN = os.path.join(HERE, "..", "..", "shared", "tools", "gen_corpus.py")


def _load_driver():
    path = DEFAULT_GEN
    if "--gen-corpus" in sys.argv:
        i = sys.argv.index("--gen-corpus")
        path = sys.argv[i + 1]
        del sys.argv[i:i + 2]
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    import gen_corpus
    return gen_corpus


gc = _load_driver()
LIBRARY = []


def program(fn):
    LIBRARY.append(fn.__name__)
    return gc.case(fn)


def _sizes(big):
    # (layers, model width, heads, sequence, batch, vocabulary)
    return (12, 512, 8, 128, 8, 4096) if big else (4, 256, 4, 64, 4, 1024)


def _optax_step(apply_loss, params, tx):
    import jax
    import optax

    def step(params, opt, batch):
        loss, grads = jax.value_and_grad(apply_loss)(params, batch)
        updates, opt = tx.update(grads, opt, params)
        return optax.apply_updates(params, updates), opt, loss
    return jax.jit(step, donate_argnums=(0, 1))


def _linen_transformer(big, scan_remat):
    import jax
    import jax.numpy as jnp
    import flax.linen as nn
    import optax
    layers, d, heads, seq, batch, vocab = _sizes(big)

    class Block(nn.Module):
        @nn.compact
        def __call__(self, x, _=None):
            h = nn.LayerNorm()(x)
            x = x + nn.SelfAttention(num_heads=heads)(h)
            h = nn.LayerNorm()(x)
            h = nn.Dense(4 * d)(h)
            x = x + nn.Dense(d)(nn.gelu(h))
            return (x, None) if scan_remat else x

    class Model(nn.Module):
        @nn.compact
        def __call__(self, tokens):
            x = nn.Embed(vocab, d)(tokens)
            if scan_remat:
                stack = nn.scan(nn.remat(Block), variable_axes={"params": 0}, split_rngs={"params": True},
                                length=layers)
                x, _ = stack()(x, None)
            else:
                for _ in range(layers):
                    x = Block()(x)
            return nn.Dense(vocab)(nn.LayerNorm()(x))

    model = Model()
    tokens = jnp.zeros((batch, seq), jnp.int32)
    params = model.init(jax.random.PRNGKey(0), tokens)
    tx = optax.adamw(1e-3)

    def loss(p, tokens):
        logits = model.apply(p, tokens)
        return optax.softmax_cross_entropy_with_integer_labels(logits[:, :-1], tokens[:, 1:]).mean()
    return _optax_step(loss, params, tx), (params, tx.init(params), tokens)


@program
def flax_linen_transformer(big=False):
    return _linen_transformer(big, scan_remat=False)


@program
def flax_linen_transformer_scan_remat(big=False):
    return _linen_transformer(big, scan_remat=True)


def _nnx_transformer(big, remat, dropout):
    import jax
    import jax.numpy as jnp
    from flax import nnx
    import optax
    layers, d, heads, seq, batch, vocab = _sizes(big)
    rate = 0.1 if dropout else 0.0

    class Block(nnx.Module):
        def __init__(self, rngs):
            self.ln1 = nnx.LayerNorm(d, rngs=rngs)
            self.att = nnx.MultiHeadAttention(num_heads=heads, in_features=d, decode=False,
                                              dropout_rate=rate, rngs=rngs)
            self.ln2 = nnx.LayerNorm(d, rngs=rngs)
            self.up = nnx.Linear(d, 4 * d, rngs=rngs)
            self.down = nnx.Linear(4 * d, d, rngs=rngs)
            self.drop = nnx.Dropout(rate, rngs=rngs)

        def __call__(self, x):
            x = x + self.drop(self.att(self.ln1(x), deterministic=not rate))
            return x + self.drop(self.down(jax.nn.gelu(self.up(self.ln2(x)))))

    class Model(nnx.Module):
        def __init__(self, rngs):
            self.embed = nnx.Embed(vocab, d, rngs=rngs)
            self.blocks = nnx.List([Block(rngs) for _ in range(layers)]) if hasattr(nnx, "List") \
                else [Block(rngs) for _ in range(layers)]
            self.head = nnx.Linear(d, vocab, rngs=rngs)

        def __call__(self, tokens):
            x = self.embed(tokens)
            for block in self.blocks:
                x = nnx.remat(lambda b, x: b(x))(block, x) if remat else block(x)
            return self.head(x)

    model = Model(nnx.Rngs(0, dropout=1))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    graphdef, state = nnx.split((model, optimizer))

    def step(state, tokens):
        model, optimizer = nnx.merge(graphdef, state)

        def loss(m):
            logits = m(tokens)
            return optax.softmax_cross_entropy_with_integer_labels(logits[:, :-1], tokens[:, 1:]).mean()
        value, grads = nnx.value_and_grad(loss)(model)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), value
    return jax.jit(step, donate_argnums=0), (state, jnp.zeros((batch, seq), jnp.int32))


@program
def nnx_transformer_remat(big=False):
    return _nnx_transformer(big, remat=True, dropout=False)


@program
def nnx_transformer_dropout(big=False):
    return _nnx_transformer(big, remat=False, dropout=True)


@program
def equinox_transformer(big=False):
    import jax
    import jax.numpy as jnp
    import equinox as eqx
    import optax
    layers, d, heads, seq, batch, vocab = _sizes(big)
    keys = iter(jax.random.split(jax.random.PRNGKey(0), 4 * layers + 2))

    class Block(eqx.Module):
        ln1: eqx.nn.LayerNorm
        att: eqx.nn.MultiheadAttention
        ln2: eqx.nn.LayerNorm
        mlp: eqx.nn.MLP

        def __init__(self):
            self.ln1, self.ln2 = eqx.nn.LayerNorm(d), eqx.nn.LayerNorm(d)
            self.att = eqx.nn.MultiheadAttention(heads, d, key=next(keys))
            self.mlp = eqx.nn.MLP(d, d, 4 * d, 1, activation=jax.nn.gelu, key=next(keys))

        def __call__(self, x):
            h = jax.vmap(self.ln1)(x)
            x = x + self.att(h, h, h)
            return x + jax.vmap(self.mlp)(jax.vmap(self.ln2)(x))

    class Model(eqx.Module):
        embed: eqx.nn.Embedding
        blocks: list
        head: eqx.nn.Linear

        def __init__(self):
            self.embed = eqx.nn.Embedding(vocab, d, key=next(keys))
            self.blocks = [Block() for _ in range(layers)]
            self.head = eqx.nn.Linear(d, vocab, key=next(keys))

        def __call__(self, tokens):
            x = jax.vmap(self.embed)(tokens)
            for block in self.blocks:
                x = block(x)
            return jax.vmap(self.head)(x)

    model = Model()
    params, static = eqx.partition(model, eqx.is_inexact_array)
    tx = optax.adam(3e-4)

    def loss(p, tokens):
        logits = jax.vmap(eqx.combine(p, static))(tokens)
        return optax.softmax_cross_entropy_with_integer_labels(logits[:, :-1], tokens[:, 1:]).mean()
    return _optax_step(loss, params, tx), (params, tx.init(params), jnp.zeros((batch, seq), jnp.int32))


@program
def keras_mobilenetv3_train(big=False):
    os.environ["KERAS_BACKEND"] = "jax"
    import jax
    import jax.numpy as jnp
    import keras
    import optax
    size, batch = (224, 16) if big else (96, 8)
    model = keras.applications.MobileNetV3Small(input_shape=(size, size, 3), weights=None, classes=100)
    tv = [v.value for v in model.trainable_variables]
    ntv = [v.value for v in model.non_trainable_variables]
    tx = optax.adam(1e-3)

    def step(tv, ntv, opt, x, y):
        def loss(tv):
            out, ntv2 = model.stateless_call(tv, ntv, x, training=True)
            return optax.softmax_cross_entropy_with_integer_labels(out, y).mean(), ntv2
        (value, ntv), grads = jax.value_and_grad(loss, has_aux=True)(tv)
        updates, opt = tx.update(grads, opt, tv)
        return optax.apply_updates(tv, updates), ntv, opt, value
    x = jnp.ones((batch, size, size, 3))
    y = jnp.zeros((batch,), jnp.int32)
    return jax.jit(step, donate_argnums=(0, 1, 2)), (tv, ntv, tx.init(tv), x, y)


def _scrub_site_packages(out: str) -> None:
    """gen_corpus.py shortens the generating script's path; the libraries' and gen_corpus.py's
    own are this machine's too: `site-packages/...`, `programs/gen_corpus.py` (as
    tests/data/roles/generate_jax.py writes them)."""
    import glob
    import site
    prefixes = {d.rstrip(os.sep) + os.sep: "site-packages/"
                for d in site.getsitepackages() + [site.getusersitepackages()] if d}
    prefixes[os.path.dirname(os.path.abspath(gc.__file__)) + os.sep] = "programs/"
    for path in glob.glob(os.path.join(out, "*.txt")):
        with open(path) as f:
            text = f.read()
        new = text
        for prefix, short in prefixes.items():
            new = new.replace(prefix, short)
        if new != text:
            with open(path, "w") as f:
                f.write(new)


_scrub_paths = gc._scrub_paths
gc._scrub_paths = lambda out: (_scrub_paths(out), _scrub_site_packages(out))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] != "--child" and "--only" not in sys.argv:
        sys.argv += ["--only", *LIBRARY]
    gc.main()
