"""Tensor-parallel bf16 inference: a transformer block sharded over a 2x4 mesh of CPU devices, its
weights a dict named `p` (XLA's stack-trace breakdown splits `p['wq']` into p, wq). Made with jax 0.10.2:

    XLA_FLAGS="--xla_force_host_platform_device_count=8 --xla_dump_to=OUT --xla_dump_hlo_as_text" \
        python tests/data/extra/tp_bf16_infer.py small OUT

then module_0038.jit_forward's optimized files and memory_analysis.json kept in tp_bf16_infer/."""
import json, os, sys
import jax, jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
import numpy as np

variant = sys.argv[1]
out = sys.argv[2]
D, H, F, B, S = {"small": (256, 8, 1024, 4, 64), "mid": (512, 8, 2048, 2, 128), "mlp": (384, 0, 1536, 8, 32)}[variant]
mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ("data", "model"))

def init(key):
    k = jax.random.split(key, 6)
    p = {"wi": jax.random.normal(k[0], (D, F), jnp.bfloat16) * 0.02,
         "wo": jax.random.normal(k[1], (F, D), jnp.bfloat16) * 0.02,
         "ln": jnp.ones((D,), jnp.bfloat16)}
    if H:
        p.update(wq=jax.random.normal(k[2], (D, D), jnp.bfloat16) * 0.02,
                 wk=jax.random.normal(k[3], (D, D), jnp.bfloat16) * 0.02,
                 wv=jax.random.normal(k[4], (D, D), jnp.bfloat16) * 0.02,
                 wproj=jax.random.normal(k[5], (D, D), jnp.bfloat16) * 0.02)
    return p

specs = {"wi": P(None, "model"), "wo": P("model", None), "ln": P(), "wq": P(None, "model"),
         "wk": P(None, "model"), "wv": P(None, "model"), "wproj": P("model", None)}

def norm(x, g):
    x32 = x.astype(jnp.float32)
    return (x32 * jax.lax.rsqrt(jnp.mean(x32 * x32, -1, keepdims=True) + 1e-6)).astype(jnp.bfloat16) * g

@jax.jit
def forward(p, x):
    params = p
    h = norm(x, params["ln"])
    if H:
        q = (h @ params["wq"]).reshape(B, S, H, D // H)
        k = (h @ params["wk"]).reshape(B, S, H, D // H)
        v = (h @ params["wv"]).reshape(B, S, H, D // H)
        a = jax.nn.softmax(jnp.einsum("bqhd,bkhd->bhqk", q, k).astype(jnp.float32) / 8.0, -1).astype(jnp.bfloat16)
        o = jnp.einsum("bhqk,bkhd->bqhd", a, v).reshape(B, S, D)
        x = x + o @ params["wproj"]
        h = norm(x, params["ln"])
    y = jax.nn.gelu(h @ params["wi"]) @ params["wo"]
    return x + y

params = init(jax.random.PRNGKey(0))
params = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
x = jax.device_put(jnp.ones((B, S, D), jnp.bfloat16), NamedSharding(mesh, P("data", None, None)))
compiled = forward.lower(params, x).compile()
ma = compiled.memory_analysis()
json.dump({k: getattr(ma, k) for k in dir(ma) if k.endswith("_in_bytes")}, open(os.path.join(out, "memory_analysis.json"), "w"), indent=1)
forward(params, x).block_until_ready()
