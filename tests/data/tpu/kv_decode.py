# Greedy decoding of a few tokens with a KV cache updated by dynamic_update_slice inside lax.fori_loop.
# usage: python kv_decode.py OUTDIR TOPOLOGY
import sys
import numpy as np
import jax, jax.numpy as jnp
from jax import lax
from jax.experimental import topologies
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
from _save import save_memory_analysis

out, topo_name = sys.argv[1], sys.argv[2]
topo = topologies.get_topology_desc(platform="tpu", topology_name=topo_name)
mesh = Mesh(np.array(topo.devices), ("data",))

L, B, S, H, Dh, V = 4, 8 * len(topo.devices), 1024, 8, 128, 8192
D = H * Dh
bf = jnp.bfloat16

def decode(params, cache, tok, pos, n_steps):
    def step(i, carry):
        cache, tok, pos = carry
        x = params["embed"][tok]                                   # [B, D]
        for l in range(L):
            p = params["layers"][l]
            q = (x @ p["wq"]).reshape(B, H, Dh)
            k = (x @ p["wk"]).reshape(B, 1, H, Dh)
            v = (x @ p["wv"]).reshape(B, 1, H, Dh)
            ck = lax.dynamic_update_slice(cache["k"][l], k, (0, pos, 0, 0))
            cv = lax.dynamic_update_slice(cache["v"][l], v, (0, pos, 0, 0))
            cache = {"k": cache["k"].at[l].set(ck), "v": cache["v"].at[l].set(cv)}
            s = jnp.einsum("bhd,bshd->bhs", q, ck).astype(jnp.float32) / np.sqrt(Dh)
            s = jnp.where(jnp.arange(S)[None, None, :] <= pos, s, -1e30)
            a = jax.nn.softmax(s, -1).astype(bf)
            o = jnp.einsum("bhs,bshd->bhd", a, cv).reshape(B, D)
            x = x + o @ p["wo"]
        logits = x @ params["embed"].T
        tok = jnp.argmax(logits, -1).astype(jnp.int32)
        return cache, tok, pos + 1
    return lax.fori_loop(0, n_steps, step, (cache, tok, pos))

rep = NamedSharding(mesh, P())
params = {"embed": jax.ShapeDtypeStruct((V, D), bf, sharding=rep),
          "layers": [{n: jax.ShapeDtypeStruct((D, D), bf, sharding=rep) for n in ("wq", "wk", "wv", "wo")}
                     for _ in range(L)]}
cache_sh = NamedSharding(mesh, P(None, "data"))
cache = {n: jax.ShapeDtypeStruct((L, B, S, H, Dh), bf, sharding=cache_sh) for n in ("k", "v")}
tok = jax.ShapeDtypeStruct((B,), jnp.int32, sharding=NamedSharding(mesh, P("data")))
pos = jax.ShapeDtypeStruct((), jnp.int32, sharding=rep)

fn = jax.jit(decode, static_argnums=(4,), donate_argnums=(1,))
compiled = fn.lower(params, cache, tok, pos, 8).compile()
save_memory_analysis(compiled, out, topo_name, topo.devices)
