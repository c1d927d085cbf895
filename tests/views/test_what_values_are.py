"""What the largest values are, at every moment, on real programs of six kinds
(tests/data/labels/*.py, jax 0.12 on XLA:CPU): a scan's residuals the backward pass reads after
the loop, a KV cache a decoding loop updates in place, batch-norm running statistics, a
router's integer indices, copies of different arguments. Sizes are written here from the
generating programs; which values are which is read from XLA's text here."""
from __future__ import annotations

import json
import re

import pytest

from bufviz.pipeline import peak_report
from bufviz.request import Request
from conftest import DATA, run, run_json, xla_needed

LABELS = DATA / "labels"
F32 = 4


def module_text(folder) -> str:
    return next(p for p in folder.iterdir() if p.name.endswith("after_optimizations.txt")).read_text()


def pictured(folder):
    """The report with what every value holds (as the pictures draw it) and each value's live range."""
    report = peak_report(Request((str(folder),)), value_info=True)
    ranges = {(r["name"], r["index"]): (r["start"], r["end"]) for r in report.xla["live_ranges"]}
    return report, ranges


def test_a_scans_residuals_are_saved_activations_at_every_moment():
    """lstm_scan_remat.py: T=128, batch 32, hidden 512; the forward scan stacks f32[128,32,512]
    residuals (the loop's elements XLA's forward while carries), read by the backward pass after
    the loop ends. They are saved activations while live, and the largest rows at the peak."""
    folder = LABELS / "lstm_scan_remat"
    text = module_text(folder)
    forward = [m.group(1) for m in re.finditer(r"%(\S+) = \(([^\n]*)\) while\([^\n]*op_name=\"([^\"]*)\"", text)
               if "jvp(" in m.group(3) and "transpose(" not in m.group(3)]
    assert len(forward) == 1
    shape = re.search(rf"%{re.escape(forward[0])} = \(([^\n]*?)\) while\(", text).group(1)
    elements = [k for k, s in enumerate(re.findall(r"(?:/\*index=\d+\*/)?(\w+\[[\d,]*\])(?:\{[\d,]*\})?", shape))
                if s == "f32[128,32,512]"]
    assert len(elements) >= 2
    report, _ = pictured(folder)
    for k in elements:
        assert report.value_info[f"{forward[0]}{{{k}}}"]["category"] == "saved activations"
    rows = report.memory["at_peak"]
    largest = max(rows, key=lambda r: r["bytes"])
    assert largest["bytes"] == 128 * 32 * 512 * F32 and largest["category"] == "saved activations"


def test_a_kv_cache_is_a_cache_before_during_and_after_the_loop():
    """nnx_gpt_kv.py: 4 layers, a key and a value cache each of f32[8,256,8,32] (batch 8, 256
    positions, 8 heads of 32): every value of that shape is a cache while live, and the peak's
    storage holds all 8 as caches."""  # (made by jnp.zeros, filled by the prefill, updated by fori_loop)
    folder = LABELS / "nnx_gpt_kv"
    report, ranges = pictured(folder)
    cache_bytes = 8 * 256 * 8 * 32 * F32
    caches = [v for a in report.allocations for v in a["values"]
              if v["shape"] and v["shape"].startswith("f32[8,256,8,32]") and v["size"] == cache_bytes]
    assert len(caches) >= 8
    for v in caches:
        assert report.value_info[v["name"] + (f"{{{v['index']}}}" if v["index"] else "")]["category"] == "caches"
    rows = report.memory["at_peak"]
    # and the tokens generated so far (s32[8,64]), which the loop writes a column at a time and reads back
    assert sum(r["bytes"] for r in rows if r["category"] == "caches") == 4 * 2 * cache_bytes + 8 * 64 * 4


def test_batch_norm_running_statistics_are_not_weights():
    """eqx_resnet_bn.py: BatchNorms over 32 (stem) and 2 per block, 2 blocks per stage of 32, 64
    and 128 channels: a moving mean and variance per channel are running statistics; the
    trainable floats stay weights."""
    channels = 32 + 2 * 2 * (32 + 64 + 128)
    found: dict[str, int] = {}
    for r in run_json("peak", LABELS / "eqx_resnet_bn")["memory"]["at_peak"]:
        if r["kind"] == "parameter":
            found[r["category"]] = found.get(r["category"], 0) + r["bytes"]
    assert found["running statistics"] == 2 * channels * F32
    convs = 3 * 3 * 3 * 32   # the stem
    for stage, (cin, width) in enumerate(((32, 32), (32, 64), (64, 128))):
        convs += 3 * 3 * cin * width + 3 * 3 * width * width            # block 1
        convs += cin * width if stage else 0                             # its 1x1 shortcut (stride 2)
        convs += 2 * 3 * 3 * width * width                               # block 2
    assert found["weights"] == (convs + 2 * channels + 128 * 10 + 10) * F32   # + BN scale, shift; the head


def test_integers_are_never_gradients():
    """moe_top2.py: a haiku MoE whose router takes jax.lax.top_k of 8 experts (int32 indices);
    the backward pass scatters through them. No integer or predicate value is called gradients."""
    report, _ = pictured(LABELS / "moe_top2")
    integers = {label: info for label, info in report.value_info.items()
                if (info.get("shape") or "").startswith(("s32", "s64", "u32", "u8", "pred"))}
    assert integers
    assert all(info.get("category") != "gradients" for info in integers.values())
    backward_ints = [i for i in integers.values() if "transpose(" in (i.get("op_name") or "")]
    assert backward_ints   # (the router's indices the backward pass makes are among them)


@pytest.mark.parametrize("name", ["eqx_resnet_bn", "lstm_scan_remat", "nnx_gpt_kv", "moe_top2", "mesh_mlp_2x2",
                                  "linen_vit_multisteps_bf16-jax0.10.2", "linen_vit_multisteps_bf16-jax0.12"])
def test_other_is_never_more_than_five_percent_of_memory_in_use(name):
    report, _ = pictured(LABELS / name)
    by_category = report.timeline["by_category"]
    for t in range(report.timeline["steps"]):
        in_use = sum(curve[t] for curve in by_category.values())
        assert by_category.get("other", [0] * (t + 1))[t] <= 0.05 * in_use


def test_rows_of_different_arguments_never_merge(monkeypatch):
    """Identical storage shows as one row with a count, but never rows naming different
    arguments (XLA's copies of weights of one shape in different layers): every argument a row
    of the JSON names is in the table, whole, at 200 columns."""
    monkeypatch.setenv("COLUMNS", "200")
    folder = LABELS / "eqx_resnet_bn"
    rows = run_json("peak", folder)["memory"]["at_peak"]
    named = {r.get("copy_of") or r.get("path") for r in rows} - {None}
    copies = [r for r in rows if r.get("copy_of")]
    assert len({r["copy_of"] for r in copies}) > 1 and len({r["shape"] for r in copies}) < len(copies)
    _, out, _ = run("peak", str(folder), "--top", "0")
    # (equinox's flat leaves are said as the user's arguments: `args[0] #N`, `args[1:] #N`)
    said = {re.sub(r"dynamic_(?:no)?donate\['(first|rest)'\]\[(\d+)\]",
                   lambda m: f"args[{'0' if m.group(1) == 'first' else '1:'}] #{m.group(2)}", n) for n in named}
    assert all(re.search(re.escape(name) + r"(?!\d)", out) for name in said)


def test_a_donated_slot_is_named_by_its_own_arguments_path():
    """linen_vit_multisteps_bf16.py: optax.MultiSteps over adamw, the TrainState donated. XLA puts
    its copy of one moment into another's donated buffer: each donated parameter XLA copied is
    named by its own pytree path (jax's op_name of the parameter, read here), never by the copy's
    or by a number."""
    folder = LABELS / "linen_vit_multisteps_bf16-jax0.12"
    entry = module_text(folder).split("\nENTRY ")[1]
    paths = {int(n): op.replace("\\'", "'") for n, op in
             re.findall(r'parameter\((\d+)\)[^\n]*?op_name="((?:[^"\\]|\\.)*)"', entry)}
    slots = run_json("peak", folder)["memory"]["donated_slots"]
    assert len(slots) > 50 and any(s["holds"] == "another value" for s in slots)
    for s in slots:
        assert s["path"] == paths[s["parameter"]]


def test_a_jax_upgrade_is_the_compiler_not_the_optimizer():
    """The same ViT step (the same parameters: read here from XLA's ENTRY lines) compiled by jax
    0.10.2 and 0.12: the change is the compiler's, never "the optimizer keeps less state"."""
    old, new = LABELS / "linen_vit_multisteps_bf16-jax0.10.2", LABELS / "linen_vit_multisteps_bf16-jax0.12"

    def parameters(folder):
        entry = module_text(folder).split("\nENTRY ")[1].split("\n", 1)[0]
        return sorted(re.findall(r": (\w+\[[\d,]*\])", entry))
    assert parameters(old) == parameters(new)
    d = run_json("diff", old, new)
    assert [r["cause"] for r in d["why"]] == ["compiler"]
    assert "optimizer" not in d["verdict"]


def test_equinox_arguments_are_said_as_the_users_arguments(monkeypatch):
    """eqx.filter_jit passes the array leaves of the first argument and of the others as flat
    lists, which jax names `dynamic_nodonate['first'][N]` (read here from the ENTRY parameters'
    op_names): the table says `args[0] #N` and `args[1:] #N`, and explain takes that name."""
    monkeypatch.setenv("COLUMNS", "80")
    folder = LABELS / "eqx_resnet_bn"
    leaves = re.findall(r"op_name=\"dynamic_nodonate\[\\'(first|rest)\\'\]\[(\d+)\]\"", module_text(folder))
    assert len(leaves) > 100
    _, out, _ = run("peak", str(folder), "--top", "0")
    assert "dynamic_" not in out
    shown = set(re.findall(r"args\[(0|1:)\] #(\d+)", out))
    assert shown and shown <= {("0" if part == "first" else "1:", n) for part, n in leaves}
    part, n = leaves[0]
    name = f"args[{'0' if part == 'first' else '1:'}] #{n}"
    assert run_json("explain", folder, name)["explain"]["path"] == f"dynamic_nodonate['{part}'][{n}]"


@pytest.mark.parametrize("plain,donated", [(LABELS / "lstm_scan_remat", LABELS / "lstm_scan_remat_donated"),
                                           (DATA / "pairs/nodonate", DATA / "pairs/base")], ids=["lstm", "mlp_adam"])
def test_a_donation_what_if_counts_the_copies_xla_makes(plain, donated):
    """The same step compiled without and with its parameters donated (lstm_scan_remat.py with
    `donate_argnums=(0, 1)`; pairs/: a 6-layer MLP, Adam): XLA aliases every leaf and copies
    first the parameters the backward pass reads after their update is computed (`copy(%param)`
    in the donated module, read here). Donating them as advice says copies the same parameters
    and saves what XLA's own compile saves (jax's numbers, read here)."""
    text = module_text(donated)
    entry = text.split("\nENTRY ")[1]
    numbers = {name: int(n) for name, n in re.findall(r"%(\S+) = \S+ parameter\((\d+)\)", entry)}
    copied = {numbers[name] for name in re.findall(r"copy\(%([\w.]+)\)", entry) if name in numbers}
    aliased = sorted(int(n) for n in re.findall(r"\{[\d,]*\}: \((\d+), \{\}", text.split("\n", 1)[0]))
    assert copied and aliased
    what_if = run_json("peak", plain, "--donate", ",".join(map(str, aliased)))["what_if"]
    assert {d["number"] for d in what_if["donate"] if d["copied_first"]} == copied
    assert what_if["saving_bytes"] == xla_needed(plain) - xla_needed(donated)
    (item,) = [i for i in run_json("peak", plain, "--advice")["advice"]["items"] if i["kind"] == "donate"]
    assert item["saving_bytes"] == what_if["saving_bytes"] and item["estimate"]


def test_activations_offloaded_to_host_memory_are_a_space_of_their_own():
    """scan_offload.py on a TPU v5e: jax.checkpoint's offload policy puts the scan's saved
    activations in host memory (S(5) in XLA's shapes). They are reported as host memory, with
    jax's host_temp_size_in_bytes (read here), named by what they hold, and never in memory
    needed: memory needed plus host memory is at most XLA's Total bytes used (read here)."""
    folder = DATA / "tpu/scan_offload-v5e_2x2"
    stats = json.loads((folder / "memory_analysis.json").read_text())
    values = next(folder.glob("*-buffer-assignment-values.txt")).read_text()
    total = int(re.search(r"Total bytes used: (\d+)", values)[1])
    memory = run_json("peak", folder)["memory"]
    (host,) = [s for s in memory["memory_spaces"] if s["memory_space"] == 5]
    assert host["name"] == "S(5) host memory" and host["needed_bytes"] == stats["host_temp_size_in_bytes"] > 0
    assert host["largest"]["holds"] == "saved activations"
    program = (DATA / "tpu/scan_offload.py").read_text()   # (the policy that put them there)
    assert "save_and_offload_only_these_names" in program and "pinned_host" in program
    assert host["put_there_by"] == "a jax.checkpoint policy's offload"
    on_chip = sum(s["needed_bytes"] for s in memory["memory_spaces"] if s["memory_space"] != 5)
    assert memory["needed_bytes"] + on_chip + host["needed_bytes"] <= total
    _, out, _ = run("peak", str(folder))
    assert "in host memory, apart: 64.00 MiB" in out and "saved activations" in out
