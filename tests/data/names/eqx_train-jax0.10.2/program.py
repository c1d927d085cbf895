"""Equinox MLP regression trained with optax.adam via eqx.filter_jit (one step)."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax


def loss(model, x, y):
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


@eqx.filter_jit
def make_step(model, opt_state, x, y):
    loss_value, grads = eqx.filter_value_and_grad(loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return model, opt_state, loss_value


optim = optax.adam(1e-3)


def main():
    key = jax.random.PRNGKey(0)
    model_key, x_key = jax.random.split(key)
    model = eqx.nn.MLP(in_size=64, out_size=8, width_size=512, depth=3, activation=jax.nn.gelu, key=model_key)
    opt_state = optim.init(eqx.filter(model, eqx.is_array))
    x = jax.random.normal(x_key, (256, 64))
    y = jnp.sin(x[:, :8])
    model, opt_state, loss_value = make_step(model, opt_state, x, y)
    print("loss", loss_value.item())
    return make_step, (model, opt_state, x, y)


if __name__ == "__main__":
    main()
