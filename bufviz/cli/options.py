"""Options several commands share, and reading the values people type into them."""
from __future__ import annotations

import functools

import click

from ..errors import BufvizError

OUTPUT_OPTION = click.option("-o", "--output", type=click.Path(dir_okay=False), metavar="FILE",
                             help="Write the report to FILE instead of standard output.")


ALL_OPTION = click.option("--all", "everything", is_flag=True,
                          help="List the modules jax compiled for eager operations, library init and moving data too "
                               "(folded into one line by default, below your own programs).")


MATCH_OPTION = click.option("--match", is_flag=True,
                            help="Use files that look like different modules together anyway (say, an "
                                 "out-of-memory message next to the module you think it came from).")


def input_options(command=None, pictures: bool = False):
    """The options every command that reads a module's files shares; `pictures` adds the SVG
    and HTML formats."""
    if command is None:
        return lambda c: input_options(c, pictures)
    formats = ["text", "json"] + (["svg", "html"] if pictures else [])
    options = [
        click.argument("paths", nargs=-1, required=True, metavar="PATH..."),
        click.option("--format", "fmt", type=click.Choice(formats), default="text", show_default=True,
                     help="Terminal report, or one JSON object (schema_version 1)"
                          + ("; svg or html: a picture of memory over time and the allocation map "
                             "(self-contained; html lets you click a box)." if pictures else ".")),
        OUTPUT_OPTION,
        click.option("--no-discover", is_flag=True, help="Read only the files named, not their siblings."),
        click.option("--module", "module_selector", metavar="NUMBER|NAME",
                     help="Which module of a folder holding several: its number, its name, or both "
                          "(32.jit_train_step, where two runs were dumped into one folder)."),
        click.option("--platform", type=click.Choice(["cpu", "gpu", "tpu"]),
                     help="The backend that compiled the module (default: detected)."),
        click.option("--no-color", is_flag=True, help="Plain text without colours (also: NO_COLOR=1)."),
        MATCH_OPTION,
    ]
    command = _with_request(command)
    for option in reversed(options):
        command = option(command)
    return command


def _with_request(command):
    """The command gets one `request` in place of the five options that say what to read."""
    @functools.wraps(command)
    def run(*args, paths, no_discover, module_selector, platform, match, **kwargs):
        from ..request import Request
        return command(*args, request=Request(paths, not no_discover, module_selector, platform, match), **kwargs)
    return run


def device_options(command):
    """--device-memory, --mem-fraction and --preallocate/--no-preallocate, given to the command
    as one `device` (None when no device was named)."""
    @functools.wraps(command)
    def run(*args, device_memory, mem_fraction, preallocate, **kwargs):
        if device_memory is None:
            if mem_fraction is not None or preallocate is not None:
                raise click.UsageError("--mem-fraction and --preallocate describe a device: give --device-memory too")
            return command(*args, device=None, **kwargs)
        from ..device.fit import device_from_options   # (only when a device is named)
        return command(*args, device=device_from_options(device_memory, mem_fraction, preallocate), **kwargs)

    options = [
        click.option("--device-memory", metavar="SIZE|FILE",
                     help="The device's memory (80GB, 79.2GiB), a TPU chip by name (v4, v5e, v5p, v6e: its "
                          "HBM), or a JSON file of jax's device.memory_stats() whose bytes_limit is the "
                          "allocator's limit: say whether the program fits, by the allocator's predicted peak "
                          "(GPU) or memory needed."),
        click.option("--mem-fraction", type=click.FloatRange(0, 1, min_open=True), metavar="F",
                     help="The share of the device jax's allocator may use (default: "
                          "XLA_PYTHON_CLIENT_MEM_FRACTION, else 0.75)."),
        click.option("--preallocate/--no-preallocate", default=None,
                     help="Whether jax reserves its whole share at the start (default: "
                          "XLA_PYTHON_CLIENT_PREALLOCATE, else yes); without, the pool grows and hands out "
                          "whole free chunks, so the peak is higher."),
    ]
    for option in reversed(options):
        run = option(run)
    return run


PICTURES = ("svg", "html")


def donation_list(text: str, option: str) -> list:
    """`0,2`, `0-202` and pytree-path patterns (`params`, `opt_state*`, `params['Dense_0']*`):
    numbers, with the patterns kept as text for the module to resolve."""
    found: list = []
    for item in split_outside_brackets(text):
        item = item.strip()
        low, dash, high = item.partition("-")
        if item.isdigit():
            found.append(int(item))
        elif dash and low.isdigit() and high.isdigit() and int(low) <= int(high) and len(item) < 20:
            found.extend(range(int(low), int(high) + 1))
        elif item:
            found.append(item)
    if not found:
        raise click.BadParameter(f"expected parameter numbers (0,2 or 0-202) or pytree paths (params, "
                                 f"opt_state*), found {text!r}", param_hint=f"'{option}'")
    return found


def split_outside_brackets(text: str) -> list[str]:
    """`a,b['x,y']` -> ['a', "b['x,y']"]: commas inside brackets or quotes belong to a path."""
    parts, depth, quote, start = [], 0, None, 0
    for k, ch in enumerate(text):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "[":
            depth += 1
        elif ch == "]":
            depth = max(depth - 1, 0)
        elif ch == "," and depth == 0:
            parts.append(text[start:k])
            start = k + 1
    parts.append(text[start:])
    return parts


def name_list(text: str | None, option: str) -> list[str]:
    if text is None:
        return []
    names = [n.strip().lstrip("%") for n in text.split(",") if n.strip()]
    if not names:
        raise click.BadParameter(f"expected instruction names like fusion.3 or fusion.3,dot.1, found {text!r}",
                                 param_hint=f"'{option}'")
    return names


def module_options(command):
    """What `check` and `diff` share: which module of a folder, the backend, processes."""
    for option in reversed([
        click.option("--module", "module_selector", metavar="NUMBER|NAME",
                     help="Only this module of a folder (its number, name, or NUMBER.NAME)."),
        click.option("--platform", type=click.Choice(["cpu", "gpu", "tpu"]),
                     help="The backend that compiled the module (default: detected)."),
        click.option("--jobs", type=click.IntRange(min=0), default=0, show_default=True, metavar="N",
                     help="Processes to analyse the modules of a folder in at once (0: one per core; 1: in this "
                          "process)."),
        click.option("--no-color", is_flag=True, help="Plain text without colours (also: NO_COLOR=1)."),
        MATCH_OPTION,
    ]):
        command = option(command)
    return command


def parsed_option(parse, text, option: str):
    if text is None:
        return None
    try:
        return parse(text)
    except BufvizError as e:
        raise click.BadParameter(e.message, param_hint=f"'{option}'") from None
