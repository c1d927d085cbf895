"""Which framework produced an XLA program: JAX, TensorFlow or PyTorch/XLA, told from the names
it leaves in metadata (op_name, op_type) and, failing that, from the text around it (tracebacks,
error classes, source files). Advice differs per framework: `jax.checkpoint` means nothing to a
TensorFlow user."""
from __future__ import annotations

import re
from collections.abc import Iterable

JAX, TENSORFLOW, PYTORCH = "jax", "tensorflow", "pytorch"

# What the program's own metadata looks like (the stronger evidence).
_OP_NAMES = {
    JAX: re.compile(r"(?:^|/)(?:jit|pjit|pmap|xmap|shard_map|jvp|transpose|vmap|remat|checkpoint)\("),
    PYTORCH: re.compile(r"aten::|(?:^|/)(?:aten|xla)__"),
}
_OP_TYPES = {
    PYTORCH: re.compile(r"^(?:aten|xla)__"),
    TENSORFLOW: re.compile(r"^_?[A-Z][A-Za-z0-9]*$"),  # TF ops are CamelCase; jax primitives are not
}
# What the surrounding text says. Not `tensorflow/compiler/...` paths: older jaxlib and
# PyTorch/XLA log from XLA's sources under that directory too.
_TEXT = {
    JAX: re.compile(r"\bjax(?:lib|_plugins)?[./]|JaxRuntimeError|XlaRuntimeError"),
    TENSORFLOW: re.compile(r"tensorflow[./]python|ResourceExhaustedError|OOM when allocating tensor|"
                           r"report_tensor_allocations_upon_oom|\[\[\{?\{?node |\btf\.function"),
    PYTORCH: re.compile(r"torch_xla|\btorch[./]|aten::|^SyncTensorsGraph"),
}
# A source file inside the framework's own package is not the user's code.
_FRAMEWORK_SOURCE = re.compile(r"[/\\](?:site|dist)-packages[/\\]"
                               r"(?:tensorflow|keras|tf_keras|jax|jaxlib|flax|torch|torch_xla)[/\\]")


def detect_framework(op_names: Iterable[str | None] = (), op_types: Iterable[str | None] = (),
                     other: Iterable[str | None] = ()) -> str | None:
    """The framework with the most evidence: metadata first, then other text; None if nothing
    points at one framework (a tie, or no evidence)."""
    program = _votes([(op_names, _OP_NAMES), (op_types, _OP_TYPES)])
    return _winner(program) or _winner(_votes([(other, _TEXT)]))


def is_framework_source(path: str | None) -> bool:
    return bool(path and _FRAMEWORK_SOURCE.search(path))


def _votes(sources: list[tuple[Iterable[str | None], dict[str, re.Pattern]]]) -> dict[str, int]:
    votes = dict.fromkeys((JAX, TENSORFLOW, PYTORCH), 0)
    for texts, patterns in sources:
        for text in texts:
            for name, pattern in patterns.items():
                if text and pattern.search(text):
                    votes[name] += 1
    return votes


def _winner(votes: dict[str, int]) -> str | None:
    ranked = sorted(votes.items(), key=lambda kv: -kv[1])
    return ranked[0][0] if ranked[0][1] > ranked[1][1] else None


# What to change, in each framework's words (None: the framework is not known).
REMAT_HOW = {JAX: "rematerialize activations (jax.checkpoint / jax.remat)",
             TENSORFLOW: "recompute activations in the backward pass (tf.recompute_grad)",
             PYTORCH: "recompute activations in the backward pass (torch.utils.checkpoint)",
             None: "recompute activations in the backward pass instead of keeping them (gradient checkpointing)"}
# Only jax lets users donate arguments; unknown: say what to look for.
DONATE_HOW = {JAX: "donate those arguments (donate_argnums)",
              None: "let the outputs reuse those arguments' buffers (buffer donation, where the framework "
                    "offers it)"}
# The same for a module's parameters that outputs of their shape could reuse.
DONATE_PARAMETERS_HOW = {
    JAX: "pass donate_argnums (or donate_argnames) to jax.jit for the arguments holding them",
    TENSORFLOW: "keep them in tf.Variable objects updated with assign (XLA aliases resource variable updates)",
    PYTORCH: "update those tensors in place (as optimizer.step does) so that PyTorch/XLA can alias their "
             "buffers",
    None: "let the outputs reuse those arguments' buffers (buffer donation, where the framework offers it)"}
CARRY_HOW = {JAX: "in the loop body, read what you need from the carry before updating it (x.at[i].set), "
                  "so that XLA can update it in place",
             TENSORFLOW: "in the while loop, do not read a loop variable after updating it",
             PYTORCH: "in the loop, do not read a tensor after updating it in place",
             None: "do not read a loop-carried value after updating it in place"}
# A loop whose initial value is read after it starts: the same in every framework.
START_HOW = ("after the loop, read its result rather than the value it started from, so that XLA can "
             "start the loop in place")
PRECISION_HOW = {JAX: "keep it in bfloat16 (preferred_element_type=jnp.bfloat16, or .astype(jnp.bfloat16))",
                 TENSORFLOW: "keep it in bfloat16 (the mixed_bfloat16 mixed-precision policy)",
                 PYTORCH: "keep it in bfloat16 (torch.autocast(dtype=torch.bfloat16))",
                 None: "keep it in bfloat16 if the accuracy allows"}


def order_how(framework: str | None, backward: bool) -> str:
    """How to get another order: it is XLA's choice, whatever the framework. jax.checkpoint only
    acts on what a backward pass keeps: never said to an inference pass."""
    how = ("XLA picks the order, not the program: `bufviz schedule … --emit FILE` writes this order back as "
           "HLO text for XLA's own tools (run_hlo_module, hlo-opt)")
    if framework != JAX:
        return how
    recompute = " or recompute it with jax.checkpoint" if backward else ""
    return (f"{how}; in jax, pin a value's place with jax.lax.optimization_barrier{recompute}, then compare "
            "the new dump with `bufviz diff`")
