"""The plain words for every quantity bufviz compares with XLA (the JSON keeps the keys; people
read these), and the one line that says a module's numbers cannot be trusted."""
from __future__ import annotations

from ..dumps.memory_stats import NAMED as JAX_NAMED
from ..units import human_bytes

WORDS = {"schedule_end": "schedule length", "peak_time": "peak time", "peak_bytes": "peak bytes",
         "peak_bytes_printed": "peak bytes (printed)", "live_at_peak": "live at the peak",
         "instruction_sequence": "instruction order", "stack_trace": "stack-trace breakdown",
         "total_bytes_used": "total bytes used", "memory_usage_report": "memory-usage report",
         "live_range": "live ranges", "allocations": "allocations",
         "jax_argument_bytes": "arguments (jax)", "jax_output_bytes": "outputs (jax)",
         "jax_alias_bytes": "aliased bytes (jax)", "jax_temp_bytes": "temporaries (jax)",
         "jax_peak_memory_bytes": "peak memory (jax)",
         # jax 0.12's numbers keep jax's own names
         **{name: f"{name} (jax)" for name in JAX_NAMED}}
# jax's memory_analysis() figures: `jax_` and the names jax 0.12 added (JAX_NAMED), as jax spells them
JAX_FIGURES = set(JAX_NAMED)
SIZES = {"peak_bytes", "peak_bytes_printed", "total_bytes_used", "jax_argument_bytes", "jax_output_bytes",
         "jax_alias_bytes", "jax_temp_bytes", "jax_peak_memory_bytes"} | JAX_FIGURES


def is_jax_figure(quantity: str) -> bool:
    return quantity.startswith("jax_") or quantity in JAX_FIGURES


def plain_quantity(quantity: str) -> str:
    if quantity.startswith("live_range "):
        return "live range of " + quantity.split(" ", 1)[1]
    if quantity.startswith("offset "):
        return "offset of " + quantity.split(" ", 1)[1]
    return WORDS.get(quantity, quantity.replace("_", " "))


def only_libtpu_placement(found: list[dict]) -> bool:
    """Whether every difference is where libtpu placed its heap's pieces (matching.py)."""
    return bool(found) and all(m.get("placement") == "libtpu" for m in found)


def doubt(found: list[dict]) -> str | None:
    """One line on what the differences from XLA (`mismatches`) mean for the numbers shown. Where
    only jax's own figures differ, XLA's dump files agree with bufviz about a module jax did not
    measure: the folder holds another module than the program's; otherwise bufviz's
    recomputation is not XLA's."""
    if not found:
        return None
    if all(is_jax_figure(m["quantity"]) for m in found):   # (jax's figures, compare.py)
        jax = found[0]
        what = plain_quantity(jax["quantity"]).removesuffix(" (jax)")
        return (f"jax's memory_analysis.json beside this module disagrees with it ({what}: jax says "
                f"{human_bytes(jax['xla'])}, this module {human_bytes(jax['recomputed'])}): it may be another "
                "module than the one jax measured (is the program's own optimized module in the folder?); "
                "do not trust these numbers")
    if only_libtpu_placement(found):
        return (f"libtpu placed {len(found)} pieces of its temporaries' heap elsewhere than bufviz's best fit "
                "(its rule is its own; `bufviz verify` lists them): the numbers shown are libtpu's, and what "
                "bufviz works out without them (a module alone, what-ifs) may differ there")
    first = plain_quantity(found[0]["quantity"])
    count = f"{len(found)} quantit{'ies' if len(found) != 1 else 'y'}"
    return (f"bufviz's recomputation differs from XLA's own dump files in {count} (first: {first}; "
            "`bufviz verify` lists them): its numbers may be wrong")
