"""Transformer LM with a top-2 mixture-of-experts FFN (8 experts) in haiku, trained with optax adam."""
import sys
import jax
import jax.numpy as jnp
import haiku as hk
import optax
from _stats import dump_memory_analysis

OUTDIR = sys.argv[1]
VOCAB, D, HEADS, LAYERS, T, BATCH = 2048, 256, 8, 2, 128, 8
EXPERTS, TOP_K, FFN, CAPACITY_FACTOR = 8, 2, 512, 1.25


class MoE(hk.Module):
    def __call__(self, x):
        b, t, d = x.shape
        tokens = x.reshape(b * t, d)
        n = tokens.shape[0]
        capacity = int(CAPACITY_FACTOR * TOP_K * n / EXPERTS)

        router_logits = hk.Linear(EXPERTS, with_bias=False, name="router")(tokens)
        probs = jax.nn.softmax(router_logits.astype(jnp.float32), axis=-1)
        gate_vals, expert_idx = jax.lax.top_k(probs, k=TOP_K)          # [n, 2], int32 [n, 2]
        gate_vals = gate_vals / gate_vals.sum(-1, keepdims=True)

        # position of each (token, choice) inside its expert's buffer
        expert_mask = jax.nn.one_hot(expert_idx, EXPERTS, dtype=jnp.int32)   # [n, 2, E]
        flat = expert_mask.transpose(1, 0, 2).reshape(TOP_K * n, EXPERTS)   # priority: 1st choice first
        pos = (jnp.cumsum(flat, axis=0) - 1) * flat
        pos = pos.reshape(TOP_K, n, EXPERTS).transpose(1, 0, 2).sum(-1)     # [n, 2]
        keep = pos < capacity
        gate_vals = gate_vals * keep

        # dispatch/combine tensors [n, E, C]
        slot = jax.nn.one_hot(jnp.where(keep, pos, capacity), capacity, dtype=tokens.dtype)  # [n,2,C]
        exp1h = expert_mask.astype(tokens.dtype)                                          # [n,2,E]
        combine = jnp.einsum("nk,nke,nkc->nec", gate_vals, exp1h, slot)
        dispatch = (combine > 0).astype(tokens.dtype)

        w_in = hk.get_parameter("w_in", [EXPERTS, d, FFN], init=hk.initializers.VarianceScaling(1.0))
        w_out = hk.get_parameter("w_out", [EXPERTS, FFN, d], init=hk.initializers.VarianceScaling(1.0))
        expert_in = jnp.einsum("nec,nd->ecd", dispatch, tokens)
        h = jax.nn.gelu(jnp.einsum("ecd,edf->ecf", expert_in, w_in))
        expert_out = jnp.einsum("ecf,efd->ecd", h, w_out)
        out = jnp.einsum("nec,ecd->nd", combine, expert_out)

        # load-balancing auxiliary loss (Switch/GShard style)
        density = jnp.mean(expert_mask[:, 0].astype(jnp.float32), axis=0)
        density_proxy = jnp.mean(probs, axis=0)
        aux = jnp.mean(density * density_proxy) * EXPERTS ** 2
        return out.reshape(b, t, d), aux


def forward(tokens):
    b, t = tokens.shape
    x = hk.Embed(VOCAB, D)(tokens)
    x = x + hk.get_parameter("pos", [T, D], init=hk.initializers.TruncatedNormal(0.02))[:t]
    mask = jnp.tril(jnp.ones((t, t)))[None, None]
    aux_total = 0.0
    for i in range(LAYERS):
        y = hk.LayerNorm(-1, True, True, name=f"ln1_{i}")(x)
        y = hk.MultiHeadAttention(HEADS, D // HEADS, w_init=hk.initializers.VarianceScaling(1.0),
                                  name=f"attn_{i}")(y, y, y, mask=mask)
        x = x + y
        y, aux = MoE(name=f"moe_{i}")(hk.LayerNorm(-1, True, True, name=f"ln2_{i}")(x))
        x = x + y
        aux_total = aux_total + aux
    x = hk.LayerNorm(-1, True, True, name="ln_f")(x)
    return hk.Linear(VOCAB, name="lm_head")(x), aux_total


model = hk.without_apply_rng(hk.transform(forward))
optimizer = optax.adam(3e-4)


def loss_fn(params, tokens):
    logits, aux = model.apply(params, tokens[:, :-1])
    ce = optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()
    return ce + 0.01 * aux


@jax.jit
def train_step(params, opt_state, tokens):
    loss, grads = jax.value_and_grad(loss_fn)(params, tokens)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


if __name__ == "__main__":
    tokens = jax.random.randint(jax.random.PRNGKey(1), (BATCH, T + 1), 0, VOCAB)
    params = model.init(jax.random.PRNGKey(0), tokens[:, :-1])
    opt_state = optimizer.init(params)
    compiled = train_step.lower(params, opt_state, tokens).compile()
    dump_memory_analysis(compiled, OUTDIR)
    params, opt_state, loss = train_step(params, opt_state, tokens)
    print("loss", float(loss))
