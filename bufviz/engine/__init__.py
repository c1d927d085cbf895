"""The engine: mirrors XLA's passes, one subpackage each. Never knows about rich or commands."""
