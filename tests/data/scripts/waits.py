"""A script that compiles a step, says so, then waits (to be stopped with Ctrl-C)."""
import time

import jax
import jax.numpy as jnp

jax.jit(lambda x: x * 2)(jnp.ones(8)).block_until_ready()
print("compiled", flush=True)
time.sleep(120)
