"""`bufviz scan` (and `peak` on a folder of several modules): the modules ranked by memory needed."""
from __future__ import annotations

from rich.console import Console
from rich.text import Text

from ..ci.identity import program_of
from ..ci.compact import xla_dates_text
from ..hlo.shapes import value_label
from ..units import human_bytes
from .layout import Column, cut_middle, fit_table, say, some_names


def render_scan(result: dict, console: Console, top: int = 0) -> None:
    modules, errors = result["modules"], result["errors"]
    where = result.get("root") or "the inputs"
    title = Text(f"{len(modules)} module{'s' * (len(modules) != 1)} in {where}", style="bold")
    title.append(", largest memory needed first" if len(modules) > 1 else "")
    if errors:
        title.append(f"; {len(errors)} could not be read", style="yellow")
    console.print(title)
    shown = modules if not top else modules[:top]
    if shown:
        console.print(scan_table(shown, console.width))
    if len(shown) < len(modules):
        console.print(Text(f"… and {len(modules) - len(shown)} more (--top 0 shows all)", style="dim"))
    if line := doubtful_line(modules):
        say(console, line, "yellow")
    for e in errors:
        say(console, f"could not read: {_below(e['error'], result.get('root'))}", "yellow")
    if modules:
        console.print(Text("bufviz peak PATH shows one module in full.", style="dim"))


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
