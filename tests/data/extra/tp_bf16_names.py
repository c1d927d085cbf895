"""Tensor-parallel bf16 inference whose weight names exercise XLA's SplitParamsString: a non-ASCII
argument name (Python allows it) and dict keys with empty '/'-separated parts. Made with jax 0.10.2:

    XLA_FLAGS="--xla_force_host_platform_device_count=8 --xla_dump_to=OUT --xla_dump_hlo_as_text" \
        python tests/data/extra/tp_bf16_names.py OUT

then module_0040.jit_forward's optimized files and memory_analysis.json kept in tp_bf16_names/."""
import json, os, sys
import numpy as np
import jax, jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

out = sys.argv[1]
mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ("data", "model"))
S = lambda *spec: NamedSharding(mesh, P(*spec))
D, F, B, T = 256, 1024, 8, 32
ks = iter(jax.random.split(jax.random.key(0), 8))
nrm = lambda shape: (jax.random.normal(next(ks), shape, jnp.float32) * 0.02).astype(jnp.bfloat16)

poids = {"mlp//wi": jax.device_put(nrm((D, F)), S(None, "model")),     # key with an empty part
         "mlp/wo/": jax.device_put(nrm((F, D)), S("model", None))}     # key ending in '/'
gewichté = {"wq": jax.device_put(nrm((D, D)), S(None, "model")),      # non-ASCII argument name
            "wo": jax.device_put(nrm((D, D)), S("model", None))}
x = jax.device_put(jnp.ones((B, T, D), jnp.bfloat16), S("data"))

@jax.jit
def forward(poids, gewichté, x):
    h = x + jax.nn.relu(x @ gewichté["wq"]) @ gewichté["wo"]
    return h + jax.nn.gelu(h @ poids["mlp//wi"]) @ poids["mlp/wo/"]

compiled = forward.lower(poids, gewichté, x).compile()
ma = compiled.memory_analysis()
stats = {"jax_version": jax.__version__}
for k in dir(ma):
    v = getattr(ma, k)
    if not k.startswith("_") and isinstance(v, int) and not isinstance(v, bool):
        stats[k] = int(v)
json.dump(stats, open(os.path.join(out, "memory_analysis.json"), "w"), indent=1, sort_keys=True)
print(forward(poids, gewichté, x).shape)
