# Gradient of a 3-layer MLP loss (no optimizer), batch sharded over the data axis.
# usage: python mlp_grad.py OUTDIR TOPOLOGY [NCHIPS]   (NCHIPS=1: a mesh of one device)
import sys
import numpy as np
import jax, jax.numpy as jnp
from jax.experimental import topologies
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
from _save import save_memory_analysis

out, topo_name = sys.argv[1], sys.argv[2]
n = int(sys.argv[3]) if len(sys.argv) > 3 else None
topo = topologies.get_topology_desc(platform="tpu", topology_name=topo_name)
devices = topo.devices[:n] if n else topo.devices
mesh = Mesh(np.array(devices), ("data",))

def init_shapes(d_in=1024, d_h=4096, d_out=1024):
    dims = [d_in, d_h, d_h, d_out]
    return [dict(w=jax.ShapeDtypeStruct((a, b), jnp.float32, sharding=NamedSharding(mesh, P())),
                 b=jax.ShapeDtypeStruct((b,), jnp.float32, sharding=NamedSharding(mesh, P())))
            for a, b in zip(dims[:-1], dims[1:])]

def mlp(params, x):
    for i, layer in enumerate(params):
        x = x @ layer["w"] + layer["b"]
        if i < len(params) - 1:
            x = jax.nn.gelu(x)
    return x

def loss_fn(params, x, y):
    return jnp.mean((mlp(params, x) - y) ** 2)

grad_fn = jax.jit(jax.grad(loss_fn))
params = init_shapes()
batch = 256
x = jax.ShapeDtypeStruct((batch, 1024), jnp.float32, sharding=NamedSharding(mesh, P("data")))
y = jax.ShapeDtypeStruct((batch, 1024), jnp.float32, sharding=NamedSharding(mesh, P("data")))
compiled = grad_fn.lower(params, x, y).compile()
save_memory_analysis(compiled, out, topo_name, devices)
