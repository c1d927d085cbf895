"""An equinox MLP trained with optax.adam: eager init, an eqx.filter_jit(donate="all") step."""
import os

import equinox as eqx
import jax
import jax.numpy as jnp
import optax

key, data_key = jax.random.split(jax.random.PRNGKey(0))
model = eqx.nn.MLP(in_size=16, out_size=4, width_size=32, depth=2, key=key)
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_array))


def loss_fn(model, x, y):
    logits = jax.vmap(model)(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@eqx.filter_jit(donate="all")
def train_step(model, opt_state, x, y):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return model, opt_state, loss


x = jax.random.normal(data_key, (8, 16))
y = jnp.arange(8, dtype=jnp.int32) % 4
model, opt_state, loss = train_step(model, opt_state, x, y)
print("loss", float(loss))

if os.environ.get("FOLDERS_TRUTH"):  # only when run by ../generate.py
    from generate import write_truth
    write_truth(__file__, [dict(fn=train_step, args=(model, opt_state, x, y),
                                donate_argnums="all", has_backward=True)])
