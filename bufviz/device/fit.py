"""Will it fit: the device's limit as jax's allocator sees it, and the allocator's peak for one
run of the program in a fresh process, predicted from XLA's allocations.

jax's GPU client lets its allocator use `XLA_PYTHON_CLIENT_MEM_FRACTION` (0.75 by default) of
the device's memory, all reserved at the start unless `XLA_PYTHON_CLIENT_PREALLOCATE=false`.
A run places the arguments first, one allocation each in parameter order, then the executable
allocates every buffer of XLA's assignment that is neither an argument nor a constant (constants
live in the loaded program), in allocation order; nothing is freed before the run ends.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..errors import BufvizError
from .bfc import MIN_ALLOCATION, BfcAllocator, OutOfMemory, rounded

if TYPE_CHECKING:
    from ..result import DeviceFit

DEFAULT_FRACTION = 0.75
# A TPU chip's HBM, as --device-memory takes it by name (per chip; a v4 megacore's two cores
# share its 32 GiB). libtpu keeps part for its runtime: a v6e's out-of-memory messages say
# "of 31.25G hbm".
TPU_HBM = {"v4": 32 << 30, "v5e": 16 << 30, "v5p": 95 << 30, "v6e": 32 << 30}
# jax's limit from a fraction: fraction x memory rounded up to a multiple of 2 MiB (measured on an
# H200 with jax 0.11.2: 1,564,999 B asked, 2,097,152 B given; every bytes_limit seen is a multiple).
LIMIT_GRANULE = 2 << 20
FROM_MESSAGE = "the out-of-memory message"   # where the limit came from, when a log announced it
NOT_ALLOCATED = {"constant", "thread-local"}
# Custom calls that are not XLA's own (`__cublas$gemm`, `__gpu$...`) run library code that may take
# scratch memory from the same allocator while they run (jax's cuSOLVER kernels do): the dump
# does not show it.
_CUSTOM_CALL = re.compile(r'custom_call_target="([^"_][^"]*)"')


@dataclass(frozen=True)
class Device:
    limit_bytes: int
    preallocate: bool
    memory_bytes: int | None = None      # the device's memory, when the limit was worked out from it
    mem_fraction: float | None = None
    limit_from: str = "--device-memory"
    allocator: str = "bfc"               # XLA_PYTHON_CLIENT_ALLOCATOR: bfc (jax's default), platform, cuda_async
    fraction_from: str | None = None     # --mem-fraction, the environment variable, or jax's default
    preallocate_from: str | None = None  # where the pool model came from, when not an option or the default


def device_from_options(memory: str | None, fraction: float | None = None, preallocate: bool | None = None,
                        environ=os.environ) -> Device | None:
    """`memory`: a size (the device's memory) or a JSON file of jax's `device.memory_stats()`
    (its `bytes_limit` is the limit itself, and its pool says whether it grew on demand); the
    fraction and preallocation default to jax's environment variables, then to jax's defaults."""
    if memory is None:
        return None
    from ..units import parse_size
    chip = memory.strip().lower().removeprefix("tpu").strip("- ")
    if chip in TPU_HBM:   # (a TPU's allocator is libtpu's: no fraction, no pool)
        return Device(TPU_HBM[chip], False, TPU_HBM[chip], None, limit_from=f"a TPU {chip}'s HBM", allocator="libtpu")
    allocator = _env_allocator(environ)
    if os.path.isfile(memory):
        if fraction is not None:
            raise BufvizError("a memory_stats() file gives the allocator's limit itself (bytes_limit): leave out "
                              "--mem-fraction", memory)
        return _from_stats(_read_stats(memory), f"bytes_limit in {memory}", preallocate, allocator, environ)
    if preallocate is None:
        preallocate = default_preallocate(environ)
    size = parse_size(memory, "device memory")
    if allocator == "platform":   # cudaMalloc for each buffer: no pool, no share of the device
        return Device(size, False, size, None, limit_from="the whole device (platform allocator)",
                      allocator=allocator)
    fraction, fraction_from = (fraction, "--mem-fraction") if fraction is not None else _env_fraction(environ)
    return Device(int(size * fraction), preallocate, size, fraction, allocator=allocator,
                  fraction_from=fraction_from)


def allocator_limit(device: Device, platform: str) -> tuple[int, int | None]:
    """(the limit, the granule it was rounded up to): jax's GPU allocator rounds the share of
    the device's memory it is given up to whole granules; a limit given whole is the limit."""
    if platform != "gpu" or device.allocator != "bfc" or device.mem_fraction is None:
        return device.limit_bytes, None
    return -(-device.limit_bytes // LIMIT_GRANULE) * LIMIT_GRANULE, LIMIT_GRANULE


def _from_stats(stats: dict, limit_from: str, preallocate: bool | None, allocator: str, environ) -> Device:
    """A device from jax's `memory_stats()`: its limit, and a pool that grew on demand where the
    pool it reports is smaller than the limit (a preallocated pool is the whole limit at once)."""
    limit, pool = stats["bytes_limit"], stats.get("pool_bytes")
    grew = isinstance(pool, int) and 0 <= pool < limit
    preallocate_from = None
    if preallocate is None and grew:
        preallocate, preallocate_from = False, "its pool grew on demand (pool_bytes below bytes_limit)"
    elif preallocate is None:
        preallocate = default_preallocate(environ)
    return Device(limit, preallocate, limit_from=limit_from, allocator=allocator, preallocate_from=preallocate_from)


def _env_allocator(environ) -> str:
    return (environ.get("XLA_PYTHON_CLIENT_ALLOCATOR") or "bfc").strip().lower() or "bfc"


def as_device(value) -> Device | None:
    """What the Python API takes as a device: a Device, jax's `device.memory_stats()` (its
    bytes_limit and pool), or the device's memory as a size (the fraction and preallocation from
    jax's environment variables)."""
    if value is None or isinstance(value, Device):
        return value
    if isinstance(value, dict):
        limit = value.get("bytes_limit")
        if not isinstance(limit, int) or limit <= 0:
            raise BufvizError("expected jax's device.memory_stats() with a bytes_limit, found none")
        return _from_stats(value, "device.memory_stats()", None, _env_allocator(os.environ), os.environ)
    return device_from_options(str(value), None, None)


def default_preallocate(environ=os.environ) -> bool:
    """jax reserves the allocator's whole limit at the start unless told not to."""
    return environ.get("XLA_PYTHON_CLIENT_PREALLOCATE", "true").strip().lower() not in ("false", "0")


def _env_fraction(environ) -> tuple[float, str]:
    """The fraction jax will use, and where it comes from."""
    for name in ("XLA_PYTHON_CLIENT_MEM_FRACTION", "XLA_CLIENT_MEM_FRACTION"):
        text = environ.get(name)
        if text:
            try:
                value = float(text)
            except ValueError:
                raise BufvizError(f"expected a fraction like 0.75 in {name}, found {text!r}") from None
            if not 0 < value <= 1:
                raise BufvizError(f"expected a fraction between 0 and 1 in {name}, found {text!r}")
            return value, name
    return DEFAULT_FRACTION, "jax's default"


def _read_stats(path: str) -> dict:
    from ..textfile import read_text
    from ..units import read_json
    try:
        data = read_json(read_text(path), path)
    except json.JSONDecodeError as e:
        raise BufvizError(f"expected jax's device.memory_stats() as JSON, found invalid JSON: {e.msg}",
                          path, e.lineno) from None
    limit = data.get("bytes_limit") if isinstance(data, dict) else None
    if not isinstance(limit, int) or limit <= 0:
        raise BufvizError("expected jax's device.memory_stats() with a bytes_limit, found none", path, 1)
    return data


def allocator_requests(allocations: Sequence[Mapping[str, Any]]) -> dict:
    """The sizes the allocator is asked for: the arguments in parameter order, then the
    executable's buffers in allocation order (device memory only)."""
    device = [a for a in allocations if not a.get("color")]
    arguments = sorted((a for a in device if a["parameter"] is not None),
                       key=lambda a: (a["parameter"]["number"], a["parameter"]["index"]))
    executable = [a for a in device if a["parameter"] is None and not set(a["kinds"]) & NOT_ALLOCATED]
    return {"arguments": [a["size"] for a in arguments], "executable": [a["size"] for a in executable]}


def runtime_allocators(module_text: str) -> list[str]:
    """The custom calls of a module that may allocate while they run, by target."""
    return sorted(set(_CUSTOM_CALL.findall(module_text)))


def _above_the_peak(gap: int, preallocate: bool) -> str:
    """Why the smallest limit that fits is more than the allocator's peak, in one line."""
    from ..units import human_bytes
    grows = "" if preallocate else ", and the pool grows by whole regions, each twice the last"
    return (f"the smallest limit that fits is {human_bytes(gap)} above the allocator's peak: the allocator hands "
            f"out whole chunks and leaves free pieces too small for the requests after them{grows}")


def least_limit(requests: dict, preallocate: bool) -> int:
    """The smallest allocator limit under which the run is served (a multiple of 256 bytes).
    Below the requests' rounded sum nothing fits; with no limit the pool it grows always does;
    in between, fitting is taken to hold from some limit on (a larger limit only ever gives the
    pool's last region more room)."""
    sizes = requests["arguments"] + requests["executable"]
    low = sum(rounded(s) for s in sizes)
    high = _run(sizes, 1 << 62, preallocate).pool_bytes
    while low < high:
        middle = (low + high) // 2 // MIN_ALLOCATION * MIN_ALLOCATION
        if middle < low:
            middle = low
        if _fits(sizes, middle, preallocate):
            high = middle
        else:
            low = middle + MIN_ALLOCATION
    return low


def _fits(sizes: list[int], limit: int, preallocate: bool) -> bool:
    try:
        _run(sizes, limit, preallocate)
    except OutOfMemory:
        return False
    return True


def _run(sizes: list[int], limit: int, preallocate: bool) -> BfcAllocator:
    allocator = BfcAllocator(limit, preallocate)
    for size in sizes:
        allocator.allocate(size)
    return allocator


def device_section(requests: dict | None, runtime: list[str] | None, platform: str, device: Device,
                   needed_bytes: int | None) -> DeviceFit:
    """The JSON `device` section: the limit, the predicted peak, whether it fits and by how much."""
    if platform == "tpu" and device.mem_fraction is not None:   # (jax's GPU share: not libtpu's)
        device = replace(device, limit_bytes=device.memory_bytes or device.limit_bytes, mem_fraction=None,
                         fraction_from=None, allocator="libtpu")
    limit, granule = allocator_limit(device, platform)
    device = replace(device, limit_bytes=limit)
    out: DeviceFit
    out = {"memory_bytes": device.memory_bytes, "mem_fraction": device.mem_fraction,
           "fraction_from": device.fraction_from, "limit_bytes": limit, "rounded_up_to_bytes": granule,
           "limit_from": device.limit_from, "preallocate": device.preallocate,
           "preallocate_from": device.preallocate_from, "predicted_peak_bytes": None, "least_limit_bytes": None,
           "at_least": False, "fits": None,
           "limit_at_most": platform == "tpu" and device.memory_bytes == device.limit_bytes,
           "headroom_bytes": None, "compared": None, "runtime_allocators": list(runtime or []), "notes": [],
           "devices": 1}
    if requests is None:
        out["notes"].append("no allocations to predict from (give the HLO module or XLA's buffer assignment)")
        return out
    fits = None
    least: int | None
    if platform == "gpu" and device.allocator == "bfc":
        least = out["least_limit_bytes"] = least_limit(requests, device.preallocate)
        sizes = requests["arguments"] + requests["executable"]
        try:   # the peak under the limit; when it does not fit, under the least limit that does
            out["predicted_peak_bytes"], fits = _run(sizes, device.limit_bytes, device.preallocate).peak, True
        except OutOfMemory:
            out["predicted_peak_bytes"], fits = _run(sizes, least, device.preallocate).peak, False
        out["compared"] = "least_limit_bytes"
        assert out["predicted_peak_bytes"] is not None   # (set just above)
        if least > out["predicted_peak_bytes"]:
            out["notes"].append(_above_the_peak(least - out["predicted_peak_bytes"], device.preallocate))
        out["notes"].append("for one run in a fresh process: arrays already on the device, and the free chunks "
                            "earlier runs leave, change the figure")
    else:
        least, out["compared"] = needed_bytes, "needed_bytes"
        if platform == "gpu":
            out["notes"].append(f"XLA_PYTHON_CLIENT_ALLOCATOR={device.allocator}: not the allocator bufviz models "
                                "(jax's default, bfc), so memory needed is compared with the limit")
        elif out["limit_at_most"]:
            out["notes"].append("libtpu keeps part of the HBM for its runtime (a v6e's 32 GiB leaves 31.25 GiB, "
                                "its out-of-memory messages say): give that limit, or jax's memory_stats() file, "
                                "for the room to spare exactly")
        else:
            out["notes"].append(f"the allocator model is jax's on GPU: on {platform} memory needed is compared "
                                "with the limit")
    if least is None:
        return out
    if out["runtime_allocators"] and platform == "gpu":   # (libraries' scratch: cuBLAS, cuSOLVER, ...)
        out["at_least"] = True
        out["notes"].append(f"{', '.join(out['runtime_allocators'])} may take scratch memory from the allocator "
                            "while running, which XLA's dump does not show: the figure is a lower bound")
    out["headroom_bytes"] = device.limit_bytes - least
    if fits is None:
        fits = least <= device.limit_bytes
    out["fits"] = False if not fits else (None if out["at_least"] else True)
    return out
