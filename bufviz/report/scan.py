"""`bufviz scan` (and `peak` on a folder of several modules): the modules ranked by memory needed."""
from __future__ import annotations

import shlex

from rich.console import Console
from rich.text import Text

from ..compare.identity import dump_name, program_of
from ..dumps.discover import module_selector
from ..compare.compact import xla_dates_text
from ..hlo.shapes import value_label
from ..units import human_bytes
from .layout import Column, cut_middle, fit_table, say, some_names


EAGER = "jax compiled for eager operations, library init or moving data"
COMMANDS = 5   # programs given their own `bufviz peak` command under the table


def render_scan(result: dict, console: Console, top: int = 0, everything: bool = False) -> None:
    """The user's programs ranked; the modules jax compiled for eager operations folded into one
    line (all of them listed with `everything`, or where the user's program is not among them)."""
    modules, errors = result["modules"], result["errors"]
    where = result.get("root") or "the inputs"
    programs = [m for m in modules if not m.get("eager")]
    folded = [m for m in modules if m.get("eager")] if modules and not everything else []
    listed = programs if folded else modules
    what = "program" if folded else "module"
    if folded and not programs:   # (the script stopped before its step compiled, or never jitted one)
        title = Text(f"No program of yours in {where}", style="bold")
    else:
        title = Text(f"{len(listed)} {what}{'s' * (len(listed) != 1)} in {where}", style="bold")
        title.append(", largest memory needed first" if len(listed) > 1 else "")
    if errors:
        title.append(f"; {len(errors)} could not be read", style="yellow")
    console.print(title)
    shown = listed if not top else listed[:top]
    if shown:
        console.print(scan_table(shown, console.width))
    if len(shown) < len(listed):
        console.print(Text(f"… and {len(listed) - len(shown)} more (--top 0 shows all)", style="dim"))
    if folded:
        largest = folded[0]   # (modules come largest first)
        say(console, f"{'+ ' if programs else ''}{eager_words([m['module'] or '?' for m in folded], shown=0)}, "
                     f"the largest {largest['module']} {human_bytes(largest['needed_bytes'] or 0)} (--all lists them)",
            "dim")
        if not programs:
            say(console, "The step you jitted is not here: it was not compiled (did the script stop before "
                         "calling it?) or was dumped to another folder", "yellow")
    if line := doubtful_line(modules):
        say(console, line, "yellow")
    for e in errors:
        say(console, f"could not read: {_below(e['error'], result.get('root'))}", "yellow")
    commands = programs or ([] if folded else modules)   # (no command for a module jax made itself)
    if commands:
        for line in peak_commands(commands, result.get("root"), modules):
            if isinstance(line, str):
                say(console, line, "dim")
                continue
            name, command = line   # (beside its command where both fit, else above it)
            one = f"  {command}   # {name}"
            if len(one) <= console.width:
                lines = [one]
            elif len(command) + 2 <= console.width:
                lines = [f"  # {name}", f"  {command}"]
            else:   # (a shell's line continuation: the two lines paste as one command)
                program, rest = command.split(" ", 2)[:2], command.split(" ", 2)[2]
                lines = [f"  # {name}", f"  {' '.join(program)} \\", f"    {rest}"]
            for text in lines:
                console.print(Text(text, style="dim"), soft_wrap=True)


def eager_words(names: list[str], shown: int = 3) -> str:
    """'33 modules jax compiled for eager operations, library init or moving data (jit_reshape ×4, ...)'."""
    count = f"{len(names)} module{'s' * (len(names) != 1)} {EAGER}"
    if not names or not shown:
        return count
    seen: dict[str, int] = {}
    for name in names:
        seen[name] = seen.get(name, 0) + 1
    common = sorted(seen.items(), key=lambda kv: (-kv[1], kv[0]))
    listed = ", ".join(f"{n} ×{k}" if k > 1 else n for n, k in common[:shown])
    return f"{count} ({listed}{', …' if len(common) > shown else ''})"


def peak_commands(programs: list[dict], root: str | None, modules: list[dict] | None = None) -> list:
    """The exact command that shows each program in full: `--module N` where the number names
    one module of the folder (`modules`: all of them), else `--module N.NAME` (two runs dumped
    into one folder number their modules alike)."""
    every = [n for m in modules or programs if (n := dump_name(m))]
    chosen = [module_selector(name, every) if (name := dump_name(m)) else None for m in programs]
    if root is None or None in chosen or len(set(chosen)) != len(chosen):   # (a tree of dump folders)
        return ["bufviz peak PATH shows one in full (PATH: its folder, or its module's file)"]
    lines = [(m.get("module") or "?", f"bufviz peak {shlex.quote(root)} --module {choice}")
             for m, choice in list(zip(programs, chosen))[:COMMANDS]]
    if len(programs) > COMMANDS:
        lines.append((f"… and {len(programs) - COMMANDS} more", f"bufviz peak {shlex.quote(root)} --module N"))
    return ["Each in full:" if len(programs) > 1 else "In full:", *lines]


def _below(error: str, root: str | None) -> str:
    """An error about a file under the scanned folder names it from there (paths are long)."""
    if root and error.startswith(root.rstrip("/") + "/"):
        return error[len(root.rstrip("/")) + 1:]
    return error


def doubtful_line(modules: list[dict]) -> str | None:
    """The modules whose numbers differ from XLA's own (marked ✗ in the table), in one line."""
    doubtful = [program_of(m) for m in modules if m.get("doubt")]
    if not doubtful:
        return None
    named = some_names(doubtful)
    one = len(doubtful) == 1
    return (f"✗ {len(doubtful)} module{'s' * (not one)} whose numbers differ from XLA's own files or jax's "
            f"(not to be trusted; bufviz peak PATH says why): {named}")


def _name_cut(text: str, width: int) -> str:
    """`loop_add_fusion.3 3.91 KiB` cut in its name, never in its size."""
    name, _, size = text.rpartition(" ")
    name, _, number = name.rpartition(" ")
    size = f"{number} {size}"
    if not name or len(size) + 2 > width:
        return cut_middle(text, width)
    return f"{cut_middle(name, width - len(size) - 1)} {size}"


def scan_table(modules: list[dict], width: int):
    def largest(m):
        b = m["largest_buffer"]
        return "" if b is None else f"{value_label(b['name'], b['index'])} {human_bytes(b['bytes'])}"
    estimate = any(m["estimate"] for m in modules)
    columns = [   # (the program is never dropped: rows of a CI tree share their modules' names)
        Column("#", [str(k + 1) for k in range(len(modules))], "right"),
        Column("program", [program_of(m) for m in modules], shorten=cut_middle, least=40),
        Column("needed" + ("*" if estimate else ""),
               [human_bytes(m["needed_bytes"]) + ("*" if m["estimate"] else "") + (" ✗" if m.get("doubt") else "")
                for m in modules], "right"),
        Column("temp", [human_bytes(m["temp_bytes"]) for m in modules], "right", keep=1),
        Column("parameters", [human_bytes(m["argument_bytes"]) for m in modules], "right", keep=2),
        Column("largest buffer", [largest(m) for m in modules], shorten=_name_cut, least=16, keep=4),
        Column("XLA", [xla_dates_text(m["xla_dates"]) for m in modules], keep=3),
    ]
    return fit_table(columns, width)
