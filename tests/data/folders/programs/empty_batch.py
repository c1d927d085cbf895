"""A batch filtered down to nothing before a small jitted step: jax compiles its eager operations
on empty arrays (XLA folds each to a constant of 0 bytes, and its memory-usage report prints the
share of a 0-byte allocation as `-nan%`)."""
import os

import jax
import jax.numpy as jnp
import numpy as np

keep = np.arange(8) > 100                       # no example passes the filter
batch = jnp.ones((8, 16))[np.nonzero(keep)[0]]  # shape (0, 16)
batch = jnp.where(batch > 0, batch, 0.0) + 1.0


@jax.jit
def step(w, x):
    return jnp.tanh(x @ w).sum()


w, x = jnp.ones((16, 4)), jnp.ones((8, 16))
print("loss", float(step(w, x)), batch.shape)

if os.environ.get("FOLDERS_TRUTH"):  # only when run by ../generate.py
    from generate import write_truth
    write_truth(__file__, [dict(fn=step, args=(w, x), donate_argnums=(), has_backward=False)])
