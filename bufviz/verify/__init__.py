"""bufviz's numbers against what XLA printed, quantity by quantity."""
