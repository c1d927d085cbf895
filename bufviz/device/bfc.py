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
  larger), never past the limit;
- a freed chunk merges with free neighbours of its own region.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass

MIN_ALLOCATION = 256
FIRST_REGION = 2 << 20
MAX_INTERNAL_FRAGMENTATION = 128 << 20


def rounded(size: int) -> int:
    return max(MIN_ALLOCATION, -(-size // MIN_ALLOCATION) * MIN_ALLOCATION)


class OutOfMemory(Exception):
    """The request does not fit in what is left below the limit."""


@dataclass
class _Chunk:
    size: int
    in_use: bool
    region_end: int


class BfcAllocator:
    def __init__(self, limit: int, preallocate: bool) -> None:
        self.limit = limit
        self.region_bytes = rounded(limit if preallocate else min(limit, FIRST_REGION))
        self.pool_bytes = self.in_use = self.peak = 0
        self._free: list[tuple[int, int]] = []     # (size, address), the bins' order within a bin
        self._chunks: dict[int, _Chunk] = {}       # address -> chunk
        self._next_region = 0
        if preallocate:
            self._extend(0)

    def allocate(self, size: int) -> int:
        """The address of the chunk handed out (OutOfMemory when none can be)."""
        request = rounded(size)
        address = self._take(request)
        if address is None:
            self._extend(request)
            address = self._take(request)
        return address

    def free(self, address: int) -> None:
        chunk = self._chunks[address]
        chunk.in_use = False
        self.in_use -= chunk.size
        after = address + chunk.size
        neighbour = self._chunks.get(after)
        if after < chunk.region_end and neighbour is not None and not neighbour.in_use:
            self._free.remove((neighbour.size, after))
            chunk.size += self._chunks.pop(after).size
        before = next((a for a, c in self._chunks.items()
                       if a + c.size == address and not c.in_use and c.region_end == chunk.region_end), None)
        if before is not None:
            self._free.remove((self._chunks[before].size, before))
            self._chunks[before].size += self._chunks.pop(address).size
            address = before
        bisect.insort(self._free, (self._chunks[address].size, address))

    def _take(self, request: int) -> int | None:
        # (Bins hold ever larger chunks, so the first big enough in size order is the bins' choice.)
        for k, (size, address) in enumerate(self._free):
            if size < request:
                continue
            del self._free[k]
            chunk = self._chunks[address]
            if size >= 2 * request or size - request >= MAX_INTERNAL_FRAGMENTATION:
                self._chunks[address + request] = _Chunk(size - request, False, chunk.region_end)
                bisect.insort(self._free, (size - request, address + request))
                chunk.size = request
            chunk.in_use = True
            self.in_use += chunk.size
            self.peak = max(self.peak, self.in_use)
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
        self._next_region += size + (1 << 40)     # regions are apart: chunks never merge across them
        self.pool_bytes += size
        self._chunks[address] = _Chunk(size, False, address + size)
        bisect.insort(self._free, (size, address))
