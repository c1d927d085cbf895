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
    JAX: re.compile(r"\bjax(?:lib)?[./]|JaxRuntimeError|XlaRuntimeError"),
    TENSORFLOW: re.compile(r"tensorflow[./]python|ResourceExhaustedError|OOM when allocating tensor|"
                           r"report_tensor_allocations_upon_oom|\[\[\{?\{?node |\btf\.function"),
    PYTORCH: re.compile(r"torch_xla|\btorch[./]|aten::"),
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
    return bool(path) and _FRAMEWORK_SOURCE.search(path) is not None


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
