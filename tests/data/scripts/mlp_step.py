"""A user's training script: an MLP's parameters from jax.jit(init), a few jitted steps.
Arguments: --steps N, --width W, --fail-with CODE (exit with CODE after training),
--flags-to FILE (write the XLA_FLAGS it ran with to FILE)."""
import argparse
import os
import sys

import jax
import jax.numpy as jnp

parser = argparse.ArgumentParser()
parser.add_argument("--steps", type=int, default=2)
parser.add_argument("--width", type=int, default=512)
parser.add_argument("--fail-with", type=int, default=0)
parser.add_argument("--flags-to")
args = parser.parse_args()
if args.flags_to:
    with open(args.flags_to, "w") as f:
        f.write(os.environ.get("XLA_FLAGS", ""))


def init(key):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (256, args.width)) * 0.02,
            "w2": jax.random.normal(k2, (args.width, 10)) * 0.02}


def loss(params, x, y):
    return jnp.mean((jnp.tanh(x @ params["w1"]) @ params["w2"] - y) ** 2)


@jax.jit
def train_step(params, x, y):
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)


params = jax.jit(init)(jax.random.key(0))
x, y = jnp.ones((64, 256)), jnp.zeros((64, 10))
for step in range(args.steps):
    params = train_step(params, x, y)
print(f"trained {args.steps} steps, loss {float(loss(params, x, y)):.4f}")
sys.exit(args.fail_with)
