# Writes compiled.memory_analysis() next to the dump: every public int attribute, plus jax_version, topology, chip.
import json, os
import jax

def save_memory_analysis(compiled, out, topo_name, devices):
    ma = compiled.memory_analysis()
    d = {k: getattr(ma, k) for k in dir(ma)
         if not k.startswith("_") and isinstance(getattr(ma, k), int)}
    d.update(jax_version=jax.__version__, topology=topo_name,
             chip=devices[0].device_kind, devices=len(devices))
    with open(os.path.join(out, "memory_analysis.json"), "w") as f:
        json.dump(d, f, indent=1)
    print(json.dumps(d))
    return d
