"""bufviz: where does XLA's memory go? Reads XLA's dumps, recomputes the picture, explains it.

The Python API (`analyze`, `analyze_compiled`, `load`, `check`, `diff`) is in `bufviz.api`
and loaded on first use, so the command line starts fast.
"""

__version__ = "0.2.0"

__all__ = ["analyze", "analyze_compiled", "load", "check", "diff", "Result", "Storage", "CheckResult",
           "DiffResult", "BufvizError"]


def __getattr__(name: str):
    if name in __all__:
        from . import api, errors
        return getattr(api, name, None) or getattr(errors, name)
    raise AttributeError(f"module 'bufviz' has no attribute {name!r}")
