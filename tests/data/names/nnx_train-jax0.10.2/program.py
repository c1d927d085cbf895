"""Train a small flax nnx MLP classifier with nnx.Optimizer(optax.adamw) -- one step."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din: int, dhidden: int, dout: int, *, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.dropout = nnx.Dropout(0.1, rngs=rngs)
        self.linear2 = nnx.Linear(dhidden, dhidden, rngs=rngs)
        self.bn = nnx.BatchNorm(dhidden, rngs=rngs)
        self.linear3 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.linear1(x))
        x = self.dropout(x)
        x = nnx.relu(self.bn(self.linear2(x)))
        return self.linear3(x)


def loss_fn(model: MLP, batch):
    logits = model(batch["x"])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch["y"]).mean()
    return loss, logits


@nnx.jit
def train_step(model: MLP, optimizer: nnx.Optimizer, batch):
    grad_fn = nnx.value_and_grad(loss_fn, has_aux=True)
    (loss, logits), grads = grad_fn(model, batch)
    optimizer.update(model, grads)
    acc = (logits.argmax(-1) == batch["y"]).mean()
    return loss, acc


def main():
    model = MLP(784, 512, 10, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(learning_rate=1e-3, weight_decay=1e-4), wrt=nnx.Param)
    key_x, key_y = jax.random.split(jax.random.key(42))
    batch = {
        "x": jax.random.normal(key_x, (128, 784)),
        "y": jax.random.randint(key_y, (128,), 0, 10),
    }
    model.train()
    loss, acc = train_step(model, optimizer, batch)
    print(f"loss={float(loss):.4f} acc={float(acc):.3f}")
    return train_step, (model, optimizer, batch)


if __name__ == "__main__":
    main()
