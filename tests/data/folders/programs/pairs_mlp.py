"""A flax.linen residual MLP (2 Blocks, then Dense(16); every kernel [16, 16], so the eager
init compiles each op once) trained with optax.adam: eager init, one jitted, donated train step.

One script, several runs that differ in one thing each, as a user edits a training script and
reruns it. The change is picked by `--variant NAME` (or the environment variable
PAIRS_VARIANT when no flag is given):

    base      batch 8, float32, blocks not rematerialized, donate_argnums=(0, 1)
    batch     batch 16 (doubled)
    nodonate  jax.jit(train_step) without donate_argnums
    remat     each Block wrapped in nn.remat (jax.checkpoint's default policy: save nothing)
    bf16      params (and so the adam moments) and compute in bfloat16; the loss in float32
    policy    each Block wrapped in nn.remat(policy=jax.checkpoint_policies.dots_saveable)
"""
import argparse
import os

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax

VARIANTS = ["base", "batch", "nodonate", "remat", "bf16", "policy"]
ap = argparse.ArgumentParser()
ap.add_argument("--variant", choices=VARIANTS, default=os.environ.get("PAIRS_VARIANT", "base"))
variant = ap.parse_args().variant

BATCH = 16 if variant == "batch" else 8
DTYPE = jnp.bfloat16 if variant == "bf16" else jnp.float32
DONATE = () if variant == "nodonate" else (0, 1)


class Block(nn.Module):
    """x + Dense(relu(Dense(x)))"""
    hidden: int = 16
    dtype: jnp.dtype = jnp.float32

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(self.hidden, dtype=self.dtype, param_dtype=self.dtype)(x))
        return x + nn.Dense(x.shape[-1], dtype=self.dtype, param_dtype=self.dtype)(h)


if variant == "remat":
    BlockCls = nn.remat(Block)
elif variant == "policy":
    BlockCls = nn.remat(Block, policy=jax.checkpoint_policies.dots_saveable)
else:
    BlockCls = Block


class MLP(nn.Module):
    dtype: jnp.dtype = jnp.float32

    @nn.compact
    def __call__(self, x):
        x = BlockCls(dtype=self.dtype)(x)
        x = BlockCls(dtype=self.dtype)(x)
        return nn.Dense(16, dtype=self.dtype, param_dtype=self.dtype)(x)


model = MLP(dtype=DTYPE)
tx = optax.adam(learning_rate=1e-3)


def loss_fn(params, x, y):
    logits = model.apply({"params": params}, x).astype(jnp.float32)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss


data = np.random.default_rng(0)
x = data.normal(size=(BATCH, 16)).astype(np.float32)
if variant == "bf16":
    x = x.astype(jnp.bfloat16)
y = data.integers(0, 16, size=(BATCH,)).astype(np.int32)
params = model.init(jax.random.PRNGKey(0), x)["params"]
opt_state = tx.init(params)

train_step = jax.jit(train_step, donate_argnums=DONATE)
params, opt_state, loss = train_step(params, opt_state, x, y)
print("variant", variant, "loss", float(loss))

if os.environ.get("FOLDERS_TRUTH"):  # only when run by ../generate_pairs.py
    from generate import write_truth
    write_truth(__file__, [dict(fn=train_step, args=(params, opt_state, x, y),
                                donate_argnums=DONATE, has_backward=True)])
