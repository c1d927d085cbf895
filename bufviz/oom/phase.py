"""What an allocator's failure means for when it happened: while compiling, XLA:GPU's autotuning
ran out of scratch memory (the program never ran); while running, a request that is larger than
the allocator's whole limit cannot fit whatever else is freed. Reads `oom_json`'s dict."""
from __future__ import annotations

from ..views.framework import DONATE_HOW, JAX, PYTORCH, REMAT_HOW, TENSORFLOW
from ..units import human_bytes

# How to let the allocator take more of the GPU, per framework.
_MORE_OF_THE_GPU = {JAX: "raise XLA_PYTHON_CLIENT_MEM_FRACTION (XLA_CLIENT_MEM_FRACTION in newer jax)",
                    TENSORFLOW: "raise the memory_limit of tf.config.set_logical_device_configuration",
                    PYTORCH: "raise PJRT_ALLOCATOR_FRACTION",
                    None: "let the allocator take a larger share of the GPU"}


def autotuning_lines(o: dict) -> list[str]:
    """The failure while autotuning: how many instructions, the request, the allocator's limit."""
    s = o["stats"] or {}
    failed, tuned = s.get("autotuning_failed_instructions"), s.get("autotuning_instructions")
    count = f" for {failed} of the {tuned} instructions it tunes" if failed is not None else ""
    lines = [f"Autotuning, which runs candidate kernels on the device while XLA compiles, failed{count}."]
    ask = (f"The allocation that failed asked for {human_bytes(o['requested_bytes'])}"
           if o["requested_bytes"] is not None else "")
    if o["limit_bytes"] is not None:
        who = f"the allocator {o['allocator']}" if o["allocator"] else "the allocator"
        limit = f"{who} may use {human_bytes(o['limit_bytes'])} in all"
        lines.append(f"{ask}; {limit}." if ask else f"{limit[0].upper()}{limit[1:]}.")
    elif ask:
        lines.append(f"{ask}.")
    return lines


def warnings_line(o: dict) -> str | None:
    """The allocator's warnings that their callers mark as no failure: context, never the error."""
    count = (o["stats"] or {}).get("allocator_warnings")
    if not count:
        return None
    what = "a warning" if count == 1 else f"{count} warnings"
    failed = o["kind"] != "usage_report"
    line = (f"The allocator {'also ' if failed else ''}printed {what} that it ran out of memory, "
            'marked "not a failure" by the caller')
    return line + ("." if failed else "; the text reports no failure.")


def phase_tips(o: dict) -> list[str] | None:
    """Tips for a failure while autotuning, or for a run-time request over the whole limit; None
    when neither applies (the general advice does)."""
    framework = o["framework"]
    more = _MORE_OF_THE_GPU.get(framework, _MORE_OF_THE_GPU[None])
    if o["compile_pass"] == "autotuning":
        limit = (f", and the allocator's limit is {human_bytes(o['limit_bytes'])}"
                 if o["limit_bytes"] is not None else "")
        cache = ("; a program loaded from jax's persistent compilation cache is not autotuned again"
                 if framework == JAX else "")
        return [f"Autotuning needs scratch memory of its own while compiling{limit}: {more}.",
                "Or make autotuning need less: XLA_FLAGS=--xla_gpu_autotune_level=0 turns it off (kernels may "
                "be slower); --xla_gpu_load_autotune_results_from reuses the results that "
                f"--xla_gpu_dump_autotune_results_to saved where there was more memory{cache}."]
    request, limit = o["requested_bytes"], o["limit_bytes"]
    if o["phase"] == "run" and request is not None and limit is not None and request > limit:
        donate = DONATE_HOW.get(framework)
        return [f"The request alone ({human_bytes(request)}) is more than the allocator's whole limit "
                f"({human_bytes(limit)}): freeing other arrays cannot make room.",
                f"Make the program need less: {REMAT_HOW[framework]}, or shrink the batch or sequence length"
                + (f"; if the outputs replace arguments, {donate}." if donate else "."),
                f"Or let the allocator use more: {more}."]
    return None
