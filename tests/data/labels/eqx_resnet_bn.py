"""Small ResNet in equinox with eqx.nn.BatchNorm (eqx.nn.State), trained with eqx.filter_jit + optax."""
import sys
import jax
import jax.numpy as jnp
import equinox as eqx
import optax
from _stats import dump_memory_analysis

OUTDIR = sys.argv[1]
BATCH, IMG, CLASSES = 32, 32, 10
WIDTHS = (32, 64, 128)


class ResBlock(eqx.Module):
    conv1: eqx.nn.Conv2d
    bn1: eqx.nn.BatchNorm
    conv2: eqx.nn.Conv2d
    bn2: eqx.nn.BatchNorm
    shortcut: eqx.nn.Conv2d | None

    def __init__(self, cin, cout, stride, key):
        k1, k2, k3 = jax.random.split(key, 3)
        self.conv1 = eqx.nn.Conv2d(cin, cout, 3, stride=stride, padding=1, use_bias=False, key=k1)
        self.bn1 = eqx.nn.BatchNorm(cout, axis_name="batch", mode="ema")
        self.conv2 = eqx.nn.Conv2d(cout, cout, 3, padding=1, use_bias=False, key=k2)
        self.bn2 = eqx.nn.BatchNorm(cout, axis_name="batch", mode="ema")
        self.shortcut = (eqx.nn.Conv2d(cin, cout, 1, stride=stride, use_bias=False, key=k3)
                         if (stride != 1 or cin != cout) else None)

    def __call__(self, x, state):
        y = self.conv1(x)
        y, state = self.bn1(y, state)
        y = jax.nn.relu(y)
        y = self.conv2(y)
        y, state = self.bn2(y, state)
        sc = x if self.shortcut is None else self.shortcut(x)
        return jax.nn.relu(y + sc), state


class ResNet(eqx.Module):
    stem: eqx.nn.Conv2d
    stem_bn: eqx.nn.BatchNorm
    blocks: list
    head: eqx.nn.Linear

    def __init__(self, key):
        keys = jax.random.split(key, 2 + 2 * len(WIDTHS))
        self.stem = eqx.nn.Conv2d(3, WIDTHS[0], 3, padding=1, use_bias=False, key=keys[0])
        self.stem_bn = eqx.nn.BatchNorm(WIDTHS[0], axis_name="batch", mode="ema")
        blocks, cin, i = [], WIDTHS[0], 2
        for s, w in enumerate(WIDTHS):
            blocks.append(ResBlock(cin, w, 1 if s == 0 else 2, keys[i])); i += 1
            blocks.append(ResBlock(w, w, 1, keys[i])); i += 1
            cin = w
        self.blocks = blocks
        self.head = eqx.nn.Linear(WIDTHS[-1], CLASSES, key=keys[1])

    def __call__(self, x, state):  # x: [C, H, W], single example (vmapped over batch)
        x = self.stem(x)
        x, state = self.stem_bn(x, state)
        x = jax.nn.relu(x)
        for blk in self.blocks:
            x, state = blk(x, state)
        x = jnp.mean(x, axis=(1, 2))
        return self.head(x), state


def loss_fn(model, state, images, labels):
    batch_model = jax.vmap(model, axis_name="batch", in_axes=(0, None), out_axes=(0, None))
    logits, state = batch_model(images, state)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, state


optim = optax.sgd(0.1, momentum=0.9, nesterov=True)


@eqx.filter_jit
def train_step(model, state, opt_state, images, labels):
    (loss, state), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(model, state, images, labels)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return model, state, opt_state, loss


if __name__ == "__main__":
    model, state = eqx.nn.make_with_state(ResNet)(jax.random.PRNGKey(0))
    opt_state = optim.init(eqx.filter(model, eqx.is_array))
    images = jax.random.normal(jax.random.PRNGKey(1), (BATCH, 3, IMG, IMG))
    labels = jax.random.randint(jax.random.PRNGKey(2), (BATCH,), 0, CLASSES)
    compiled = train_step.lower(model, state, opt_state, images, labels).compile()
    if not hasattr(compiled, "memory_analysis"):  # some equinox versions wrap jax's Compiled
        compiled = compiled.compiled
    dump_memory_analysis(compiled, OUTDIR)
    model, state, opt_state, loss = train_step(model, state, opt_state, images, labels)
    print("loss", float(loss))
