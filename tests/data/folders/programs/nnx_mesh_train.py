"""A flax.nnx MLP trained on a 2x4 mesh of CPU devices (run with 8 host devices): the model made
eagerly, its state and the batch placed with jax.device_put on NamedShardings, one array moved to
another sharding (what jax compiles for these moves, `_identity_fn`, sits beside the step)."""
import os

import jax
import numpy as np
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)


class MLP(nnx.Module):
    def __init__(self, rngs):
        init, zeros = nnx.initializers.lecun_normal(), nnx.initializers.zeros_init()
        self.hidden = nnx.Linear(128, 512, rngs=rngs, kernel_init=nnx.with_partitioning(init, (None, "model")),
                                 bias_init=nnx.with_partitioning(zeros, ("model",)))
        self.out = nnx.Linear(512, 10, rngs=rngs, kernel_init=nnx.with_partitioning(init, ("model", None)),
                              bias_init=nnx.with_partitioning(zeros, (None,)))

    def __call__(self, x):
        return self.out(jax.nn.relu(self.hidden(x)))


with jax.set_mesh(mesh):
    model = MLP(nnx.Rngs(0))
    state = nnx.state(model)
    nnx.update(model, jax.device_put(state, nnx.get_named_sharding(state, mesh)))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)

    @nnx.jit
    def train_step(model, optimizer, x, y):
        def loss_fn(m):
            return optax.softmax_cross_entropy_with_integer_labels(m(x), y).mean()
        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return loss

    x = jax.device_put(np.ones((64, 128), np.float32), NamedSharding(mesh, P("data", None)))
    y = jax.device_put(np.arange(64, dtype=np.int32) % 10, NamedSharding(mesh, P("data")))
    features = jax.device_put(x, NamedSharding(mesh, P(None, "model")))   # the batch moved to another sharding
    loss = train_step(model, optimizer, x, y)
    print("loss", float(loss), float(features.sum()))

    if os.environ.get("FOLDERS_TRUTH"):  # only when run by ../generate.py
        from generate import write_truth
        write_truth(__file__, [dict(fn=train_step, args=(model, optimizer, x, y),
                                    donate_argnums=(), has_backward=True)])
