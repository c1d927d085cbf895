"""Greedy generation with a KV cache from a tiny flax nnx decoder-only transformer.

The KV cache is created with jnp.zeros inside the jitted generate() and carried
through jax.lax.fori_loop; each iteration writes one position.
"""
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB = 256
D_MODEL = 128
N_HEADS = 4
HEAD_DIM = D_MODEL // N_HEADS
N_LAYERS = 2
MAX_LEN = 64
BATCH = 4
PROMPT_LEN = 8


class CausalSelfAttention(nnx.Module):
    def __init__(self, d_model, n_heads, *, rngs: nnx.Rngs):
        self.n_heads = n_heads
        self.head_dim = d_model // n_heads
        self.qkv = nnx.Linear(d_model, 3 * d_model, rngs=rngs)
        self.out = nnx.Linear(d_model, d_model, rngs=rngs)

    def __call__(self, x, k_cache, v_cache, pos):
        # x: [B, 1, D]; k_cache / v_cache: [B, MAX_LEN, H, Dh]
        b, t, _ = x.shape
        qkv = self.qkv(x).reshape(b, t, 3, self.n_heads, self.head_dim)
        q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
        k_cache = jax.lax.dynamic_update_slice(k_cache, k, (0, pos, 0, 0))
        v_cache = v_cache.at[:, pos].set(v[:, 0])
        scores = jnp.einsum("bqhd,bkhd->bhqk", q, k_cache) / jnp.sqrt(self.head_dim)
        mask = jnp.arange(k_cache.shape[1]) <= pos
        scores = jnp.where(mask[None, None, None, :], scores, -1e9)
        probs = jax.nn.softmax(scores, axis=-1)
        y = jnp.einsum("bhqk,bkhd->bqhd", probs, v_cache).reshape(b, t, -1)
        return self.out(y), k_cache, v_cache


class MLP(nnx.Module):
    def __init__(self, d_model, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(d_model, 4 * d_model, rngs=rngs)
        self.fc2 = nnx.Linear(4 * d_model, d_model, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.gelu(self.fc1(x)))


class Block(nnx.Module):
    def __init__(self, d_model, n_heads, *, rngs: nnx.Rngs):
        self.ln1 = nnx.LayerNorm(d_model, rngs=rngs)
        self.attn = CausalSelfAttention(d_model, n_heads, rngs=rngs)
        self.ln2 = nnx.LayerNorm(d_model, rngs=rngs)
        self.mlp = MLP(d_model, rngs=rngs)

    def __call__(self, x, k_cache, v_cache, pos):
        h, k_cache, v_cache = self.attn(self.ln1(x), k_cache, v_cache, pos)
        x = x + h
        x = x + self.mlp(self.ln2(x))
        return x, k_cache, v_cache


class Decoder(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.tok_emb = nnx.Embed(VOCAB, D_MODEL, rngs=rngs)
        self.pos_emb = nnx.Embed(MAX_LEN, D_MODEL, rngs=rngs)
        self.blocks = nnx.List([Block(D_MODEL, N_HEADS, rngs=rngs) for _ in range(N_LAYERS)])
        self.ln_f = nnx.LayerNorm(D_MODEL, rngs=rngs)
        self.lm_head = nnx.Linear(D_MODEL, VOCAB, use_bias=False, rngs=rngs)

    def decode_step(self, tok, pos, k_caches, v_caches):
        # tok: [B] int32, k_caches/v_caches: [L, B, MAX_LEN, H, Dh]
        x = self.tok_emb(tok[:, None]) + self.pos_emb(pos)[None, None, :]
        new_k, new_v = [], []
        for i, block in enumerate(self.blocks):
            x, k, v = block(x, k_caches[i], v_caches[i], pos)
            new_k.append(k)
            new_v.append(v)
        logits = self.lm_head(self.ln_f(x))[:, 0]
        return logits, jnp.stack(new_k), jnp.stack(new_v)


@nnx.jit
def generate(model: Decoder, prompt: jax.Array):
    batch = prompt.shape[0]
    k_caches = jnp.zeros((N_LAYERS, batch, MAX_LEN, N_HEADS, HEAD_DIM), jnp.float32)
    v_caches = jnp.zeros_like(k_caches)
    tokens = jnp.zeros((batch, MAX_LEN), jnp.int32)
    tokens = tokens.at[:, :PROMPT_LEN].set(prompt)

    def body(pos, carry):
        tokens, k_caches, v_caches = carry
        logits, k_caches, v_caches = model.decode_step(tokens[:, pos], pos, k_caches, v_caches)
        next_tok = jnp.argmax(logits, axis=-1).astype(jnp.int32)
        # keep the prompt, only fill positions after it
        next_tok = jnp.where(pos + 1 < PROMPT_LEN, tokens[:, pos + 1], next_tok)
        tokens = tokens.at[:, pos + 1].set(next_tok)
        return tokens, k_caches, v_caches

    tokens, _, _ = jax.lax.fori_loop(0, MAX_LEN - 1, body, (tokens, k_caches, v_caches))
    return tokens


def main():
    model = Decoder(rngs=nnx.Rngs(0))
    prompt = jax.random.randint(jax.random.key(1), (BATCH, PROMPT_LEN), 0, VOCAB, jnp.int32)
    out = generate(model, prompt)
    out.block_until_ready()
    print("generated", out.shape, out[0, :16])
    return generate, (model, prompt)


if __name__ == "__main__":
    main()
