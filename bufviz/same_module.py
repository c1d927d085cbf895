"""Files named together must describe one module: a dump or an out-of-memory message of one
program next to the HLO module of another would give numbers that belong to neither."""
from __future__ import annotations

from .errors import BufvizError

SEARCHED = 50   # names outside the flattened computations looked up in the text, at most
MATCH_HINT = "give --match to use them together anyway"


def check_same_module(inputs, oom: dict | None, allow: bool) -> list[str]:
    """Notes on what matched; a BufvizError when the files disagree and `allow` is not set.
    Dumped names are looked up among the computations the analysis parsed, and the few left
    over in the module's text."""
    notes = []
    module = inputs.module
    names = None  # (built only when a dump names instructions: a module alone needs none)
    for what, key, dumped in _dumped_names(inputs):
        if names is None:
            names = module.parsed_instructions()
        missing = [n for n in dumped if n not in names]
        missing = [n for n in missing[:SEARCHED] if not _defined_in(module.text, n)] + missing[SEARCHED:]
        if missing:
            message = (f"{len(missing)} of {len(dumped)} instructions in the {what} are not in the HLO module "
                       f"{inputs.paths['hlo']} (e.g. {missing[0]!r}): the files look like different modules")
            if inputs.tuple_reads_problem and key == "live_range":
                message += (f"; the module's tuple reads printed as operands (`%x#N`) do not fit them: "
                            f"{inputs.tuple_reads_problem}")
            if not allow:
                raise BufvizError(f"{message}; {MATCH_HINT}", inputs.paths[key])
            notes.append(message + " (--match: used together anyway)")
    if oom is not None and oom["buffers"]:
        matched = sum(1 for b in oom["buffers"] if b["value"] is not None)
        if not matched and not allow:
            raise BufvizError(f"none of the {len(oom['buffers'])} buffers listed in the out-of-memory message "
                              f"is a value of the HLO module {inputs.paths['hlo']}: the files look like "
                              f"different programs; {MATCH_HINT}", inputs.paths["oom"])
        notes.append(f"{matched} of {len(oom['buffers'])} buffers listed in the out-of-memory message "
                     "were found in the HLO module")
    return notes


def _dumped_names(inputs):
    """(what, input key, unique names) for each dump that names the module's instructions."""
    ba, lr = inputs.buffer_assignment, inputs.live_range
    if ba is not None and ba.allocations:
        yield "buffer assignment", "buffer_assignment", _unique(v.name for a in ba.allocations for v in a.values)
    if ba is not None and ba.values:
        yield "buffer-assignment values", "values", _unique(v.name for v in ba.values)
    if lr is not None and lr.sequence:
        yield "live ranges", "live_range", _unique(lr.sequence)


def _defined_in(text: str, name: str) -> bool:
    """`name = ` or `%name = ` at the start of an instruction line."""
    for prefix in ("%", " ", "\t"):
        at = text.find(f"{prefix}{name} = ")
        if at >= 0 and (prefix != "%" or text[at - 1] in " \t"):
            return True
    return False


def _unique(names) -> list[str]:
    return list(dict.fromkeys(names))
