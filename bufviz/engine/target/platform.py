"""Which backend compiled the module: cpu, gpu, tpu or unknown. Size and alignment rules
differ per backend, so the answer matters; `--platform` overrides it."""
from __future__ import annotations

import re

PLATFORMS = ("cpu", "gpu", "tpu")

_TILED_LAYOUT = re.compile(r"\{[0-9,]*:[^{}]*T\(\d")
_GPU = re.compile(r'custom_call_target="(?:__cublas|__cudnn|__gpu|cusolver|cu_|__triton|xla\.gpu|__nccl)'
                  r'|"(?:operation_queue_id|fusion_backend_config|gemm_backend_config|'
                  r'cudnn_conv_backend_config|collective_backend_config)"')
_CPU = re.compile(r'custom_call_target="(?:__onednn|lapack_|xla\.cpu|__xla_cpu|ducc)'
                  r'|"outer_dimension_partitions"|xla_cpu_small_call')
_TPU = re.compile(r'"flag_configs"|custom_call_target="(?:tpu_custom_call|AsyncCollectiveStart)"')


def platform_from_stage(stage: str | None) -> str | None:
    """From a dump file's stage name: `cpu_after_optimizations`, `sm_8.0_gpu_after_...`."""
    if not stage:
        return None
    for platform in PLATFORMS:
        if f"{platform}_" in stage:
            return platform
    if "sm_" in stage:
        return "gpu"
    return None


SAMPLE = 2_000_000  # characters of each text looked at


def platform_from_text(texts) -> str | None:
    """From HLO text (a module, or the instructions quoted in a dump): tiles mean TPU, then
    backend-specific custom-call targets and backend_config keys."""
    found = {"tpu": False, "gpu": False, "cpu": False}
    for text in texts:
        if not text:
            continue
        sample = text if len(text) < SAMPLE else text[:SAMPLE]
        # Each pattern only where its literal part occurs (a plain scan is many times faster).
        calls = 'custom_call_target="' in sample
        found["tpu"] = found["tpu"] or bool(("T(" in sample and _TILED_LAYOUT.search(sample))
                                            or (calls or '"flag_configs"' in sample) and _TPU.search(sample))
        found["gpu"] = found["gpu"] or bool((calls or 'config"' in sample or '"operation_queue_id"' in sample)
                                            and _GPU.search(sample))
        # (two of _CPU's alternatives are plain words: found by the scan itself)
        found["cpu"] = found["cpu"] or '"outer_dimension_partitions"' in sample or "xla_cpu_small_call" in sample \
            or bool(calls and _CPU.search(sample))
    for platform in ("tpu", "gpu", "cpu"):
        if found[platform]:
            return platform
    return None
