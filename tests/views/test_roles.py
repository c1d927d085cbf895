"""What a parameter holds, on real training and inference steps of every frontend (jax with
equinox, flax nnx and linen, haiku, keras, optax; TensorFlow/keras; PyTorch/XLA): the bytes
called weights, optimizer state and inputs against the sizes of each program's model, optimizer
and batch, written here from the generating programs (tests/data/roles/generate_*.py), not
from bufviz. And the scratch a library call returns beside its result, named as such."""
from __future__ import annotations

import re

import pytest

from conftest import DATA, run_json

F32 = 4
# program -> (model's parameters in floats (with batch-norm statistics), the floats the optimizer
# keeps per trainable float (Adam 2, momentum or RMSprop 1, none 0), trainable floats when
# they differ from the model's, batch bytes)
PROGRAMS = {
    # eqx.nn.MLP(128 -> 10, width 256, depth 3), Adam; x f32[64,128], y f32[64,10]
    "jax-equinox_mlp_adam": (128*256+256 + 2*(256*256+256) + 256*10+10, 2, None, (64*128 + 64*10) * F32),
    # nnx Linear(256, 512), LayerNorm(512), Linear(512, 16), AdamW; x f32[32,256], y f32[32,16]
    "jax-flax_nnx_train": (256*512+512 + 2*512 + 512*16+16, 2, None, (32*256 + 32*16) * F32),
    # Conv(16) + BatchNorm (scale, bias; mean, var) + Conv(32) + Dense(10), Adam; x f32[16,28,28,1], y s32[16]
    "jax-flax_linen_cnn_bn_adam": (3*3*16+16 + 2*16 + 3*3*16*32+32 + 1568*10+10 + 2*16, 2,
                                   3*3*16+16 + 2*16 + 3*3*16*32+32 + 1568*10+10, 16*28*28*F32 + 16*4),
    # hk.Embed(256, 128), 2 blocks (2 LayerNorms, attention q/k/v/out, MLP 512-128), Linear(256); tokens s32[4,32]
    "jax-haiku_transformer_block_adam": (256*128 + 2*(2*2*128 + 4*(128*128+128) + 128*512+512 + 512*128+128)
                                         + 128*256+256, 2, None, 4*32*4),
    # keras Dense 64-256-128-8 (stateless_call), optax Adam; x f32[32,64], y f32[32,8]
    "jax-keras_mlp_stateless": (64*256+256 + 256*128+128 + 128*8+8, 2, None, (32*64 + 32*8) * F32),
    # optax Adam's update alone (no backward pass), weights [256x512, 512, 512x128] and Adam's state
    # donated; the gradients are its inputs
    "jax-optax_adam_update_only": (256*512 + 512 + 512*128, 2, None, (256*512 + 512 + 512*128) * F32),
    # MLP 256-384-384-384-32 by hand, SGD with momentum, nothing donated; x f32[48,256]
    "jax-sgd_momentum_nodonate": (256*384+384 + 2*(384*384+384) + 384*32+32, 1, None, 48*256*F32),
    # Keras Dense 64-128-128-10, Adam; x f32[32,64], y s32[32]
    "tf-mlp_adam_train": (64*128+128 + 128*128+128 + 128*10+10, 2, None, 32*64*F32 + 32*4),
    # Keras GRU(32) (reset_after: bias 2x96) + LSTM(32) + Dense(4), RMSprop; x f32[8,12,8], t f32[8,4]
    "tf-gru_lstm_train": (8*96 + 32*96 + 2*96 + 32*128 + 32*128 + 128 + 32*4+4, 1, None, (8*12*8 + 8*4) * F32),
    # Keras LSTM(64) + GRU(32) + Dense(8), forward only; x f32[8,20,16]
    "tf-lstm_gru_forward": (16*256 + 64*256 + 256 + 64*96 + 32*96 + 2*96 + 32*8+8, 0, None, 8*20*16*F32),
    # Keras MultiHeadAttention(4 x 16) + 2 LayerNorms + Dense 128, 64: loss and gradients, no update; x, t f32[4,32,64]
    "tf-transformer_encoder_fwd_bwd": (3*(64*64+64) + 64*64+64 + 4*64 + 64*128+128 + 128*64+64, 0, None,
                                       2*4*32*64*F32),
    # Keras Conv(16) + BN + Conv(32) + BN (gamma, beta; moving mean, variance) + Dense(10), SGD momentum
    "tf-cnn_bn_dropout_train": (3*3*16+16 + 4*16 + 3*3*16*32+32 + 4*32 + 1568*10+10, 1,
                                3*3*16+16 + 2*16 + 3*3*16*32+32 + 2*32 + 1568*10+10, 16*28*28*F32 + 16*4),
    # PyTorch/XLA 2.9 (tests/data/roles/generate_torch.py): every parameter is `xla__device_data`
    # nn.Linear 784-512-512-10, Adam; x f32[32,784], y s64[32]
    "torch-mlp_adam_train": (784*512+512 + 512*512+512 + 512*10+10, 2, None, 32*784*F32 + 32*8),
    # the same MLP, SGD with momentum
    "torch-mlp_sgd_momentum_train": (784*512+512 + 512*512+512 + 512*10+10, 1, None, 32*784*F32 + 32*8),
    # Conv2d(1, 16) + BatchNorm2d (weight, bias; running mean, var) + Conv2d(16, 32) + BatchNorm2d
    # + Linear(1568, 10), Adam; x f32[16,1,28,28], y s64[16]
    "torch-cnn_bn_adam_train": (16*9+16 + 4*16 + 32*16*9+32 + 4*32 + 1568*10+10, 2,
                                16*9+16 + 2*16 + 32*16*9+32 + 2*32 + 1568*10+10, 16*28*28*F32 + 16*8),
    # TransformerEncoderLayer(128, 4 heads, 512) + Linear(128, 10), AdamW; x f32[8,32,128], y s64[8]
    "torch-transformer_block_adamw_train": (384*128+384 + 128*128+128 + 512*128+512 + 128*512+128 + 4*128
                                            + 10*128+10, 2, None, 8*32*128*F32 + 8*8),
    # Embedding(5000, 128) + Linear(128, 10), Adam; ids s64[32,16], y s64[32]
    "torch-embedding_train": (5000*128 + 10*128+10, 2, None, 32*16*8 + 32*8),
    # LSTM(32 -> 64, 2 layers) + Linear(64, 10), no_grad; x f32[8,20,32]
    "torch-lstm_forward_inference": (256*32 + 256*64 + 2*256 + 256*64 + 256*64 + 2*256 + 10*64+10, 0, None,
                                     8*20*32*F32),
    # nn.Linear 784-512-512-10, no_grad; x f32[64,784]
    "torch-mlp_inference": (784*512+512 + 512*512+512 + 512*10+10, 0, None, 64*784*F32),
}
# The batch-norm running statistics among the model's floats (moving mean and variance of each
# BatchNorm): state the forward pass updates, not the gradients.
RUNNING = {"jax-flax_linen_cnn_bn_adam": 2*16, "tf-cnn_bn_dropout_train": 2*16 + 2*32,
           "torch-cnn_bn_adam_train": 2*16 + 2*32}
# Beside the optimizer's per-weight state: its step counter, learning rate and bias corrections
# (PyTorch passes them in as f32 and f64 scalars each step).
COUNTERS = 64


def _parameter_bytes(case) -> dict[str, int]:
    report = run_json("peak", case)
    found: dict[str, int] = {}
    for row in report["memory"]["at_peak"]:
        if row["kind"] == "parameter":
            found[row["category"]] = found.get(row["category"], 0) + row["bytes"]
    return found


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_parameters_are_called_what_the_program_makes_them(name):
    model, slots, trainable, batch = PROGRAMS[name]
    found = _parameter_bytes(DATA / "roles" / name)
    assert found.get("inputs", 0) == batch                       # the batch, and nothing else
    running = RUNNING.get(name, 0)
    assert found.get("weights", 0) == (model - running) * F32
    assert found.get("running statistics", 0) == running * F32
    optimizer = (trainable or model) * F32 * slots
    assert optimizer <= found.get("optimizer state", 0) <= optimizer + COUNTERS
    # (PyTorch/XLA's scalars and index tensors made for the step are constants)
    assert set(found) <= {"inputs", "weights", "running statistics", "optimizer state", "seeds and counters",
                          "constants"}


def test_a_donated_parameter_is_state_never_inputs():
    """A parameter donated into an output of its shape is written back: never read-only inputs,
    in a program without a backward pass too (the optimizer's step alone)."""
    folder = DATA / "roles/jax-optax_adam_update_only"
    text = next(folder.iterdir()).read_text()
    aliased = {int(n) for n in re.findall(r"\{[\d,]*\}: \((\d+), \{\}", text.split("\n", 1)[0])}
    entry = text.split("\nENTRY ")[1]
    names = {int(n): name for name, n in re.findall(r"%(\S+) = \S+ parameter\((\d+)\)", entry)}
    assert aliased and aliased < set(names)
    for number in sorted(aliased):
        facts = run_json("explain", folder, names[number])["explain"]
        assert facts["category"] != "inputs", (names[number], facts["evidence"])
    for number in sorted(set(names) - aliased):   # the gradients: read, not updated
        assert run_json("explain", folder, names[number])["explain"]["category"] == "inputs"


def test_weights_read_through_a_layout_change_on_gpu():
    """XLA:GPU transposes convolution kernels to its layout and back around the update: the
    kernels are still weights. jax cnn_train: kernels 3x3x3x16, 3x3x16x32, 3x3x32x32, x f32[8,32,32,3]."""
    found = _parameter_bytes(DATA / "corpus/xla-jax-0.11.2-gpu/cnn_train")
    assert found == {"weights": (3*3*3*16 + 3*3*16*32 + 3*3*32*32) * F32, "inputs": 8*32*32*3*F32}


WORKSPACE = re.compile(r"%?(\S+) = \((\w+\[[\d,]*\])\{[^}]*\}, [su]8\[(\d+)\]\{0\}\) custom-call\(")


@pytest.mark.parametrize("case", [DATA / "corpus/xla-jax-0.11.2-gpu/cnn_train",
                                  DATA / "corpus/xla-jax-0.4.30/mlp_train"], ids=lambda p: p.parent.name)
def test_library_scratch_is_named_workspace(case):
    """cuDNN's and oneDNN's calls return `(result, u8[N])`: the bytes are the library's workspace."""
    text = next(p for p in case.iterdir() if p.name.endswith("after_optimizations.txt")
                and (case / (p.name[:-4] + "-buffer-assignment.txt")).exists()).read_text()
    calls = {m.group(1) for m in WORKSPACE.finditer(text) if int(m.group(3))}
    assert calls
    report = run_json("peak", case)
    rows = [r for r in report["memory"]["at_peak"] if r["name"] in calls and r["index"] == "1"]
    results = [r for r in report["memory"]["at_peak"] if r["name"] in calls and r["index"] == "0"]
    assert rows and all(r["category"] == "library workspace" for r in rows)
    assert all(r["category"] != "library workspace" for r in results)
    by = {g["key"]: g for g in report["groups"]["category"]} if "category" in (report.get("groups") or {}) else {}
    if rows and by:
        assert by["library workspace"]["bytes"] >= sum(r["bytes"] for r in rows)


def test_explain_says_why_a_parameter_is_weights():
    """TensorFlow names every parameter `argN`: Keras's second Dense kernel (f32[128,128]) is
    parameter 4 of the train step, updated in place and read by a matrix product."""
    text = next((DATA / "roles/tf-mlp_adam_train").iterdir()).read_text()
    name = re.search(r"%(\S+) = f32\[128,128\]\{1,0\} parameter\(4\)", text).group(1)
    facts = run_json("explain", DATA / "roles/tf-mlp_adam_train", name)["explain"]
    assert facts["category"] == "weights"
    assert "updated by the step" in facts["evidence"] and "matrix product" in facts["evidence"]


@pytest.mark.parametrize("case", ["roles/tf-cnn_bn_dropout_train", "corpus/xla-jax-0.11.2-gpu/cnn_train"])
def test_copies_of_weights_are_named(case):
    """XLA keeps convolution kernels transposed or reversed for the backward pass: a temporary
    that is a copy or transpose of a parameter (read from the module text) is a weight copy,
    of as many elements as the weight."""
    folder = DATA / case
    text = next(p for p in folder.iterdir() if p.name.endswith("after_optimizations.txt")
                and (folder / (p.name[:-4] + "-buffer-assignment.txt")).exists() or "roles/" in case).read_text()
    line = re.compile(r"%(\S+) = (\w+)\[([\d,]*)\]\{[^}]*\} (?:copy|transpose|fusion)\(%([^,)\s]+)\)")
    params = {m.group(1): int(m.group(2))
              for m in re.finditer(r"%(\S+) = \S+ parameter\((\d+)\)", text.split("\nENTRY ")[1])}
    copies = {m.group(1): m.group(4) for m in line.finditer(text) if m.group(4) in params}
    report = run_json("peak", folder)
    rows = [r for r in report["memory"]["at_peak"] if r["category"] == "weight copies"]
    assert rows
    for r in rows:
        assert r["name"] in copies and r["role_evidence"].startswith("XLA's copy of ")
        source = copies[r["name"]]
        weight = next(w for w in report["memory"]["at_peak"]
                      if w["parameter"] and w["parameter"]["number"] == params[source])
        assert weight["category"] == "weights" and r["value_bytes"] == weight["bytes"]
        # named by what it copies: the jax argument's path where jax wrote one, else XLA's name
        assert r["copy_of"] == weight["path"]
        assert r["role_evidence"].split()[3] == (weight["path"] or source)
