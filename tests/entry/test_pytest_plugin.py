"""The pytest plugin, for real: jitted functions compiled by jax on the CPU, measured by the
`bufviz_memory` fixture against budgets taken from jax's own memory_analysis()."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("jax")

PROGRAM = '''
import os

import jax
import jax.numpy as jnp
import pytest

ROWS = int(os.environ.get("MODEL_ROWS", "64"))


def model(rows):
    f = jax.jit(lambda x, w: jnp.tanh(x @ w) @ w.T)
    return f, (jnp.ones((rows, 256), jnp.float32), jnp.ones((256, 256), jnp.float32))


def jax_needed(f, args):
    """What jax says the executable reserves: argument + output + temp - alias."""
    m = f.lower(*args).compile().memory_analysis()
    return m.argument_size_in_bytes + m.output_size_in_bytes + m.temp_size_in_bytes - m.alias_size_in_bytes


def test_within_budget(bufviz_memory):
    f, args = model(ROWS)
    result = bufviz_memory.check(f, *args, budget=jax_needed(f, args))
    assert result.needed_bytes == jax_needed(f, args)


def test_over_budget(bufviz_memory):
    f, args = model(ROWS)
    bufviz_memory.check(f, *args, budget=jax_needed(f, args) - 1)


@pytest.mark.bufviz(max_increase="5%")
def test_against_baseline(bufviz_memory):
    f, args = model(ROWS)
    bufviz_memory.check(f, *args)
'''


@pytest.fixture
def project(pytester):
    pytester.makepyfile(test_model=PROGRAM)
    return pytester


def test_a_function_within_its_budget_passes_and_one_over_fails(project):
    run = project.runpytest("-k", "budget", "-p", "no:cacheprovider")
    run.assert_outcomes(passed=1, failed=1)
    failure = run.stdout.str()
    assert "memory needed" in failure and "is over the budget of" in failure
    assert "Storage at the peak" in failure   # bufviz's report of the largest buffers
    assert "test_over_budget" in failure and "test_within_budget PASSED" not in failure


def test_a_missing_baseline_fails_and_asks_for_an_update(project):
    run = project.runpytest("-k", "baseline", "-p", "no:cacheprovider")
    run.assert_outcomes(failed=1)
    assert "--bufviz-update" in run.stdout.str()


def test_a_baseline_is_recorded_kept_and_outgrown(project, monkeypatch):
    project.runpytest("-k", "baseline", "--bufviz-update", "-p", "no:cacheprovider").assert_outcomes(passed=1)
    saved = project.path / "__bufviz__" / "test_model" / "test_against_baseline.json"
    modules = json.loads(saved.read_text())["modules"]
    assert len(modules) == 1 and modules[0]["needed_bytes"] > 0
    project.runpytest("-k", "baseline", "-p", "no:cacheprovider").assert_outcomes(passed=1)

    monkeypatch.setenv("MODEL_ROWS", "512")   # a bigger model against the small one's baseline
    run = project.runpytest("-k", "baseline", "-p", "no:cacheprovider")
    run.assert_outcomes(failed=1)
    assert "memory needed grew by" in run.stdout.str() and "at most 5% allowed" in run.stdout.str()
    # and why, as `bufviz check` says it: the batch (x's leading dimension, 64 -> 512) and what grew
    assert "because the batch" in run.stdout.str() and "64 → 512" in run.stdout.str()
    assert "test_model.py:" in run.stdout.str()


def test_analyze_compiled_on_a_real_jax_program_matches_jax():
    import jax
    import jax.numpy as jnp

    import bufviz

    def step(w, x):
        return w - 0.1 * jax.grad(lambda w: jnp.sum(jnp.tanh(x @ w) ** 2))(w)
    compiled = jax.jit(step, donate_argnums=0).lower(jnp.ones((128, 128)), jnp.ones((64, 128))).compile()
    m = compiled.memory_analysis()
    r = bufviz.analyze_compiled(compiled)
    assert r.needed_bytes == (m.argument_size_in_bytes + m.output_size_in_bytes + m.temp_size_in_bytes
                              - m.alias_size_in_bytes)
    assert (r.temp_bytes, r.alias_bytes) == (m.temp_size_in_bytes, m.alias_size_in_bytes)


def _equinox_step():
    """An equinox MLP's training step under eqx.filter_jit, and its arguments."""
    eqx = pytest.importorskip("equinox")
    import jax
    import jax.numpy as jnp

    model = eqx.nn.MLP(64, 8, 128, 2, key=jax.random.PRNGKey(0))

    @eqx.filter_jit
    def step(model, x):
        grads = eqx.filter_grad(lambda m: jnp.mean(jax.vmap(m)(x) ** 2))(model)
        return eqx.apply_updates(model, jax.tree.map(lambda g: -0.1 * g, grads))
    return step, (model, jnp.ones((32, 64)))


def test_analyze_compiled_takes_equinox_compiled_programs():
    import bufviz

    step, args = _equinox_step()
    compiled = step.lower(*args).compile()   # equinox's Compiled: jax's is its .compiled
    assert not hasattr(compiled, "as_text")
    m = compiled.compiled.memory_analysis()
    r = bufviz.analyze_compiled(compiled)
    assert (r.argument_bytes, r.output_bytes, r.temp_bytes, r.alias_bytes) == (
        m.argument_size_in_bytes, m.output_size_in_bytes, m.temp_size_in_bytes, m.alias_size_in_bytes)
    assert r.needed_bytes - r.constant_bytes == (m.argument_size_in_bytes + m.output_size_in_bytes
                                                 + m.temp_size_in_bytes - m.alias_size_in_bytes)


def test_the_fixture_takes_an_equinox_jitted_function(pytester):
    pytest.importorskip("equinox")
    pytester.makepyfile(test_eqx='''
import equinox as eqx
import jax
import jax.numpy as jnp


def test_budget(bufviz_memory):
    model = eqx.nn.MLP(64, 8, 128, 2, key=jax.random.PRNGKey(0))
    step = eqx.filter_jit(lambda model, x: jnp.mean(jax.vmap(model)(x)))
    m = step.lower(model, jnp.ones((32, 64))).compile().compiled.memory_analysis()
    needed = m.argument_size_in_bytes + m.output_size_in_bytes + m.temp_size_in_bytes - m.alias_size_in_bytes
    result = bufviz_memory.check(step, model, jnp.ones((32, 64)), budget=needed + 64)   # (+ its constants)
    assert result.needed_bytes - result.constant_bytes == needed
''')
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=1)
