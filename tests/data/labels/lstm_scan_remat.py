"""LSTM language model over jax.lax.scan with a checkpointed cell, trained with optax adam."""
import sys
import jax
import jax.numpy as jnp
import optax
from _stats import dump_memory_analysis

OUTDIR = sys.argv[1]
VOCAB, EMBED, HIDDEN, T, BATCH = 256, 256, 512, 128, 32  # char-level LM


def init_params(key):
    k = jax.random.split(key, 5)
    s = 0.02
    return {
        "embed": jax.random.normal(k[0], (VOCAB, EMBED)) * s,
        "w_ih": jax.random.normal(k[1], (EMBED, 4 * HIDDEN)) * s,
        "w_hh": jax.random.normal(k[2], (HIDDEN, 4 * HIDDEN)) * s,
        "b": jnp.zeros((4 * HIDDEN,)),
        "w_out": jax.random.normal(k[3], (HIDDEN, VOCAB)) * s,
        "b_out": jnp.zeros((VOCAB,)),
    }


@jax.checkpoint
def lstm_cell(params, carry, x):
    h, c = carry
    gates = x @ params["w_ih"] + h @ params["w_hh"] + params["b"]
    i, f, g, o = jnp.split(gates, 4, axis=-1)
    c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
    h = jax.nn.sigmoid(o) * jnp.tanh(c)
    return (h, c), h


def forward(params, tokens):
    x = params["embed"][tokens]            # [B, T, E]
    x = jnp.swapaxes(x, 0, 1)              # [T, B, E]
    b = tokens.shape[0]
    carry = (jnp.zeros((b, HIDDEN)), jnp.zeros((b, HIDDEN)))
    _, hs = jax.lax.scan(lambda c, xt: lstm_cell(params, c, xt), carry, x)
    hs = jnp.swapaxes(hs, 0, 1)            # [B, T, H]
    return hs @ params["w_out"] + params["b_out"]


def loss_fn(params, tokens):
    logits = forward(params, tokens[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()


optimizer = optax.adam(1e-3)


@jax.jit
def train_step(params, opt_state, tokens):
    loss, grads = jax.value_and_grad(loss_fn)(params, tokens)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    params = init_params(key)
    opt_state = optimizer.init(params)
    tokens = jax.random.randint(jax.random.PRNGKey(1), (BATCH, T + 1), 0, VOCAB)
    compiled = train_step.lower(params, opt_state, tokens).compile()
    dump_memory_analysis(compiled, OUTDIR)
    params, opt_state, loss = train_step(params, opt_state, tokens)
    print("loss", float(loss))
