"""bufviz: where does XLA's memory go? Reads XLA's dumps, recomputes the picture, explains it."""

__version__ = "0.1.0"
