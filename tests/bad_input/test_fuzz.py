"""Mutated real inputs (truncated, lines deleted/duplicated/shuffled, bytes flipped, garbage
inserted) end in a report or in exit code 2 with one error line: never a traceback or a hang.

HYPOTHESIS_PROFILE=deep runs many more examples than the default CI profile."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import DATA, SAMPLES, SHARED, run, time_limit

settings.register_profile("ci", max_examples=120, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("deep", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

INPUTS = [SAMPLES / "001_04aa0d3336074bf8.txt", SAMPLES / "004_915eaf8d7a870eb5.txt"]
INPUTS += sorted((DATA / "corpus/xla-jax-0.10.2/while_tuple_carry").glob("*after_optimizations*.txt"))
INPUTS += sorted((DATA / "corpus/xla-jax-0.4.30/cond_branches").glob("*after_optimizations*.txt"))
INPUTS += sorted((DATA / "corpus/xla-jax-0.6.2/fori_kv_cache").glob("*-memory-usage-report.txt"))
INPUTS += sorted((DATA / "corpus/xla-jax-0.4.13/while_tuple_carry").glob("*-buffer-assignment.txt"))
INPUTS += sorted((DATA / "oom").glob("*.txt"))
# Published out-of-memory texts where the workplace's corpus exists (never bundled).
INPUTS += sorted(p for p in (SHARED / "corpus/wild").glob("*-oom-*.txt") if p.stat().st_size < 100_000)
SECONDS = 20




def mutate(data: bytes, how: str, a: int, b: int, junk: bytes) -> bytes:
    lines = data.split(b"\n")
    i, j = a % (len(lines) or 1), b % (len(lines) or 1)
    if how == "truncate":
        return data[: a % (len(data) + 1)]
    if how == "delete":
        return b"\n".join(lines[:i] + lines[i + 1:])
    if how == "duplicate":
        return b"\n".join(lines[: i + 1] + lines[i:])
    if how == "shuffle":
        lo, hi = min(i, j), max(i, j) + 1
        return b"\n".join(lines[:lo] + lines[lo:hi][::-1] + lines[hi:])
    if how == "flip":
        k = a % (len(data) or 1)
        return data[:k] + bytes([b % 256]) + data[k + 1:]
    return data[: a % (len(data) + 1)] + junk + data[a % (len(data) + 1):]


MUTATION = st.tuples(st.sampled_from(["truncate", "delete", "duplicate", "shuffle", "flip", "garbage"]),
                     st.integers(0, 10**7), st.integers(0, 10**7), st.binary(min_size=1, max_size=40))


def check(data: bytes, name: str, command: str = "peak") -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        with time_limit(SECONDS):
            code, out, err = run(command, path, "--no-discover", "--format", "json")
    # One line at most: a traceback never reaches the user (the input itself may say "Traceback").
    assert "internal error" not in err and err.count("\n") <= 1, err
    if code == 0 or (command == "verify" and code == 1):
        assert json.loads(out)["schema_version"] == 1
    else:
        assert code == 2, err
        assert out == "" and err.startswith("bufviz: error: ") and err.count("\n") == 1, err


@given(source=st.sampled_from(INPUTS), mutations=st.lists(MUTATION, min_size=1, max_size=3))
def test_mutated_real_inputs(source, mutations):
    data = source.read_bytes()
    for how, a, b, junk in mutations:
        data = mutate(data, how, a, b, junk)
    check(data, source.name)


@given(source=st.sampled_from(INPUTS), cut=st.integers(0, 10**7))
def test_truncated_real_inputs(source, cut):
    data = source.read_bytes()
    check(data[: cut % (len(data) + 1)], source.name)


@given(source=st.sampled_from(INPUTS), mutations=st.lists(MUTATION, min_size=1, max_size=2))
def test_mutated_inputs_verified(source, mutations):
    data = source.read_bytes()
    for how, a, b, junk in mutations:
        data = mutate(data, how, a, b, junk)
    check(data, source.name, "verify")
