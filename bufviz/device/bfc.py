"""jax's device allocator on GPU (TSL's best-fit-with-coalescing allocator), modelled from its
source: what it hands out for each request, and so its bytes in use and peak.

The rules (TSL `bfc_allocator.cc`):
- a request is rounded up to a multiple of 256 bytes;
- free chunks sit in 21 bins by size (bin k: 256·2^k up to 256·2^(k+1)), each ordered by size,
  then address; a request takes the first chunk big enough, from its own bin upwards;
- the chunk is split when what remains is at least the request again, or at least 128 MiB;
  otherwise the whole chunk is handed out (and counted in use);
- when no chunk fits, the pool grows by a region: with preallocation one region of the whole
  limit at the start; without, 2 MiB first, then doubling (to the request's size when it is
  larger), never past the limit.
Nothing is freed during one run, so freeing and merging chunks is not modelled.
"""
from __future__ import annotations

import bisect

MIN_ALLOCATION = 256
FIRST_REGION = 2 << 20
MAX_INTERNAL_FRAGMENTATION = 128 << 20


def rounded(size: int) -> int:
    return max(MIN_ALLOCATION, -(-size // MIN_ALLOCATION) * MIN_ALLOCATION)


class OutOfMemory(Exception):
    """The request does not fit in what is left below the limit."""


class BfcAllocator:
    def __init__(self, limit: int, preallocate: bool) -> None:
        self.limit = limit
        self.region_bytes = rounded(limit if preallocate else min(limit, FIRST_REGION))
        self.pool_bytes = self.in_use = 0
        self._free: list[tuple[int, int]] = []     # (size, address) of free chunks: the bins' order
        self._next_region = 0
        if preallocate:
            self._extend(0)

    @property
    def peak(self) -> int:
        """The most bytes in use at once: all of them, as nothing is freed during a run."""
        return self.in_use

    def allocate(self, size: int) -> int:
        """The address of the chunk handed out (OutOfMemory when none can be)."""
        request = rounded(size)
        address = self._take(request)
        if address is None:
            self._extend(request)
            address = self._take(request)
            assert address is not None   # (the pool just grew by a chunk big enough, or OutOfMemory)
        return address

    def _take(self, request: int) -> int | None:
        # (Bins hold ever larger chunks, so the first big enough in size order is the bins' choice.)
        for k, (size, address) in enumerate(self._free):
            if size < request:
                continue
            del self._free[k]
            if size >= 2 * request or size - request >= MAX_INTERNAL_FRAGMENTATION:
                bisect.insort(self._free, (size - request, address + request))
                size = request
            self.in_use += size
            return address
        return None

    def _extend(self, request: int) -> None:
        available = (self.limit - self.pool_bytes) // MIN_ALLOCATION * MIN_ALLOCATION
        if request > available:
            raise OutOfMemory(request)
        grown = False
        while request > self.region_bytes:
            self.region_bytes *= 2
            grown = True
        size = min(self.region_bytes, available)
        if not grown:
            self.region_bytes *= 2
        address = self._next_region
        self._next_region += size + (1 << 40)     # regions are apart, as separate device allocations
        self.pool_bytes += size
        bisect.insort(self._free, (size, address))
