"""Schedules and HloLiveRange: the flattened order, live ranges and XLA's peak."""
