"""The TensorFlow programs of this folder (`tf_*`): features the shared corpus lacks.

Made with ../shared/tools/gen_tf.py (tf-nightly 2.23.0.dev20261026 in a venv of its own, the
newest XLA printer): add each function below to gen_tf.py's programs with the decorator shown,
then `python gen_tf.py OUT tensorlist_cond_nested` and copy OUT/tf-*/tensorlist_cond_nested here.

tf_tensorlist_cond_nested: a TensorList (tf2xla's (buffer, size) tuple) passed through two
tf.cond, so branch parameters and results are nested tuples and the printer writes nested
compact tuple reads (`%arg_tuple.2#0#1`).
"""


# @program("tensorlist_cond_nested", "tl_cond", "TensorList through two tf.cond: nested %p#0#1 reads")
def tensorlist_cond_nested():
    import tensorflow as tf
    from tensorflow.python.ops import list_ops
    w = tf.Variable(tf.random.normal((16, 16)) * 0.2)

    @tf.function(jit_compile=True)
    def tl_cond(x, flag):
        items = list_ops.tensor_list_reserve([8, 16], 4, tf.float32)
        items = list_ops.tensor_list_set_item(items, 0, x)

        def a():
            return list_ops.tensor_list_set_item(items, 1, tf.tanh(x @ w)), x * 2

        def b():
            return list_ops.tensor_list_set_item(items, 2, tf.sin(x @ w)), x + 1
        first, y = tf.cond(flag > 0, a, b)
        last = tf.cond(tf.reduce_sum(y) > 0, lambda: list_ops.tensor_list_set_item(first, 3, y), lambda: first)
        return list_ops.tensor_list_stack(last, tf.float32, element_shape=[8, 16]), y

    return tl_cond(tf.random.normal((8, 16)), tf.constant(1))
