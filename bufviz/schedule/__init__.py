"""`bufviz schedule`: what the order of a module's instructions costs, under XLA's schedulers and
bufviz's, and the module written back in the best order."""
