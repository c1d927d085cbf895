#!/usr/bin/env python
"""Generate held-out XLA dumps from TensorFlow (tf.function(jit_compile=True)).

Usage:  python gen_tf.py OUTROOT [prog ...]       (parent; spawns one child per program)
        python gen_tf.py --child PROG              (internal)

For every program a child process runs with
  XLA_FLAGS="--xla_dump_to=<fresh tmp dir> --xla_dump_hlo_as_text"
  TF_XLA_FLAGS=--tf_xla_auto_jit=0
and compiles+runs the program once.  The parent then picks the main module
(last-compiled module whose name contains the traced function's name; ties /
fallback: largest optimized HLO) and copies all files of that module, unchanged,
into OUTROOT/tf-<version>/<program>/, with local paths in the metadata shortened
(site-packages/..., programs/...).

Set-up: a venv of its own, `pip install tf-nightly` (the newest XLA: its printer writes
`%x#N` tuple-element operands and `page N` allocations) or `pip install tensorflow-cpu==2.21.0`.
Add programs with @program(name, traced_function_name, description).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

PROGRAMS = {}


def program(name, fn_name, desc):
    def deco(f):
        PROGRAMS[name] = (f, fn_name, desc)
        return f
    return deco


# --------------------------------------------------------------------------
# programs (run in the child only)
# --------------------------------------------------------------------------

@program("mlp_adam_train", "train_step",
         "Keras MLP (Dense 64-128-128-10) train step: GradientTape + Adam.apply_gradients")
def p_mlp():
    import tensorflow as tf, keras
    model = keras.Sequential([keras.Input((64,)),
                              keras.layers.Dense(128, activation="relu"),
                              keras.layers.Dense(128, activation="relu"),
                              keras.layers.Dense(10)])
    opt = keras.optimizers.Adam(1e-3)
    opt.build(model.trainable_variables)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    @tf.function(jit_compile=True)
    def train_step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    x = tf.random.normal((32, 64)); y = tf.random.uniform((32,), 0, 10, tf.int32)
    return train_step(x, y)


@program("cnn_bn_dropout_train", "train_step",
         "Keras CNN train step: Conv2D+BatchNormalization+MaxPool+Dropout+Dense, SGD(momentum)")
def p_cnn():
    import tensorflow as tf, keras
    model = keras.Sequential([keras.Input((28, 28, 1)),
                              keras.layers.Conv2D(16, 3, padding="same"),
                              keras.layers.BatchNormalization(),
                              keras.layers.ReLU(),
                              keras.layers.MaxPooling2D(),
                              keras.layers.Conv2D(32, 3, padding="same"),
                              keras.layers.BatchNormalization(),
                              keras.layers.ReLU(),
                              keras.layers.MaxPooling2D(),
                              keras.layers.Flatten(),
                              keras.layers.Dropout(0.3),
                              keras.layers.Dense(10)])
    opt = keras.optimizers.SGD(0.01, momentum=0.9)
    opt.build(model.trainable_variables)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    @tf.function(jit_compile=True)
    def train_step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    x = tf.random.normal((16, 28, 28, 1)); y = tf.random.uniform((16,), 0, 10, tf.int32)
    return train_step(x, y)


@program("transformer_encoder_fwd_bwd", "fwd_bwd",
         "Transformer encoder layer (MultiHeadAttention 4 heads, LayerNorm, FFN) forward+backward, returns loss+grads")
def p_transformer():
    import tensorflow as tf, keras
    d, heads, ff, T, B = 64, 4, 128, 32, 4
    inp = keras.Input((T, d))
    a = keras.layers.MultiHeadAttention(heads, d // heads)(inp, inp)
    h = keras.layers.LayerNormalization()(inp + a)
    f = keras.layers.Dense(ff, activation="gelu")(h)
    f = keras.layers.Dense(d)(f)
    out = keras.layers.LayerNormalization()(h + f)
    model = keras.Model(inp, out)

    @tf.function(jit_compile=True)
    def fwd_bwd(x, t):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x, training=True) - t))
        grads = tape.gradient(loss, model.trainable_variables)
        return loss, grads

    x = tf.random.normal((B, T, d)); t = tf.random.normal((B, T, d))
    return fwd_bwd(x, t)


@program("lstm_gru_forward", "rnn_forward",
         "Keras LSTM(64, return_sequences) -> GRU(32) -> Dense forward pass (while loops)")
def p_rnn():
    import tensorflow as tf, keras
    model = keras.Sequential([keras.Input((20, 16)),
                              keras.layers.LSTM(64, return_sequences=True),
                              keras.layers.GRU(32),
                              keras.layers.Dense(8)])

    @tf.function(jit_compile=True)
    def rnn_forward(x):
        return model(x, training=False)

    return rnn_forward(tf.random.normal((8, 20, 16)))


@program("while_loop_accum", "while_accum",
         "tf.while_loop: 50 iterations of h = tanh(h @ W + b), acc += reduce_sum(h)")
def p_while():
    import tensorflow as tf
    W = tf.Variable(tf.random.normal((128, 128)) * 0.05)
    b = tf.Variable(tf.zeros((128,)))

    @tf.function(jit_compile=True)
    def while_accum(h):
        def cond(i, h, acc):
            return i < 50

        def body(i, h, acc):
            h = tf.tanh(h @ W + b)
            return i + 1, h, acc + tf.reduce_sum(h, axis=1)
        _, h, acc = tf.while_loop(cond, body, (tf.constant(0), h, tf.zeros((tf.shape(h)[0],))))
        return h, acc

    return while_accum(tf.random.normal((16, 128)))


@program("scan_cumulative", "scan_fn",
         "tf.scan over 64 steps of a linear recurrence s = 0.9*s + x_t @ W, returns all states")
def p_scan():
    import tensorflow as tf
    W = tf.Variable(tf.random.normal((32, 48)) * 0.1)

    @tf.function(jit_compile=True)
    def scan_fn(xs):
        init = tf.zeros((xs.shape[1], 48))
        return tf.scan(lambda s, x: 0.9 * s + x @ W, xs, initializer=init)

    return scan_fn(tf.random.normal((64, 8, 32)))


@program("gather_scatter", "gather_scatter",
         "tf.gather rows + tf.tensor_scatter_nd_update / tensor_scatter_nd_add on a 1024x64 table")
def p_scatter():
    import tensorflow as tf

    @tf.function(jit_compile=True)
    def gather_scatter(table, idx, upd):
        rows = tf.gather(table, idx)                      # [N,64]
        rows = rows * 2.0 + 1.0
        t2 = tf.tensor_scatter_nd_update(table, idx[:, None], rows)
        t3 = tf.tensor_scatter_nd_add(t2, idx[:, None], upd)
        return t3, tf.reduce_sum(rows, axis=0)

    table = tf.random.normal((1024, 64))
    idx = tf.random.shuffle(tf.range(1024))[:128]
    return gather_scatter(table, idx, tf.random.normal((128, 64)))


@program("bf16_matmul_chain", "bf16_chain",
         "bfloat16 chain of 6 matmuls with gelu, f32 accumulation of the final result")
def p_bf16():
    import tensorflow as tf
    Ws = [tf.Variable(tf.cast(tf.random.normal((256, 256)) * 0.05, tf.bfloat16)) for _ in range(6)]

    @tf.function(jit_compile=True)
    def bf16_chain(x):
        h = tf.cast(x, tf.bfloat16)
        for W in Ws:
            h = tf.nn.gelu(tf.matmul(h, W))
        return tf.reduce_sum(tf.cast(h, tf.float32), axis=-1), h

    return bf16_chain(tf.random.normal((64, 256)))


@program("embedding_xent_train", "train_step",
         "Embedding(5000,64) lookup + mean-pool + Dense softmax cross entropy train step with Adam")
def p_embed():
    import tensorflow as tf, keras
    model = keras.Sequential([keras.Input((24,), dtype="int32"),
                              keras.layers.Embedding(5000, 64),
                              keras.layers.GlobalAveragePooling1D(),
                              keras.layers.Dense(5000)])
    opt = keras.optimizers.Adam(1e-3)
    opt.build(model.trainable_variables)

    @tf.function(jit_compile=True)
    def train_step(tok, y):
        with tf.GradientTape() as tape:
            logits = model(tok, training=True)
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    tok = tf.random.uniform((32, 24), 0, 5000, tf.int32); y = tf.random.uniform((32,), 0, 5000, tf.int32)
    return train_step(tok, y)


@program("cond_model", "cond_fn",
         "data-dependent tf.cond choosing between two Dense branches, plus a nested tf.cond on the mean")
def p_cond():
    import tensorflow as tf
    W1 = tf.Variable(tf.random.normal((64, 64)) * 0.1)
    W2 = tf.Variable(tf.random.normal((64, 64)) * 0.1)

    @tf.function(jit_compile=True)
    def cond_fn(x, flag):
        h = tf.cond(flag > 0, lambda: tf.nn.relu(x @ W1), lambda: tf.tanh(x @ W2))
        m = tf.reduce_mean(h)
        h2 = tf.cond(m > 0.1, lambda: h * 2.0 + tf.transpose(W1)[0], lambda: tf.sigmoid(h) @ W2)
        return h2, m

    return cond_fn(tf.random.normal((32, 64)), tf.constant(1))


@program("einsum_heavy", "einsum_fn",
         "einsum-heavy: multi-head attention scores/contexts, bilinear form, batched outer product, trace")
def p_einsum():
    import tensorflow as tf
    Wq = tf.Variable(tf.random.normal((64, 4, 16)) * 0.1)
    Wk = tf.Variable(tf.random.normal((64, 4, 16)) * 0.1)
    Wv = tf.Variable(tf.random.normal((64, 4, 16)) * 0.1)
    Wo = tf.Variable(tf.random.normal((4, 16, 64)) * 0.1)
    Bl = tf.Variable(tf.random.normal((64, 64, 8)) * 0.1)

    @tf.function(jit_compile=True)
    def einsum_fn(x):
        q = tf.einsum("btd,dhk->bhtk", x, Wq)
        k = tf.einsum("btd,dhk->bhtk", x, Wk)
        v = tf.einsum("btd,dhk->bhtk", x, Wv)
        s = tf.nn.softmax(tf.einsum("bhqk,bhsk->bhqs", q, k) / 4.0, axis=-1)
        c = tf.einsum("bhqs,bhsk->bhqk", s, v)
        o = tf.einsum("bhtk,hkd->btd", c, Wo)
        bil = tf.einsum("btd,dec,bte->btc", o, Bl, x)
        outer = tf.einsum("btd,bte->bde", o, x)
        tr = tf.einsum("bdd->b", outer)
        return o, bil, tr

    return einsum_fn(tf.random.normal((4, 32, 64)))


@program("many_outputs", "many_out",
         "function returning 16 outputs of mixed shapes/dtypes (reductions, slices, casts, argmax, top_k)")
def p_many():
    import tensorflow as tf

    @tf.function(jit_compile=True)
    def many_out(x, y):
        h = tf.nn.relu(x @ y)
        vals, idx = tf.math.top_k(h, k=5)
        return {
            "h": h, "sum0": tf.reduce_sum(h, 0), "sum1": tf.reduce_sum(h, 1),
            "max": tf.reduce_max(h), "min": tf.reduce_min(x), "mean": tf.reduce_mean(y, 1),
            "argmax": tf.argmax(h, 1), "topk_v": vals, "topk_i": idx,
            "slice": h[:8, 4:20], "t": tf.transpose(x), "bf": tf.cast(h, tf.bfloat16),
            "i32": tf.cast(x * 10, tf.int32), "cum": tf.cumsum(x, axis=1),
            "norm": tf.norm(x, axis=1), "sq": tf.square(y) + 1.0,
        }

    return many_out(tf.random.normal((64, 48)), tf.random.normal((48, 96)))


# --------------------------------------------------------------------------
# additional held-out programs (tuples / control flow / aliasing)
# --------------------------------------------------------------------------

@program("resnet_block_sgd_train", "train_step",
         "Keras ResNet-like block (Conv-BN-ReLU-Conv-BN + skip, 2 blocks) train step, SGD(momentum 0.9)")
def p_resnet():
    import tensorflow as tf, keras
    inp = keras.Input((16, 16, 8))
    h = inp
    for _ in range(2):
        r = keras.layers.Conv2D(8, 3, padding="same")(h)
        r = keras.layers.BatchNormalization()(r)
        r = keras.layers.ReLU()(r)
        r = keras.layers.Conv2D(8, 3, padding="same")(r)
        r = keras.layers.BatchNormalization()(r)
        h = keras.layers.ReLU()(h + r)
    out = keras.layers.Dense(10)(keras.layers.GlobalAveragePooling2D()(h))
    model = keras.Model(inp, out)
    opt = keras.optimizers.SGD(0.01, momentum=0.9)
    opt.build(model.trainable_variables)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    @tf.function(jit_compile=True)
    def train_step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    x = tf.random.normal((8, 16, 16, 8)); y = tf.random.uniform((8,), 0, 10, tf.int32)
    return train_step(x, y)


@program("gru_lstm_train", "train_step",
         "Keras GRU(32, return_sequences) -> LSTM(32) -> Dense train step with RMSprop (while loops fwd+bwd, big tuple carry)")
def p_rnn_train():
    import tensorflow as tf, keras
    model = keras.Sequential([keras.Input((12, 8)),
                              keras.layers.GRU(32, return_sequences=True),
                              keras.layers.LSTM(32),
                              keras.layers.Dense(4)])
    opt = keras.optimizers.RMSprop(1e-3)
    opt.build(model.trainable_variables)

    @tf.function(jit_compile=True)
    def train_step(x, t):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x, training=True) - t))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    return train_step(tf.random.normal((8, 12, 8)), tf.random.normal((8, 4)))


@program("nested_while", "nested_while",
         "tf.while_loop (10 iters) containing an inner tf.while_loop (i-dependent trip count) over a 3-tuple carry")
def p_nested_while():
    import tensorflow as tf
    W = tf.Variable(tf.random.normal((64, 64)) * 0.05)

    @tf.function(jit_compile=True)
    def nested_while(h):
        def outer_body(i, h, acc):
            def inner_body(j, g, s):
                g = tf.tanh(g @ W)
                return j + 1, g, s + tf.reduce_mean(g, axis=0)
            _, h2, s = tf.while_loop(lambda j, g, s: j < i + 2, inner_body,
                                     (tf.constant(0), h, tf.zeros((64,))))
            return i + 1, h2 + 0.1 * h, acc + s
        _, h, acc = tf.while_loop(lambda i, h, acc: i < 10, outer_body,
                                  (tf.constant(0), h, tf.zeros((64,))))
        return h, acc

    return nested_while(tf.random.normal((16, 64)))


@program("cond_in_while", "cond_in_while",
         "tf.while_loop (30 iters) whose body picks one of two updates with tf.cond on the iteration parity and a data predicate")
def p_cond_in_while():
    import tensorflow as tf
    A = tf.Variable(tf.random.normal((48, 48)) * 0.1)
    B = tf.Variable(tf.random.normal((48, 48)) * 0.1)

    @tf.function(jit_compile=True)
    def cond_in_while(x):
        def body(i, h, cnt, hist):
            h = tf.cond(i % 2 == 0, lambda: tf.nn.relu(h @ A), lambda: tf.sin(h @ B))
            cnt = tf.cond(tf.reduce_mean(h) > 0.0, lambda: cnt + 1, lambda: cnt)
            hist = hist + tf.reduce_sum(h, axis=1)
            return i + 1, h, cnt, hist
        _, h, cnt, hist = tf.while_loop(lambda i, *_: i < 30, body,
                                        (tf.constant(0), x, tf.constant(0), tf.zeros((x.shape[0],))))
        return h, cnt, hist

    return cond_in_while(tf.random.normal((16, 48)))


@program("nested_structure_out", "nested_out",
         "function returning a nested structure: dict of tuples of dicts of tensors (mixed dtypes, some pass-through of inputs)")
def p_nested_out():
    import tensorflow as tf

    @tf.function(jit_compile=True)
    def nested_out(x, y, z):
        a = x @ y
        b = tf.nn.softmax(a)
        return {
            "pair": (a, {"soft": b, "lse": tf.reduce_logsumexp(a, axis=1)}),
            "triple": ((tf.reduce_sum(x), tf.cast(tf.argmax(b, 1), tf.int32)), y, z * 2),
            "inner": {"deep": {"x": x, "xt": tf.transpose(x)}, "z": z},
            "cast": (tf.cast(a, tf.float16), tf.cast(z > 0, tf.int8)),
        }

    return nested_out(tf.random.normal((32, 40)), tf.random.normal((40, 24)), tf.random.normal((24,)))


@program("scan_tuple_state", "scan_tuple",
         "tf.scan over 40 steps with a (h, c, count) tuple state and a tuple of per-step outputs")
def p_scan_tuple():
    import tensorflow as tf
    Wx = tf.Variable(tf.random.normal((16, 32)) * 0.1)
    Wh = tf.Variable(tf.random.normal((32, 32)) * 0.1)

    @tf.function(jit_compile=True)
    def scan_tuple(xs):
        B = xs.shape[1]
        def step(state, x):
            h, c, n = state
            c2 = 0.8 * c + tf.tanh(x @ Wx + h @ Wh)
            h2 = tf.sigmoid(c2) * tf.tanh(c2)
            return (h2, c2, n + tf.reduce_sum(tf.cast(h2 > 0, tf.int32)))
        init = (tf.zeros((B, 32)), tf.zeros((B, 32)), tf.constant(0))
        hs, cs, ns = tf.scan(step, xs, initializer=init)
        return hs, cs[-1], ns

    return scan_tuple(tf.random.normal((40, 8, 16)))


@program("attention_adamw_train", "train_step",
         "Keras Embedding(2000,32) + MultiHeadAttention(2 heads) + pooling + Dense train step with AdamW")
def p_attn_adamw():
    import tensorflow as tf, keras
    inp = keras.Input((16,), dtype="int32")
    e = keras.layers.Embedding(2000, 32)(inp)
    a = keras.layers.MultiHeadAttention(2, 16)(e, e)
    h = keras.layers.LayerNormalization()(e + a)
    out = keras.layers.Dense(5)(keras.layers.GlobalAveragePooling1D()(h))
    model = keras.Model(inp, out)
    opt = keras.optimizers.AdamW(1e-3, weight_decay=0.01)
    opt.build(model.trainable_variables)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    @tf.function(jit_compile=True)
    def train_step(tok, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(tok, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    tok = tf.random.uniform((8, 16), 0, 2000, tf.int32); y = tf.random.uniform((8,), 0, 5, tf.int32)
    return train_step(tok, y)


@program("switch_case_3", "switch_fn",
         "tf.switch_case with 3 branches each returning a (tensor, tensor) tuple, followed by a 2nd switch on the result")
def p_switch():
    import tensorflow as tf
    W = tf.Variable(tf.random.normal((32, 32)) * 0.1)

    @tf.function(jit_compile=True)
    def switch_fn(x, k):
        def b0(): return x @ W, tf.reduce_sum(x, 0)
        def b1(): return tf.nn.relu(x) * 3.0, tf.reduce_max(x, 0)
        def b2(): return tf.transpose(x @ tf.transpose(W)), tf.reduce_min(x, 0)
        h, v = tf.switch_case(k, [b0, b1, b2])
        k2 = tf.cast(tf.reduce_mean(h) > 0, tf.int32) + 1
        g = tf.switch_case(k2, [lambda: h, lambda: h + v, lambda: h * v])
        return h, v, g

    return switch_fn(tf.random.normal((32, 32)), tf.constant(2))


@program("variable_assign_alias", "update_vars",
         "jit function updating tf.Variables in place (assign_add / assign / scatter_add) and returning read values: resource outputs alias inputs")
def p_alias():
    import tensorflow as tf
    v = tf.Variable(tf.zeros((256, 128)))
    m = tf.Variable(tf.ones((256, 128)))
    cnt = tf.Variable(0, dtype=tf.int64)

    @tf.function(jit_compile=True)
    def update_vars(g, idx):
        v.assign_add(g * 0.1)
        m.assign(0.9 * m + 0.1 * tf.square(g))
        v.scatter_add(tf.IndexedSlices(tf.ones((idx.shape[0], 128)), idx))
        cnt.assign_add(1)
        return tf.reduce_sum(v / tf.sqrt(m + 1e-6)), cnt.read_value()

    return update_vars(tf.random.normal((256, 128)), tf.constant([1, 5, 9, 200]))


@program("tensorarray_dus_loop", "ta_loop",
         "tf.while_loop writing rows into two TensorArrays (dynamic-update-slice in the loop) then stacking them")
def p_ta():
    import tensorflow as tf
    W = tf.Variable(tf.random.normal((24, 24)) * 0.2)

    @tf.function(jit_compile=True)
    def ta_loop(x):
        n = 32
        ta1 = tf.TensorArray(tf.float32, size=n, element_shape=x.shape)
        ta2 = tf.TensorArray(tf.int32, size=n, element_shape=(x.shape[0],))
        def body(i, h, ta1, ta2):
            h = tf.tanh(h @ W + tf.cast(i, tf.float32) * 0.01)
            return i + 1, h, ta1.write(i, h), ta2.write(i, tf.argmax(h, 1, output_type=tf.int32))
        _, h, ta1, ta2 = tf.while_loop(lambda i, *_: i < n, body, (tf.constant(0), x, ta1, ta2))
        return h, ta1.stack(), ta2.stack()

    return ta_loop(tf.random.normal((8, 24)))


@program("sort_topk", "sort_topk",
         "tf.sort / tf.argsort (multi-operand sort), tf.math.top_k, unique-ish ranking on 512x256 scores")
def p_sort():
    import tensorflow as tf

    @tf.function(jit_compile=True)
    def sort_topk(s, keys):
        srt = tf.sort(s, axis=-1, direction="DESCENDING")
        order = tf.argsort(s, axis=-1)
        vals, idx = tf.math.top_k(s, k=16)
        ranked = tf.gather(keys, tf.argsort(tf.reduce_sum(s, 1)))
        return srt[:, :8], order, vals, idx, ranked

    return sort_topk(tf.random.normal((512, 256)), tf.random.normal((512, 4)))


@program("mixed_precision_train", "train_step",
         "Keras mixed_bfloat16 policy MLP (Dense 128-256-256-10) train step with LossScale-free SGD, bf16 compute / f32 vars")
def p_mixed():
    import tensorflow as tf, keras
    keras.mixed_precision.set_global_policy("mixed_bfloat16")
    model = keras.Sequential([keras.Input((128,)),
                              keras.layers.Dense(256, activation="relu"),
                              keras.layers.Dense(256, activation="relu"),
                              keras.layers.Dense(10, dtype="float32")])
    opt = keras.optimizers.SGD(0.01)
    opt.build(model.trainable_variables)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    @tf.function(jit_compile=True)
    def train_step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    x = tf.random.normal((32, 128)); y = tf.random.uniform((32,), 0, 10, tf.int32)
    return train_step(x, y)


@program("big_mlp_adam_train", "train_step",
         "Larger Keras MLP (Dense 512-1024-1024-512-10, ~6.5 MB f32 weights) train step with Adam")
def p_big_mlp():
    import tensorflow as tf, keras
    model = keras.Sequential([keras.Input((512,)),
                              keras.layers.Dense(1024, activation="relu"),
                              keras.layers.Dense(1024, activation="relu"),
                              keras.layers.Dense(512, activation="relu"),
                              keras.layers.Dense(10)])
    opt = keras.optimizers.Adam(1e-3)
    opt.build(model.trainable_variables)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    @tf.function(jit_compile=True)
    def train_step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    x = tf.random.normal((64, 512)); y = tf.random.uniform((64,), 0, 10, tf.int32)
    return train_step(x, y)


@program("tensorlist_cond_nested", "tl_cond",
         "TensorList (tf2xla tuple (buffer, size)) passed through two tf.cond: nested tuple branch params/results (%p#0#1 reads)")
def p_tl_cond():
    import tensorflow as tf
    from tensorflow.python.ops import list_ops
    W = tf.Variable(tf.random.normal((16, 16)) * 0.2)

    @tf.function(jit_compile=True)
    def tl_cond(x, flag):
        l = list_ops.tensor_list_reserve([8, 16], 4, tf.float32)
        l = list_ops.tensor_list_set_item(l, 0, x)
        def a(): return list_ops.tensor_list_set_item(l, 1, tf.tanh(x @ W)), x * 2
        def b(): return list_ops.tensor_list_set_item(l, 2, tf.sin(x @ W)), x + 1
        l2, y = tf.cond(flag > 0, a, b)
        l3 = tf.cond(tf.reduce_sum(y) > 0, lambda: list_ops.tensor_list_set_item(l2, 3, y), lambda: l2)
        return list_ops.tensor_list_stack(l3, tf.float32, element_shape=[8, 16]), y

    return tl_cond(tf.random.normal((8, 16)), tf.constant(1))


@program("tensorlist_while_cond", "tl_while",
         "tf.while_loop (10 iters) carrying a TensorList, body writes it inside a tf.cond: nested tuple in conditional inside while")
def p_tl_while():
    import tensorflow as tf
    from tensorflow.python.ops import list_ops
    W = tf.Variable(tf.random.normal((16, 16)) * 0.2)

    @tf.function(jit_compile=True)
    def tl_while(x):
        l = list_ops.tensor_list_reserve([8, 16], 10, tf.float32)
        def body(i, h, l):
            h = tf.tanh(h @ W)
            l = tf.cond(i % 3 == 0, lambda: list_ops.tensor_list_set_item(l, i, h),
                        lambda: list_ops.tensor_list_set_item(l, i, -h))
            return i + 1, h, l
        _, h, l = tf.while_loop(lambda i, h, l: i < 10, body, (tf.constant(0), x, l))
        return list_ops.tensor_list_stack(l, tf.float32, element_shape=[8, 16]), h

    return tl_while(tf.random.normal((8, 16)))


# --------------------------------------------------------------------------
# parent
# --------------------------------------------------------------------------

MOD_RE = re.compile(r"^module_(\d+)\.(.+?)\.(before_optimizations|cpu_after_optimizations|.*)\.txt$")


def list_modules(dump):
    """-> {num: {'name':..., 'files':[...], 'opt': path or None}}"""
    mods = {}
    for f in sorted(os.listdir(dump)):
        m = re.match(r"^module_(\d+)\.", f)
        if not m:
            continue
        num = int(m.group(1))
        d = mods.setdefault(num, {"files": [], "opt": None, "name": None})
        d["files"].append(f)
        if f.endswith(".cpu_after_optimizations.txt"):
            d["opt"] = f
            d["name"] = f[len(m.group(0)):-len(".cpu_after_optimizations.txt")]
        elif f.endswith(".before_optimizations.txt") and d["name"] is None:
            d["name"] = f[len(m.group(0)):-len(".before_optimizations.txt")]
    return mods


def pick_main(dump, fn_name):
    mods = list_modules(dump)
    cands = {n: d for n, d in mods.items() if d["opt"]}
    named = {n: d for n, d in cands.items() if d["name"] and fn_name in d["name"]}
    pool = named or cands
    if not pool:
        return None, mods
    # last compiled module of the traced function; fallback: largest optimized HLO
    num = max(pool) if named else max(pool, key=lambda n: os.path.getsize(os.path.join(dump, pool[n]["opt"])))
    return num, mods


def _scrub(folder, dump):
    """Metadata carries absolute paths of this machine: keep 'site-packages/...' and 'programs/...'."""
    site = re.compile(r"/[^\s\"']*?/site-packages/")
    here = os.path.dirname(os.path.abspath(__file__)) + os.sep
    for f in os.listdir(folder):
        p = os.path.join(folder, f)
        with open(p, errors="surrogateescape") as fh:
            text = fh.read()
        new = site.sub("site-packages/", text).replace(here, "programs/").replace(dump, "DUMPDIR")
        if new != text:
            with open(p, "w", errors="surrogateescape") as fh:
                fh.write(new)


def run_parent(outroot, progs):
    py = sys.executable
    ver = subprocess.run([py, "-c", "import tensorflow as tf;print(tf.__version__)"],
                         capture_output=True, text=True, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")).stdout.strip()
    outdir = os.path.join(outroot, f"tf-{ver}")
    os.makedirs(outdir, exist_ok=True)
    rows, failures = [], []
    for name in progs:
        _, fn_name, desc = PROGRAMS[name]
        dump = tempfile.mkdtemp(prefix=f"tfdump_{name}_")
        env = dict(os.environ,
                   XLA_FLAGS=f"--xla_dump_to={dump} --xla_dump_hlo_as_text",
                   TF_XLA_FLAGS="--tf_xla_auto_jit=0",
                   TF_CPP_MIN_LOG_LEVEL="2", CUDA_VISIBLE_DEVICES="")
        r = subprocess.run([py, os.path.abspath(__file__), "--child", name], env=env,
                           capture_output=True, text=True, timeout=900)
        if r.returncode != 0:
            failures.append((name, r.stderr.strip().splitlines()[-5:]))
            print(f"FAIL {name}: rc={r.returncode}\n  " + "\n  ".join(r.stderr.strip().splitlines()[-5:]))
            continue
        num, mods = pick_main(dump, fn_name)
        if num is None:
            failures.append((name, ["no optimized module in dump"]))
            print(f"FAIL {name}: no module; files={os.listdir(dump)[:10]}")
            continue
        dst = os.path.join(outdir, name)
        if os.path.exists(dst):
            shutil.rmtree(dst)
        os.makedirs(dst)
        pre = f"module_{num:04d}.{mods[num]['name']}."
        for f in mods[num]["files"]:
            # module-level files only; the per-fusion kernel dumps (obj-file.*.o, *.ll, *.mlir) are not copied
            rest = f[len(pre):]
            if rest.startswith(("before_optimizations", "cpu_after_optimizations")):
                shutil.copy2(os.path.join(dump, f), dst)
        _scrub(dst, dump)
        others = [f"{n:04d}:{d['name']}" for n, d in sorted(mods.items()) if n != num]
        rows.append((name, desc, mods[num]["opt"], len(mods), others))
        print(f"OK   {name}: {mods[num]['opt']} ({len(mods)} modules in dump)")
        shutil.rmtree(dump, ignore_errors=True)
    with open(os.path.join(outdir, "MANIFEST.md"), "w") as fh:
        fh.write(f"# TensorFlow XLA dumps\n\nTensorFlow version: `{ver}` (CPU, `tf.function(jit_compile=True)`, "
                 f"`TF_XLA_FLAGS=--tf_xla_auto_jit=0`, `XLA_FLAGS=--xla_dump_to=DIR --xla_dump_hlo_as_text`).\n"
                 f"Generator: gen_tf_more.py (gen_tf.py + held-out programs). Each folder holds only the files of the main module "
                 f"(last-compiled module whose name contains the traced function's name), copied unchanged (`before_optimizations.txt`, `cpu_after_optimizations*.txt`; the per-fusion kernel dumps XLA:CPU also writes for the same module -- `obj-file.*.o` on nightly, `*.ll`/`*.mlir` on 2.21 -- are left out).\n\n"
                 f"| program | what it is | main module file | modules in dump | other modules |\n|---|---|---|---|---|\n")
        for name, desc, opt, n, others in rows:
            fh.write(f"| {name} | {desc} | `{opt}` | {n} | {', '.join(others) or '-'} |\n")
        if failures:
            fh.write("\n## Failures\n\n")
            for name, err in failures:
                fh.write(f"- {name}: `{' / '.join(err)}`\n")
    print(f"{len(rows)} ok, {len(failures)} failed -> {outdir}")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        import tensorflow as tf
        tf.random.set_seed(0)
        out = PROGRAMS[sys.argv[2]][0]()
        tf.nest.map_structure(lambda t: t.numpy(), out)
        sys.exit(0)
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    outroot = sys.argv[1]
    progs = sys.argv[2:] or list(PROGRAMS)
    run_parent(outroot, progs)
