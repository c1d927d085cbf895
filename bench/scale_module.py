"""Make a synthetic HLO module about K times larger than a real one, for benchmarks.

Every computation is copied K times under new names (`name.sJ`); instructions keep their
real shapes, metadata and backend_config text. Two ways to join the copies of the entry:

* `steps` (default): K steps one after the other, as K unrolled training or decode steps.
  Each copy's parameters take the previous copy's results of the same shape (the rest read
  the original parameters), and the last copy's result is the module's result.
* `parallel`: every copy reads the original parameters through a `copy`, all K are live
  together, and a ROOT tuple returns every copy's result (K times the outputs).

The result is valid HLO that bufviz (and XLA) can parse.

    python bench/scale_module.py REAL_MODULE.txt K OUT.txt [steps|parallel]
"""
from __future__ import annotations

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from bufviz.hlo.model import CALLEE_KEYS, Instruction  # noqa: E402
from bufviz.hlo.parser import parse_module  # noqa: E402

_NAMES = re.compile(r"%?([A-Za-z_][\w.\-]*)")


def scale(text: str, copies: int, out, mode: str = "steps") -> None:
    module = parse_module(text, "<input>")
    header = text.split("\n", 1)[0]
    # Output aliasing and the entry layout describe the original outputs only: drop them.
    header = re.sub(r", (input_output_alias|entry_computation_layout|buffer_donor)=\{.*?\}(?=, [a-z_]+=|$)",
                    "", header)
    out.write(header + "\n\n")
    entry = module.entry
    for j in range(copies):
        for comp in module.computations.values():
            if comp is not entry:
                _write_computation(out, comp, j)
    out.write(f"ENTRY %{entry.name}.scaled {{\n")
    roots = []
    for j in range(copies):
        inputs = _previous_results(entry, j) if mode == "steps" else {}
        for instr in entry.instructions:
            if instr.opcode == "parameter" and j > 0:
                source = inputs.get(instr.name)
                if source is not None:
                    out.write(f"  %{instr.name}.s{j} = {instr.shape_text} get-tuple-element("
                              f"%{entry.root.name}.s{j - 1}), index={source}\n")
                else:
                    out.write(f"  %{instr.name}.s{j} = {instr.shape_text} copy(%{instr.name}.s0)\n")
            else:
                root = mode == "steps" and j == copies - 1 and instr.is_root
                out.write("  " + _instruction(instr, j, root=root) + "\n")
        roots.append(entry.root)
    if mode != "steps":
        shapes = ", ".join(r.shape_text for r in roots)
        names = ", ".join(f"%{r.name}.s{j}" for j, r in enumerate(roots))
        out.write(f"  ROOT %scaled.root = ({shapes}) tuple({names})\n")
    out.write("}\n\n")


def _previous_results(entry, j: int) -> dict[str, int]:
    """parameter name -> index of the previous step's result of the same shape (each once)."""
    if j == 0 or not entry.root.shape.is_tuple:
        return {}
    free = {}
    for k, element in enumerate(entry.root.shape.elements):
        free.setdefault(element.text, []).append(k)
    chosen = {}
    for param in entry.parameters:
        slots = free.get(param.shape.text)
        if slots:
            chosen[param.name] = slots.pop(0)
    return chosen


def _write_computation(out, comp, j: int) -> None:
    out.write(f"%{comp.name}.s{j} {{\n")
    for instr in comp.instructions:
        out.write("  " + _instruction(instr, j, root=instr.is_root) + "\n")
    thread = f', execution_thread="{comp.execution_thread}"' if comp.execution_thread else ""
    out.write(f"}}{thread}\n\n")


def _instruction(instr: Instruction, j: int, root: bool) -> str:
    if instr.opcode in ("parameter", "constant"):
        args = instr.args
    else:
        args = ", ".join(f"%{op.name}.s{j}" for op in instr.operands)
    attrs = instr.attr_text
    for key in CALLEE_KEYS + ("control-predecessors",):
        value = instr.attr(key)
        if value:
            renamed = _NAMES.sub(lambda m: f"%{m.group(1)}.s{j}", value)
            attrs = attrs.replace(f"{key}={value}", f"{key}={renamed}", 1)
    prefix = "ROOT " if root else ""
    return f"{prefix}%{instr.name}.s{j} = {instr.shape_text} {instr.opcode}({args}){attrs}"


if __name__ == "__main__":
    source, copies, target = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    mode = sys.argv[4] if len(sys.argv) > 4 else "steps"
    with open(source) as f:
        text = f.read()
    with open(target, "w") as out:
        scale(text, copies, out, mode)
