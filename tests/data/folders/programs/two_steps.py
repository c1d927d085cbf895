"""A flax.linen MLP with two jitted functions: a train step (sgd+momentum, donated) and an eval step."""
import os

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(16)(x))
        x = nn.relu(nn.Dense(16)(x))
        return nn.Dense(16)(x)


model = MLP()
tx = optax.sgd(learning_rate=0.1, momentum=0.9)


def loss_fn(params, x, y):
    logits = model.apply({"params": params}, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@jax.jit
def eval_step(params, x, y):
    logits = model.apply({"params": params}, x)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    accuracy = jnp.mean(jnp.argmax(logits, -1) == y)
    return loss, accuracy


def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


train_step = jax.jit(train_step, donate_argnums=(0, 1))

data = np.random.default_rng(0)
x = data.normal(size=(8, 16)).astype(np.float32)
y = data.integers(0, 16, size=(8,)).astype(np.int32)
params = model.init(jax.random.PRNGKey(0), x)["params"]
opt_state = tx.init(params)
params, opt_state, loss = train_step(params, opt_state, x, y)
eval_loss, accuracy = eval_step(params, x, y)
print("loss", float(loss), "eval", float(eval_loss), float(accuracy))

if os.environ.get("FOLDERS_TRUTH"):  # only when run by ../generate.py
    from generate import write_truth
    write_truth(__file__, [
        dict(fn=train_step, args=(params, opt_state, x, y), donate_argnums=(0, 1), has_backward=True),
        dict(fn=eval_step, args=(params, x, y), donate_argnums=(), has_backward=False),
    ])
