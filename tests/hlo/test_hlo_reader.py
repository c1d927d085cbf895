"""The HLO reader on real modules: every module parses, and each printer feature is read."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bufviz.hlo.attributes import plain_attribute, split_attributes
from bufviz.hlo.parser import parse_module
from bufviz.hlo.shapes import parse_shape
from conftest import DATA, SAMPLES, SHARED, WILD, wild


def all_modules() -> list[Path]:
    files = sorted(SAMPLES.rglob("*.txt")) + sorted(DATA.rglob("*after_optimizations.txt"))
    files += sorted((SHARED / "corpus").glob("xla-*/*/*optimizations.txt"))
    files += sorted(WILD.glob("hlo-*.txt"))
    return [f for f in files if f.read_text().lstrip().startswith("HloModule")]


def load(path) -> object:
    return parse_module(Path(path).read_text(), str(path))


@pytest.mark.parametrize("path", all_modules(), ids=lambda p: f"{p.parent.name}/{p.name}"[-70:])
def test_every_module_parses_completely(path):
    module = load(path)
    module.parse_all()
    text = path.read_text()
    # Every instruction line of the text became an instruction (multi-line ones count once).
    defined = len(re.findall(r"^\s+(?:ROOT\s+)?%?[\w.\-]+ = ", text, re.M))
    assert sum(1 for c in module.computations.values() for i in c.instructions if i.printed) == defined
    assert module.entry.root in module.entry.instructions
    for comp in module.computations.values():
        for instr in comp.instructions:
            assert all(op.computation is comp for op in instr.operands)
        _check_tuple_reads(comp)


def _check_tuple_reads(comp):
    """A compact operand `%x#i#j` (XLA since 2026-07) reads element j of element i of x: one
    get-tuple-element per (x, path) of the computation, placed before its first user."""
    body = comp.text
    wanted = {m.group(1) + m.group(2)[:k] for m in re.finditer(r"%([\w.\-]+)((?:#\d+)+)", body)
              for k in [i for i, c in enumerate(m.group(2)) if c == "#"][1:] + [len(m.group(2))]}
    rebuilt = [i for i in comp.instructions if not i.printed]
    assert len(rebuilt) == len(wanted)
    position = {i: k for k, i in enumerate(comp.instructions)}
    for read in rebuilt:
        source, path = read, []
        while not source.printed:
            path.insert(0, source.tuple_index)
            source = source.operands[0]
        assert source.name + "".join(f"#{i}" for i in path) in wanted
        assert read.opcode == "get-tuple-element" and read.shape is source.shape.subshape(tuple(path))
        assert all(position[read] < position[user] for user in read.users) and read.users


@pytest.mark.parametrize("path", all_modules(), ids=lambda p: f"{p.parent.name}/{p.name}"[-70:])
def test_lines_read_without_parsing_agree_with_the_parsed_body(path):
    """Fusion bodies are mostly read as text (printed_line); where a line reads cleanly it is
    the same instruction the full parse finds."""
    module = load(path)
    for comp in module.computations.values():
        line = comp.printed_line()
        if line is not None:
            assert (line[1], line[3]) == (comp.root.name, comp.root.opcode)
        for instr in comp.instructions[:50]:
            line = comp.printed_line(instr.name)
            if line is not None:
                assert (line[1], line[3]) == (instr.name, instr.opcode)


@pytest.mark.parametrize("path", all_modules(), ids=lambda p: f"{p.parent.name}/{p.name}"[-70:])
def test_attributes_read_without_splitting_agree_with_the_split(path):
    """Callees, indices and metadata are read from one attribute without splitting the others
    (plain_attribute): where it answers, the answer is the full split's."""
    module = load(path)
    answered = 0
    for comp in module.computations.values():
        for instr in comp.instructions:
            full = split_attributes(instr.attr_text)
            for key in [*full, "calls", "to_apply", "index", "metadata", "no_such_key"]:
                value = plain_attribute(instr.attr_text, key)
                if value is not None:
                    answered += 1
                    assert value == full.get(key), (instr.name, key)
    assert answered or not any(i.attr_text for c in module.computations.values() for i in c.instructions)


def test_old_printer_with_typed_operands():
    module = load(SAMPLES / "002_31f0e50696cb742c.txt")
    region = module.computation("primitive_computation_max.34")
    assert [o.name for o in region.root.operands] == ["parameter.35", "parameter.36"]
    assert module.features["typed_operands"] and not module.is_scheduled
    assert region.signature.startswith("(parameter.35: f32[], parameter.36: f32[]) -> f32[]")


def test_tuple_shapes_with_index_comments_and_byte_size():
    module = load(next(DATA.glob("corpus/xla-jax-0.10.2/mlp_train/*after_optimizations.txt")))
    root = module.entry.root
    assert root.opcode == "tuple" and len(root.shape.elements) == 6
    ba = next(DATA.glob("corpus/xla-jax-0.10.2/mlp_train/*-buffer-assignment.txt")).read_text()
    # XLA's output tuple table allocation: 8 bytes per element.
    assert f"size {root.shape.byte_size()}, output shape is" in ba


def test_tpu_tiles_and_memory_spaces():
    module = load(SAMPLES / "004_915eaf8d7a870eb5.txt")
    comp = module.computation("fused_computation.8")
    param = comp.instruction("param_0.14")
    layout = param.shape.layout
    assert layout.tiles == ((8, 128), (2, 1)) and layout.memory_space == 1
    start = comp.root.shape
    assert start.elements[2].layout.memory_space == 4 and start.elements[3].layout.memory_space == 2
    scalar = parse_shape("f32[]{:T(128)}")
    assert scalar.layout.tiles == ((128,),) and scalar.byte_size() == 4


def test_backend_config_json_object_and_escaped_string():
    tpu = load(SAMPLES / "004_915eaf8d7a870eb5.txt")
    gather = tpu.computation("fused_computation.8").instruction("all-gather.19")
    assert gather.backend_config["barrier_config"]["barrier_type"] == "CUSTOM"
    assert gather.frontend_attributes == {"chain_id": "0"}
    gpu = load(SAMPLES / "000_8d2741cff48cd2ab.txt")
    gemm = next(i for i in gpu.entry.instructions if i.opcode == "custom-call")
    assert gemm.custom_call_target == "__cublas$gemm"
    assert gemm.backend_config["alpha_real"] == 1


def test_metadata_sharding_and_input_output_alias():
    module = load(SAMPLES / "000_8d2741cff48cd2ab.txt")
    assert module.input_output_alias == [((0,), 0, (), "may-alias"), ((1,), 1, (), "may-alias"),
                                         ((2,), 2, (), "may-alias")]
    param2 = module.entry.instruction("param.2")
    assert param2.sharding == "{devices=[4,1]0,1,2,3}"
    add = module.entry.instruction("add.2")
    assert add.metadata["op_type"] == "add" and add.metadata["source_line"] == "99"
    assert module.source_of(add).endswith("flax/optim/base.py:99")


def test_stack_frame_tables_give_sources():
    module = load(next(DATA.glob("corpus/xla-jax-0.10.2/mlp_train/*after_optimizations.txt")))
    assert module.file_names == {1: "programs/gen_corpus.py"}
    fusion = module.entry.instruction("ynn_fusion.6")
    assert fusion.metadata["stack_frame_id"] == "6"
    chain = module.frame_chain(6)
    # Innermost frame first, outermost last, as the FunctionNames table names them.
    assert chain[0][2] == "_mlp_loss" and chain[-1][2] == "<module>"
    assert module.source_of(fusion) == f"programs/gen_corpus.py:{chain[0][1]}"


def test_called_computations_of_every_kind():
    cond = load(next(DATA.glob("corpus/xla-jax-0.10.2/cond_branches/*after_optimizations.txt")))
    conditional = next(i for c in cond.computations.values() for i in c.instructions if i.opcode == "conditional")
    assert len(conditional.callee_names()) == 2
    loop = load(next(DATA.glob("corpus/xla-jax-0.10.2/while_tuple_carry/*after_optimizations.txt")))
    w = next(i for i in loop.entry.instructions if i.opcode == "while")
    assert w.callee_names(("condition", "body")) == [w.attrs["condition"].lstrip("%"), w.attrs["body"].lstrip("%")]
    fusion = next(i for i in loop.entry.instructions if i.opcode == "fusion") if any(
        i.opcode == "fusion" for i in loop.entry.instructions) else None
    if fusion is not None:
        assert fusion.callee_names() == [fusion.attrs["calls"].lstrip("%")]


def test_output_to_operand_aliasing():
    module = load(SAMPLES / "004_915eaf8d7a870eb5.txt")
    pairs = [i.output_to_operand_aliasing for c in module.computations.values() for i in c.instructions
             if i.attr("output_to_operand_aliasing")]
    assert ((), 1, ()) in [p for ps in pairs for p in ps]


def test_async_wrapped_computations_and_execution_threads():
    path = wild("hlo-tpu-v6e-llama-train-step-after-opt-large.txt")
    module = load(path)
    starts = [i for c in module.computations.values() for i in c.instructions if i.opcode == "async-start"]
    assert starts and all(module.computations[i.callee_names(("calls",))[0]] for i in starts)
    threads = {c.execution_thread for c in module.computations.values()}
    assert "sparsecore" in threads
    # An attribute value spanning three lines is one instruction.
    gte = next(i for c in module.computations.values() if "get-tuple-element.2352" in c
               for i in [c.instruction("get-tuple-element.2352")])
    assert "xprof_metadata" in gte.frontend_attributes["kernel_metadata"] and gte.tuple_index == 0


def test_must_alias_and_buffer_donor_headers():
    # No real dump in the corpus carries these; read them in a real header with the kind changed.
    text = (SAMPLES / "000_8d2741cff48cd2ab.txt").read_text()
    first, rest = text.split("\n", 1)
    changed = first.replace("{1}: (1, {}, may-alias)", "{1}: (1, {}, must-alias)")
    changed += ", buffer_donor={ (3, {}), (4, {0}) }"
    module = parse_module(changed + "\n" + rest, "x")
    assert module.input_output_alias[1] == ((1,), 1, (), "must-alias")
    assert module.buffer_donors == [(3, ()), (4, (0,))]


def test_entry_computation_layout_and_schedule_flag():
    module = load(SAMPLES / "003_54e5854892ee064a.txt")
    assert module.is_scheduled
    assert module.entry_computation_layout.startswith("{(f32[]{:T(128)}")


def test_control_flow_without_its_computations_is_an_error():
    path = next(DATA.glob("corpus/xla-jax-0.10.2/while_tuple_carry/*after_optimizations.txt"))
    text = path.read_text()
    line_no, line = next((i + 1, l) for i, l in enumerate(text.split("\n")) if " while(" in l)
    body = re.search(r"body=%?([\w.\-]+)", line).group(1)
    module = parse_module(text.replace(f"body=%{body}", "body=%missing_body"), str(path))
    with pytest.raises(Exception) as error:
        module.entry.instructions
    assert f"{path}:{line_no}: expected a computation named 'missing_body'" in str(error.value)
