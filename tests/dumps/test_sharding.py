"""The split of partitioned programs read from XLA's text (dumps/sharding.py), against the truth
jax itself reported when it compiled them (tests/data/sharded/*/truth.json: the mesh, and each
argument's global shape, PartitionSpec and shard shape from `compiled.input_shardings`)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bufviz.dumps.device_groups import mesh_groups, replica_groups
from bufviz.dumps.sharding import Sharding, module_devices, read_sharding
from bufviz.hlo.attributes import split_attributes
from conftest import DATA, SEEDS

SHARDED = DATA / "sharded"


def folders() -> list[Path]:
    return sorted(p for p in SHARDED.iterdir() if (p / "truth.json").is_file())


GROUPS = re.compile(r"replica_groups=(\{(?:\{[\d,]*\},?)*\}|\[[\d,]+\]<=\[[\d,]+\](?:T\([\d,]+\))?|"
                    r"mesh\[[^\]]*\] \{[^}]*\})")


def _read(folder: Path, before: bool = True) -> tuple[Sharding | None, dict]:
    optimized = next(folder.glob("*after_optimizations.txt"))
    text = optimized.read_text()
    attributes = split_attributes(text.split("\n", 1)[0].partition(",")[2])
    devices = module_devices(attributes, GROUPS.findall(text))
    if before:
        path = next(folder.glob("*before_optimizations.txt"))
        return read_sharding(path.read_text(), devices, str(path)), json.loads((folder / "truth.json").read_text())
    return read_sharding(text, devices, str(optimized), pieces_only=True), json.loads(
        (folder / "truth.json").read_text())


@pytest.mark.parametrize("folder", folders(), ids=lambda p: p.name)
def test_every_argument_split_as_jax_reported(folder):
    sharding, truth = _read(folder)
    assert sharding is not None
    assert sharding.devices == truth["devices"]
    assert sharding.mesh == truth["mesh"]
    for arg in truth["args"]:
        split = sharding.params[arg["number"]]
        assert split.json() == {"global_shape": arg["global_shape"], "spec": arg["spec"],
                                "replicated": arg["replicated"]}, arg["path"]


@pytest.mark.parametrize("folder", folders(), ids=lambda p: p.name)
def test_from_the_optimized_module_alone_the_pieces_make_the_global_array(folder):
    """Without the module before optimization, a parameter's global shape is its piece times the
    pieces its sharding names (jax splits arguments evenly): the same arrays."""
    sharding, truth = _read(folder, before=False)
    assert sharding is not None and sharding.devices == truth["devices"]
    for arg in truth["args"]:
        split = sharding.params.get(arg["number"])
        if split is not None:   # (the optimized text keeps a parameter's sharding on XLA:CPU)
            assert split.global_shape == arg["global_shape"], arg["path"]
            assert split.replicated == arg["replicated"], arg["path"]


@pytest.mark.parametrize("folder", folders(), ids=lambda p: p.name)
def test_every_collective_runs_over_axes_of_the_mesh(folder):
    """Each collective's device groups (every form XLA prints: lists, iota, mesh) are those of a
    set of the mesh's axes: the groups those axes give, worked out from the mesh in jax's truth."""
    sharding, truth = _read(folder)
    text = next(folder.glob("*after_optimizations.txt")).read_text()
    found = GROUPS.findall(text)
    assert found
    for groups_text in found:
        groups = replica_groups(groups_text)
        axes = sharding.axes_of_groups(groups)
        assert axes is not None, groups_text
        expected = {frozenset(g) for g in mesh_groups(truth["mesh"], axes)}
        assert {frozenset(g) for g in groups or [range(truth["devices"])]} == expected


def test_replica_group_forms():
    assert replica_groups("{{0,1},{2,3}}") == [[0, 1], [2, 3]]
    assert replica_groups("[2,4]<=[8]") == [[0, 1, 2, 3], [4, 5, 6, 7]]
    assert replica_groups("[4,2]<=[2,4]T(1,0)") == [[0, 4], [1, 5], [2, 6], [3, 7]]
    assert replica_groups("mesh['a'=2,'b'=4] {'a'}") == [[0, 4], [1, 5], [2, 6], [3, 7]]
    assert replica_groups("nonsense") is None


@pytest.mark.parametrize("seed, devices", [("000_8d2741cff48cd2ab", None), ("002_31f0e50696cb742c", None),
                                           ("003_54e5854892ee064a", "replica_count"),
                                           ("004_915eaf8d7a870eb5", "num_partitions")])
def test_the_seeds_spmd_modules_say_their_devices(seed, devices):
    """The header's count where it prints one, else the device groups its collectives print."""
    text = (SEEDS / f"{seed}.txt").read_text()
    header = text.split("\n", 1)[0]
    count, source = module_devices(split_attributes(header.partition(",")[2]), GROUPS.findall(text))
    if devices is not None:
        assert source == devices and count == int(re.search(rf"{devices}=(\d+)", header).group(1))
    else:
        ids = [int(x) for g in re.findall(r"replica_groups=\{([\d,{}]+)\}", text) for x in re.findall(r"\d+", g)]
        assert source == "collectives" and count == max(ids) + 1 > 1


def test_a_mesh_of_other_devices_or_absurd_sizes_is_not_read_and_does_not_hang():
    """Malformed text: a mesh naming 10^11 devices on a module of 8, iotas of 10^9 devices."""
    text = ("HloModule m, num_partitions=8\nENTRY e {\n"
            "  p = f32[8]{0} parameter(0), sharding={mesh['a'=99999999999], [{'a'}]}\n"
            "  q = f32[8,2]{1,0} parameter(1), sharding={mesh[], [{}, {}]}\n}\n")
    found = read_sharding(text, (8, "num_partitions"))
    assert found is not None and found.mesh is None and 0 not in found.params
    assert found.params[1].replicated
    assert replica_groups("mesh['a'=1000000000] {'a'}") is None
    assert replica_groups("[1000000000,1]<=[1000000000]") is None
