"""Generate a corpus of real XLA memory dumps by compiling JAX programs on the CPU.

Usage: XLA-enabled python (jax 0.11.x for the held-out programs):
    python gen_corpus_more.py OUTDIR [--new] [--only NAME ...] [--random N] [--random2 N] [--big]

Copy of shared/tools/gen_corpus.py with held-out programs (NEW_CASES) and a second
random generator (rand2_*: tuple state, fori/while/scan/cond loops).

For each case OUTDIR/<case>/ gets XLA's own dump files for the main module
(HLO before/after optimizations, buffer assignment, live range, memory usage
report where this XLA version writes them) and memory_analysis.json with the
numbers jax reports from the compiled executable.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


# ---------------------------------------------------------------- programs
# Each returns (jitted_fn, args). Runs inside the child process.

def _tree_map(f, *t):
    import jax
    tm = getattr(getattr(jax, "tree", None), "map", None) or jax.tree_util.tree_map
    return tm(f, *t)


def _mlp_params(sizes, jnp):
    return [(jnp.ones((a, b), jnp.float32) * 0.01, jnp.zeros((b,), jnp.float32))
            for a, b in zip(sizes[:-1], sizes[1:])]


def _mlp_loss(params, x, y):
    import jax
    import jax.numpy as jnp
    h = x
    for w, b in params[:-1]:
        h = jnp.tanh(h @ w + b)
    w, b = params[-1]
    logits = h @ w + b
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))


@case
def mlp_train(big=False):
    import jax
    import jax.numpy as jnp
    sizes = [784, 2048, 2048, 2048, 10] if big else [784, 512, 512, 10]

    @jax.jit
    def update(params, x, y):
        g = jax.grad(_mlp_loss)(params, x, y)
        return _tree_map(lambda p, g: p - 0.01 * g, params, g)
    return update, (_mlp_params(sizes, jnp), jnp.ones((128, 784)), jnp.ones((128, 10)))


@case
def mlp_train_donated(big=False):
    import jax
    import jax.numpy as jnp
    sizes = [784, 1024, 1024, 10]

    def update(params, x, y):
        g = jax.grad(_mlp_loss)(params, x, y)
        return _tree_map(lambda p, g: p - 0.01 * g, params, g)
    return jax.jit(update, donate_argnums=0), (_mlp_params(sizes, jnp), jnp.ones((64, 784)), jnp.ones((64, 10)))


def _transformer(n_layers, d, heads, seq, batch, vocab, scan, remat):
    import jax
    import jax.numpy as jnp

    def init():
        k = jax.random.PRNGKey(0)
        layer = {
            "wqkv": jnp.ones((d, 3 * d), jnp.float32) * 0.02,
            "wo": jnp.ones((d, d), jnp.float32) * 0.02,
            "w1": jnp.ones((d, 4 * d), jnp.float32) * 0.02,
            "w2": jnp.ones((4 * d, d), jnp.float32) * 0.02,
            "ln1": jnp.ones((d,), jnp.float32),
            "ln2": jnp.ones((d,), jnp.float32),
        }
        if scan:
            layers = _tree_map(lambda a: jnp.stack([a] * n_layers), layer)
        else:
            layers = [dict(layer) for _ in range(n_layers)]
        return {"emb": jnp.ones((vocab, d), jnp.float32) * 0.02, "layers": layers}

    def ln(x, g):
        m = jnp.mean(x, -1, keepdims=True)
        v = jnp.mean((x - m) ** 2, -1, keepdims=True)
        return (x - m) * jax.lax.rsqrt(v + 1e-5) * g

    def block(x, p):
        h = ln(x, p["ln1"])
        qkv = h @ p["wqkv"]
        q, k, v = jnp.split(qkv, 3, axis=-1)
        sh = lambda t: t.reshape(batch, seq, heads, d // heads).transpose(0, 2, 1, 3)
        q, k, v = sh(q), sh(k), sh(v)
        att = jnp.einsum("bhqd,bhkd->bhqk", q, k) / jnp.sqrt(d // heads)
        mask = jnp.tril(jnp.ones((seq, seq), bool))
        att = jnp.where(mask, att, -1e9)
        att = jax.nn.softmax(att, -1)
        o = jnp.einsum("bhqk,bhkd->bhqd", att, v).transpose(0, 2, 1, 3).reshape(batch, seq, d)
        x = x + o @ p["wo"]
        h = ln(x, p["ln2"])
        return x + jax.nn.gelu(h @ p["w1"]) @ p["w2"]

    if remat:
        block = jax.checkpoint(block)

    def loss(params, tokens):
        x = params["emb"][tokens]
        if scan:
            x, _ = jax.lax.scan(lambda c, p: (block(c, p), None), x, params["layers"])
        else:
            for p in params["layers"]:
                x = block(x, p)
        logits = x @ params["emb"].T
        lbl = jax.nn.one_hot(tokens, vocab)
        return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * lbl, -1))

    def step(params, opt, tokens):
        l, g = jax.value_and_grad(loss)(params, tokens)
        m = _tree_map(lambda m, g: 0.9 * m + 0.1 * g, opt, g)
        params = _tree_map(lambda p, m: p - 1e-3 * m, params, m)
        return params, m, l

    params = init()
    opt = _tree_map(jnp.zeros_like, params)
    tokens = jnp.zeros((batch, seq), jnp.int32)
    return jax.jit(step, donate_argnums=(0, 1)), (params, opt, tokens)


@case
def transformer_unrolled(big=False):
    if big:
        return _transformer(24, 256, 8, 128, 8, 1024, scan=False, remat=False)
    return _transformer(2, 128, 4, 64, 4, 512, scan=False, remat=False)


@case
def transformer_scan_remat(big=False):
    return _transformer(8 if big else 4, 128, 4, 64, 4, 512, scan=True, remat=True)


@case
def transformer_scan(big=False):
    return _transformer(4, 128, 4, 64, 4, 512, scan=True, remat=False)


@case
def cnn_train(big=False):
    import jax
    import jax.numpy as jnp
    from jax import lax

    def loss(p, x):
        h = x
        for w in p:
            h = jax.nn.relu(lax.conv_general_dilated(h, w, (1, 1), "SAME",
                                                     dimension_numbers=("NHWC", "HWIO", "NHWC")))
        return jnp.mean(h ** 2)

    @jax.jit
    def step(p, x):
        g = jax.grad(loss)(p, x)
        return _tree_map(lambda a, b: a - 0.1 * b, p, g)
    p = [jnp.ones((3, 3, 3, 16)), jnp.ones((3, 3, 16, 32)), jnp.ones((3, 3, 32, 32))]
    return step, (p, jnp.ones((8, 32, 32, 3)))


@case
def cond_branches(big=False):
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(pred, x):
        def big_branch(x):
            y = jnp.outer(x, x)
            return jnp.sum(jnp.tanh(y) @ y, axis=0)

        def small_branch(x):
            return jnp.sin(x) * 2.0
        return jax.lax.cond(pred, big_branch, small_branch, x) + x
    return f, (jnp.array(True), jnp.ones((512,)))


@case
def fori_kv_cache(big=False):
    import jax
    import jax.numpy as jnp

    def f(cache, xs):
        def body(i, c):
            return jax.lax.dynamic_update_slice(c, xs[i][None], (i, 0))
        return jax.lax.fori_loop(0, xs.shape[0], body, cache)
    return jax.jit(f, donate_argnums=0), (jnp.zeros((256, 1024)), jnp.ones((64, 1024)))


@case
def while_tuple_carry(big=False):
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(a, b):
        def cond(s):
            return s[0] < 10

        def body(s):
            i, x, y = s
            return i + 1, jnp.tanh(x @ y), y * 1.01
        return jax.lax.while_loop(cond, body, (0, a, b))
    return f, (jnp.ones((256, 256)), jnp.ones((256, 256)))


@case
def linalg_customcalls(big=False):
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(a, x):
        s = a @ a.T + 256.0 * jnp.eye(a.shape[0])
        l = jnp.linalg.cholesky(s)
        q, r = jnp.linalg.qr(a)
        w, v = jnp.linalg.eigh(s)
        srt = jnp.sort(x)
        top = jax.lax.top_k(x, 8)[0]
        return l + q @ r + v * w, srt[:8] + top
    return f, (jnp.ones((128, 128)) + jnp.eye(128), jnp.arange(4096.0))


@case
def gather_scatter(big=False):
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(table, idx, upd):
        g = table[idx]
        t = table.at[idx].add(upd)
        return t, jnp.sum(g, 0)
    return f, (jnp.ones((4096, 256)), jnp.arange(512) * 3, jnp.ones((512, 256)))


@case
def pmap_allreduce(big=False):
    import jax
    import jax.numpy as jnp
    n = jax.local_device_count()

    def step(w, x):
        g = jax.grad(lambda w: jnp.mean(jnp.tanh(x @ w) ** 2))(w)
        g = jax.lax.psum(g, "i")
        return w - 0.1 * g
    f = jax.pmap(step, axis_name="i")
    return f, (jnp.ones((n, 256, 256)), jnp.ones((n, 32, 256)))


@case
def shard_map_collectives(big=False):
    import jax
    import jax.numpy as jnp
    from jax.sharding import Mesh, PartitionSpec as P
    try:
        from jax import shard_map
    except ImportError:
        from jax.experimental.shard_map import shard_map
    import numpy as np
    mesh = Mesh(np.array(jax.devices()), ("x",))

    def f(a, b):
        full = jax.lax.all_gather(a, "x", tiled=True)
        y = jnp.tanh(full @ b)
        return jax.lax.psum_scatter(y, "x", tiled=True)
    try:
        g = shard_map(f, mesh=mesh, in_specs=(P("x"), P()), out_specs=P("x"), check_vma=False)
    except TypeError:
        g = shard_map(f, mesh=mesh, in_specs=(P("x"), P()), out_specs=P("x"), check_rep=False)
    n = len(jax.devices())
    return jax.jit(g), (jnp.ones((n * 64, 256)), jnp.ones((256, 512)))


@case
def identity_and_tuple(big=False):
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(a, b):
        c = a + 1.0
        return a, c, c, b
    return f, (jnp.ones((1000,)), jnp.ones((3, 5), jnp.int32))


@case
def mixed_dtypes(big=False):
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(a, b, c):
        x = a.astype(jnp.bfloat16) @ b.astype(jnp.bfloat16)
        m = x > 0
        i8 = c.astype(jnp.int8)
        return x.astype(jnp.float16), m, i8 * 2, jnp.where(m, 1, 0).astype(jnp.uint8)
    return f, (jnp.ones((300, 200)), jnp.ones((200, 100)), jnp.ones((300, 100), jnp.int32))


def _random_program(seed):
    import jax
    import jax.numpy as jnp
    import numpy as np
    rng = np.random.default_rng(seed)
    n_in = int(rng.integers(1, 4))
    dims = [int(x) for x in rng.choice([16, 32, 64, 128, 256, 384], size=2)]
    shape = tuple(dims)
    n_ops = int(rng.integers(5, 40))
    plan = [(int(rng.integers(0, 9)), int(rng.integers(0, 1 << 30)), int(rng.integers(0, 1 << 30)))
            for _ in range(n_ops)]
    n_out = int(rng.integers(1, 4))
    donate = tuple(i for i in range(n_in) if rng.random() < 0.3)
    use_scan = rng.random() < 0.25

    def f(*xs):
        vals = list(xs)
        for op, a, b in plan:
            x = vals[a % len(vals)]
            y = vals[b % len(vals)]
            if op == 0:
                v = x + y
            elif op == 1:
                v = jnp.tanh(x) * y
            elif op == 2:
                v = x @ y.T if x.shape[1] == y.shape[1] else x * 2.0
                v = v[: shape[0], : shape[1]] if v.shape != shape else v
                if v.shape != shape:
                    v = jnp.broadcast_to(jnp.mean(v), shape)
            elif op == 3:
                v = jnp.cumsum(x, axis=0)
            elif op == 4:
                v = jnp.broadcast_to(jnp.sum(x, axis=0, keepdims=True), shape) + y
            elif op == 5:
                v = jnp.concatenate([x, y], 0)[: shape[0]] * 0.5
            elif op == 6:
                v = jnp.sort(x, axis=1)
            elif op == 7 and use_scan:
                v, _ = jax.lax.scan(lambda c, r: (c + jnp.sin(r), None), x[0], y)
                v = jnp.broadcast_to(v, shape)
            else:
                v = jnp.exp(-x * x) - y
            vals.append(v)
        return tuple(vals[-1 - i] for i in range(n_out))

    args = tuple(jnp.ones(shape) * (i + 1) for i in range(n_in))
    return jax.jit(f, donate_argnums=donate), args


# ---------------------------------------------------------------- held-out programs (jax 0.11.x)
# Registered with @new_case: they land in CASES as well as NEW_CASES; run them with --new.

NEW_CASES = []


def new_case(fn):
    NEW_CASES.append(fn.__name__)
    return case(fn)


def _flax_mlp_adam(donate):
    import jax
    import jax.numpy as jnp
    import flax.linen as nn
    import optax

    class MLP(nn.Module):
        @nn.compact
        def __call__(self, x):
            for w in (512, 256, 128):
                x = nn.relu(nn.Dense(w)(x))
            return nn.Dense(10)(x)

    model = MLP()
    x = jnp.ones((64, 784))
    y = jnp.zeros((64,), jnp.int32)
    params = model.init(jax.random.PRNGKey(0), x)
    tx = optax.adam(1e-3)
    opt = tx.init(params)

    def step(params, opt, x, y):
        def loss(p):
            logits = model.apply(p, x)
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        l, g = jax.value_and_grad(loss)(params)
        upd, opt = tx.update(g, opt, params)
        return optax.apply_updates(params, upd), opt, l
    return jax.jit(step, donate_argnums=(0, 1) if donate else ()), (params, opt, x, y)


@new_case
def flax_linen_mlp_adam_donated(big=False):
    return _flax_mlp_adam(True)


@new_case
def flax_linen_mlp_adam_nodonate(big=False):
    return _flax_mlp_adam(False)


@new_case
def flax_linen_cnn_bn_adam(big=False):
    import jax
    import jax.numpy as jnp
    import flax.linen as nn
    import optax

    class CNN(nn.Module):
        @nn.compact
        def __call__(self, x, train=True):
            x = nn.Conv(16, (3, 3))(x)
            x = nn.BatchNorm(use_running_average=not train)(x)
            x = nn.relu(x)
            x = nn.max_pool(x, (2, 2), (2, 2))
            x = nn.relu(nn.Conv(32, (3, 3))(x))
            x = nn.avg_pool(x, (2, 2), (2, 2))
            x = x.reshape(x.shape[0], -1)
            return nn.Dense(10)(x)

    model = CNN()
    x = jnp.ones((16, 28, 28, 1))
    y = jnp.zeros((16,), jnp.int32)
    v = model.init(jax.random.PRNGKey(0), x)
    params, stats = v["params"], v["batch_stats"]
    tx = optax.adam(1e-3)
    opt = tx.init(params)

    def step(params, stats, opt, x, y):
        def loss(p):
            logits, upd = model.apply({"params": p, "batch_stats": stats}, x, mutable=["batch_stats"])
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), upd["batch_stats"]
        (l, stats), g = jax.value_and_grad(loss, has_aux=True)(params)
        upd, opt = tx.update(g, opt, params)
        return optax.apply_updates(params, upd), stats, opt, l
    return jax.jit(step, donate_argnums=(0, 1, 2)), (params, stats, opt, x, y)


@new_case
def flax_nnx_train(big=False):
    import jax
    import jax.numpy as jnp
    from flax import nnx
    import optax

    class Model(nnx.Module):
        def __init__(self, rngs):
            self.l1 = nnx.Linear(256, 512, rngs=rngs)
            self.drop = nnx.Dropout(0.1, rngs=rngs)
            self.ln = nnx.LayerNorm(512, rngs=rngs)
            self.l2 = nnx.Linear(512, 16, rngs=rngs)

        def __call__(self, x):
            return self.l2(self.ln(self.drop(jax.nn.gelu(self.l1(x)))))

    model = Model(nnx.Rngs(0, dropout=1))
    try:
        optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    except TypeError:
        optimizer = nnx.Optimizer(model, optax.adamw(1e-3))
    graphdef, state = nnx.split((model, optimizer))

    def step(state, x, y):
        model, optimizer = nnx.merge(graphdef, state)

        def loss(m):
            return jnp.mean((m(x) - y) ** 2)
        l, g = nnx.value_and_grad(loss)(model)
        try:
            optimizer.update(model, g)
        except TypeError:
            optimizer.update(g)
        return nnx.state((model, optimizer)), l
    return jax.jit(step, donate_argnums=0), (state, jnp.ones((32, 256)), jnp.zeros((32, 16)))


@new_case
def equinox_mlp_adam(big=False):
    import jax
    import jax.numpy as jnp
    import equinox as eqx
    import optax

    model = eqx.nn.MLP(128, 10, 256, 3, activation=jax.nn.silu, key=jax.random.PRNGKey(0))
    params, static = eqx.partition(model, eqx.is_inexact_array)
    tx = optax.adam(3e-4)
    opt = tx.init(params)

    def step(params, opt, x, y):
        def loss(p):
            m = eqx.combine(p, static)
            return jnp.mean((jax.vmap(m)(x) - y) ** 2)
        l, g = jax.value_and_grad(loss)(params)
        upd, opt = tx.update(g, opt, params)
        return eqx.apply_updates(params, upd), opt, l
    return jax.jit(step, donate_argnums=(0, 1)), (params, opt, jnp.ones((64, 128)), jnp.zeros((64, 10)))


@new_case
def haiku_transformer_block_adam(big=False):
    import jax
    import jax.numpy as jnp
    import haiku as hk
    import optax
    d, T, B, V = 128, 32, 4, 256

    def fwd(tokens):
        x = hk.Embed(V, d)(tokens)
        for _ in range(2):
            h = hk.LayerNorm(-1, True, True)(x)
            h = hk.MultiHeadAttention(4, d // 4, w_init=hk.initializers.VarianceScaling(1.0))(h, h, h)
            x = x + h
            h = hk.LayerNorm(-1, True, True)(x)
            x = x + hk.nets.MLP([4 * d, d], activation=jax.nn.gelu)(h)
        return hk.Linear(V)(x)

    f = hk.without_apply_rng(hk.transform(fwd))
    tokens = jnp.zeros((B, T), jnp.int32)
    params = f.init(jax.random.PRNGKey(0), tokens)
    tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adam(1e-3))
    opt = tx.init(params)

    def step(params, opt, tokens):
        def loss(p):
            logits = f.apply(p, tokens)
            return optax.softmax_cross_entropy_with_integer_labels(logits[:, :-1], tokens[:, 1:]).mean()
        l, g = jax.value_and_grad(loss)(params)
        upd, opt = tx.update(g, opt, params)
        return optax.apply_updates(params, upd), opt, l
    return jax.jit(step, donate_argnums=(0, 1)), (params, opt, tokens)


@new_case
def keras_mlp_stateless(big=False):
    import os
    os.environ["KERAS_BACKEND"] = "jax"
    import jax
    import jax.numpy as jnp
    import keras
    import optax

    model = keras.Sequential([keras.Input((64,)), keras.layers.Dense(256, activation="relu"),
                              keras.layers.Dropout(0.1), keras.layers.Dense(128, activation="tanh"),
                              keras.layers.Dense(8)])
    tv = [v.value for v in model.trainable_variables]
    ntv = [v.value for v in model.non_trainable_variables]
    tx = optax.adam(1e-3)
    opt = tx.init(tv)

    def step(tv, ntv, opt, x, y):
        def loss(tv):
            out, ntv2 = model.stateless_call(tv, ntv, x, training=True)
            return jnp.mean((out - y) ** 2), ntv2
        (l, ntv), g = jax.value_and_grad(loss, has_aux=True)(tv)
        upd, opt = tx.update(g, opt, tv)
        return optax.apply_updates(tv, upd), ntv, opt, l
    return jax.jit(step), (tv, ntv, opt, jnp.ones((32, 64)), jnp.zeros((32, 8)))


def _sgd_momentum(donate):
    import jax
    import jax.numpy as jnp
    sizes = [256, 384, 384, 384, 32]

    def loss(params, x):
        h = x
        for w, b in params:
            h = jax.nn.softplus(h @ w + b)
        return jnp.mean(h ** 2)

    def step(params, mom, x):
        g = jax.grad(loss)(params, x)
        mom = _tree_map(lambda m, g: 0.9 * m + g, mom, g)
        return _tree_map(lambda p, m: p - 0.01 * m, params, mom), mom
    params = _mlp_params(sizes, jnp)
    mom = _tree_map(jnp.zeros_like, params)
    return jax.jit(step, donate_argnums=(0, 1) if donate else ()), (params, mom, jnp.ones((48, 256)))


@new_case
def sgd_momentum_donated(big=False):
    return _sgd_momentum(True)


@new_case
def sgd_momentum_nodonate(big=False):
    return _sgd_momentum(False)


def _remat_mlp(policy_name):
    import jax
    import jax.numpy as jnp
    d = 256
    layers = [(jnp.ones((d, d)) * 0.01, jnp.zeros((d,))) for _ in range(6)]

    def layer(h, wb):
        w, b = wb
        return jnp.tanh(jnp.sin(h @ w + b) * 1.5)
    if policy_name == "full":
        layer = jax.checkpoint(layer)
    elif policy_name == "dots":
        layer = jax.checkpoint(layer, policy=jax.checkpoint_policies.checkpoint_dots)
    elif policy_name == "names":
        def layer(h, wb, _l=layer):
            w, b = wb
            from jax.ad_checkpoint import checkpoint_name
            z = checkpoint_name(h @ w, "pre")
            return jnp.tanh(jnp.sin(z + b) * 1.5)
        layer = jax.checkpoint(layer, policy=jax.checkpoint_policies.save_only_these_names("pre"))

    def loss(params, x):
        h = x
        for wb in params:
            h = layer(h, wb)
        return jnp.mean(h ** 2)

    def step(params, x):
        l, g = jax.value_and_grad(loss)(params, x)
        return _tree_map(lambda p, g: p - 0.1 * g, params, g), l
    return jax.jit(step), (layers, jnp.ones((128, d)))


@new_case
def remat_mlp_full(big=False):
    return _remat_mlp("full")


@new_case
def remat_mlp_dots_saveable(big=False):
    return _remat_mlp("dots")


@new_case
def remat_mlp_save_names(big=False):
    return _remat_mlp("names")


@new_case
def scan_lstm_tuple_carry(big=False):
    import jax
    import jax.numpy as jnp
    H, I, T, B = 128, 64, 24, 16

    def lstm(params, xs):
        wx, wh, b = params

        def cell(carry, x):
            h, c, n = carry
            z = x @ wx + h @ wh + b
            i, f, g, o = jnp.split(z, 4, -1)
            c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
            h = jax.nn.sigmoid(o) * jnp.tanh(c)
            return (h, c, n + 1), h
        (h, c, n), hs = jax.lax.scan(cell, (jnp.zeros((B, H)), jnp.zeros((B, H)), 0), xs)
        return jnp.mean(hs ** 2) + jnp.mean(c), n

    def step(params, xs):
        (l, n), g = jax.value_and_grad(lstm, has_aux=True)(params, xs)
        return _tree_map(lambda p, g: p - 0.1 * g, params, g), l, n
    params = (jnp.ones((I, 4 * H)) * 0.01, jnp.ones((H, 4 * H)) * 0.01, jnp.zeros((4 * H,)))
    return jax.jit(step, donate_argnums=0), (params, jnp.ones((T, B, I)))


@new_case
def while_nested_tuple_carry(big=False):
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(a, b, v):
        def cond(s):
            (i, j), _ = s
            return (i < 8) & (j < 100)

        def body(s):
            (i, j), (x, (y, z)) = s
            x = jnp.tanh(x @ y) + z[:, None]
            y = y * 0.99 + jnp.outer(z, z) * 1e-3
            z = jnp.roll(z, 1) + jnp.sum(x, 0)
            return (i + 1, j + 3), (x, (y, z))
        return jax.lax.while_loop(cond, body, ((0, 0), (a, (b, v))))
    return f, (jnp.ones((192, 192)), jnp.eye(192), jnp.ones((192,)))


@new_case
def cond_inside_scan(big=False):
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(w, xs, flags):
        def body(c, inp):
            x, flag = inp
            c = jax.lax.cond(flag, lambda c: jnp.tanh(c @ w) + x, lambda c: c * 0.5 - x, c)
            return c, jnp.sum(c)
        return jax.lax.scan(body, jnp.zeros((64, 128)), (xs, flags))
    return f, (jnp.ones((128, 128)) * 0.01, jnp.ones((16, 64, 128)), jnp.arange(16) % 3 == 0)


@new_case
def switch_inside_scan(big=False):
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(ws, xs, idx):
        def body(c, inp):
            x, k = inp
            h, acc = c
            br = [lambda h: jnp.tanh(h @ ws[0]),
                  lambda h: jax.nn.relu(h @ ws[1]) + x,
                  lambda h: jnp.sort(h, axis=-1),
                  lambda h: h[::-1] * 2.0]
            h = jax.lax.switch(k, br, h)
            return (h, acc + jnp.mean(h)), h[0]
        return jax.lax.scan(body, (jnp.ones((32, 96)), 0.0), (xs, idx))
    return f, (jnp.ones((2, 96, 96)) * 0.02, jnp.ones((12, 32, 96)), jnp.arange(12, dtype=jnp.int32) % 4)


@new_case
def vmap_per_example_grads(big=False):
    import jax
    import jax.numpy as jnp
    params = _mlp_params([64, 128, 128, 4], jnp)

    @jax.jit
    def f(params, xs, ys):
        def one(x, y):
            return jax.grad(_mlp_loss)(params, x[None], y[None])
        g = jax.vmap(one)(xs, ys)
        norms = jax.vmap(lambda gi: sum(jnp.sum(t ** 2) for t in jax.tree_util.tree_leaves(gi)))(g)
        clip = jnp.minimum(1.0, 1.0 / jnp.sqrt(norms + 1e-6))
        g = _tree_map(lambda t: jnp.mean(t * clip.reshape((-1,) + (1,) * (t.ndim - 1)), 0), g)
        return _tree_map(lambda p, g: p - 0.1 * g, params, g)
    return f, (params, jnp.ones((32, 64)), jnp.ones((32, 4)))


@new_case
def vmap_ensemble_forward(big=False):
    import jax
    import jax.numpy as jnp
    E = 8
    params = _tree_map(lambda a: jnp.stack([a] * E), _mlp_params([32, 256, 256, 8], jnp))

    @jax.jit
    def f(params, x):
        def fwd(p):
            h = x
            for w, b in p[:-1]:
                h = jax.nn.relu(h @ w + b)
            w, b = p[-1]
            return h @ w + b
        out = jax.vmap(fwd)(params)
        return jnp.mean(out, 0), jnp.var(out, 0)
    return f, (params, jnp.ones((100, 32)))


@new_case
def linalg_cholesky_qr_solve(big=False):
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(a, b):
        s = a @ a.T + 96.0 * jnp.eye(a.shape[0])
        l = jnp.linalg.cholesky(s)
        x = jax.scipy.linalg.cho_solve((l, True), b)
        q, r = jnp.linalg.qr(a)
        y = jax.scipy.linalg.solve_triangular(r, q.T @ b)
        return x, y, jnp.linalg.slogdet(s)[1]
    return f, (jnp.ones((96, 96)) + jnp.eye(96) * 3.0, jnp.ones((96, 8)))


@new_case
def linalg_eigh_svd(big=False):
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(a):
        s = a.T @ a * 0.5
        w, v = jnp.linalg.eigh(s)
        u, sv, vt = jnp.linalg.svd(a, full_matrices=False)
        pinv = jnp.linalg.pinv(a)
        return v @ jnp.diag(w) @ v.T, u * sv @ vt, pinv, jnp.linalg.norm(a, 2)
    return f, (jnp.ones((80, 64)) + jnp.eye(80, 64),)


@new_case
def sort_topk_argsort(big=False):
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(x, keys):
        s = jnp.sort(x, axis=-1)
        order = jnp.argsort(keys)
        vals, idx = jax.lax.top_k(x, 16)
        ranked = jnp.take_along_axis(x, jnp.argsort(-x, axis=-1)[:, :4], axis=-1)
        med = jnp.median(x, axis=0)
        k2, v2 = jax.lax.sort((keys, jnp.arange(keys.shape[0])), num_keys=1)
        return s[:, :8], order, vals, idx, ranked, med, v2
    return f, (jnp.sin(jnp.arange(64 * 1000.0)).reshape(64, 1000), jnp.cos(jnp.arange(5000.0)))


@new_case
def gather_scatter_add(big=False):
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(table, ids, seg, vals, grid, ij):
        emb = jnp.take(table, ids, axis=0)
        summed = jax.ops.segment_sum(emb, seg, num_segments=64)
        t2 = table.at[ids].add(vals)
        g2 = grid.at[ij[:, 0], ij[:, 1]].add(1.0)
        pick = grid[ij[:, 0], ij[:, 1]]
        mx = jax.ops.segment_max(vals[:, 0], seg, num_segments=64)
        return summed, t2, g2, pick, mx
    n = 1024
    return f, (jnp.ones((2000, 128)), (jnp.arange(n) * 7) % 2000, jnp.arange(n) // 16,
               jnp.ones((n, 128)), jnp.zeros((300, 300)), (jnp.arange(2 * 700).reshape(700, 2) * 13) % 300)


@new_case
def mixed_bf16_master_f32(big=False):
    import jax
    import jax.numpy as jnp
    params = _mlp_params([512, 1024, 1024, 64], jnp)

    def loss(params, x, y):
        h = x.astype(jnp.bfloat16)
        for w, b in params[:-1]:
            h = jax.nn.gelu(h @ w.astype(jnp.bfloat16) + b.astype(jnp.bfloat16))
        w, b = params[-1]
        out = (h @ w.astype(jnp.bfloat16)).astype(jnp.float32) + b
        return jnp.mean((out - y) ** 2) * 128.0

    def step(params, x, y):
        l, g = jax.value_and_grad(loss)(params, x, y)
        g = _tree_map(lambda t: t.astype(jnp.float32) / 128.0, g)
        finite = jnp.all(jnp.array([jnp.all(jnp.isfinite(t)) for t in jax.tree_util.tree_leaves(g)]))
        new = _tree_map(lambda p, g: jnp.where(finite, p - 1e-3 * g, p), params, g)
        return new, l.astype(jnp.bfloat16), finite
    return jax.jit(step, donate_argnums=0), (params, jnp.ones((64, 512)), jnp.zeros((64, 64)))


@new_case
def big_layer_adam(big=False):
    import jax
    import jax.numpy as jnp
    import optax
    # ~12 MB of f32 weights (1536x2048 + 2048x1536 = 6.3M params), adam moments double it
    params = {"w1": jnp.ones((1536, 2048)) * 0.01, "b1": jnp.zeros((2048,)),
              "w2": jnp.ones((2048, 1536)) * 0.01, "b2": jnp.zeros((1536,))}
    tx = optax.adam(1e-4)
    opt = tx.init(params)

    def step(params, opt, x):
        def loss(p):
            h = jax.nn.relu(x @ p["w1"] + p["b1"])
            return jnp.mean((h @ p["w2"] + p["b2"] - x) ** 2)
        l, g = jax.value_and_grad(loss)(params)
        upd, opt = tx.update(g, opt, params)
        return optax.apply_updates(params, upd), opt, l
    return jax.jit(step, donate_argnums=(0, 1)), (params, opt, jnp.ones((32, 1536)))


@new_case
def optax_adam_update_only(big=False):
    """The optimizer's step alone (gradients computed elsewhere): no backward pass in the module;
    the weights and Adam's state are donated and written back in their own shapes."""
    import jax
    import jax.numpy as jnp
    import optax
    tx = optax.adam(1e-3)
    params = [jnp.ones((256, 512)), jnp.ones((512,)), jnp.ones((512, 128))]
    grads = [jnp.ones_like(p) for p in params]

    def step(p, g, state):
        updates, state = tx.update(g, state, p)
        return optax.apply_updates(p, updates), state
    return jax.jit(step, donate_argnums=(0, 2)), (params, grads, tx.init(params))


def _pair_mlp(batch=1024, dtype="float32", optimizer="adam", donate=True, remat=False):
    """A training step of a 6-layer tanh MLP (width 512) with optax: the base of the pairs
    below, each of which changes one thing (tests/data/pairs: what `bufviz diff` says why)."""
    import jax
    import jax.numpy as jnp
    import optax
    dt = getattr(jnp, dtype)
    sizes = [256] + [512] * 6 + [16]
    keys = jax.random.split(jax.random.PRNGKey(0), len(sizes))
    params = [(jax.random.normal(k, (a, b), dt) * 0.05, jnp.zeros((b,), dt))
              for k, a, b in zip(keys, sizes[:-1], sizes[1:])]
    tx = optax.adam(1e-3) if optimizer == "adam" else optax.sgd(1e-2)

    def layer(h, wb):
        return jnp.tanh(h @ wb[0] + wb[1])
    body = jax.checkpoint(layer) if remat else layer

    def loss(p, x, y):
        h = x
        for wb in p[:-1]:
            h = body(h, wb)
        out = h @ p[-1][0] + p[-1][1]
        return jnp.mean((out.astype(jnp.float32) - y) ** 2)

    def step(p, opt, x, y):
        g = jax.grad(loss)(p, x, y)
        upd, opt = tx.update(g, opt, p)
        return optax.apply_updates(p, upd), opt
    x = jnp.ones((batch, sizes[0]), dt)
    y = jnp.ones((batch, sizes[-1]), jnp.float32)
    return jax.jit(step, donate_argnums=(0, 1) if donate else ()), (params, tx.init(params), x, y)


@new_case
def pair_base(big=False):
    return _pair_mlp()


@new_case
def pair_nodonate(big=False):
    return _pair_mlp(donate=False)


@new_case
def pair_bf16(big=False):
    return _pair_mlp(dtype="bfloat16")


@new_case
def pair_batch2048(big=False):
    return _pair_mlp(batch=2048)


@new_case
def pair_sgd(big=False):
    return _pair_mlp(optimizer="sgd")


@new_case
def pair_remat(big=False):
    return _pair_mlp(remat=True)


@new_case
def decode_loop_kv_cache(big=False):
    import jax
    import jax.numpy as jnp
    L, d = 128, 64

    def f(kc, vc, wq, x0):
        def body(i, s):
            kc, vc, x = s
            q = x @ wq
            kc = jax.lax.dynamic_update_slice(kc, q[None], (i, 0))
            vc = jax.lax.dynamic_update_slice(vc, jnp.tanh(q)[None], (i, 0))
            mask = jnp.arange(L) <= i
            att = jax.nn.softmax(jnp.where(mask, kc @ q, -1e9))
            return kc, vc, att @ vc
        return jax.lax.fori_loop(0, 32, body, (kc, vc, x0))
    return jax.jit(f, donate_argnums=(0, 1)), (jnp.zeros((L, d)), jnp.zeros((L, d)), jnp.eye(d), jnp.ones((d,)))


def _random_program2(seed):
    """Random compositions over tuples: a tuple state is threaded through jnp ops,
    optional fori/while/scan loops with tuple carries, and tuple outputs."""
    import jax
    import jax.numpy as jnp
    import numpy as np
    rng = np.random.default_rng(10_000 + seed)
    m, n = [int(x) for x in rng.choice([24, 48, 96, 160, 200], size=2)]
    n_state = int(rng.integers(2, 5))
    plan = [(int(rng.integers(0, 12)), int(rng.integers(0, 99)), int(rng.integers(0, 99)))
            for _ in range(int(rng.integers(6, 30)))]
    trip = int(rng.integers(2, 9))
    donate = tuple(i for i in range(n_state) if rng.random() < 0.4)
    n_out = int(rng.integers(1, n_state + 1))

    def apply(op, st, a, b):
        st = list(st)
        i, j = a % len(st), b % len(st)
        x, y = st[i], st[j]
        if op == 0:
            st[i] = x + jnp.sin(y)
        elif op == 1:
            st[i] = jnp.tanh(x @ y.T @ y * 1e-3)
        elif op == 2:
            st[i] = x * jax.nn.sigmoid(jnp.sum(y, 0, keepdims=True))
        elif op == 3:
            st[i] = jnp.sort(x, axis=0) - y
        elif op == 4:
            st[i] = jnp.where(x > y, x, y * 0.5)
        elif op == 5:
            st[i], st[j] = y, x
        elif op == 6:
            st[i] = jnp.cumsum(x, 1) * 1e-2
        elif op == 7:
            def body(k, c):
                return (c[0] * 0.9 + jnp.cos(c[1]), c[1] + k * 1e-3)
            st[i], st[j] = jax.lax.fori_loop(0, trip, body, (x, y))
        elif op == 8:
            def cond(c):
                return c[0] < trip

            def body(c):
                k, (u, v) = c
                return k + 1, (jnp.tanh(u + v), v * 0.5)
            _, (st[i], st[j]) = jax.lax.while_loop(cond, body, (0, (x, y)))
        elif op == 9:
            def sbody(c, r):
                return (c[0] + r, c[1] * r), jnp.max(r)
            (u, v), ys = jax.lax.scan(sbody, (x[0], y[0]), x)
            st[i] = x + u + ys[:, None]
        elif op == 10:
            st[i] = jax.lax.cond(jnp.sum(x) > jnp.sum(y), lambda t: t[0] - t[1], lambda t: t[0] * 2.0, (x, y))
        else:
            st.append(jnp.exp(-x * x))
        return tuple(st)

    def f(*xs):
        st = tuple(xs)
        for op, a, b in plan:
            st = apply(op, st, a, b)
        return st[-n_out:]

    args = tuple(jnp.ones((m, n)) * (k + 1) * 0.1 for k in range(n_state))
    return jax.jit(f, donate_argnums=donate), args


# ---------------------------------------------------------------- driver

def run_child(name, outdir, big, seed):
    import jax
    if name.startswith("random_"):
        fn, args = _random_program(seed)
    elif name.startswith("rand2_"):
        fn, args = _random_program2(seed)
    else:
        fn, args = CASES[name](big)
    if hasattr(fn, "lower"):
        compiled = fn.lower(*args).compile()
    else:  # very old pmap objects
        compiled = fn.lower(*args).compile()
    stats = {"jax_version": jax.__version__}
    try:
        ma = compiled.memory_analysis()
        if isinstance(ma, (list, tuple)):
            ma = ma[0]
        for k in dir(ma):
            if k.endswith("_in_bytes"):
                stats[k] = int(getattr(ma, k))
    except Exception as e:  # memory_analysis missing on some versions/paths
        stats["error"] = repr(e)
    with open(os.path.join(outdir, "memory_analysis.json"), "w") as f:
        json.dump(stats, f, indent=1, sort_keys=True)


def pick_main_module(dumpdir):
    """The program under study is compiled last, so it has the highest module number
    (helpers such as jit_broadcast_in_dim are compiled while the arguments are built)."""
    cands = [p for p in glob.glob(os.path.join(dumpdir, "module_*after_optimizations.txt"))]
    if not cands:
        return None
    last = max(cands, key=lambda p: int(os.path.basename(p).split(".")[0].split("_")[1]))
    return os.path.basename(last).split(".")[0]  # module_NNNN


def _site_dirs():
    import site
    dirs = list(site.getsitepackages()) + [site.getusersitepackages()]
    return [d.rstrip(os.sep) + os.sep for d in dirs if d]


def _scrub_paths(out):
    """Metadata carries the generating script's absolute path; keep only 'programs/<file>'."""
    here = os.path.dirname(os.path.abspath(sys.argv[0])) + os.sep
    for p in glob.glob(os.path.join(out, "*.txt")):
        with open(p) as f:
            text = f.read()
        new = text.replace(here, "programs/")
        for sp in _site_dirs():
            new = new.replace(sp, "site-packages/")
        if new != text:
            with open(p, "w") as f:
                f.write(new)


def generate(name, outroot, big=False, seed=0, keep_all=False):
    out = os.path.join(outroot, name)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    with tempfile.TemporaryDirectory() as dump:
        env = dict(os.environ)
        env["XLA_FLAGS"] = (f"--xla_dump_to={dump} --xla_dump_hlo_as_text "
                            "--xla_force_host_platform_device_count=8")
        env["JAX_PLATFORMS"] = "cpu"
        env["KERAS_BACKEND"] = "jax"
        r = subprocess.run([sys.executable, os.path.abspath(sys.argv[0]), "--child", name, out, str(int(big)), str(seed)],
                           env=env, capture_output=True, text=True)
        if r.returncode != 0:
            shutil.rmtree(out)
            print(f"FAILED {name}: {r.stderr[-800:]}")
            return False
        mod = pick_main_module(dump)
        for p in sorted(glob.glob(os.path.join(dump, "*"))):
            b = os.path.basename(p)
            if os.path.isdir(p) or b.endswith((".ll", ".o", ".debug_options", ".pb")):
                continue
            if keep_all or b.startswith(mod + "."):
                shutil.copy(p, out)
    _scrub_paths(out)
    print(f"ok {name}")
    return True


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        _, _, name, out, big, seed = sys.argv
        run_child(name, out, bool(int(big)), int(seed))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--random", type=int, default=0, help="number of random programs")
    ap.add_argument("--random-start", type=int, default=0)
    ap.add_argument("--big", action="store_true")
    ap.add_argument("--new", action="store_true", help="only the held-out programs (NEW_CASES)")
    ap.add_argument("--random2", type=int, default=0, help="number of tuple/loop random programs")
    ap.add_argument("--random2-start", type=int, default=0)
    ap.add_argument("--keep-all", action="store_true", help="keep every module of the dump")
    a = ap.parse_args()
    names = a.only if a.only is not None else (list(NEW_CASES) if a.new else list(CASES))
    for n in names:
        if n in CASES:
            _gen_named(n, a)
    for s in range(a.random_start, a.random_start + a.random):
        generate(f"random_{s:04d}", a.outdir, seed=s)
    for s in range(a.random2_start, a.random2_start + a.random2):
        generate(f"rand2_{s:04d}", a.outdir, seed=s)


def _gen_named(n, a):
    label = n + ("_big" if a.big else "")
    out = os.path.join(a.outdir, label)
    ok = generate(n, a.outdir, big=a.big, keep_all=a.keep_all)
    if ok and label != n:
        shutil.rmtree(out, ignore_errors=True)
        os.rename(os.path.join(a.outdir, n), out)


if __name__ == "__main__":
    main()
