"""Small ViT in flax.linen, bf16 compute / f32 params, optax.MultiSteps(adamw) gradient accumulation."""
import sys
from functools import partial
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from flax.training import train_state
from _stats import dump_memory_analysis

OUTDIR = sys.argv[1]
IMG, PATCH, D, HEADS, LAYERS, MLP, CLASSES, BATCH = 16, 4, 128, 4, 2, 512, 10, 8


class EncoderBlock(nn.Module):
    dtype: jnp.dtype = jnp.bfloat16

    @nn.compact
    def __call__(self, x, train: bool):
        y = nn.LayerNorm(dtype=self.dtype, param_dtype=jnp.float32)(x)
        y = nn.MultiHeadDotProductAttention(num_heads=HEADS, dtype=self.dtype,
                                            param_dtype=jnp.float32)(y, y)
        y = nn.Dropout(0.1, deterministic=not train)(y)
        x = x + y
        y = nn.LayerNorm(dtype=self.dtype, param_dtype=jnp.float32)(x)
        y = nn.Dense(MLP, dtype=self.dtype, param_dtype=jnp.float32)(y)
        y = nn.gelu(y)
        y = nn.Dense(D, dtype=self.dtype, param_dtype=jnp.float32)(y)
        y = nn.Dropout(0.1, deterministic=not train)(y)
        return x + y


class ViT(nn.Module):
    dtype: jnp.dtype = jnp.bfloat16

    @nn.compact
    def __call__(self, images, train: bool = True):
        x = nn.Conv(D, (PATCH, PATCH), strides=(PATCH, PATCH), dtype=self.dtype,
                    param_dtype=jnp.float32, name="patch_embed")(images)
        b, h, w, c = x.shape
        x = x.reshape(b, h * w, c)
        cls = self.param("cls", nn.initializers.zeros, (1, 1, D), jnp.float32)
        x = jnp.concatenate([jnp.tile(cls, (b, 1, 1)).astype(self.dtype), x], axis=1)
        pos = self.param("pos_embedding", nn.initializers.normal(0.02), (1, h * w + 1, D), jnp.float32)
        x = x + pos.astype(self.dtype)
        for i in range(LAYERS):
            x = EncoderBlock(dtype=self.dtype, name=f"encoder_{i}")(x, train)
        x = nn.LayerNorm(dtype=self.dtype, param_dtype=jnp.float32)(x[:, 0])
        return nn.Dense(CLASSES, dtype=jnp.float32, param_dtype=jnp.float32, name="head")(x)


model = ViT()
tx = optax.MultiSteps(
    optax.adamw(optax.warmup_cosine_decay_schedule(0.0, 3e-4, 100, 10_000), weight_decay=0.05),
    every_k_schedule=4)


@partial(jax.jit, donate_argnums=(0,))
def train_step(state, images, labels, dropout_rng):
    def loss_fn(params):
        logits = state.apply_fn({"params": params}, images, train=True,
                                rngs={"dropout": dropout_rng})
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        return loss, logits

    (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    state = state.apply_gradients(grads=grads)
    acc = jnp.mean(jnp.argmax(logits, -1) == labels)
    return state, {"loss": loss, "accuracy": acc}


if __name__ == "__main__":
    rng = jax.random.PRNGKey(0)
    params = model.init(rng, jnp.ones((1, IMG, IMG, 3)), train=False)["params"]
    state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)
    images = jax.random.normal(jax.random.PRNGKey(1), (BATCH, IMG, IMG, 3))
    labels = jax.random.randint(jax.random.PRNGKey(2), (BATCH,), 0, CLASSES)
    drop = jax.random.PRNGKey(3)
    compiled = train_step.lower(state, images, labels, drop).compile()
    dump_memory_analysis(compiled, OUTDIR)
    state, metrics = train_step(state, images, labels, drop)
    print({k: float(v) for k, v in metrics.items()})
