"""A tiny flax.linen CNN trained with optax.adamw: eager init, one jitted train step."""
import os

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Conv(features=2, kernel_size=(3, 3))(x))
        x = nn.relu(nn.Conv(features=2, kernel_size=(3, 3))(x))
        x = x.reshape((x.shape[0], -1))
        x = nn.relu(nn.Dense(features=16)(x))
        return nn.Dense(features=4)(x)


model = CNN()
tx = optax.adamw(learning_rate=1e-3, weight_decay=1e-4)


def loss_fn(params, batch):
    logits = model.apply({"params": params}, batch["image"])
    return optax.softmax_cross_entropy_with_integer_labels(logits, batch["label"]).mean()


def train_step(params, opt_state, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss


data = np.random.default_rng(0)
batch = {
    "image": data.normal(size=(4, 8, 8, 2)).astype(np.float32),
    "label": np.array([0, 1, 2, 3], dtype=np.int32),
}
params = model.init(jax.random.PRNGKey(0), batch["image"])["params"]
opt_state = tx.init(params)

train_step = jax.jit(train_step, donate_argnums=(0, 1))
params, opt_state, loss = train_step(params, opt_state, batch)
print("loss", float(loss))

if os.environ.get("FOLDERS_TRUTH"):  # only when run by ../generate.py
    from generate import write_truth
    write_truth(__file__, [dict(fn=train_step, args=(params, opt_state, batch),
                                donate_argnums=(0, 1), has_backward=True)])
