"""Product features that read the engine's result (never XLA's text): what the storage holds
over time, and later the headline, attribution and explanations built on it."""
