# Scanned layers with activations offloaded to host memory by jax.checkpoint's offload policy.
# usage: python scan_offload.py OUTDIR TOPOLOGY
import sys
import numpy as np
import jax, jax.numpy as jnp
from jax import lax
from jax.ad_checkpoint import checkpoint_name
from jax.experimental import topologies
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
from _save import save_memory_analysis

out, topo_name = sys.argv[1], sys.argv[2]
topo = topologies.get_topology_desc(platform="tpu", topology_name=topo_name)
mesh = Mesh(np.array(topo.devices), ("data",))

L, B, T, D, F = 8, 8 * len(topo.devices), 512, 1024, 4096

policy = jax.checkpoint_policies.save_and_offload_only_these_names(
    names_which_can_be_saved=[], names_which_can_be_offloaded=["x"],
    offload_src="device", offload_dst="pinned_host")

def layer(x, p):
    x = checkpoint_name(x, "x")
    h = jax.nn.gelu(x @ p["w_in"])
    return x + h @ p["w_out"], None

def loss_fn(params, x):
    x, _ = lax.scan(jax.checkpoint(layer, policy=policy), x, params)
    return jnp.mean(x.astype(jnp.float32) ** 2)

rep = NamedSharding(mesh, P())
bf = jnp.bfloat16
params = {"w_in": jax.ShapeDtypeStruct((L, D, F), bf, sharding=rep),
          "w_out": jax.ShapeDtypeStruct((L, F, D), bf, sharding=rep)}
x = jax.ShapeDtypeStruct((B, T, D), bf, sharding=NamedSharding(mesh, P("data")))
grad_fn = jax.jit(jax.grad(loss_fn))
compiled = grad_fn.lower(params, x).compile()
save_memory_analysis(compiled, out, topo_name, topo.devices)
