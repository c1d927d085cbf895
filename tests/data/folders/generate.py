"""Make whole `--xla_dump_to` folders of small real JAX programs, plus a truth.json written by jax.

Usage (any python with jax and flax, optax, equinox, dm-haiku):
    python generate.py OUTROOT [--only PROGRAM ...] [--copy-to DIR PROGRAM ...]

Each program is a plain user script in programs/ (eager model init, then one or two jitted
functions, each called once). It runs in a fresh process, exactly as a user runs it:

    XLA_FLAGS="--xla_dump_to=OUTROOT/<program>/dump --xla_dump_hlo_as_text" python programs/<program>.py

so OUTROOT/<program>/dump is the whole folder XLA:CPU wrote (every eager module such as
jit_broadcast_in_dim, the user steps, the buffer assignment, live range and memory usage
reports it writes by default, the .ll/.o files and the per-module folders). Nothing in it is
edited.

With FOLDERS_TRUTH set (generate.py sets it), the last lines of each program call
write_truth() below, in the program's own process after its steps ran: it asks jax (never
bufviz) for each step's lowering and compiled executable and writes OUTROOT/<program>/truth.json.
The lowering and compilation there hit jax's caches, so the dump gets no new module; this is
checked (truth["modules_added_by_truth"] must be 0).
"""
import argparse
import glob
import hashlib
import importlib.metadata
import inspect
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = ["linen_cnn_adamw", "linen_encoder_bf16_infer", "nnx_mlp_train", "eqx_mlp_adam",
            "haiku_mlp_adam", "two_steps", "nnx_mesh_train", "empty_batch"]
DEVICES = {"nnx_mesh_train": 8}   # host devices a program's mesh needs
MODULE_RE = re.compile(r"^module_(\d+)\.(.+?)\.cpu_after_optimizations\.txt$")


# --------------------------------------------------------------- inside the program's process

def _versions():
    out = {"python": sys.version.split()[0]}
    for dist in ["jax", "jaxlib", "flax", "optax", "equinox", "dm-haiku", "numpy"]:
        try:
            out[dist] = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            out[dist] = None
    return out


def _dump_dir():
    m = re.search(r"--xla_dump_to=(\S+)", os.environ.get("XLA_FLAGS", ""))
    return m.group(1)


def _modules(dump):
    """{module number: (module name, after-optimizations file basename)} of the dump folder."""
    mods = {}
    for p in glob.glob(os.path.join(dump, "module_*.cpu_after_optimizations.txt")):
        m = MODULE_RE.match(os.path.basename(p))
        if m:
            mods[int(m.group(1))] = (m.group(2), os.path.basename(p))
    return mods


def _jax_lowered(obj):
    """The jax.stages.Lowered inside what a frontend's .lower() returns (nnx, equinox wrap it)."""
    import jax
    if isinstance(obj, jax.stages.Lowered):
        return obj
    for name in ("lowered", "_lowered", "_inner_obj"):
        inner = getattr(obj, name, None)
        if isinstance(inner, jax.stages.Lowered):
            return inner
    for inner in vars(obj).values() if hasattr(obj, "__dict__") else []:
        if isinstance(inner, jax.stages.Lowered):
            return inner
    raise TypeError(f"no jax.stages.Lowered in {type(obj)}")


def _user_paths(fn, args, avals):
    """Names of the flat arrays of the user's own arguments: the argument name followed by
    jax.tree_util.keystr of the leaf, in jax's flattening order, keeping the array leaves (what
    equinox and nnx pass on to their inner jax.jit). None when they do not line up one-to-one
    with the avals jax lowered."""
    import jax
    import numpy as np
    try:
        names = [p.name for p in inspect.signature(fn).parameters.values()]
    except (TypeError, ValueError):
        return None
    out = []
    for k, a in enumerate(args):
        for path, leaf in jax.tree_util.tree_flatten_with_path(a)[0]:
            if isinstance(leaf, (jax.Array, np.ndarray)):
                out.append((names[k] + jax.tree_util.keystr(path), tuple(leaf.shape), str(leaf.dtype)))
    if [(s, d) for _, s, d in out] != [(tuple(a.shape), str(a.dtype)) for a in avals]:
        return None
    return [n for n, _, _ in out]


def _entry_parameters(path):
    """(number, shape text) of the ENTRY computation's parameters in an after-optimizations file."""
    text = open(path).read()
    entry = text[text.index("\nENTRY "):]
    entry = entry[:entry.index("\n}")]
    ps = re.findall(r"= (\S+?)(?:\{[^}]*\})? parameter\((\d+)\)", entry)
    return sorted((int(n), shp) for shp, n in ps)


def _mem_dict(ma):
    out = {}
    for k in dir(ma):
        if k.startswith("_"):
            continue
        v = getattr(ma, k)
        if isinstance(v, bool) or callable(v):
            continue
        if isinstance(v, int):
            out[k] = int(v)
        elif isinstance(v, (bytes, bytearray)):
            out[k + "_len"] = len(v)
            out[k + "_sha256"] = hashlib.sha256(v).hexdigest()
    return out


def _step_truth(spec, dump, mods):
    import jax
    fn, args = spec["fn"], spec["args"]
    lowered = _jax_lowered(fn.lower(*args))
    lowering = lowered._lowering
    ca = lowering.compile_args
    consts = list(getattr(lowering, "const_args", []) or [])
    n_const = len(consts)
    kept_all = sorted(ca["kept_var_idx"])           # indices over [hoisted consts..., flat args...]
    kept = [i - n_const for i in kept_all if i >= n_const]
    jax_names = list(ca["all_args_info"].debug_info.arg_names or [])[n_const:]
    compiled = lowered.compile()
    hlo_text = compiled.as_text()
    jit_name = re.match(r"HloModule (\S+?),", hlo_text).group(1)

    # the step's module: the after-optimizations file with this module name (the last one if
    # several; all of them are listed in module_candidates)
    cands = sorted(n for n, (name, _) in mods.items() if name == jit_name)
    number = cands[-1]

    flat, _ = jax.tree_util.tree_flatten_with_path(lowered.args_info)
    avals = [info._aval if hasattr(info, "_aval") else info.aval for _, info in flat]
    user_paths = _user_paths(fn, args, avals)
    out_args = []
    param_no = n_const
    for i, (path, info) in enumerate(flat):
        aval = avals[i]
        jname = jax_names[i] if i < len(jax_names) else None
        name = user_paths[i] if user_paths else (jname or jax.tree_util.keystr(path))
        rec = {"path": name, "jax_arg_name": jname,
               "shape": list(aval.shape), "dtype": str(aval.dtype),
               "donated": bool(info.donated), "kept": i in kept,
               "hlo_parameter": param_no if i in kept else None}
        if i in kept:
            param_no += 1
        out_args.append(rec)

    outs = []
    for path, o in jax.tree_util.tree_flatten_with_path(lowered.out_info)[0]:
        outs.append({"path": "result" + jax.tree_util.keystr(path), "shape": list(o.shape),
                     "dtype": str(o.dtype)})

    # check: the ENTRY parameters of the module file are the hoisted constants then the kept
    # args, in order, with their shapes
    want = [(k, c.shape, str(c.dtype)) for k, c in enumerate(consts)]
    want += [(a["hlo_parameter"], tuple(a["shape"]), a["dtype"]) for a in out_args if a["kept"]]
    got = _entry_parameters(os.path.join(dump, mods[number][1]))
    dt = {"float32": "f32", "bfloat16": "bf16", "int32": "s32", "uint32": "u32", "float16": "f16",
          "float64": "f64", "int64": "s64", "bool": "pred", "int8": "s8", "uint8": "u8"}
    params_match = [n for n, _ in got] == [n for n, _, _ in want] and all(
        shp == f"{dt.get(d, d)}[{','.join(map(str, s))}]" for (_, shp), (_, s, d) in zip(got, want))

    donate = spec.get("donate_argnums", ())
    return {
        "jit_name": jit_name,
        "module_number": number,
        "module_file": mods[number][1],
        "module_candidates": cands,
        "donate_argnums": donate if isinstance(donate, str) else list(donate),
        "has_backward": bool(spec["has_backward"]),
        "jitted_type": type(fn).__module__ + "." + type(fn).__qualname__,
        "args": out_args,
        "num_flat_args": len(flat),
        "kept_flat_arg_indices": kept,
        "hoisted_const_args": [{"shape": list(c.shape), "dtype": str(c.dtype)} for c in consts],
        "num_hlo_parameters": param_no,
        "path_source": "user arguments" if user_paths else "jax debug_info.arg_names",
        "entry_parameters_match_module_file": params_match,
        "outputs": outs,
        "memory_analysis": _mem_dict(compiled.memory_analysis()),
    }


def write_truth(program_file, steps):
    """Called at the end of a program (in its process) with the jitted functions it ran."""
    import jax
    dump = _dump_dir()
    before = _modules(dump)
    truth = {
        "jax_version": jax.__version__,
        "versions": _versions(),
        "program": os.path.splitext(os.path.basename(program_file))[0],
        "user_files": [os.path.basename(program_file)],
        "xla_flags": os.environ.get("XLA_FLAGS"),
        "kept_args_api": "jitted.lower(*args)._lowering.compile_args['kept_var_idx'] "
                         "(minus len(_lowering.const_args))",
    }
    truth["steps"] = [_step_truth(s, dump, before) for s in steps]
    after = _modules(dump)
    truth["modules_added_by_truth"] = len(set(after) - set(before))
    user = {s["module_number"] for s in truth["steps"]}
    truth["module_count"] = len(before)
    truth["eager_modules"] = len([n for n in before if n not in user])
    counts = {}
    for n, (name, _) in sorted(before.items()):
        if n not in user:
            counts[name] = counts.get(name, 0) + 1
    truth["eager_module_names"] = dict(sorted(counts.items()))
    with open(os.environ["FOLDERS_TRUTH"], "w") as f:
        json.dump(truth, f, indent=1)
        f.write("\n")


# --------------------------------------------------------------- driver

def _du(path):
    return sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(path) for f in fs)


def run_program(label, script, args, out, dump):
    """Run one program in a fresh process, as a user does, with XLA dumping to `dump`.

    Its output goes to out/run.log; returns the truth.json it wrote, or None if it failed."""
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(dump)
    env = dict(os.environ)
    env.pop("PAIRS_VARIANT", None)
    env["XLA_FLAGS"] = f"--xla_dump_to={dump} --xla_dump_hlo_as_text"
    if label in DEVICES:
        env["XLA_FLAGS"] += f" --xla_force_host_platform_device_count={DEVICES[label]}"
    env["FOLDERS_TRUTH"] = os.path.join(out, "truth.json")
    env["PYTHONPATH"] = HERE + os.pathsep + env.get("PYTHONPATH", "")
    cmd = [sys.executable, script, *args]
    r = subprocess.run(cmd, env=env, cwd=os.path.dirname(script), capture_output=True, text=True)
    with open(os.path.join(out, "run.log"), "w") as f:
        f.write(f"$ XLA_FLAGS=\"{env['XLA_FLAGS']}\" {' '.join(cmd)}\n")
        f.write(r.stdout + r.stderr)
    if r.returncode != 0:
        print(f"FAILED {label}: {r.stderr[-1500:]}")
        return None
    with open(env["FOLDERS_TRUTH"]) as f:
        return json.load(f)


def generate(program, outroot):
    out = os.path.join(os.path.abspath(outroot), program)
    dump = os.path.join(out, "dump")
    t = run_program(program, os.path.join(HERE, "programs", program + ".py"), [], out, dump)
    if t is None:
        return False
    steps = ", ".join(f"{s['module_file'].split('.')[0]} {s['jit_name']}" for s in t["steps"])
    print(f"ok {program}: {t['module_count']} modules ({t['eager_modules']} eager), "
          f"{_du(dump) / 1e6:.2f} MB; steps: {steps}; added by truth: {t['modules_added_by_truth']}")
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outroot")
    ap.add_argument("--only", nargs="*")
    a = ap.parse_args()
    ok = True
    for p in a.only or PROGRAMS:
        ok &= generate(p, a.outroot)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
