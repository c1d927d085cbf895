"""A user's data-parallel training script: parameters made by jax.jit(init), then one step.
Dumped whole (no module filter): the folder holds init, the step and jax's eager helpers."""
import os, sys, json
out = sys.argv[1]
os.environ["XLA_FLAGS"] = f"--xla_force_host_platform_device_count=8 --xla_dump_to={out} --xla_dump_hlo_as_text"
import jax, jax.numpy as jnp, numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(8), ("data",))
repl, batch = NamedSharding(mesh, P()), NamedSharding(mesh, P("data"))

def init(key):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (256, 512)) * 0.02, "w2": jax.random.normal(k2, (512, 10)) * 0.02}

params = jax.jit(init, out_shardings=repl)(jax.random.key(0))

def loss(params, x, y):
    logits = jnp.tanh(x @ params["w1"]) @ params["w2"]
    return jnp.mean((logits - y) ** 2)

@jax.jit
def train_step(params, x, y):
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)

x = jax.device_put(jnp.ones((64, 256)), batch)
y = jax.device_put(jnp.ones((64, 10)), batch)
compiled = train_step.lower(params, x, y).compile()
ma = compiled.memory_analysis()
stats = {k: int(getattr(ma, k)) for k in dir(ma) if not k.startswith("_") and isinstance(getattr(ma, k), int)}
stats["jax_version"] = jax.__version__
json.dump(stats, open(os.path.join(out, "memory_analysis.json"), "w"), indent=1, sort_keys=True)
