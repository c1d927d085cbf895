"""XLA:GPU's own rules, on real XLA:GPU text (jax 0.11.2): a fusion whose root is a sort may
write the sorted copy of an operand it reads once into that operand's buffer, and only for the
output of that operand's position (XLA's gpu/alias_info.cc); XLA's stack-trace breakdown leaves
out zero-byte values (cuDNN's `u8[0]` scratch). The shapes and positions are read from the text
here, independently of bufviz."""
from __future__ import annotations

import re

from conftest import DATA, run_json
from bufviz.engine.dataflow.callgraph import CallGraph
from bufviz.engine.dataflow.can_share import CanShare
from bufviz.engine.dataflow.gpu_sharing import fusion_can_share
from bufviz.engine.liveness.stack_trace import stack_breakdown
from bufviz.hlo.parser import parse_module

GPU = DATA / "corpus/xla-jax-0.11.2-gpu"


def _module(case: str):
    path = next((GPU / case).glob("*sm_9.0a_gpu_after_optimizations.txt"))
    return parse_module(path.read_text(), str(path)), path.read_text()


def test_a_sort_fusion_may_share_only_the_sorted_copy_of_its_operand():
    module, text = _module("linalg_customcalls")
    # the fusion whose body's root sorts its parameter 0 and an iota: (f32[4096], s32[4096])
    line = re.search(r"%(\S+) = \((f32\[4096\])\{0\}, s32\[4096\]\{0\}\) fusion\(%([\w.]+)\), kind=kCustom, "
                     r"calls=%(\S+),", text)
    fusion_name, operand_name, body_name = line.group(1), line.group(3), line.group(4)
    body_text = text.split(f"%{body_name} ")[1].split("\n}")[0]
    assert re.search(r"ROOT \S+ = \([^)]*\) sort\(%param_0(?:\.\d+)?, %", body_text)
    fusion = next(i for c in module.computations.values() for i in c.instructions if i.name == fusion_name)
    operand = next(o for o in fusion.operands if o.name == operand_name)
    body = module.computations[body_name]
    elementwise = CanShare(module, None, None, None).elementwise_on_operand
    assert fusion_can_share(fusion, operand, (0,), body, elementwise)        # the sorted keys: operand 0
    assert not fusion_can_share(fusion, operand, (1,), body, elementwise)    # the iota's output
    assert not fusion_can_share(fusion, operand, (), body, elementwise)


def test_zero_byte_values_stay_out_of_the_stack_trace_breakdown():
    module, text = _module("cnn_train")
    # a cuDNN convolution returns (result, u8[0] scratch)
    name, result = re.search(r"%(cudnn-conv[\w.]*) = \((f32\[[\d,]+\])\{[\d,]+\}, u8\[0\]\{0\}\) custom-call",
                             text).groups()
    conv = next(i for c in module.computations.values() for i in c.instructions if i.name == name)
    size = 4
    for d in re.findall(r"\d+", result):
        size *= int(d)
    tree = stack_breakdown([(size, conv, (0,)), (0, conv, (1,))], CallGraph(module))
    names = [n["name"] for n in tree["nodes"]]
    assert tree["total"] == size
    assert any(n.endswith("{0}") for n in names) and not any(n.endswith("{1}") for n in names)


AOT = DATA / "gpu_aot/mlp_fsdp-8gpu"


def test_an_async_computations_result_lives_from_its_async_start():
    """jax 0.12's XLA:GPU (8 H100s, FSDP): the value an async-wrapped collective computes (the
    wrapped computation's root) starts where its async-start runs, one step after the root's
    own place in the flattened schedule; everything else verify compares agrees too."""
    text = next(AOT.glob("*-live-range.txt")).read_text()
    sequence = re.findall(r"^ {4}(\d+):(\S+)$", text, re.M)
    time = {name: int(t) for t, name in sequence}
    starts = {m.group(1): int(m.group(2)) for m in re.finditer(r"^ {4}(\S+)\{\}:(\d+)-\d+$", text, re.M)}
    module = next(AOT.glob("*gpu_after_optimizations.txt")).read_text()
    roots = dict(re.findall(r"^%(\S+) \(.*?\n(?:.*\n)*?  ROOT %(\S+) = ", module, re.M))
    moved = 0
    for start, callee in re.findall(r"^  %(\S+) = .* async-start\(.*calls=%([\w.-]+)", module, re.M):
        root = roots.get(callee)
        if root in starts and start in time:
            assert starts[root] == time[start] == time[root] + 1, root
            moved += 1
    assert moved >= 5
    report = run_json("verify", str(AOT))
    assert report["verified"], [m["quantity"] for m in report["mismatches"]][:5]
