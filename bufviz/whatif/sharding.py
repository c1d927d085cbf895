"""Advice for a partitioned program: weights and optimizer state every device holds whole, and
the bytes each device would stop holding were they split over axes of the mesh they are not
split over. An estimate, not a measurement: XLA re-plans its collectives for a new split (an
FSDP gather of each weight where it is read adds temporaries), so no module is changed here."""
from __future__ import annotations

import itertools
import math

from ..units import human_bytes
from ..views.paths import shown_path

SPLITTABLE = ("weights", "optimizer state")


def sharding_items(report, files: str, least: int) -> list[dict]:
    """One item per category of replicated state saving at least `least` bytes a device."""
    mesh = (report.sharding or {}).get("mesh")
    if not mesh or not report.memory:
        return []
    rows = [r for r in report.memory["at_peak"] if r["kind"] == "parameter" and r.get("replicated")
            and r["category"] in SPLITTABLE and r.get("global_shape")]
    items = []
    for category in SPLITTABLE:
        mine = [(r, split) for r in rows if r["category"] == category
                if (split := _best_split(r["global_shape"], mesh)) is not None]
        saving = sum(r["bytes"] - r["bytes"] // split[1] for r, split in mine)
        if not mine or saving < least:
            continue
        mine.sort(key=lambda rs: -rs[0]["bytes"])
        axes = list(dict.fromkeys(a for _, (dim_axes, _, _) in mine for a in dim_axes))
        names = ", ".join(shown_path(r["path"]) if r.get("path") else r["name"] for r, _ in mine[:2])
        more = f" +{len(mine) - 2}" if len(mine) > 2 else ""
        total = sum(r["bytes"] for r, _ in mine)
        items.append({
            "kind": "shard", "estimate": True, "saving_bytes": saving,
            "title": f"split the {category} every device holds whole ({human_bytes(total)}: {names}{more}) over "
                     f"{' × '.join(axes)}: each device would stop holding this much (an estimate: XLA then "
                     "gathers each where it is read, adding temporaries)",
            "how": _how(mine[0], category, files),
            "sources": [], "change": {"shard": [{"path": r.get("path"), "spec": split[2]} for r, split in mine]}})
    return items


def _best_split(global_shape: str, mesh: dict[str, int]) -> tuple[tuple[str, ...], int, list] | None:
    """(the mesh axes, their devices, a spec per dimension) that split the array's largest
    dimension they divide into the most pieces; None where no axis divides a dimension."""
    dims = [int(d) for d in global_shape.split("[", 1)[1].rstrip("]").split(",") if d]
    best = None
    names = list(mesh)
    for size in range(len(names), 0, -1):
        for axes in itertools.combinations(names, size):
            pieces = math.prod(mesh[a] for a in axes)
            fits = [k for k, d in enumerate(dims) if d % pieces == 0 and d >= pieces]
            if pieces > 1 and fits and (best is None or pieces > best[1]):
                k = max(fits, key=lambda k: dims[k])
                best = (axes, pieces, [list(axes) if j == k else [] for j in range(len(dims))])
    return best


def _how(first: tuple, category: str, files: str) -> str:
    """The jax words for the split, shown on the largest array."""
    row, (axes, _, spec) = first
    parts = ", ".join(("(" + ", ".join(f"'{a}'" for a in s) + ")" if len(s) > 1 else f"'{s[0]}'") if s else "None"
                      for s in spec)
    if category == "weights" and "flax/nnx" in files:
        return f"nnx.with_partitioning(init, ({parts},)) on the layer's kernel_init"
    if category == "weights" and "flax/linen" in files:
        return f"nn.with_partitioning(init, ({parts},)) on the layer's kernel_init"
    also = " (the optimizer state split like the weights it follows: ZeRO)" if category == "optimizer state" else ""
    return (f"give it NamedSharding(mesh, PartitionSpec({parts})) in jax.jit's in_shardings and out_shardings "
            f"(or jax.device_put){also}")
