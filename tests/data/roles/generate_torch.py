#!/usr/bin/env python
"""Generate held-out XLA dumps from PyTorch/XLA (torch_xla) on the CPU (PJRT_DEVICE=CPU).

Usage:  python generate_torch.py OUTROOT [prog ...]     (parent; one fresh child per program)
        python generate_torch.py --child PROG INFO.json  (internal)

Needs a Python (3.11) with torch 2.9.0 and torch_xla 2.9.0, in an environment of its own.

Each child runs with
  PJRT_DEVICE=CPU
  XLA_FLAGS="--xla_dump_to=OUTROOT/<prog> --xla_dump_hlo_as_text"
  XLA_IR_DEBUG=1 XLA_HLO_DEBUG=1      (op_name / source metadata in the HLO)
and runs the program for a few steps with torch_xla.sync() after each, so the
steady-state step graph gets compiled (torch_xla caches graphs by hash: each
distinct graph is compiled once).  Every module XLA dumped is kept unchanged.

After each child the parent writes OUTROOT/MANIFEST.md: per program, the model's
parameter shapes, the optimizer state shapes, the batch shapes, the step module
(the largest module -- by size of its *after_optimizations-buffer-assignment.txt --
among those compiled; here always the last one compiled, the steady-state step) and, where torch_xla could tell, which entry parameter of
the last synced graph is which tensor (from _get_tensors_xla_device_data_node
on the live tensors, checked against the entry parameter shapes of the step module).
It also writes OUTROOT/STEP_PARAMS.md: each step module's entry parameters with their
metadata, the output aliased to each, and the torch_xla tensor behind each.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys

PROGRAMS = {}


def program(name, desc):
    def deco(f):
        PROGRAMS[name] = (f, desc)
        return f
    return deco


# --------------------------------------------------------------------------
# programs (child only).  Each returns dict(model=, opt=, batch=[(name,tensor)...],
# step=callable(batch)->loss/out, make_batch=callable()->list of cpu tensors, steps=N)
# --------------------------------------------------------------------------

def _mlp():
    import torch.nn as nn
    return nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(),
                         nn.Linear(512, 10))


def _train(model, opt, make_batch, fwd_loss):
    def step(batch):
        opt.zero_grad()
        loss = fwd_loss(model, *batch)
        loss.backward()
        opt.step()
        return loss
    return step


def _ce(model, x, y):
    import torch.nn.functional as F
    return F.cross_entropy(model(x), y)


@program("mlp_sgd_train", "MLP 784-512-512-10, batch 32, SGD lr=0.01, cross-entropy")
def p_mlp_sgd(dev):
    import torch
    model = _mlp().to(dev)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    mb = lambda: [torch.randn(32, 784), torch.randint(0, 10, (32,))]
    return dict(model=model, opt=opt, make_batch=mb, batch_names=["x", "y"],
                step=_train(model, opt, mb, _ce), steps=3)


@program("mlp_adam_train", "MLP 784-512-512-10, batch 32, Adam lr=1e-3, cross-entropy")
def p_mlp_adam(dev):
    import torch
    model = _mlp().to(dev)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    mb = lambda: [torch.randn(32, 784), torch.randint(0, 10, (32,))]
    return dict(model=model, opt=opt, make_batch=mb, batch_names=["x", "y"],
                step=_train(model, opt, mb, _ce), steps=3)


@program("mlp_sgd_momentum_train", "MLP 784-512-512-10, batch 32, SGD lr=0.01 momentum=0.9")
def p_mlp_mom(dev):
    import torch
    model = _mlp().to(dev)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    mb = lambda: [torch.randn(32, 784), torch.randint(0, 10, (32,))]
    return dict(model=model, opt=opt, make_batch=mb, batch_names=["x", "y"],
                step=_train(model, opt, mb, _ce), steps=3)


@program("cnn_bn_adam_train", "Conv(1->16,3)+BN+ReLU+MaxPool, Conv(16->32,3)+BN+ReLU+MaxPool, "
                              "Linear(32*7*7->10); batch 16x1x28x28, Adam")
def p_cnn(dev):
    import torch
    import torch.nn as nn
    model = nn.Sequential(
        nn.Conv2d(1, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(), nn.Linear(32 * 7 * 7, 10)).to(dev)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    mb = lambda: [torch.randn(16, 1, 28, 28), torch.randint(0, 10, (16,))]
    return dict(model=model, opt=opt, make_batch=mb, batch_names=["x", "y"],
                step=_train(model, opt, mb, _ce), steps=3)


@program("transformer_block_adamw_train",
         "nn.TransformerEncoderLayer(d_model=128, nhead=4, dim_feedforward=512, batch_first=True) "
         "+ mean-pool + Linear(128->10); batch 8, seq 32; AdamW")
def p_tf(dev):
    import torch
    import torch.nn as nn

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.enc = nn.TransformerEncoderLayer(d_model=128, nhead=4, dim_feedforward=512,
                                                  batch_first=True)
            self.head = nn.Linear(128, 10)

        def forward(self, x):
            return self.head(self.enc(x).mean(dim=1))

    model = M().to(dev)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    mb = lambda: [torch.randn(8, 32, 128), torch.randint(0, 10, (8,))]
    return dict(model=model, opt=opt, make_batch=mb, batch_names=["x", "y"],
                step=_train(model, opt, mb, _ce), steps=3)


@program("lstm_forward_inference", "nn.LSTM(32->64, num_layers=2, batch_first=True) + "
                                   "Linear(64->10) on the last step; no_grad; batch 8, seq 20")
def p_lstm(dev):
    import torch
    import torch.nn as nn

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.lstm = nn.LSTM(32, 64, num_layers=2, batch_first=True)
            self.fc = nn.Linear(64, 10)

        def forward(self, x):
            out, _ = self.lstm(x)
            return self.fc(out[:, -1])

    model = M().to(dev).eval()

    def step(batch):
        with torch.no_grad():
            return model(batch[0])
    mb = lambda: [torch.randn(8, 20, 32)]
    return dict(model=model, opt=None, make_batch=mb, batch_names=["x"], step=step, steps=2)


@program("mlp_inference", "MLP 784-512-512-10 forward only, no_grad, batch 64")
def p_mlp_inf(dev):
    import torch
    model = _mlp().to(dev).eval()

    def step(batch):
        with torch.no_grad():
            return model(batch[0])
    mb = lambda: [torch.randn(64, 784)]
    return dict(model=model, opt=None, make_batch=mb, batch_names=["x"], step=step, steps=2)


@program("embedding_train", "nn.Embedding(5000,128) -> mean over seq -> Linear(128->10); "
                            "batch 32 x seq 16 token ids; Adam; cross-entropy")
def p_emb(dev):
    import torch
    import torch.nn as nn

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(5000, 128)
            self.fc = nn.Linear(128, 10)

        def forward(self, ids):
            return self.fc(self.emb(ids).mean(dim=1))

    model = M().to(dev)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    mb = lambda: [torch.randint(0, 5000, (32, 16)), torch.randint(0, 10, (32,))]
    return dict(model=model, opt=opt, make_batch=mb, batch_names=["ids", "y"],
                step=_train(model, opt, mb, _ce), steps=3)


# --------------------------------------------------------------------------
# child
# --------------------------------------------------------------------------

def _shape(t):
    return "%s[%s]" % (str(t.dtype).replace("torch.", ""), ",".join(map(str, t.shape)))


def _named(spec, batch, model, opt):
    import torch
    named = [("batch." + n, b) for n, b in zip(spec["batch_names"], batch)]
    named += [("param." + n, p) for n, p in model.named_parameters()]
    named += [("buffer." + n, b) for n, b in model.named_buffers()]
    named += [("grad." + n, p.grad) for n, p in model.named_parameters() if p.grad is not None]
    if opt is not None:
        pname = {id(p): n for n, p in model.named_parameters()}
        for p, st in opt.state.items():
            for k, v in st.items():
                if torch.is_tensor(v):
                    named.append(("opt.%s.%s" % (pname.get(id(p), "?"), k), v))
        for gi, g in enumerate(opt.param_groups):
            for k, v in g.items():
                if torch.is_tensor(v):
                    named.append(("opt.group%d.%s" % (gi, k), v))
    return [(n, t) for n, t in named if torch.is_tensor(t) and t.device.type == "xla"]


def child(prog, info_path):
    import torch
    import torch_xla
    import torch_xla.core.xla_model as xm
    torch.manual_seed(0)
    dev = torch_xla.device()
    spec = PROGRAMS[prog][0](dev)
    model, opt = spec["model"], spec["opt"]
    info = dict(program=prog, torch=torch.__version__, torch_xla=torch_xla.__version__,
                params=[(n, _shape(p)) for n, p in model.named_parameters()],
                buffers=[(n, _shape(b)) for n, b in model.named_buffers()],
                steps=spec["steps"], last_graph_inputs=None)
    torch_xla.sync()   # materialise the .to(dev) copies before the steps
    for i in range(spec["steps"]):
        batch = [b.to(dev) for b in spec["make_batch"]()]
        last = i == spec["steps"] - 1
        if last:
            # torch_xla names each graph input by the id of the XLA tensor that owned
            # the data; every state tensor is plain device data now, so remember ids.
            X = torch_xla._XLAC
            id2name = {}
            for n, t in _named(spec, batch, model, opt):
                id2name.setdefault(X._xla_get_tensor_id(t), n)
        out = spec["step"](batch)
        if last:
            named = _named(spec, batch, model, opt) + [("output", out)]
            for n, t in named:
                id2name.setdefault(X._xla_get_tensor_id(t), n)
            try:
                # The sync's roots are the live tensors with pending IR, by tensor id;
                # its parameters are the device data met in post-order over them.
                # We know only the named ones (autograd may hold more), so the result
                # is checked against the step module's parameter shapes by the parent.
                roots = {}
                for n, t in named:
                    txt = X._get_xla_tensors_text([t])
                    if len(re.findall(r"^\s*%\d+ = ", txt, re.M)) == 1 and "device_data" in txt:
                        continue   # plain device data: not synced
                    roots[X._xla_get_tensor_id(t)] = t
                roots = [roots[k] for k in sorted(roots)]
                ids, datas = X._get_tensors_xla_device_data_node(roots)
                info["last_graph_inputs"] = [
                    (id2name.get(tid, "(made during the step)"), _shape(dt))
                    for tid, dt in zip(ids, datas)]
            except Exception as e:  # best effort only
                info["last_graph_inputs_error"] = repr(e)
        torch_xla.sync()
    info["opt_state"] = []
    if opt is not None:
        pname = {id(p): n for n, p in model.named_parameters()}
        for p, st in opt.state.items():
            for k, v in st.items():
                info["opt_state"].append(("%s.%s" % (pname.get(id(p), "?"), k),
                                          (_shape(v) + ("" if v.device.type == "xla" else
                                                        " (on the host, not a graph input)"))
                                          if torch.is_tensor(v) else repr(v)))
        info["optimizer"] = type(opt).__name__
    info["batch"] = [(n, _shape(b)) for n, b in zip(spec["batch_names"], spec["make_batch"]())]
    info["output"] = _shape(out)
    info["compiles"] = torch_xla._XLAC._xla_get_num_cached_compilation_graph()
    with open(info_path, "w") as f:
        json.dump(info, f, indent=1)


# --------------------------------------------------------------------------
# parent
# --------------------------------------------------------------------------

def step_module(d):
    best = None
    for f in glob.glob(os.path.join(d, "*after_optimizations*buffer-assignment.txt")):
        sz = os.path.getsize(f)
        if best is None or sz > best[0]:
            best = (sz, f)
    if not best:
        return None
    return re.sub(r"-buffer-assignment\.txt$", ".txt", os.path.basename(best[1]))


def entry_params(hlo_path):
    """(index, shape) of the ENTRY computation's parameters, from the optimized module."""
    out = []
    if not os.path.exists(hlo_path):
        return out
    text = open(hlo_path).read()
    m = re.search(r"^ENTRY .*?^}", text, re.S | re.M)
    for line in (m.group(0) if m else "").splitlines():
        pm = re.search(r"=\s*(\S+)\s+parameter\((\d+)\)", line)
        if pm:
            out.append((int(pm.group(2)), re.sub(r"\{[^}]*\}", "", pm.group(1))))
    return sorted(out)


def entry_param_details(hlo_path):
    """[(index, shape, op_name, 'file:line')], and the input_output_alias text, of the
    ENTRY parameters of an optimized module."""
    text = open(hlo_path).read()
    header = text.split("\n", 1)[0]
    am = re.search(r"input_output_alias=(\{ .*? \}), ", header)
    alias = {}
    for o, p in re.findall(r"\{([\d,]*)\}: \((\d+), \{\}", am.group(1) if am else ""):
        alias.setdefault(int(p), []).append("{%s}" % o)
    m = re.search(r"^ENTRY .*?^}", text, re.S | re.M)
    rows = []
    for line in (m.group(0) if m else "").splitlines():
        pm = re.search(r"=\s*(\S+)\s+parameter\((\d+)\)", line)
        if not pm:
            continue
        on = re.search(r'op_name="([^"]*)"', line)
        sf = re.search(r'source_file="([^"]*)" source_line=(\d+)', line)
        src = ""
        if sf:
            src = re.sub(r".*site-packages/", "", sf.group(1)) + ":" + sf.group(2)
        rows.append((int(pm.group(2)), re.sub(r"\{[^}]*\}", "", pm.group(1)),
                     on.group(1) if on else "", src, ",".join(alias.get(int(pm.group(2)), []))))
    return sorted(rows), (am.group(1) if am else None)


def _hlo_shape(s):   # torch "float32[32,784]" -> "f32[32,784]"
    m = {"float32": "f32", "int64": "s64", "int32": "s32", "float16": "f16",
         "bfloat16": "bf16", "bool": "pred", "float64": "f64"}
    dt, dims = s.split("[", 1)
    return m.get(dt, dt) + "[" + dims


def main():
    if sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3])
        return
    root = os.path.abspath(sys.argv[1])
    progs = sys.argv[2:] or list(PROGRAMS)
    os.makedirs(root, exist_ok=True)
    infos_path = os.path.join(root, ".infos.json")
    infos = json.load(open(infos_path)) if os.path.exists(infos_path) else {}
    for prog in progs:
        out = os.path.join(root, prog)
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        env = dict(os.environ, PJRT_DEVICE="CPU", XLA_IR_DEBUG="1", XLA_HLO_DEBUG="1",
                   XLA_FLAGS="--xla_dump_to=%s --xla_dump_hlo_as_text" % out)
        info_path = os.path.join(root, ".%s.info.json" % prog)
        print("==", prog, flush=True)
        r = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", prog, info_path],
                           env=env, capture_output=True, text=True)
        if r.returncode:
            print(r.stdout[-3000:], r.stderr[-5000:])
            raise SystemExit("child %s failed (%d)" % (prog, r.returncode))
        info = json.load(open(info_path))
        os.remove(info_path)
        info["desc"] = PROGRAMS[prog][1]
        info["step_module"] = step_module(out)
        info["n_modules"] = len(glob.glob(os.path.join(out, "*after_optimizations.txt")))
        infos[prog] = info
        print("   step module:", info["step_module"], " modules:", info["n_modules"], flush=True)
    json.dump(infos, open(infos_path, "w"), indent=1)
    write_manifest(root, infos)


def write_manifest(root, infos):
    L = ["# torch_xla held-out dumps", "",
         "Made by generate_torch.py (PJRT_DEVICE=CPU, XLA_IR_DEBUG=1, "
         "XLA_HLO_DEBUG=1, XLA_FLAGS=--xla_dump_to=<prog> --xla_dump_hlo_as_text).", ""]
    for prog, info in infos.items():
        L += ["## %s" % prog, "",
              "- what: %s" % info["desc"],
              "- torch %s, torch_xla %s; %d steps, each followed by torch_xla.sync(); "
              "%d graphs compiled, %d optimized modules in the folder"
              % (info["torch"], info["torch_xla"], info["steps"], info["compiles"],
                 info["n_modules"]),
              "- step module (largest *after_optimizations-buffer-assignment.txt): `%s`"
              % info["step_module"],
              "- weights (model parameters): " +
              ", ".join("%s %s" % (n, s) for n, s in info["params"])]
        if info["buffers"]:
            L.append("- model buffers (BatchNorm running stats etc.): " +
                     ", ".join("%s %s" % (n, s) for n, s in info["buffers"]))
        if info.get("optimizer"):
            L.append("- optimizer %s state: " % info["optimizer"] +
                     (", ".join("%s %s" % (n, s) for n, s in info["opt_state"]) or "none"))
        else:
            L.append("- optimizer: none (inference)")
        L.append("- batch: " + ", ".join("%s %s" % (n, s) for n, s in info["batch"]))
        L.append("- output of the step: %s" % info["output"])
        gi = info.get("last_graph_inputs")
        if gi:
            ep = entry_params(os.path.join(root, prog, info["step_module"] or ""))
            agree = [s for _, s in ep] == [_hlo_shape(s) for _, s in gi]
            L.append("- graph inputs of the last step, in torch_xla's order "
                     "(_get_tensors_xla_device_data_node; %s the step module's entry "
                     "parameter shapes):" % ("MATCHES" if agree else "does NOT match"))
            for i, (n, s) in enumerate(gi):
                L.append("  - %d: %s %s" % (i, n, s))
        elif info.get("last_graph_inputs_error"):
            L.append("- graph inputs: not found (%s)" % info["last_graph_inputs_error"])
        L.append("")
    with open(os.path.join(root, "MANIFEST.md"), "w") as f:
        f.write("\n".join(L))
    # Entry parameters of each step module, side by side with torch_xla's names.
    P = ["# Entry parameters of each step module", "",
         "Columns: parameter index, shape, op_name metadata, source_file:source_line "
         "metadata (site-packages/ cut), output index aliased to it by the module's "
         "input_output_alias, and the tensor torch_xla fed in (from MANIFEST.md).",
         "torch_xla marks donated inputs with buffer_donor in the module it hands to XLA; "
         "XLA's optimizer then pairs each donor with some output of the same size "
         "(input_output_alias), which need not be the updated copy of that tensor.", ""]
    for prog, info in infos.items():
        if not info.get("step_module"):
            continue
        rows, alias = entry_param_details(os.path.join(root, prog, info["step_module"]))
        names = [n for n, _ in (info.get("last_graph_inputs") or [])]
        before = os.path.join(root, prog, info["step_module"].replace(
            "cpu_after_optimizations", "before_optimizations"))
        donor = None
        if os.path.exists(before):
            dm = re.search(r"buffer_donor=(\{ .*? \}), ", open(before).readline())
            donor = dm.group(1) if dm else None
        P += ["## %s  (`%s`)" % (prog, info["step_module"]), "",
              "buffer_donor (before_optimizations.txt header): `%s`" % (donor or "none"), "",
              "input_output_alias (optimized module header): `%s`" % (alias or "none"), "",
              "| # | shape | op_name | source | aliased output | torch_xla tensor |",
              "|---|---|---|---|---|---|"]
        for i, shp, on, src, al in rows:
            P.append("| %d | %s | %s | %s | %s | %s |" % (i, shp, on, src, al or "-",
                                                        names[i] if i < len(names) else "?"))
        P.append("")
    with open(os.path.join(root, "STEP_PARAMS.md"), "w") as f:
        f.write("\n".join(P))


if __name__ == "__main__":
    main()
