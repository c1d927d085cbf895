"""Shared helpers: an H100 topology made without a GPU, and saving memory_analysis()."""
import json
import os
import sys

import numpy as np
import jax
from jax.experimental import topologies
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET_CONFIG = open(os.path.join(HERE, "h100_target_config.txtpb")).read()


def parse_args():
    # usage: prog.py {1gpu|8gpu} OUT_DIR
    which, out_dir = sys.argv[1], sys.argv[2]
    topology = {"1gpu": "1x1x1", "8gpu": "1x1x8"}[which]
    return topology, out_dir


def h100_topology(topology):
    return topologies.get_topology_desc(
        platform="cuda", target_config=TARGET_CONFIG, topology=topology)


def make_mesh(topology, axis_name):
    topo = h100_topology(topology)
    return Mesh(np.array(topo.devices), (axis_name,))


def sds(shape, dtype, mesh, spec=P()):
    return jax.ShapeDtypeStruct(shape, dtype, sharding=NamedSharding(mesh, spec))


def save_memory_analysis(compiled, out_dir, topology, mesh):
    m = compiled.memory_analysis()
    d = {}
    for name in dir(m):
        if name.startswith("_"):
            continue
        v = getattr(m, name)
        if isinstance(v, int) and not isinstance(v, bool):
            d[name] = v
    d["jax_version"] = jax.__version__
    d["topology"] = topology
    d["devices"] = int(mesh.devices.size)
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "memory_analysis.json"), "w") as f:
        json.dump(d, f, indent=1, sort_keys=True)
    print(json.dumps(d, indent=1, sort_keys=True))
    return d
