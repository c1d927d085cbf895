"""The held-out random programs in xla-jax-0.11.2 (rand2_NNNN): made under jax 0.11.2 (Python 3.12)
by ../shared/tools/gen_corpus.py with this generator added, `_random_program2(seed)` returning
(jitted function, arguments) as gen_corpus.py's own random programs do; no rule was tuned on them.
rand2_0004 is seed 4: its text alone does not date itself on either side of XLA's 2026-07-28 change
to buffer reuse, and the two rules assign its buffers differently.
"""


def _random_program2(seed):
    """Random compositions over tuples: a tuple state is threaded through jnp ops,
    optional fori/while/scan loops with tuple carries, and tuple outputs."""
    import jax
    import jax.numpy as jnp
    import numpy as np
    rng = np.random.default_rng(10_000 + seed)
    m, n = [int(x) for x in rng.choice([24, 48, 96, 160, 200], size=2)]
    n_state = int(rng.integers(2, 5))
    plan = [(int(rng.integers(0, 12)), int(rng.integers(0, 99)), int(rng.integers(0, 99)))
            for _ in range(int(rng.integers(6, 30)))]
    trip = int(rng.integers(2, 9))
    donate = tuple(i for i in range(n_state) if rng.random() < 0.4)
    n_out = int(rng.integers(1, n_state + 1))

    def apply(op, st, a, b):
        st = list(st)
        i, j = a % len(st), b % len(st)
        x, y = st[i], st[j]
        if op == 0:
            st[i] = x + jnp.sin(y)
        elif op == 1:
            st[i] = jnp.tanh(x @ y.T @ y * 1e-3)
        elif op == 2:
            st[i] = x * jax.nn.sigmoid(jnp.sum(y, 0, keepdims=True))
        elif op == 3:
            st[i] = jnp.sort(x, axis=0) - y
        elif op == 4:
            st[i] = jnp.where(x > y, x, y * 0.5)
        elif op == 5:
            st[i], st[j] = y, x
        elif op == 6:
            st[i] = jnp.cumsum(x, 1) * 1e-2
        elif op == 7:
            def body(k, c):
                return (c[0] * 0.9 + jnp.cos(c[1]), c[1] + k * 1e-3)
            st[i], st[j] = jax.lax.fori_loop(0, trip, body, (x, y))
        elif op == 8:
            def cond(c):
                return c[0] < trip

            def body(c):
                k, (u, v) = c
                return k + 1, (jnp.tanh(u + v), v * 0.5)
            _, (st[i], st[j]) = jax.lax.while_loop(cond, body, (0, (x, y)))
        elif op == 9:
            def sbody(c, r):
                return (c[0] + r, c[1] * r), jnp.max(r)
            (u, v), ys = jax.lax.scan(sbody, (x[0], y[0]), x)
            st[i] = x + u + ys[:, None]
        elif op == 10:
            st[i] = jax.lax.cond(jnp.sum(x) > jnp.sum(y), lambda t: t[0] - t[1], lambda t: t[0] * 2.0, (x, y))
        else:
            st.append(jnp.exp(-x * x))
        return tuple(st)

    def f(*xs):
        st = tuple(xs)
        for op, a, b in plan:
            st = apply(op, st, a, b)
        return st[-n_out:]

    args = tuple(jnp.ones((m, n)) * (k + 1) * 0.1 for k in range(n_state))
    return jax.jit(f, donate_argnums=donate), args
