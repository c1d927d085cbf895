"""Which devices a collective runs on, from the text XLA prints for them (`replica_groups` as
lists, iotas or meshes; `source_target_pairs`), and the groups a mesh's axes give: what tells a
collective's mesh axes (sharding.py). Absurd sizes are refused, never enumerated."""
from __future__ import annotations

import itertools
import math
import re


def permute_pairs(text: str | None) -> list[list[int]] | None:
    """A collective-permute's `source_target_pairs={{0,1},{1,2}}`."""
    if not text:
        return None
    return [ints(p) for p in re.findall(r"\{([^{}]*)\}", text)]


def group_set(groups: list[list[int]] | None, devices: int) -> frozenset | None:
    if groups is None:
        return None
    if not groups or groups == [[]]:   # `{}`: one group of every device
        groups = [list(range(devices))]
    return frozenset(frozenset(g) for g in groups)


def mesh_groups(mesh: dict[str, int], axes, order: tuple[int, ...] | None = None) -> list[list[int]]:
    """The device groups of a collective over `axes` of `mesh`: the devices that differ only in
    those axes' positions, one group per position of the other axes."""
    names, sizes = list(mesh), list(mesh.values())
    return groups_along(sizes, order, {names.index(a): (1, sizes[names.index(a)]) for a in axes})


def groups_along(sizes: list[int], order: tuple[int, ...] | None,
                  parts: dict[int, tuple[int, int]]) -> list[list[int]]:
    """The devices that share every mesh position but those of `parts` (axis -> (pre-size,
    size): the part of the axis a collective runs along, Shardy's sub-axis), grouped."""
    ids = device_ids(sizes, order)
    groups: dict[tuple, list[int]] = {}
    for flat in range(len(ids)):
        key = tuple((c // (sizes[k] // parts[k][0]), c % (sizes[k] // (parts[k][0] * parts[k][1])))
                    if k in parts else (c,) for k, c in enumerate(mesh_position(flat, sizes)))
        groups.setdefault(key, []).append(ids[flat])
    return list(groups.values())


def device_ids(sizes: list[int], order: tuple[int, ...] | None) -> list[int]:
    """The device at each position of a mesh of `sizes` (`order`, else 0, 1, 2 …)."""
    return list(order) if order is not None else list(range(math.prod(sizes)))


def mesh_position(flat: int, sizes: list[int]) -> list[int]:
    """A flat mesh index's position on each axis (the last axis the fastest)."""
    position = []
    for size in reversed(sizes):
        position.append(flat % size)
        flat //= size
    return position[::-1]


def axis_choices(sizes: list[int]):
    """Every way of choosing, per axis, nothing, the whole axis or a part of it (pre-size, size):
    fewest axes first, whole axes before parts."""
    options = []
    for s in sizes:
        whole = [(1, s)] if s > 1 else []
        parts = [(p, n) for n in range(2, s) for p in range(1, s // n + 1) if s % (p * n) == 0]
        options.append([None, *whole, *parts])
    found = []
    if math.prod(sizes) > 4096:   # (a pod: whole axes only, each choice costs a pass over its devices)
        options = [o[:2] for o in options]
    for pick in itertools.islice(itertools.product(*options), 4096):
        chosen = {k: c for k, c in enumerate(pick) if c is not None}
        found.append((len(chosen), sum(c != (1, sizes[k]) for k, c in chosen.items()), chosen))
    return [chosen for _, _, chosen in sorted(found, key=lambda f: (f[0], f[1]))]


# ---------------------------------------------------------------- device lists

MOST_DEVICES = 1 << 16   # a mesh or iota naming more devices is not read (no pod has so many)
_IOTA = re.compile(r"\[([\d,\s]*)\]\s*<=\s*\[([\d,\s]*)\](?:\s*T\(([\d,\s]*)\))?")


def ints(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", text)]


def iota_devices(dims: list[int], reshape: list[int], transpose: list[int] | None) -> list[int]:
    """The device ids of an iota tile assignment `[dims]<=[reshape]T(transpose)`, in order."""
    total = math.prod(reshape)
    if math.prod(dims) != total or total > MOST_DEVICES:
        return []
    perm = transpose or list(range(len(reshape)))
    if sorted(perm) != list(range(len(reshape))):
        return []
    moved = [reshape[p] for p in perm]
    strides = [math.prod(reshape[k + 1:]) for k in range(len(reshape))]
    out = []
    for position in itertools.product(*(range(n) for n in moved)):
        out.append(sum(at * strides[p] for at, p in zip(position, perm)))
    return out


def replica_groups(text: str | None) -> list[list[int]] | None:
    """A collective's device groups from its `replica_groups=` in any form XLA prints:
    `{{0,1},{2,3}}`, `{}`, the iota form `[2,4]<=[4,2]T(1,0)`, or a mesh `mesh['x'=2,'y'=4]
    {'y'}`; None where unreadable."""
    if text is None:
        return None
    text = text.strip()
    if text.startswith(("mesh", "@mesh")):
        mesh, order, rest = mesh_at(text)
        if not mesh or math.prod(mesh.values()) > MOST_DEVICES:
            return None
        axes = re.findall(r"'([^']+)'|\"([^\"]+)\"|(\w+)", rest.strip().strip("{}"))
        names = [a or b or c for a, b, c in axes]
        if any(n not in mesh for n in names):
            return None
        return mesh_groups(mesh, names, order)
    iota = _IOTA.match(text)
    if iota:
        dims, reshape = ints(iota.group(1)), ints(iota.group(2))
        devices = iota_devices(dims, reshape, ints(iota.group(3)) if iota.group(3) else None)
        if len(dims) != 2 or not devices:
            return None
        return [devices[g * dims[1]:(g + 1) * dims[1]] for g in range(dims[0])]
    if text.startswith("{"):
        inner = text[1:-1].strip()
        return [ints(g) for g in re.findall(r"\{([^{}]*)\}", inner)] if inner else []
    return None


# ---------------------------------------------------------------- one array's sharding

MESH_AXIS = re.compile(r"""['"]?([^'"=,\s\[\]<>]+)['"]?\s*=\s*(\d+)""")


def mesh_at(text: str) -> tuple[dict[str, int], tuple[int, ...] | None, str]:
    """A named mesh at the start of `text` (`mesh['a'=2,'b'=4]`, `@mesh<a=2,b=4>`, either with
    a device list after it): its axes, its device order (None: iota) and the text after it."""
    m = re.match(r"@?mesh\s*([\[<])", text)
    if not m:
        return {}, None, text
    close = text.find("]" if m.group(1) == "[" else ">", m.end())
    if close < 0:
        return {}, None, text
    mesh = {name: int(size) for name, size in MESH_AXIS.findall(text[m.end():close])}
    rest = text[close + 1:]
    order = None
    devices = re.match(r"\s*(?:,\s*device_ids=)?\(((?:[^()]|\([^()]*\))*)\)", rest)
    if devices:
        order = _device_order(devices.group(1), math.prod(mesh.values()))
        rest = rest[devices.end():]
    return mesh, order, rest


def _device_order(text: str, total: int) -> tuple[int, ...] | None:
    """A mesh's devices in order: a list (`[0,4,1,5,…]`) or an iota (`[4,2]T(1,0)`: the ids
    0…N-1 laid out as [4,2], transposed); None where unreadable."""
    iota = re.fullmatch(r"\s*\[([\d,\s]*)\]\s*(?:T\(([\d,\s]*)\))?\s*", text)
    if iota and (iota.group(2) or len(ints(iota.group(1))) < total):
        reshape = ints(iota.group(1))
        ids = iota_devices([total], reshape, ints(iota.group(2)) if iota.group(2) else None)
    else:
        ids = ints(text)
    return tuple(ids) if len(ids) == total and sorted(ids) == list(range(total)) else None
