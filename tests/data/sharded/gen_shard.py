"""Sharded jax programs compiled on one CPU with 8 fake devices, with jax's own truth.

Child usage (XLA_FLAGS must already hold --xla_force_host_platform_device_count=8,
--xla_dump_to=OUTDIR, --xla_dump_hlo_as_text, --xla_dump_hlo_module_re=...):
    JAX_PLATFORMS=cpu python gen_shard.py PROGRAM OUTDIR
Writes OUTDIR/memory_analysis.json and OUTDIR/truth.json next to XLA's dump files.
The driver (run_all.sh) sets the flags, runs one program per process and cleans up.
"""
import glob
import json
import os
import re
import sys

import numpy as np

PROGRAMS = {}


def program(fn):
    PROGRAMS[fn.__name__] = fn
    return fn


def _mesh(shape, names):
    """Classic Mesh of Auto axes (jax.make_mesh would default to Explicit axes in these versions)."""
    import jax
    from jax.sharding import Mesh
    return Mesh(np.array(jax.devices()[:int(np.prod(shape))]).reshape(shape), names)


def _mlp_init(key, sizes, dtype=None):
    import jax
    import jax.numpy as jnp
    dtype = dtype or jnp.float32
    layers = []
    for a, b in zip(sizes[:-1], sizes[1:]):
        key, k = jax.random.split(key)
        layers.append({"w": (jax.random.normal(k, (a, b), dtype) / np.sqrt(a)).astype(dtype),
                       "b": jnp.zeros((b,), dtype)})
    return {"layers": layers}


def _mlp_loss(params, x, y):
    import jax
    import jax.numpy as jnp
    h = x
    for l in params["layers"][:-1]:
        h = jax.nn.relu(h @ l["w"] + l["b"])
    l = params["layers"][-1]
    logits = h @ l["w"] + l["b"]
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))


def _roles_by_argname(**m):
    return lambda path: m[re.match(r"[A-Za-z_]\w*", path).group(0)]


# ---------------------------------------------------------------- 1
@program
def dp_mlp_adam():
    import jax
    import jax.numpy as jnp
    import optax
    from jax.sharding import NamedSharding, PartitionSpec as P
    mesh = _mesh((8,), ("data",))
    repl = NamedSharding(mesh, P())
    batch = NamedSharding(mesh, P("data", None))
    params = _mlp_init(jax.random.PRNGKey(0), [512, 1024, 1024, 256])
    tx = optax.adam(1e-3)
    opt_state = tx.init(params)
    params, opt_state = jax.device_put((params, opt_state), repl)
    x = jax.device_put(jnp.ones((256, 512), jnp.float32), batch)
    y = jax.device_put(jax.nn.one_hot(jnp.zeros((256,), jnp.int32), 256), batch)

    def train_step(params, opt_state, x, y):
        loss, grads = jax.value_and_grad(_mlp_loss)(params, x, y)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, loss

    step = jax.jit(train_step, in_shardings=(repl, repl, batch, batch),
                   out_shardings=(repl, repl, repl), donate_argnums=(0, 1))
    return dict(fn=step, args=(params, opt_state, x, y), mesh=mesh,
                role=_roles_by_argname(params="weights", opt_state="optimizer state",
                                       x="inputs", y="inputs"))


# ---------------------------------------------------------------- 2
@program
def fsdp_adamw():
    import jax
    import jax.numpy as jnp
    import optax
    from jax.sharding import NamedSharding, PartitionSpec as P
    mesh = _mesh((8,), ("fsdp",))

    def first_dim(a):  # split on the first dim; scalars (adam count) replicated
        return NamedSharding(mesh, P("fsdp") if a.ndim >= 1 else P())

    params = _mlp_init(jax.random.PRNGKey(0), [1024, 2048, 2048, 1024])
    tx = optax.adamw(1e-3, weight_decay=0.01)
    opt_state = tx.init(params)
    p_sh = jax.tree.map(first_dim, params)
    o_sh = jax.tree.map(first_dim, opt_state)
    params = jax.device_put(params, p_sh)
    opt_state = jax.device_put(opt_state, o_sh)
    bsh = NamedSharding(mesh, P("fsdp", None))
    x = jax.device_put(jnp.ones((128, 1024), jnp.float32), bsh)
    y = jax.device_put(jax.nn.one_hot(jnp.zeros((128,), jnp.int32), 1024), bsh)

    def train_step(params, opt_state, x, y):
        loss, grads = jax.value_and_grad(_mlp_loss)(params, x, y)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, loss

    # arguments placed by device_put; only the outputs are pinned
    step = jax.jit(train_step, out_shardings=(p_sh, o_sh, NamedSharding(mesh, P())),
                   donate_argnums=(0, 1))
    return dict(fn=step, args=(params, opt_state, x, y), mesh=mesh,
                role=_roles_by_argname(params="weights", opt_state="optimizer state",
                                       x="inputs", y="inputs"))


# ---------------------------------------------------------------- 3
@program
def zero1_sgd_momentum():
    import jax
    import jax.numpy as jnp
    import optax
    from jax.sharding import NamedSharding, PartitionSpec as P
    mesh = _mesh((8,), ("data",))
    repl = NamedSharding(mesh, P())
    params = _mlp_init(jax.random.PRNGKey(0), [1024, 2048, 2048, 512])
    tx = optax.sgd(1e-2, momentum=0.9)
    opt_state = tx.init(params)
    p_sh = jax.tree.map(lambda a: repl, params)
    o_sh = jax.tree.map(lambda a: NamedSharding(mesh, P("data") if a.ndim >= 1 else P()), opt_state)
    params = jax.device_put(params, p_sh)
    opt_state = jax.device_put(opt_state, o_sh)
    bsh = NamedSharding(mesh, P("data", None))
    x = jax.device_put(jnp.ones((256, 1024), jnp.float32), bsh)
    y = jax.device_put(jax.nn.one_hot(jnp.zeros((256,), jnp.int32), 512), bsh)

    def train_step(params, opt_state, x, y):
        loss, grads = jax.value_and_grad(_mlp_loss)(params, x, y)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, loss

    step = jax.jit(train_step, in_shardings=(p_sh, o_sh, bsh, bsh),
                   out_shardings=(p_sh, o_sh, repl), donate_argnums=(0, 1))
    return dict(fn=step, args=(params, opt_state, x, y), mesh=mesh,
                role=_roles_by_argname(params="weights", opt_state="optimizer state",
                                       x="inputs", y="inputs"))


# ---------------------------------------------------------------- 4
@program
def tp_mlp_2d():
    import jax
    import jax.numpy as jnp
    import optax
    from jax.sharding import NamedSharding, PartitionSpec as P
    mesh = _mesh((4, 2), ("data", "model"))
    k1, k2 = jax.random.split(jax.random.PRNGKey(0))
    d, f = 1024, 4096
    params = {"w_in": jax.random.normal(k1, (d, f)) * 0.02, "b_in": jnp.zeros((f,)),
              "w_out": jax.random.normal(k2, (f, d)) * 0.02, "b_out": jnp.zeros((d,))}
    p_sh = {"w_in": NamedSharding(mesh, P(None, "model")), "b_in": NamedSharding(mesh, P("model")),
            "w_out": NamedSharding(mesh, P("model", None)), "b_out": NamedSharding(mesh, P())}
    params = jax.device_put(params, p_sh)
    tx = optax.adam(1e-3)
    opt_state = jax.jit(tx.init)(params)            # mu/nu follow the params' shardings
    # the constant count comes back on one device: give it a replicated NamedSharding
    o_sh = jax.tree.map(lambda a: a.sharding if isinstance(a.sharding, NamedSharding)
                        else NamedSharding(mesh, P()), opt_state)
    opt_state = jax.device_put(opt_state, o_sh)
    bsh = NamedSharding(mesh, P("data", None))
    x = jax.device_put(jnp.ones((512, d)), bsh)
    y = jax.device_put(jnp.ones((512, d)), bsh)

    def loss_fn(p, x, y):
        h = jax.nn.gelu(x @ p["w_in"] + p["b_in"])
        out = h @ p["w_out"] + p["b_out"]
        return jnp.mean((out - y) ** 2)

    def train_step(params, opt_state, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    step = jax.jit(train_step, in_shardings=(p_sh, o_sh, bsh, bsh),
                   out_shardings=(p_sh, o_sh, NamedSharding(mesh, P())), donate_argnums=(0, 1))
    return dict(fn=step, args=(params, opt_state, x, y), mesh=mesh,
                role=_roles_by_argname(params="weights", opt_state="optimizer state",
                                       x="inputs", y="inputs"))


# ---------------------------------------------------------------- 5
@program
def shard_map_step():
    import jax
    import jax.numpy as jnp
    from jax.sharding import NamedSharding, PartitionSpec as P
    shard_map = getattr(jax, "shard_map", None)
    if shard_map is None:
        from jax.experimental.shard_map import shard_map
    mesh = _mesh((8,), ("x",))
    d, f, n = 1024, 2048, 512
    k1, k2 = jax.random.split(jax.random.PRNGKey(0))
    # FSDP by hand: weights stored split over 'x' on dim 0, gathered inside the step
    params = {"w1": jax.random.normal(k1, (d, f)) * 0.02, "w2": jax.random.normal(k2, (f, d)) * 0.02}
    wsh = NamedSharding(mesh, P("x", None))
    params = jax.device_put(params, {"w1": wsh, "w2": wsh})
    x = jax.device_put(jnp.ones((n, d)), NamedSharding(mesh, P("x", None)))
    y = jax.device_put(jnp.ones((n, d)), NamedSharding(mesh, P("x", None)))

    def local_step(params, x, y):
        full = jax.tree.map(lambda w: jax.lax.all_gather(w, "x", axis=0, tiled=True), params)

        def loss_fn(full):
            h = jax.nn.relu(x @ full["w1"])
            return jnp.mean((h @ full["w2"] - y) ** 2)

        loss, g = jax.value_and_grad(loss_fn)(full)
        g = jax.tree.map(lambda t: jax.lax.psum_scatter(t, "x", scatter_dimension=0, tiled=True) / 8.0, g)
        params = jax.tree.map(lambda w, g: w - 1e-2 * g, params, g)
        return params, jax.lax.psum(loss, "x") / 8.0

    def train_step(params, x, y):
        return shard_map(local_step, mesh=mesh,
                         in_specs=({"w1": P("x", None), "w2": P("x", None)}, P("x", None), P("x", None)),
                         out_specs=({"w1": P("x", None), "w2": P("x", None)}, P()))(params, x, y)

    step = jax.jit(train_step, donate_argnums=(0,))
    return dict(fn=step, args=(params, x, y), mesh=mesh,
                role=_roles_by_argname(params="weights", x="inputs", y="inputs"))


# ---------------------------------------------------------------- 6
@program
def nnx_partitioned():
    import jax
    import jax.numpy as jnp
    import optax
    from flax import nnx
    from jax.sharding import NamedSharding, PartitionSpec as P
    mesh = _mesh((2, 4), ("data", "model"))

    class DotReluDot(nnx.Module):
        def __init__(self, depth, rngs):
            init_fn = nnx.initializers.lecun_normal()
            self.dot1 = nnx.Linear(depth, depth * 4,
                                   kernel_init=nnx.with_partitioning(init_fn, (None, "model")),
                                   use_bias=False, rngs=rngs)
            self.dot2 = nnx.Linear(depth * 4, depth,
                                   kernel_init=nnx.with_partitioning(init_fn, ("model", None)),
                                   use_bias=False, rngs=rngs)

        def __call__(self, x):
            return self.dot2(jax.nn.relu(self.dot1(x)))

    @nnx.jit
    def create_sharded_model():
        model = DotReluDot(512, rngs=nnx.Rngs(0))
        optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
        state = nnx.state((model, optimizer))
        pspecs = nnx.get_partition_spec(state)
        sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
        nnx.update((model, optimizer), sharded_state)
        return model, optimizer

    with jax.set_mesh(mesh):
        model, optimizer = create_sharded_model()

    @nnx.jit(donate_argnums=(0, 1))
    def train_step(model, optimizer, x, y):
        def loss_fn(model):
            return jnp.mean((model(x) - y) ** 2)
        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return loss

    bsh = NamedSharding(mesh, P("data", None))
    x = jax.device_put(jnp.ones((256, 512)), bsh)
    y = jax.device_put(jnp.ones((256, 512)), bsh)

    # nnx.jit hands jax flat graph states, so jax names them "model.states[0][i]";
    # the i-th leaf is the i-th leaf of the object's state (sorted by path).
    nnx_paths = {}
    for name, obj in (("model", model), ("optimizer", optimizer)):
        leaves = jax.tree_util.tree_flatten_with_path(nnx.split(obj)[1])[0]
        for i, (kp, v) in enumerate(leaves):
            p = name + jax.tree_util.keystr(kp)
            nnx_paths[f"{name}.states[0][{i}]"] = (p[:-len(".value")] if p.endswith(".value") else p,
                                                  tuple(v.shape))

    def role(path):
        p = nnx_paths.get(path, (path,))[0]
        if re.search(r"\['step'\]|\['count'\]|rngs|key", p):
            return "seeds and counters"
        if "opt_state" in p:
            return "optimizer state"
        if re.match(r"(x|y)\b", p):
            return "inputs"
        return "weights"
    return dict(fn=train_step, args=(model, optimizer, x, y), mesh=mesh, role=role,
                mesh_ctx=True, nnx_paths=nnx_paths)


# ---------------------------------------------------------------- 7
@program
def scan_remat_fsdp():
    import jax
    import jax.numpy as jnp
    import optax
    from jax.sharding import NamedSharding, PartitionSpec as P
    mesh = _mesh((2, 4), ("data", "fsdp"))
    L, d, H, S, B, V = 4, 256, 8, 128, 16, 1024
    ks = jax.random.split(jax.random.PRNGKey(0), 6)
    params = {
        "emb": jax.random.normal(ks[0], (V, d)) * 0.02,
        "layers": {
            "wqkv": jax.random.normal(ks[1], (L, d, 3 * d)) * 0.02,
            "wo": jax.random.normal(ks[2], (L, d, d)) * 0.02,
            "w1": jax.random.normal(ks[3], (L, d, 4 * d)) * 0.02,
            "w2": jax.random.normal(ks[4], (L, 4 * d, d)) * 0.02,
            "ln1": jnp.ones((L, d)), "ln2": jnp.ones((L, d)),
        },
    }
    # stacked layer dim stays whole (scan walks it); the first weight dim goes over fsdp
    p_sh = {"emb": NamedSharding(mesh, P("fsdp", None)),
            "layers": {k: NamedSharding(mesh, P(None, "fsdp", None) if v.ndim == 3 else P(None, "fsdp"))
                       for k, v in params["layers"].items()}}
    params = jax.device_put(params, p_sh)
    tx = optax.adam(1e-3)
    opt_state = jax.jit(tx.init)(params)
    # the constant count comes back on one device: give it a replicated NamedSharding
    o_sh = jax.tree.map(lambda a: a.sharding if isinstance(a.sharding, NamedSharding)
                        else NamedSharding(mesh, P()), opt_state)
    opt_state = jax.device_put(opt_state, o_sh)
    tsh = NamedSharding(mesh, P("data", None))
    tokens = jax.device_put(jnp.zeros((B, S), jnp.int32), tsh)

    def ln(x, g):
        m = jnp.mean(x, -1, keepdims=True)
        v = jnp.mean((x - m) ** 2, -1, keepdims=True)
        return (x - m) * jax.lax.rsqrt(v + 1e-5) * g

    @jax.checkpoint
    def block(x, p):
        h = ln(x, p["ln1"])
        q, k, v = jnp.split(h @ p["wqkv"], 3, axis=-1)
        sh = lambda t: t.reshape(B, S, H, d // H)
        att = jnp.einsum("bqhd,bkhd->bhqk", sh(q), sh(k)) / np.sqrt(d // H)
        att = jnp.where(jnp.tril(jnp.ones((S, S), bool)), att, -1e9)
        o = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(att, -1), sh(v)).reshape(B, S, d)
        x = x + o @ p["wo"]
        return x + jax.nn.gelu(ln(x, p["ln2"]) @ p["w1"]) @ p["w2"]

    def loss_fn(params, tokens):
        x = params["emb"][tokens]
        x, _ = jax.lax.scan(lambda c, p: (block(c, p), None), x, params["layers"])
        logits = x @ params["emb"].T
        return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(tokens, V), -1))

    def train_step(params, opt_state, tokens):
        loss, grads = jax.value_and_grad(loss_fn)(params, tokens)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    step = jax.jit(train_step, in_shardings=(p_sh, o_sh, tsh),
                   out_shardings=(p_sh, o_sh, NamedSharding(mesh, P())), donate_argnums=(0, 1))
    return dict(fn=step, args=(params, opt_state, tokens), mesh=mesh,
                role=_roles_by_argname(params="weights", opt_state="optimizer state", tokens="inputs"))


# ---------------------------------------------------------------- 8
@program
def tp_inference():
    import jax
    import jax.numpy as jnp
    import flax.linen as nn
    from jax.sharding import NamedSharding, PartitionSpec as P
    mesh = _mesh((2, 4), ("data", "model"))
    d, H, S, B = 512, 8, 256, 8
    init = nn.initializers.lecun_normal()
    bf = jnp.bfloat16

    class Block(nn.Module):
        @nn.compact
        def __call__(self, x):
            proj = lambda name: nn.DenseGeneral((H, d // H), dtype=bf, param_dtype=bf, name=name, use_bias=False,
                                                kernel_init=nn.with_partitioning(init, (None, "model", None)))
            h = nn.LayerNorm(dtype=bf, param_dtype=bf)(x)
            q, k, v = proj("query")(h), proj("key")(h), proj("value")(h)
            att = nn.softmax(jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(d // H), axis=-1)
            o = jnp.einsum("bhqk,bkhd->bqhd", att, v)
            x = x + nn.DenseGeneral(d, axis=(-2, -1), dtype=bf, param_dtype=bf, use_bias=False, name="out",
                                    kernel_init=nn.with_partitioning(init, ("model", None, None)))(o)
            h = nn.LayerNorm(dtype=bf, param_dtype=bf)(x)
            h = nn.Dense(4 * d, dtype=bf, param_dtype=bf, name="mlp_in",
                         kernel_init=nn.with_partitioning(init, (None, "model")))(h)
            h = nn.Dense(d, dtype=bf, param_dtype=bf, name="mlp_out",
                         kernel_init=nn.with_partitioning(init, ("model", None)))(nn.gelu(h))
            return x + h

    model = Block()
    x = jnp.ones((B, S, d), bf)
    abstract = jax.eval_shape(model.init, jax.random.PRNGKey(0), x)
    p_sh = nn.get_sharding(abstract, mesh)     # boxed nn.Partitioned leaves -> NamedSharding
    params = jax.jit(model.init, out_shardings=p_sh)(jax.random.PRNGKey(0), x)
    xsh = NamedSharding(mesh, P("data", None, None))
    x = jax.device_put(x, xsh)

    def forward(params, x):
        return model.apply(params, x)

    step = jax.jit(forward, in_shardings=(p_sh, xsh), out_shardings=xsh)
    return dict(fn=step, args=(params, x), mesh=mesh,
                role=_roles_by_argname(params="weights", x="inputs"))


# ---------------------------------------------------------------- 9
def _pair(split):
    import jax
    import jax.numpy as jnp
    import optax
    from jax.sharding import NamedSharding, PartitionSpec as P
    mesh = _mesh((8,), ("data",))
    params = _mlp_init(jax.random.PRNGKey(0), [1024, 2048, 512])
    tx = optax.adam(1e-3)
    opt_state = tx.init(params)

    def sh(a):
        if not split or a.ndim == 0:
            return NamedSharding(mesh, P())
        spec = [None] * a.ndim
        spec[int(np.argmax(a.shape))] = "data"       # largest dim (first one on ties)
        return NamedSharding(mesh, P(*spec))

    p_sh, o_sh = jax.tree.map(sh, params), jax.tree.map(sh, opt_state)
    params, opt_state = jax.device_put(params, p_sh), jax.device_put(opt_state, o_sh)
    bsh = NamedSharding(mesh, P("data", None))
    x = jax.device_put(jnp.ones((256, 1024)), bsh)
    y = jax.device_put(jax.nn.one_hot(jnp.zeros((256,), jnp.int32), 512), bsh)

    def train_step(params, opt_state, x, y):
        loss, grads = jax.value_and_grad(_mlp_loss)(params, x, y)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    step = jax.jit(train_step, in_shardings=(p_sh, o_sh, bsh, bsh),
                   out_shardings=(p_sh, o_sh, NamedSharding(mesh, P())), donate_argnums=(0, 1))
    return dict(fn=step, args=(params, opt_state, x, y), mesh=mesh,
                role=_roles_by_argname(params="weights", opt_state="optimizer state",
                                       x="inputs", y="inputs"))


@program
def pair_replicated():
    return _pair(False)


@program
def pair_split():
    return _pair(True)


# ---------------------------------------------------------------- truth
DT = {"float32": "f32", "bfloat16": "bf16", "float16": "f16", "float64": "f64", "int32": "s32",
      "int64": "s64", "int8": "s8", "int16": "s16", "uint8": "u8", "uint16": "u16", "uint32": "u32",
      "uint64": "u64", "bool": "pred"}


def _hlo_params(path):
    """ENTRY parameters of a before_optimizations module: number -> (shape text, op_name or None)."""
    out = {}
    text = open(path).read()
    entry = text[text.index("\nENTRY "):]
    entry = entry[:entry.index("\n}\n") + 3] if "\n}\n" in entry else entry
    for line in entry.splitlines():
        m = re.search(r"=\s*(\S+?)(?:\{[^}]*\})?\s+parameter\((\d+)\)", line)
        if not m:
            continue
        op = re.search(r'op_name="((?:[^"\\]|\\.)*)"', line)
        out[int(m.group(2))] = (m.group(1), op.group(1).encode().decode("unicode_escape") if op else None, line)
    return out


def _role(fn, path):
    # adam's count / nnx's optimizer step are step counters
    if re.search(r"\.count$|\bstep\b|\['count'\]|\['step'\]", path):
        return "seeds and counters"
    return fn(path)


def _spec_list(sharding, rank):
    from jax.sharding import NamedSharding
    if not isinstance(sharding, NamedSharding):
        raise TypeError(f"not a NamedSharding: {sharding!r}")
    spec = list(sharding.spec) + [None] * (rank - len(sharding.spec))
    res = []
    for e in spec:
        if e is None:
            res.append([])
        elif isinstance(e, str):
            res.append([e])
        else:
            res.append([str(a) for a in e])
    return res


def run(name, outdir):
    import jax
    import jax.tree_util as jtu
    spec = PROGRAMS[name]()
    fn, args, mesh = spec["fn"], spec["args"], spec["mesh"]
    if spec.get("mesh_ctx"):
        with jax.set_mesh(mesh):
            lowered = fn.lower(*args)
            compiled = lowered.compile()
    else:
        lowered = fn.lower(*args)
        compiled = lowered.compile()

    stats = {"jax_version": jax.__version__}
    ma = compiled.memory_analysis()
    if isinstance(ma, (list, tuple)):
        ma = ma[0]
    for k in dir(ma):
        v = getattr(ma, k)
        if not k.startswith("_") and isinstance(v, int) and not isinstance(v, bool):
            stats[k] = int(v)
    with open(os.path.join(outdir, "memory_analysis.json"), "w") as f:
        json.dump(stats, f, indent=1, sort_keys=True)

    befores = glob.glob(os.path.join(outdir, "*before_optimizations.txt"))
    assert len(befores) == 1, befores
    module = os.path.basename(befores[0]).split(".")[1]
    hparams = _hlo_params(befores[0])

    # jax's flat arguments, as the jitted computation sees them
    in_sh = compiled.input_shardings
    in_sh = in_sh[0] if isinstance(in_sh, tuple) and len(in_sh) == 2 and isinstance(in_sh[1], dict) else in_sh
    flat_sh = jtu.tree_leaves(in_sh)
    info = lowered.args_info
    info_args = info[0] if isinstance(info, tuple) and len(info) == 2 and isinstance(info[1], dict) else info
    flat_info, _ = jtu.tree_flatten_with_path(info_args)
    assert len(flat_info) == len(flat_sh), (len(flat_info), len(flat_sh))

    # names jax gives the top-level arguments (Python parameter names; nnx.jit's pure fn differs)
    by_opname = {v[1]: k for k, v in hparams.items() if v[1]}
    notes = []
    rows = []
    for i, ((kp, ai), sh) in enumerate(zip(flat_info, flat_sh)):
        aval = ai._aval if hasattr(ai, "_aval") else ai.aval
        shape = tuple(aval.shape)
        dt = DT.get(str(aval.dtype), str(aval.dtype))
        gshape = f"{dt}[{','.join(map(str, shape))}]"
        rows.append(dict(kp=kp, shape=shape, gshape=gshape, dtype=str(aval.dtype), sh=sh,
                         donated=bool(ai.donated)))
    # HLO parameter numbers are the flat indices of the kept arguments, in order
    n_hlo = len(hparams)
    if n_hlo != len(rows):
        notes.append(f"{len(rows)} flat args but {n_hlo} HLO parameters (unused args pruned)")
    kept = getattr(getattr(compiled, "_executable", None), "_kept_var_idx", None)
    kept = sorted(kept) if kept is not None else list(range(len(rows)))
    num_of = {flat: hnum for hnum, flat in enumerate(kept)}

    args = []
    for i, r in enumerate(rows):
        hnum = num_of.get(i)
        hp = hparams.get(hnum) if hnum is not None else None
        path = hp[1] if hp else None
        if hp and hp[0] != r["gshape"]:
            notes.append(f"arg {i}: HLO shape {hp[0]} != aval {r['gshape']}")
        if path is None:
            path = "?" + jtu.keystr(r["kp"])
            notes.append(f"arg {i}: no op_name in HLO; path is computed {path}")
        sh = r["sh"]
        shard_shape = list(sh.shard_shape(r["shape"]))
        args.append({
            "number": hnum,
            "path": path,
            "global_shape": r["gshape"],
            "spec": _spec_list(sh, len(r["shape"])),
            "shard_shape": shard_shape,
            "replicated": tuple(shard_shape) == r["shape"],
            "dtype": r["dtype"],
            "donated": r["donated"],
            "role": _role(spec["role"], path),
        })
        if path in spec.get("nnx_paths", {}):
            npath, nshape = spec["nnx_paths"][path]
            assert nshape == r["shape"], (path, npath, nshape, r["shape"])
            args[-1]["nnx_path"] = npath   # extra: the nnx state path behind jax's flat name
    truth = {"jax_version": jax.__version__, "step": module, "devices": int(mesh.size),
             "mesh": {str(k): int(v) for k, v in mesh.shape.items()}, "args": args}
    if notes:
        truth["notes"] = notes
    with open(os.path.join(outdir, "truth.json"), "w") as f:
        json.dump(truth, f, indent=1)
    print(f"ok {name} {module} args={len(args)} hlo_params={n_hlo}")


if __name__ == "__main__":
    run(sys.argv[1], sys.argv[2])
