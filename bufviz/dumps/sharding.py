"""How a partitioned program is split over its devices, read once from XLA's text: the device
count (`num_partitions`), the mesh and its axis names, and each entry parameter's global shape
and split. Every view, diff and piece of advice takes them from here.

XLA writes the split three ways (docs/rules.md §7): GSPMD's tile assignment
(`sharding={devices=[4,2]<=[8] last_tile_dim_replicate}`: pieces per dimension, no axis names),
Shardy's attributes beside it (jax 0.5 to 0.11: `xla.sdy.sharding="#sdy.sharding<@mesh,
[{"data"}, {}]>"` with the module's `xla.sdy.meshes`), and XLA's named shardings (jax 0.12:
`sharding={mesh['data'=4,'model'=2], [{'data'}, {'model'}]}`). The module before XLA's
optimizations has each parameter's global shape; the optimized one only the device's piece."""
from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..hlo.attributes import parse_frontend_attributes, split_attributes
from .device_groups import (MESH_AXIS, axis_choices, device_ids, group_set, groups_along, ints, mesh_at,
                            mesh_position, replica_groups)
from ..hlo.lines import LineSyntaxError, line_parts
from ..hlo.shapes import ArrayShape, ShapeSyntaxError, parse_shape


@dataclass(frozen=True)
class ArraySplit:
    """One array's split: its global shape as XLA prints it (`f32[512,2048]`), the mesh axes each
    dimension is split over (None where the text names no axes), the pieces each dimension is
    cut into, and whether every device holds the whole array."""
    global_shape: str | None
    spec: tuple[tuple[str, ...], ...] | None
    pieces: tuple[int, ...]
    replicated: bool

    def json(self) -> dict:
        return {"global_shape": self.global_shape,
                "spec": [list(axes) for axes in self.spec] if self.spec is not None else None,
                "replicated": self.replicated}


@dataclass
class Sharding:
    """A partitioned module's devices and mesh, and each entry parameter's split (by number)."""
    devices: int
    devices_from: str = "num_partitions"          # or replica_count, or collectives (their device groups)
    mesh: dict[str, int] | None = None
    device_order: tuple[int, ...] | None = None   # the device at each mesh position; None: 0, 1, 2 …
    params: dict[int, ArraySplit] = field(default_factory=dict)
    read_from: str | None = None                  # the text the global shapes were read from
    _axes: dict = field(default_factory=dict, repr=False)   # device groups -> the axes they run along

    def json(self) -> dict:
        return {"devices": self.devices, "mesh": dict(self.mesh) if self.mesh else None,
                "devices_from": self.devices_from}

    def axes_of_groups(self, groups: list[list[int]] | None) -> list[str] | None:
        """The mesh axes a collective's device groups run along (in mesh order; a part of an
        axis as Shardy writes it, `data:(2)2`); None where the groups are those of no axes, or
        no mesh is named."""
        if not self.mesh or math.prod(self.mesh.values()) != self.devices:
            return None   # (a mesh of other devices than the module's names none of its groups)
        wanted = group_set(groups, self.devices)
        if wanted is None:
            return None
        if wanted not in self._axes:   # (collectives of a step share a few device groups)
            self._axes[wanted] = self._find_axes(wanted)
        return self._axes[wanted]

    def _find_axes(self, wanted: frozenset) -> list[str] | None:
        names, sizes = list(self.mesh or {}), list((self.mesh or {}).values())
        for parts in axis_choices(sizes):
            if group_set(groups_along(sizes, self.device_order, parts), self.devices) == wanted:
                return [names[k] if (p, n) == (1, sizes[k]) else f"{names[k]}:({p}){n}"
                        for k, (p, n) in sorted(parts.items())]
        return None

    def axes_of_pairs(self, pairs: list[list[int]] | None) -> list[str] | None:
        """The mesh axes a collective-permute's (source, target) pairs move data along: those
        in which a source's and its target's positions on the mesh differ."""
        if not self.mesh or pairs is None or math.prod(self.mesh.values()) != self.devices:
            return None
        names, sizes = list(self.mesh), list(self.mesh.values())
        at = {device: k for k, device in enumerate(device_ids(sizes, self.device_order))}
        moved: set[str] = set()
        for pair in pairs:
            if len(pair) != 2 or pair[0] not in at or pair[1] not in at:
                return None
            source, target = mesh_position(at[pair[0]], sizes), mesh_position(at[pair[1]], sizes)
            moved.update(names[k] for k, (a, b) in enumerate(zip(source, target)) if a != b)
        return [n for n in names if n in moved]


def _axis_names(dim: str) -> tuple[str, ...]:
    """`{'data', 'model'}`, `{"data"}`, `{'b':(2)2}`, `{?}` -> the axes named (a sub-axis keeps
    its `:(pre)size`)."""
    return tuple(a or b for a, b in re.findall(r"'([^']*)'(?::\(\d+\)\d+)?|\"([^\"]*)\"(?::\(\d+\)\d+)?", dim))


def _dims_of(text: str) -> list[str] | None:
    """The per-dimension `{...}` groups of `[{...}, {...}]` at the start of `text`."""
    text = text.lstrip(", ")
    if not text.startswith("["):
        return None
    depth, end = 0, -1
    for k, ch in enumerate(text):
        depth += ch == "["
        depth -= ch == "]"
        if depth == 0:
            end = k
            break
    if end < 0:
        return None
    return re.findall(r"\{[^{}]*\}", text[1:end])


def _axis_size(name: str, mesh: dict[str, int]) -> int:
    sub = re.search(r":\((\d+)\)(\d+)$", name)
    return int(sub.group(2)) if sub else mesh.get(name, 1)


def _named_split(dims: list[str], mesh: dict[str, int], shape: ArrayShape | None) -> tuple | None:
    spec = tuple(_axis_names(d) for d in dims)
    if any(a.split(":")[0] not in mesh for axes in spec for a in axes):
        return None
    if shape is not None and len(spec) != len(shape.dims):
        return None
    pieces = tuple(math.prod(_axis_size(a, mesh) for a in axes) for axes in spec)
    return spec, pieces


def parse_named(text: str, shape: ArrayShape | None) -> tuple[dict, tuple | None, tuple, tuple] | None:
    """XLA's named sharding `{mesh[...], [{...}, ...]}` (or `{mesh[...], replicated}`) ->
    (mesh, device order, spec, pieces); None for another form."""
    body = text.strip()
    if body.startswith("{") and body.endswith("}"):
        body = body[1:-1].strip()
    if not re.match(r"@?mesh\s*[\[<]", body):
        return None
    mesh, order, rest = mesh_at(body)   # (an empty mesh, `mesh[]`, replicates the array)
    rest = rest.strip().lstrip(",").strip()
    rank = len(shape.dims) if shape is not None else 0
    if rest.startswith("replicated") or rest == "":
        return mesh, order, ((),) * rank, (1,) * rank
    dims = _dims_of(rest)
    split = _named_split(dims, mesh, shape) if dims is not None else None
    return (mesh, order, *split) if split else None


_SDY_MESH = re.compile(r"""(\w+)\s*=\s*#sdy\.mesh<\s*\[([^\]]*)\](?:\s*,\s*device_ids\s*=\s*\[([\d,\s]*)\])?\s*>""")


def sdy_meshes(module_attributes: dict[str, str]) -> dict[str, tuple[dict[str, int], tuple[int, ...] | None]]:
    """Shardy's meshes from the module's `frontend_attributes={xla.sdy.meshes={...}}`."""
    front = module_attributes.get("frontend_attributes")
    if not front:
        return {}
    text = parse_frontend_attributes(front).get("xla.sdy.meshes", "").replace('\\"', '"')
    out = {}
    for name, axes, ids in _SDY_MESH.findall(text):
        mesh = {n: int(s) for n, s in MESH_AXIS.findall(axes)}
        order = tuple(ints(ids)) if ids and len(ints(ids)) == math.prod(mesh.values()) else None
        out[name] = (mesh, order)
    return out


def parse_sdy(text: str, meshes: dict, shape: ArrayShape | None) -> tuple[str, tuple, tuple] | None:
    """`#sdy.sharding<@mesh, [{"data"}, {}]>` -> (mesh name, spec, pieces); None if unreadable."""
    text = text.replace('\\"', '"')
    m = re.match(r"\s*#sdy\.sharding<\s*@(\w+)\s*,\s*", text)
    if not m or m.group(1) not in meshes:
        return None
    dims = _dims_of(text[m.end():])
    split = _named_split(dims, meshes[m.group(1)][0], shape) if dims is not None else None
    return (m.group(1), *split) if split else None


def parse_gspmd(text: str, shape: ArrayShape | None) -> tuple[int, ...] | None:
    """GSPMD's `{devices=[4,2,...]... [last_tile_dim_replicate | last_tile_dims={...}]}` or
    `{replicated}` -> the pieces of each of the array's dimensions; None for another form
    (maximal, manual, a tuple's)."""
    body = text.strip()
    if body.startswith("{") and body.endswith("}"):
        body = body[1:-1].strip()
    rank = len(shape.dims) if shape is not None else 0
    if body == "replicated":
        return (1,) * rank
    m = re.match(r"devices=\[([\d,\s]*)\]", body)
    if not m:
        return None
    tiles = ints(m.group(1))
    if len(tiles) < rank:
        return None
    return tuple(tiles[:rank])


# ---------------------------------------------------------------- a module's parameters

def _parameter_lines(text: str):
    """The entry computation's parameter lines and the module's header line, found by a scan of
    the text (no computation is parsed)."""
    start = text.find("HloModule")
    header = text[start:text.find("\n", start)] if start >= 0 else ""
    entry = text.find("\nENTRY")
    if entry < 0:
        return header, []
    end = text.find("\n}", entry + 1)
    body = text[entry + 1:end if end >= 0 else len(text)]
    return header, [line for line in body.split("\n")[1:] if " parameter(" in line]


def module_header(header: str) -> dict[str, str]:
    """The attributes of an `HloModule name, k=v, ...` line."""
    _, _, attrs = header.partition(",")
    return split_attributes(attrs)


def module_devices(attributes: dict[str, str], groups: Iterable[str | None]) -> tuple[int, str]:
    """How many devices a module runs on, and what says so: its `num_partitions` (SPMD) or
    `replica_count` (pmap), else its collectives' `replica_groups` (an Alpa step, a pmap module
    printed without its header's counts; read only then): the highest device id, plus one."""
    for key in ("num_partitions", "replica_count"):
        count = attributes.get(key, "1")
        if count.isdigit() and int(count) > 1:
            return int(count), key
    ids = [d for text in groups for group in (replica_groups(text) or []) for d in group]
    return (max(ids) + 1, "collectives") if ids and max(ids) > 0 else (1, "")


def read_sharding(text: str, devices: tuple[int, str], path: str | None = None,
                  pieces_only: bool = False) -> Sharding | None:
    """The split of a partitioned module from `text`: the module before XLA's optimizations,
    where the dump has it, else (`pieces_only`) the optimized module, whose parameters are the
    device's pieces (the global shape is a piece times the pieces: jax splits arguments evenly).
    `devices`: module_devices of the optimized module. None for a module on one device."""
    if devices[0] <= 1:
        return None
    header, lines = _parameter_lines(text)
    meshes = sdy_meshes(module_header(header))
    found = Sharding(devices[0], devices[1], read_from=path)
    for line in lines:
        split = _parameter_split(line, meshes, found, pieces_only)
        if split is not None:
            found.params[split[0]] = split[1]
    return found


def _parameter_split(line: str, meshes: dict, found: Sharding, pieces_only: bool) -> tuple[int, ArraySplit] | None:
    try:
        parts = line_parts(line)
        if parts is None:
            return None
        _, _, shape_text, opcode, args, rest = parts
        shape = parse_shape(shape_text)
    except (LineSyntaxError, ShapeSyntaxError):
        return None
    if opcode != "parameter" or not args.strip().isdigit() or not isinstance(shape, ArrayShape):
        return None
    attrs = split_attributes(rest)
    text = attrs.get("sharding")
    spec = pieces = None
    named = parse_named(text, shape) if text else None
    if named is not None:
        mesh, order, spec, pieces = named
        if not _keep_mesh(found, mesh, order):
            return None
    else:
        sdy = attrs.get("frontend_attributes")
        sdy_text = parse_frontend_attributes(sdy).get("xla.sdy.sharding") if sdy else None
        parsed = parse_sdy(sdy_text, meshes, shape) if sdy_text else None
        if parsed is not None:
            mesh_name, spec, pieces = parsed
            if not _keep_mesh(found, *meshes[mesh_name]):
                return None
        elif text:
            pieces = parse_gspmd(text, shape)
    if pieces is None:
        return None
    dims = [d * p for d, p in zip(shape.dims, pieces)] if pieces_only else shape.dims
    global_shape = f"{shape.dtype}[{','.join(str(d) for d in dims)}]"
    return int(args), ArraySplit(global_shape, spec, pieces, all(p == 1 for p in pieces))


def _keep_mesh(found: Sharding, mesh: dict[str, int], order) -> bool:
    """The mesh of the parameters: one of the module's devices (a replicated parameter may name
    an empty mesh); False for a mesh of other devices, whose axes say nothing of this module's."""
    if not mesh:
        return True
    if math.prod(mesh.values()) != found.devices:
        return False
    if found.mesh is None:
        found.mesh, found.device_order = dict(mesh), order
    return True
