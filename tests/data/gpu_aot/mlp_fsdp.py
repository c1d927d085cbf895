"""(2) the same 4-layer MLP adamw step with FSDP: params and optimizer state
sharded P("fsdp", None) (dim 0 over all devices), batch sharded over the same
axis, params and optimizer state donated."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from common import parse_args, make_mesh, sds, save_memory_analysis
from mlp_dp import SIZES, BATCH, init_params, optimizer, train_step


def fsdp_spec(shape, n):
    # shard the leading dim over "fsdp" when it divides; scalars (adam's count) replicated
    if len(shape) >= 1 and shape[0] % n == 0:
        return P("fsdp", *([None] * (len(shape) - 1)))
    return P()


def main():
    topology, out_dir = parse_args()
    mesh = make_mesh(topology, "fsdp")
    n = mesh.devices.size
    params_shape = jax.eval_shape(lambda: init_params(jax.random.key(0)))
    opt_shape = jax.eval_shape(optimizer.init, params_shape)
    shard = lambda t: jax.tree.map(
        lambda s: sds(s.shape, s.dtype, mesh, fsdp_spec(s.shape, n)), t)
    p_in, o_in = shard(params_shape), shard(opt_shape)
    args = (p_in, o_in,
            sds((BATCH, SIZES[0]), jnp.float32, mesh, P("fsdp", None)),
            sds((BATCH, SIZES[-1]), jnp.float32, mesh, P("fsdp", None)))
    out_shardings = (jax.tree.map(lambda s: s.sharding, p_in),
                     jax.tree.map(lambda s: s.sharding, o_in),
                     NamedSharding(mesh, P()))
    step = jax.jit(train_step, donate_argnums=(0, 1), out_shardings=out_shardings)
    compiled = step.lower(*args).compile()
    save_memory_analysis(compiled, out_dir, topology, mesh)


if __name__ == "__main__":
    main()
