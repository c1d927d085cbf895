"""Out-of-memory messages explained: their numbers named, their buffers grouped, what to try."""
