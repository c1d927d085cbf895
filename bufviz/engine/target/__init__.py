"""What depends on the backend and the XLA version: sizes, colours, alignment, dates."""
