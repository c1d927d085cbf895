"""(1) 4-layer MLP training step with optax.adamw, data parallel:
batch sharded over all devices, params and optimizer state replicated."""
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from common import parse_args, make_mesh, sds, save_memory_analysis

SIZES = [1024, 2048, 2048, 2048, 1024]  # 4 dense layers
BATCH = 512


def init_params(key):
    params = []
    for i, (din, dout) in enumerate(zip(SIZES[:-1], SIZES[1:])):
        k = jax.random.fold_in(key, i)
        params.append({"w": jax.random.normal(k, (din, dout)) / jnp.sqrt(din),
                       "b": jnp.zeros((dout,))})
    return params


def forward(params, x):
    for i, layer in enumerate(params):
        x = x @ layer["w"] + layer["b"]
        if i < len(params) - 1:
            x = jax.nn.gelu(x)
    return x


def loss_fn(params, x, y):
    return jnp.mean((forward(params, x) - y) ** 2)


optimizer = optax.adamw(1e-3, weight_decay=1e-4)


def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss


def main():
    topology, out_dir = parse_args()
    mesh = make_mesh(topology, "data")
    params_shape = jax.eval_shape(lambda: init_params(jax.random.key(0)))
    opt_shape = jax.eval_shape(optimizer.init, params_shape)
    repl = lambda t: jax.tree.map(lambda s: sds(s.shape, s.dtype, mesh, P()), t)
    args = (repl(params_shape), repl(opt_shape),
            sds((BATCH, SIZES[0]), jnp.float32, mesh, P("data", None)),
            sds((BATCH, SIZES[-1]), jnp.float32, mesh, P("data", None)))
    compiled = jax.jit(train_step).lower(*args).compile()
    save_memory_analysis(compiled, out_dir, topology, mesh)


if __name__ == "__main__":
    main()
