"""A dm-haiku MLP (hk.transform) trained with optax.adam: eager init, a jitted update."""
import os

import haiku as hk
import jax
import jax.numpy as jnp
import optax


def forward(x):
    return hk.nets.MLP([32, 32, 4])(x)


net = hk.without_apply_rng(hk.transform(forward))
optimizer = optax.adam(1e-3)


def loss_fn(params, x, y):
    logits = net.apply(params, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@jax.jit
def update(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = optimizer.update(grads, opt_state)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss


x = jax.random.normal(jax.random.PRNGKey(1), (8, 16))
y = jnp.arange(8, dtype=jnp.int32) % 4
params = net.init(jax.random.PRNGKey(0), x)
opt_state = optimizer.init(params)
params, opt_state, loss = update(params, opt_state, x, y)
print("loss", float(loss))

if os.environ.get("FOLDERS_TRUTH"):  # only when run by ../generate.py
    from generate import write_truth
    write_truth(__file__, [dict(fn=update, args=(params, opt_state, x, y),
                                donate_argnums=(), has_backward=True)])
