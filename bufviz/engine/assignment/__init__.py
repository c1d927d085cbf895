"""BufferAssigner and the heap simulator: allocations, offsets, and what they add up to."""
