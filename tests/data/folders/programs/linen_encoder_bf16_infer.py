"""A flax.linen transformer encoder block in bfloat16: eager init, a jitted predict (no grad)."""
import os

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np


class EncoderBlock(nn.Module):
    d_model: int = 32
    num_heads: int = 2
    mlp_dim: int = 64
    dtype: jnp.dtype = jnp.bfloat16

    @nn.compact
    def __call__(self, x):
        h = nn.LayerNorm(dtype=self.dtype, param_dtype=self.dtype)(x)
        h = nn.MultiHeadDotProductAttention(num_heads=self.num_heads, dtype=self.dtype,
                                            param_dtype=self.dtype)(h, h)
        x = x + h
        h = nn.LayerNorm(dtype=self.dtype, param_dtype=self.dtype)(x)
        h = nn.Dense(self.mlp_dim, dtype=self.dtype, param_dtype=self.dtype)(h)
        h = nn.gelu(h)
        h = nn.Dense(self.d_model, dtype=self.dtype, param_dtype=self.dtype)(h)
        return x + h


model = EncoderBlock()
x = jnp.ones((2, 16, 32), jnp.bfloat16)
variables = model.init(jax.random.PRNGKey(0), x)


@jax.jit
def predict(variables, batch):
    return model.apply(variables, batch["inputs"])  # batch["ids"] is not used


batch = {"inputs": x, "ids": np.arange(2, dtype=np.int32)}
y = predict(variables, batch)
print(y.shape, y.dtype)

if os.environ.get("FOLDERS_TRUTH"):  # only when run by ../generate.py
    from generate import write_truth
    write_truth(__file__, [dict(fn=predict, args=(variables, batch), donate_argnums=(), has_backward=False)])
