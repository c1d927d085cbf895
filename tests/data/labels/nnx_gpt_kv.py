"""Small GPT in flax.nnx with a KV cache; jitted greedy generation (prefill + fori_loop decode)."""
import sys
import jax
import jax.numpy as jnp
from flax import nnx
from _stats import dump_memory_analysis

OUTDIR = sys.argv[1]
VOCAB, D, HEADS, LAYERS, MAX_LEN = 4096, 256, 8, 4, 256
BATCH, PROMPT, NEW = 8, 64, 64
DH = D // HEADS


class Attention(nnx.Module):
    def __init__(self, rngs):
        self.qkv = nnx.Linear(D, 3 * D, rngs=rngs)
        self.proj = nnx.Linear(D, D, rngs=rngs)

    def __call__(self, x, k_cache, v_cache, start):
        b, t, _ = x.shape
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        q = q.reshape(b, t, HEADS, DH)
        k = k.reshape(b, t, HEADS, DH)
        v = v.reshape(b, t, HEADS, DH)
        k_cache = jax.lax.dynamic_update_slice(k_cache, k, (0, start, 0, 0))
        v_cache = jax.lax.dynamic_update_slice(v_cache, v, (0, start, 0, 0))
        att = jnp.einsum("bqhd,bkhd->bhqk", q, k_cache) / jnp.sqrt(DH)
        q_pos = start + jnp.arange(t)[:, None]
        k_pos = jnp.arange(MAX_LEN)[None, :]
        att = jnp.where(k_pos <= q_pos, att, -1e30)
        att = jax.nn.softmax(att, axis=-1)
        y = jnp.einsum("bhqk,bkhd->bqhd", att, v_cache).reshape(b, t, D)
        return self.proj(y), k_cache, v_cache


class Block(nnx.Module):
    def __init__(self, rngs):
        self.ln1 = nnx.LayerNorm(D, rngs=rngs)
        self.attn = Attention(rngs)
        self.ln2 = nnx.LayerNorm(D, rngs=rngs)
        self.fc1 = nnx.Linear(D, 4 * D, rngs=rngs)
        self.fc2 = nnx.Linear(4 * D, D, rngs=rngs)

    def __call__(self, x, k_cache, v_cache, start):
        a, k_cache, v_cache = self.attn(self.ln1(x), k_cache, v_cache, start)
        x = x + a
        x = x + self.fc2(nnx.gelu(self.fc1(self.ln2(x))))
        return x, k_cache, v_cache


class GPT(nnx.Module):
    def __init__(self, rngs):
        self.tok = nnx.Embed(VOCAB, D, rngs=rngs)
        self.pos = nnx.Embed(MAX_LEN, D, rngs=rngs)
        self.blocks = nnx.List([Block(rngs) for _ in range(LAYERS)])
        self.ln_f = nnx.LayerNorm(D, rngs=rngs)
        self.head = nnx.Linear(D, VOCAB, use_bias=False, rngs=rngs)

    def __call__(self, tokens, cache, start):
        t = tokens.shape[1]
        x = self.tok(tokens) + self.pos(start + jnp.arange(t))[None]
        new_cache = []
        for blk, (kc, vc) in zip(self.blocks, cache):
            x, kc, vc = blk(x, kc, vc, start)
            new_cache.append((kc, vc))
        return self.head(self.ln_f(x)), new_cache


model = GPT(nnx.Rngs(0))
graphdef, state = nnx.split(model)


@jax.jit
def generate(state, prompt):
    model = nnx.merge(graphdef, state)
    b = prompt.shape[0]
    cache = [(jnp.zeros((b, MAX_LEN, HEADS, DH)), jnp.zeros((b, MAX_LEN, HEADS, DH)))
             for _ in range(LAYERS)]
    logits, cache = model(prompt, cache, 0)
    next_tok = jnp.argmax(logits[:, -1], axis=-1)
    out = jnp.zeros((b, NEW), dtype=jnp.int32).at[:, 0].set(next_tok)

    def body(i, carry):
        out, cache = carry
        tok = jax.lax.dynamic_slice_in_dim(out, i - 1, 1, axis=1)
        logits, cache = model(tok, cache, PROMPT + i - 1)
        nxt = jnp.argmax(logits[:, -1], axis=-1).astype(jnp.int32)
        out = jax.lax.dynamic_update_slice(out, nxt[:, None], (0, i))
        return out, cache

    out, cache = jax.lax.fori_loop(1, NEW, body, (out, cache))
    return out


if __name__ == "__main__":
    prompt = jax.random.randint(jax.random.PRNGKey(1), (BATCH, PROMPT), 0, VOCAB, dtype=jnp.int32)
    compiled = generate.lower(state, prompt).compile()
    dump_memory_analysis(compiled, OUTDIR)
    out = generate(state, prompt)
    print("generated", out.shape, out[0, :10])
