"""A user's script that asks for more memory than any machine has: a 1 TiB cache made in a
jitted function. XLA:CPU fails when it allocates the output (RESOURCE_EXHAUSTED)."""
import jax
import jax.numpy as jnp


@jax.jit
def make_cache(x):
    cache = jnp.zeros((1 << 38,), jnp.float32)
    return cache.at[0].set(x)


make_cache(1.0).block_until_ready()
