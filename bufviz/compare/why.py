"""Why memory needed changed between two compilations of a program, as a short list of reasons
with signed bytes that add up to the change exactly (what no evidence explains is `other`).

The storage at the peak sums to memory needed, so the change is split by what each row holds:
parameters by what they hold (weights, optimizer state, data), the outputs that are copies of
state (given to the state of their shape, by its bytes), temporaries, free bytes. Each part goes
to the cause the two sides' parameters give evidence of: donation (a parameter now shares an
output's buffer, or no longer), optimizer (its state grew or shrank), dtype (element types of
parameters changed), batch (the data's leading dimension changed), rematerialization (jax's
checkpoint appears or vanishes), compiler (the same parameters, another XLA), program (other
changes to the parameters). Temporaries follow the one cause in evidence that changes what the
program computes; with none, or several, they are `other`."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..hlo.shapes import ArrayShape, ShapeSyntaxError, parse_shape
from ..units import human_bytes
from .compact import xla_dates_text

CAUSES = ("donation", "sharding", "rematerialization", "dtype", "batch", "optimizer", "compiler", "program",
          "other")
STATE = ("weights", "optimizer state", "running statistics", "caches", "seeds and counters")


@dataclass(frozen=True)
class _Param:
    number: int
    category: str
    dims: tuple | None
    dtype: str | None
    bytes: int
    donated: bool
    name: str
    split: tuple | None = None   # a partitioned program's: (spec, replicated); dims are the global array's


def reasons(old: dict, new: dict) -> list[dict]:
    """[{cause, bytes, evidence}] for module summaries `old` -> `new`, largest first; the bytes
    add up to the change of memory needed (empty when it did not change or is unknown)."""
    a, b = old.get("needed_bytes"), new.get("needed_bytes")
    if a is None or b is None or a == b:
        return []
    po, pn = _params(old), _params(new)
    found: dict[str, list] = {c: [0, []] for c in CAUSES}

    def add(cause: str, size: int, words: str | None = None) -> None:
        found[cause][0] += size
        if words and words not in found[cause][1]:
            found[cause][1].append(words)

    pairs, gone, came = _pairs(po, pn)
    evidence = _evidence(old, new, po, pn, pairs, gone + came)
    donated = _donation(pairs)
    for category, size in donated["bytes"].items():
        add("donation", size, donated["words"])
    parts_old, parts_new = _parts(old, po), _parts(new, pn)
    explained = sum(donated["bytes"].values())
    for key in ("param", "copy"):
        for category in dict.fromkeys([*parts_old[key], *parts_new[key]]):
            size = parts_new[key].get(category, 0) - parts_old[key].get(category, 0)
            if key == "copy":   # (an output copy that vanished because it is donated now: counted above)
                size -= donated["bytes"].get(category, 0)
            if size:
                cause = _cause_of_state(category, evidence)
                add(cause, size, evidence.get(cause) or (_returned(category, size) if key == "copy" else None))
                explained += size
    rest = (b - a) - explained   # temporaries, free bytes, constants, other outputs
    if rest:
        followers = [c for c in ("sharding", "rematerialization", "dtype", "batch", "optimizer", "compiler",
                                 "program") if c in evidence]
        if len(followers) == 1:
            add(followers[0], rest, evidence[followers[0]])
        else:
            add("other", rest, "temporaries and outputs no single change explains"
                + (f" ({', '.join(followers)} changed together)" if followers else ""))
    out = [{"cause": c, "bytes": size, "evidence": "; ".join(words) or None}
           for c, (size, words) in found.items() if size]
    return sorted(out, key=lambda r: (-abs(r["bytes"]), CAUSES.index(r["cause"])))


def combined(lists: list[list[dict]]) -> list[dict]:
    """The reasons of several module pairs, summed by cause (the evidence of the largest)."""
    by: dict[str, dict] = {}
    for reasons_ in lists:
        for r in reasons_:
            had = by.get(r["cause"])
            if had is None:
                by[r["cause"]] = dict(r, largest=abs(r["bytes"]))
                continue
            had["bytes"] += r["bytes"]
            if abs(r["bytes"]) > had["largest"]:
                had["evidence"], had["largest"] = r["evidence"], abs(r["bytes"])
    out = [{k: v for k, v in r.items() if k != "largest"} for r in by.values() if r["bytes"]]
    return sorted(out, key=lambda r: (-abs(r["bytes"]), CAUSES.index(r["cause"])))


def first_reason(why: list[dict], delta: int) -> str | None:
    """The largest reason in words, for a verdict's first line, where it explains most of the
    change in its direction."""
    if not why or why[0]["cause"] == "other" or (why[0]["bytes"] > 0) != (delta > 0):
        return None
    top = why[0]
    sign = "+" if top["bytes"] > 0 else "−"
    lead = "mostly because" if abs(top["bytes"]) * 2 >= abs(delta) else "largely because"
    return f"{lead} {SAYS[top['cause']](top)} ({sign}{human_bytes(abs(top['bytes']))})"


SAYS = {
    "donation": lambda r: ("parameters are now donated (their outputs reuse their buffers)" if r["bytes"] < 0
                              else "parameters are no longer donated (each output needs its own buffer)"),
    "rematerialization": lambda r: ("activations are now recomputed instead of saved" if r["bytes"] < 0
                                       else "rematerialization changed what is saved for the backward pass"),
    "dtype": lambda r: "element types changed" + (f" ({_transitions(r['evidence'])})" if r["evidence"] else ""),
    "batch": lambda r: "the batch changed" + (f" ({r['evidence'].split(':')[0]})" if r["evidence"] else ""),
    "sharding": lambda r: "the sharding changed: arrays are now split over " + ("more" if r["bytes"] < 0 else "fewer")
                          + " devices",
    "optimizer": lambda r: "the optimizer keeps " + ("more" if r["bytes"] > 0 else "less") + " state",
    "compiler": lambda r: "another XLA compiled the same program",
    "program": lambda r: _returns(r["evidence"]) or "the program itself changed",
}


def _returned(category: str, size: int) -> str:
    """Outputs the size of state, there on one side only: the program returns a copy of it (as
    nnx.jit returns a module's state) or no longer does."""
    if size > 0:
        return (f"outputs the size of its {category} appeared ({human_bytes(size)}): the program now returns a "
                f"copy of its {category} (donating it would let the outputs reuse its buffers)")
    return f"outputs the size of its {category} vanished ({human_bytes(-size)}): the program no longer returns them"


def _returns(evidence: str | None) -> str | None:
    """'… the program now returns a copy of its weights (…' -> that clause."""
    m = re.search(r"the program (?:now|no longer) returns[^(;:]*", evidence or "")
    return m.group(0).strip() if m else None


def _transitions(evidence: str) -> str:
    """'weights f32 → bf16, inputs f32 → bf16' -> 'f32 → bf16'."""
    found = re.findall(r"(\w+ → \w+)", evidence)
    return ", ".join(dict.fromkeys(found)) or evidence


def _params(summary: dict) -> dict[int, _Param]:
    """The entry parameters' storage, by parameter number (tuple parameters: their first row)."""
    out = {}
    for r in summary.get("at_peak") or []:
        p = r.get("parameter")
        if r.get("kind") != "parameter" or not p or p["number"] in out:
            continue
        # (the parameter's own shape, not the value's in it; a partitioned program's: the array the user made)
        dims, dtype = _shape(r.get("global_shape") or p.get("shape") or r.get("shape"))
        split = (str(r.get("spec")), r.get("replicated")) if r.get("global_shape") else None
        out[p["number"]] = _Param(p["number"], r.get("category") or "inputs", dims, dtype, r["bytes"],
                                  r.get("output") is not None, r.get("path") or r.get("name") or "", split)
    return out


def _shape(text: str | None) -> tuple[tuple | None, str | None]:
    try:
        shape = parse_shape(text) if text else None
    except ShapeSyntaxError:
        return None, None
    if shape is None or shape.is_tuple:
        return None, None
    assert isinstance(shape, ArrayShape)   # (a shape that is not a tuple is an array)
    return tuple(shape.dims), shape.dtype


def _parts(summary: dict, params: dict[int, _Param]) -> dict[str, dict[str, int]]:
    """Bytes of parameter storage by category ("param"), and of output storage that copies state
    ("copy": an output row given to the state categories of parameters of its size, in
    proportion to their bytes; the value in an output's storage at the peak may be another)."""
    param: dict[str, int] = {}
    for p in params.values():
        param[p.category] = param.get(p.category, 0) + p.bytes
    by_size: dict[int, dict[str, int]] = {}
    shares: dict[str, int] | None
    for p in params.values():
        if p.category in STATE:
            shares = by_size.setdefault(p.bytes, {})
            shares[p.category] = shares.get(p.category, 0) + p.bytes
    copy: dict[str, int] = {}
    for r in summary.get("at_peak") or []:
        if r.get("kind") != "output":
            continue
        shares = by_size.get(r["bytes"])
        if not shares:
            continue
        total, given = sum(shares.values()), 0
        for k, (category, share) in enumerate(shares.items()):
            part = r["bytes"] - given if k == len(shares) - 1 else r["bytes"] * share // total
            copy[category] = copy.get(category, 0) + part
            given += part
    return {"param": param, "copy": copy}


def _pairs(po: dict[int, _Param], pn: dict[int, _Param]) -> tuple[list, list, list]:
    """(pairs, old left, new left): the same parameter on both sides, though numbers shift when a
    parameter appears (an optimizer's state before the data): by number where nothing else
    changed, then by what it holds and its shape, then its dims alone (another element type),
    then for data its rank and element type (another batch)."""
    left_old, left_new = dict(po), dict(pn)
    pairs = []
    keys = (lambda p: (p.number, p.category, p.dims, p.dtype), lambda p: (p.category, p.dims, p.dtype),
            lambda p: (p.category, p.dims), lambda p: p.category == "inputs" and p.dims and (len(p.dims), p.dtype),
            lambda p: p.number)
    for key in keys:
        waiting: dict = {}
        for n in sorted(left_old):
            k = key(left_old[n])
            if k:
                waiting.setdefault(k, []).append(n)
        for n in sorted(left_new):
            k = key(left_new[n])
            if k and waiting.get(k):
                m = waiting[k].pop(0)
                pairs.append((left_old.pop(m), left_new.pop(n)))
    return pairs, list(left_old.values()), list(left_new.values())


def _donation(pairs: list) -> dict:
    """Parameters of the same shape on both sides whose donation changed: a newly donated one
    no longer needs an output buffer of its own (its bytes saved), and the other way round."""
    size: dict[str, int] = {}
    now: list[_Param]
    before: list[_Param]
    now, before = [], []
    for a, b in pairs:
        if a.dims != b.dims or a.dtype != b.dtype or a.donated == b.donated:
            continue
        size[b.category] = size.get(b.category, 0) + (-b.bytes if b.donated else b.bytes)
        (now if b.donated else before).append(b)
    changed = now or before
    words = None
    if changed:
        kinds = " and ".join(dict.fromkeys(p.category for p in changed))
        total = human_bytes(sum(p.bytes for p in changed))
        many = len(changed) != 1
        words = (f"{len(changed)} parameter{'s' * many} ({kinds}, {total}) {'are' if many else 'is'} "
                 + ("now donated: outputs reuse their buffers" if now
                    else "no longer donated: each output needs a buffer of its own"))
    return {"bytes": size, "words": words}


def _arrays(params: list[_Param]) -> str:
    if not params:
        return "none"
    return f"{len(params)} array{'s' * (len(params) != 1)} ({human_bytes(sum(p.bytes for p in params))})"


def _cause_of_state(category: str, evidence: dict) -> str:
    if category in evidence.get("sharding categories", ()):
        return "sharding"   # (the same arrays, split otherwise over the devices: before any other cause)
    if category in STATE and "optimizer" in evidence and "program" not in evidence \
            and category not in evidence.get("dtype categories", ()):
        return "optimizer"   # (a moment may read as weights: it has a weight's shape)
    if "dtype" in evidence and category in evidence.get("dtype categories", ()):
        return "dtype"
    if category == "inputs" and "batch" in evidence:
        return "batch"
    return "program" if "program" in evidence or "compiler" not in evidence else "compiler"


def _evidence(old: dict, new: dict, po: dict[int, _Param], pn: dict[int, _Param], pairs: list,
              unpaired: list) -> dict:
    """cause -> what shows it, in a user's words (only the causes with evidence)."""
    found: dict = {}
    resplit = [(a, b) for a, b in pairs if a.split and b.split and a.split != b.split
               and (a.dims, a.dtype) == (b.dims, b.dtype)]
    if resplit:
        arrays = [b for _, b in resplit]
        before, after = sum(a.bytes for a, _ in resplit), sum(b.bytes for b in arrays)
        found["sharding"] = (f"{len(arrays)} array{'s' * (len(arrays) != 1)} split otherwise over the devices: "
                             f"{human_bytes(before)} → {human_bytes(after)} a device "
                             f"({_resplit(max(resplit, key=lambda ab: ab[0].bytes))})")
        found["sharding categories"] = {b.category for b in arrays}
    retyped = [(a, b) for a, b in pairs if a.dims == b.dims and a.dtype != b.dtype]
    if retyped:
        kinds: dict = {}
        for a, b in retyped:
            kinds.setdefault(b.category, set()).add(f"{a.dtype} → {b.dtype}")
        found["dtype"] = ", ".join(f"{k} {' / '.join(sorted(v))}" for k, v in kinds.items())
        found["dtype categories"] = set(kinds)
    batch = [(a, b) for a, b in pairs if a.category == "inputs" == b.category and _one_dim_differs(a, b)]
    if batch:
        a, b = batch[0]
        k = next(k for k, (x, y) in enumerate(zip(a.dims, b.dims)) if x != y)
        found["batch"] = f"{a.dims[k]} → {b.dims[k]}: {b.name} [{','.join(map(str, a.dims))}] → " \
                         f"[{','.join(map(str, b.dims))}], with the activations that scale with it"
    opt_old = [p for p in po.values() if p.category == "optimizer state"]
    opt_new = [p for p in pn.values() if p.category == "optimizer state"]
    # (the same arrays on both sides are the same state, however each side's reading names them)
    same_arrays = sorted(((p.dims or ()), p.dtype or "") for p in po.values()) == \
        sorted(((p.dims or ()), p.dtype or "") for p in pn.values())
    if not same_arrays and (len(opt_old) != len(opt_new) or (
            sum(p.bytes for p in opt_old) != sum(p.bytes for p in opt_new) and "dtype" not in found)):
        found["optimizer"] = f"optimizer state: {_arrays(opt_old)} → {_arrays(opt_new)}"
    remat_old, remat_new = old.get("remat_ops"), new.get("remat_ops")
    if remat_old is not None and remat_new is not None and bool(remat_old) != bool(remat_new):
        found["rematerialization"] = ("jax.checkpoint appears: activations recomputed in the backward pass"
                                      if remat_new else "jax.checkpoint vanishes: activations saved instead")
    # What the causes above do not explain: parameters on one side only, or changed otherwise.
    explained = {id(p) for a, b in retyped + batch + resplit for p in (a, b)}
    if "optimizer" in found:   # its state, the step count it keeps beside it, and arrays of a weight's shape
        weights = {(p.dims, p.dtype) for p in (*po.values(), *pn.values()) if p.category == "weights"}
        explained |= {id(p) for p in (*po.values(), *pn.values()) if p.category in STATE[1:]}
        explained |= {id(p) for p in unpaired if (p.dims, p.dtype) in weights}
    if "optimizer" in found:   # (paired by number as a last resort: a moment with a counter)
        explained |= {id(b) for a, b in pairs if id(a) in explained or (b.dims, b.dtype) in weights}
    changed = [p for p in unpaired if id(p) not in explained]
    changed += [b for a, b in pairs if (a.dims, a.dtype) != (b.dims, b.dtype) and id(b) not in explained]
    if changed:
        found["program"] = (f"its parameters changed: {_arrays(list(po.values()))} → {_arrays(list(pn.values()))}"
                            f"; {len(changed)} differ")
    dates_old, dates_new = xla_dates_text(old.get("xla_dates")), xla_dates_text(new.get("xla_dates"))
    jax_old, jax_new = old.get("jax_version"), new.get("jax_version")
    another = f"jax {jax_old} → {jax_new}" if jax_old and jax_new and jax_old != jax_new else \
        f"XLA of {dates_old} → {dates_new}" if dates_old != dates_new else None
    if another and not changed and not explained:
        found["compiler"] = f"the same parameters, another compiler ({another}): fusions, copies, layouts and " \
                            "the schedule differ"
    elif (not changed and not explained and "rematerialization" not in found and remat_old and remat_new
          and remat_old != remat_new):   # the same parameters and XLA: another checkpoint policy
        found["rematerialization"] = (f"jax.checkpoint recomputes other instructions ({remat_old} → {remat_new} "
                                      "instructions name it): another policy of what to save")
    return found


def _resplit(pair: tuple) -> str:
    """`params['w'] replicated → split` for the largest array split otherwise."""
    a, b = pair
    def word(p: _Param) -> str:
        return "replicated" if p.split and p.split[1] else f"split ({human_bytes(p.bytes)} a device)"
    return f"{b.name} {word(a)} → {word(b)}"


def _one_dim_differs(a: _Param, b: _Param) -> bool:
    """The same rank and element type, one dimension of another size (the batch, wherever it is)."""
    if not a.dims or not b.dims or len(a.dims) != len(b.dims) or a.dtype != b.dtype:
        return False
    return sum(x != y for x, y in zip(a.dims, b.dims)) == 1
