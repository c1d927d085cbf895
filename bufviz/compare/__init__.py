"""Product features for CI: saved results, budgets and baselines (check), comparison of two
compilations (diff) and ranking the modules of a dump tree (scan). They read reports, never XLA text."""
