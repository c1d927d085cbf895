"""Make the real out-of-memory texts in this folder, as a user would paste them.

Run with jax installed in a separate environment (jax is never a bufviz dependency):
    python tests/data/oom/generate.py tests/data/oom
Each case runs a jax program on the CPU that asks for more memory than any machine has, and
keeps what Python printed on stderr (the traceback and XLA's RESOURCE_EXHAUSTED message).
GPU and TPU reports need those devices; the published ones are in ../shared/corpus/wild.
The two `jax-0.11.2-gpu-*.txt` are not made here: they are the whole stderr of two real failures
on an H100 under a small XLA_PYTHON_CLIENT_MEM_FRACTION, copied from the workplace's corpus
(`oom-jax-0.11.2-gpu/mlp_train_big`, failed while autotuning; `transformer_unrolled_big`, failed
while running, with the BFC allocator's dump).
"""
import os
import subprocess
import sys

CASES = {
    # One array of 1 TiB: XLA:CPU's allocator refuses it at run time.
    "cpu-oom-jax-jit-zeros": "import jax, jax.numpy as jnp\n"
                             "jax.jit(lambda: jnp.zeros((2**38,), jnp.float32))().block_until_ready()\n",
}


def main(outdir: str) -> None:
    import jax
    for name, program in CASES.items():
        run = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
        if "RESOURCE_EXHAUSTED" not in run.stderr:
            print(f"skipped {name}: no out-of-memory error")
            continue
        path = os.path.join(outdir, f"{name}-{jax.__version__}.txt")
        with open(path, "w") as f:
            f.write(run.stderr)
        print("wrote", path)


if __name__ == "__main__":
    main(sys.argv[1])
