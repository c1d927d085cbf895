"""Make PAIRS of whole `--xla_dump_to` folders of one program, differing in one thing each.

Usage (any python with jax, flax and optax):
    python generate_pairs.py OUTROOT [--only VARIANT ...]

programs/pairs_mlp.py is one user script (a flax.linen residual MLP, optax.adam, eager init,
`jax.jit(train_step, donate_argnums=(0, 1))` called once); `--variant NAME` makes the one change
a user would make by editing it. Each variant runs in a fresh process exactly as a user runs it:

    XLA_FLAGS="--xla_dump_to=OUTROOT/<variant>/dump --xla_dump_hlo_as_text" \
        python programs/pairs_mlp.py --variant <argv variant>

and the program's last lines call generate.write_truth (as for generate.py's programs), which
writes OUTROOT/<variant>/truth.json. This script then adds a "pair_variant" entry to that
truth.json (which variant, the command-line flag, the dump folder's name) and writes
OUTROOT/manifest.json (every variant, the pairs, the step module, memory_analysis, sizes).

`renamed` is the `batch` run again (the base program with the batch doubled), written to a dump
folder of another name, OUTROOT/renamed/run_b/ instead of .../dump/: only the output folder
name (and so the absolute paths XLA writes into the dump) differs from `batch`.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from generate import _du, run_program  # noqa: E402

PROGRAM = "pairs_mlp"

# name: (the program's --variant, the dump folder's name, what differs from base)
VARIANTS = {
    "base": ("base", "dump", "batch 8, float32, no remat, donate_argnums=(0, 1)"),
    "batch": ("batch", "dump", "batch size doubled (8 -> 16)"),
    "nodonate": ("nodonate", "dump", "jax.jit(train_step) without donate_argnums"),
    "remat": ("remat", "dump", "each Block wrapped in nn.remat (jax.checkpoint, default policy: "
                               "nothing saveable)"),
    "bf16": ("bf16", "dump", "params (so the adam mu/nu) and compute in bfloat16, input bf16, "
                             "loss in float32"),
    "policy": ("policy", "dump", "each Block wrapped in nn.remat(policy="
                                 "jax.checkpoint_policies.dots_saveable)"),
    "renamed": ("batch", "run_b", "the batch run again (base with batch doubled) written to a "
                                  "dump folder named run_b instead of dump"),
}

# (a, b, what differs)
PAIRS = [
    ("base", "batch", "batch size doubled"),
    ("base", "nodonate", "no donate_argnums"),
    ("base", "remat", "blocks rematerialized (default policy, nothing saveable)"),
    ("base", "bf16", "params and compute in bfloat16"),
    ("remat", "policy", "checkpoint policy: default (nothing saveable) vs dots_saveable"),
    ("base", "policy", "blocks rematerialized with dots_saveable"),
    ("batch", "renamed", "nothing but the dump folder's name (dump vs run_b) and so the paths in it"),
    ("base", "renamed", "batch size doubled, and a dump folder of another name (run_b)"),
]

MEM_KEYS = ["argument_size_in_bytes", "output_size_in_bytes", "alias_size_in_bytes",
            "temp_size_in_bytes", "peak_memory_in_bytes", "generated_code_size_in_bytes"]


def generate(name, outroot):
    argv_variant, dump_name, change = VARIANTS[name]
    out = os.path.join(os.path.abspath(outroot), name)
    dump = os.path.join(out, dump_name)
    script = os.path.join(HERE, "programs", PROGRAM + ".py")
    t = run_program(name, script, ["--variant", argv_variant], out, dump)
    if t is None:
        return None
    t["pair_variant"] = {"variant": name, "argv": ["--variant", argv_variant],
                         "dump_dir": dump_name, "change": change}
    with open(os.path.join(out, "truth.json"), "w") as f:
        json.dump(t, f, indent=1)
        f.write("\n")
    size = _du(dump)
    step = t["steps"][0]
    print(f"ok {name}: {t['module_count']} modules ({t['eager_modules']} eager), {size / 1e6:.2f} MB; "
          f"step {step['module_file']}; temp {step['memory_analysis']['temp_size_in_bytes']}; "
          f"added by truth: {t['modules_added_by_truth']}")
    return {
        "argv": ["--variant", argv_variant],
        "dump_dir": dump_name,
        "change": change,
        "dump_bytes": size,
        "module_count": t["module_count"],
        "eager_modules": t["eager_modules"],
        "step_module_file": step["module_file"],
        "step_jit_name": step["jit_name"],
        "donate_argnums": step["donate_argnums"],
        "memory_analysis": {k: step["memory_analysis"].get(k) for k in MEM_KEYS},
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outroot")
    ap.add_argument("--only", nargs="*", choices=list(VARIANTS))
    a = ap.parse_args()
    names = a.only or list(VARIANTS)
    manifest_path = os.path.join(os.path.abspath(a.outroot), "manifest.json")
    manifest = {"program": f"programs/{PROGRAM}.py", "variants": {}}
    if a.only and os.path.exists(manifest_path):
        with open(manifest_path) as f:
            manifest = json.load(f)
    ok = True
    for name in names:
        rec = generate(name, a.outroot)
        ok &= rec is not None
        if rec:
            manifest["variants"][name] = rec
    import jax  # only for the versions in the manifest (the runs were in their own processes)
    from generate import _versions
    manifest["versions"] = _versions()
    manifest["jax_version"] = jax.__version__
    manifest["variants"] = {k: manifest["variants"][k] for k in VARIANTS if k in manifest["variants"]}
    manifest["pairs"] = [{"a": x, "b": y, "differs_in": d} for x, y, d in PAIRS]
    manifest["note"] = ("every variant's dump folder is <variant>/dump except renamed, whose dump "
                        "folder is renamed/run_b (the batch run written under another name)")
    with open(manifest_path, "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
