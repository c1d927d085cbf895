"""The "Will it fit?" block of `bufviz peak --device-memory`: the allocator's limit, what is held
to it (the allocator's predicted peak on GPU, memory needed elsewhere), and the room to spare or
the bytes missing."""
from __future__ import annotations

from rich.console import Group
from rich.text import Text

from ..device.fit import FROM_MESSAGE
from ..units import human_bytes
from .layout import Column, cut_middle, fit_table


def device_block(device: dict, width: int) -> Group:
    return Group(_verdict(device), _numbers(device, width), *[_note(n) for n in device["notes"]])


def _verdict(device: dict) -> Text:
    text = Text()
    text.append("Will it fit?  ", style="bold")
    room = device["headroom_bytes"]
    if room is None:
        text.append("cannot say: nothing to compare with the limit")
    elif device["fits"] is False:
        text.append("no", style="bold red")
        was = "was" if device["limit_from"] == FROM_MESSAGE else "is"
        text.append(f": it needs {human_bytes(device['limit_bytes'] - room)}, the allocator's limit {was} "
                    f"{human_bytes(device['limit_bytes'])} ({human_bytes(-room)} missing)")
    elif device["fits"] is None:   # a lower bound under the limit
        text.append("probably", style="yellow")
        text.append(f", up to {human_bytes(room)} to spare (library calls take more while running)")
    else:
        text.append("yes", style="bold green")
        text.append(f", {human_bytes(room)} to spare")
    return text


def _numbers(device: dict, width: int):
    rows = [("allocator's limit", human_bytes(device["limit_bytes"]), _limit_from(device))]
    if device["compared"] == "least_limit_bytes":
        pool = "pool reserved at start" if device["preallocate"] else "pool grown on demand"
        bound = " (at least)" if device["at_least"] else " (predicted)"
        rows.append(("allocator's peak" + bound, human_bytes(device["predicted_peak_bytes"]),
                     f"one fresh run, {pool}"))
        rows.append(("smallest limit that fits", human_bytes(device["least_limit_bytes"]), ""))
    elif device["compared"] == "needed_bytes":
        rows.append(("memory needed", human_bytes(device["limit_bytes"] - device["headroom_bytes"]), ""))
    columns = [Column("number", [label for label, _, _ in rows]),
               Column("bytes", [size for _, size, _ in rows], "right"),
               Column("from", [why for _, _, why in rows], keep=1, shorten=cut_middle, least=16)]
    return fit_table(columns, width, None)


def _limit_from(device: dict) -> str:
    if device["memory_bytes"] is not None and device["mem_fraction"] is not None:
        return f"{device['mem_fraction']:g} of {human_bytes(device['memory_bytes'])}"
    return device["limit_from"]


def _note(note: str) -> Text:
    return Text(f"note: {note}", style="dim")
