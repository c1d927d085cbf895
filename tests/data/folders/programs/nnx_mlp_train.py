"""A flax.nnx MLP with a rematerialized block, nnx.Optimizer(adam) and an nnx.jit train step."""
import os

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Block(nnx.Module):
    def __init__(self, dim, rngs):
        self.linear = nnx.Linear(dim, dim, rngs=rngs)
        self.norm = nnx.LayerNorm(dim, rngs=rngs)

    def __call__(self, x):
        return x + nnx.relu(self.linear(self.norm(x)))


class MLP(nnx.Module):
    def __init__(self, din, dim, dout, rngs):
        self.inp = nnx.Linear(din, dim, rngs=rngs)
        self.block = Block(dim, rngs)
        self.out = nnx.Linear(dim, dout, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.inp(x))
        x = nnx.remat(lambda block, h: block(h))(self.block, x)
        return self.out(x)


model = MLP(16, 32, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)


def loss_fn(model, x, y):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@nnx.jit
def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)
    return loss


x = jax.random.normal(jax.random.PRNGKey(1), (8, 16))
y = jnp.arange(8, dtype=jnp.int32) % 4
loss = train_step(model, optimizer, x, y)
print("loss", float(loss))

if os.environ.get("FOLDERS_TRUTH"):  # only when run by ../generate.py
    from generate import write_truth
    write_truth(__file__, [dict(fn=train_step, args=(model, optimizer, x, y),
                                donate_argnums=(), has_backward=True)])
