"""pytest plugin: fail a test when a jitted function needs more memory than its budget, or more
than the baseline committed next to the test (updated with `--bufviz-update`, as snapshot
tools do). The failure message is bufviz's report of the largest buffers.

    def test_train_step_memory(bufviz_memory):
        bufviz_memory.check(jax.jit(train_step), params, batch, budget="2GiB", max_increase="5%")

    @pytest.mark.bufviz(budget="2GiB")
    def test_forward(bufviz_memory):
        bufviz_memory.check(jax.jit(forward), params, batch)

    def test_fits_on_this_gpu(bufviz_memory):        # the allocator's limit of the device the test runs on
        bufviz_memory.check(jax.jit(train_step), params, batch, device=True)

Baselines live in `__bufviz__/<test file>/<test name>.json` beside the test file.
"""
from __future__ import annotations

import os
import re

import pytest

BASELINES = "__bufviz__"


def pytest_addoption(parser):
    group = parser.getgroup("bufviz", "XLA memory checks (bufviz)")
    group.addoption("--bufviz-update", action="store_true", default=False,
                    help="Write the measured memory as the new baseline of every bufviz_memory check.")


def pytest_configure(config):
    config.addinivalue_line("markers", "bufviz(budget=None, max_increase=None, metric='needed', device=None): "
                                       "limits for the bufviz_memory fixture's checks in this test")


class MemoryCheck:
    """The `bufviz_memory` fixture: `check(...)` measures a program and fails the test when it is
    over its limits; it returns bufviz's Result for further assertions."""

    def __init__(self, request):
        self._request = request
        marker = request.node.get_closest_marker("bufviz")
        self._defaults = dict(marker.kwargs) if marker else {}
        self._update = request.config.getoption("bufviz_update")
        self._count = 0

    def check(self, program, *args, budget=None, max_increase=None, metric=None, name=None, device=None,
              **kwargs):
        """`program`: a jitted function (called with `args`, `kwargs` to lower and compile it),
        a compiled program, a bufviz Result, or a dump path. A baseline is kept when
        `max_increase` is given (here or in the marker). `device`: True for the device jax runs
        on (its allocator's limit), or the device's memory as a size: the program must fit."""
        from .api import Result, analyze, analyze_compiled, check, jax_compiled

        budget = budget if budget is not None else self._defaults.get("budget")
        max_increase = max_increase if max_increase is not None else self._defaults.get("max_increase")
        metric = metric or self._defaults.get("metric", "needed")
        device = _device(device if device is not None else self._defaults.get("device"))
        if budget is None and max_increase is None and device is None:
            raise pytest.UsageError("bufviz_memory.check needs budget=, max_increase= or device= (or a bufviz "
                                    "marker)")
        if hasattr(program, "lower") and not isinstance(program, (str, os.PathLike)):   # (str has lower())
            program = program.lower(*args, **kwargs).compile()
        if isinstance(program, Result):
            result = program
        elif jax_compiled(program) is not None:   # (jax's, or a frontend's wrapping it: equinox)
            result = analyze_compiled(program, device=device)
        else:
            result = analyze(program, device=device)
        self._count += 1
        baseline_path = self._baseline_path(name) if max_increase is not None else None
        baseline = None
        if baseline_path is not None:
            if self._update:
                _save(baseline_path, result)
                if budget is None and device is None:
                    return result
            elif not os.path.exists(baseline_path):
                pytest.fail(f"bufviz: no memory baseline at {baseline_path}; run pytest --bufviz-update to "
                            "record one", pytrace=False)
            else:
                baseline = baseline_path
        verdict = check(result, budget=budget, baseline=baseline, max_increase=max_increase, metrics=[metric],
                        device=device)
        if not verdict.ok:   # (what failed, why it changed, what grew: as `bufviz check` says it)
            from .report.check import reasons_lines
            failed = [r for r in verdict.results if not r["ok"]]
            problems = "; ".join(v for r in failed for v in r["violations"])
            why = "\n".join(line for r in failed for line in reasons_lines(r))
            pytest.fail(f"bufviz: {problems}" + (f"\n{why}" if why else "") + f"\n\n{result.text(top=8)}",
                        pytrace=False)
        return result

    def _baseline_path(self, name: str | None) -> str:
        node = self._request.node
        test_file = str(node.path if hasattr(node, "path") else node.fspath)
        stem = os.path.splitext(os.path.basename(test_file))[0]
        suffix = f".{_safe(name)}" if name else (f".{self._count}" if self._count > 1 else "")
        return os.path.join(os.path.dirname(test_file), BASELINES, stem, f"{_safe(node.name)}{suffix}.json")


def _device(value):
    """True: jax's default device, by its allocator's own limit (`memory_stats()`)."""
    if value is not True:
        return value
    import jax   # (only here: the plugin is loaded in test runs that may not use jax)

    device = jax.devices()[0]
    stats = device.memory_stats() if hasattr(device, "memory_stats") else None
    if not stats or not stats.get("bytes_limit"):
        pytest.fail(f"bufviz: {device.platform} device {device.id} reports no memory limit (memory_stats()); "
                    "give device= the device's memory as a size", pytrace=False)
    return stats


def _safe(name: str) -> str:
    """A test id as a file name: `test_x[cpu-64]` -> `test_x_cpu-64_`."""
    return re.sub(r"[^\w.-]+", "_", name)


def _save(path: str, result) -> None:
    """The compact form `check` reads back (headline and storage at the peak), not the whole report."""
    from .compare.compact import scan_json, summarize
    from .report.json import render_json

    os.makedirs(os.path.dirname(path), exist_ok=True)
    summary = summarize(result, path=result.module)
    with open(path, "w", encoding="utf-8") as f:
        f.write(render_json(scan_json([summary], [])))


@pytest.fixture
def bufviz_memory(request) -> MemoryCheck:
    """Check a jitted function's memory against a budget or a committed baseline."""
    return MemoryCheck(request)
