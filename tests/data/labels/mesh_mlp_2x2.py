"""MLP training step sharded over a 2x2 (data, model) mesh, optax adam.
Run with XLA_FLAGS=--xla_force_host_platform_device_count=4 on CPU."""
import sys
import numpy as np
import jax
import jax.numpy as jnp
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
from _stats import dump_memory_analysis

OUTDIR = sys.argv[1]
BATCH, D_IN, HIDDEN, D_OUT, LAYERS = 256, 1024, 2048, 1024, 3

mesh = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("data", "model"))


def init_params(key):
    dims = [D_IN] + [HIDDEN] * (LAYERS - 1) + [D_OUT]
    params = []
    for i, (a, b) in enumerate(zip(dims[:-1], dims[1:])):
        key, sub = jax.random.split(key)
        params.append({"w": jax.random.normal(sub, (a, b)) * (2.0 / a) ** 0.5, "b": jnp.zeros((b,))})
    return params


def param_specs(params):
    # Megatron-style: alternate column- and row-parallel layers over the "model" axis
    specs = []
    for i, _ in enumerate(params):
        if i % 2 == 0:
            specs.append({"w": P(None, "model"), "b": P("model")})
        else:
            specs.append({"w": P("model", None), "b": P(None)})
    return specs


def mlp(params, x):
    for i, layer in enumerate(params):
        x = x @ layer["w"] + layer["b"]
        if i < len(params) - 1:
            x = jax.nn.gelu(x)
    return x


def loss_fn(params, x, y):
    return jnp.mean((mlp(params, x) - y) ** 2)


optimizer = optax.adam(1e-3)


def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


if __name__ == "__main__":
    params = init_params(jax.random.PRNGKey(0))
    p_shard = jax.tree.map(lambda s: NamedSharding(mesh, s), param_specs(params))
    params = jax.device_put(params, p_shard)
    opt_state = optimizer.init(params)           # adam moments inherit the param shardings
    # the step counter is created on one device; replicate it over the mesh
    o_shard = jax.tree.map(lambda a: a.sharding if len(a.sharding.device_set) == 4
                           else NamedSharding(mesh, P()), opt_state)
    opt_state = jax.device_put(opt_state, o_shard)
    batch_shard = NamedSharding(mesh, P("data", None))
    x = jax.device_put(jax.random.normal(jax.random.PRNGKey(1), (BATCH, D_IN)), batch_shard)
    y = jax.device_put(jax.random.normal(jax.random.PRNGKey(2), (BATCH, D_OUT)), batch_shard)

    step = jax.jit(train_step,
                   in_shardings=(p_shard, o_shard, batch_shard, batch_shard),
                   out_shardings=(p_shard, o_shard, NamedSharding(mesh, P())),
                   donate_argnums=(0, 1))
    compiled = step.lower(params, opt_state, x, y).compile()
    dump_memory_analysis(compiled, OUTDIR)
    params, opt_state, loss = step(params, opt_state, x, y)
    print("loss", float(loss), "w0 sharding", params[0]["w"].sharding)
