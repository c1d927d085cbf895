import sys, json
import numpy as np
import jax, jax.numpy as jnp
from jax import lax
from jax.experimental import topologies
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
out = sys.argv[1]
topo = topologies.get_topology_desc(platform="tpu", topology_name="v5e:2x2")
mesh = Mesh(np.array(topo.devices[:1]), ("d",))
N = 8192
def f(x):
    # three equal temporaries freed in order c, a, b (different times); then two new equal ones
    a = jnp.sin(x); b = jnp.cos(x); c = jnp.tanh(x)
    a, b, c = lax.optimization_barrier((a, b, c))
    s1 = jnp.sum(c * 3.0)                 # c dies first
    s1, a, b = lax.optimization_barrier((s1, a, b))
    s2 = jnp.sum(a * 5.0)                 # a dies second
    s2, b = lax.optimization_barrier((s2, b))
    s3 = jnp.sum(b * 7.0)                 # b dies last
    s3, = lax.optimization_barrier((s3,))
    d = jnp.exp(x) + s1 + s2 + s3         # new temp, same size: which freed gap?
    d = lax.optimization_barrier(d)
    e = jnp.log1p(jnp.abs(x)) + jnp.sum(d)
    e = lax.optimization_barrier(e)
    return jnp.sum(e) + jnp.sum(d)
x = jax.ShapeDtypeStruct((N, N), jnp.float32, sharding=NamedSharding(mesh, P()))
c = jax.jit(f).lower(x).compile()
m = c.memory_analysis()
json.dump({k: getattr(m, k) for k in dir(m) if not k.startswith("_") and isinstance(getattr(m, k), int)}, open(out + "/memory_analysis.json", "w"))
