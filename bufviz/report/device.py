"""The "Will it fit?" block of `bufviz peak --device-memory`: the allocator's limit, what is held
to it (the allocator's predicted peak on GPU, memory needed elsewhere), and the room to spare or
the bytes missing."""
from __future__ import annotations

from typing import Any, Mapping

from rich.console import Group
from rich.text import Text

from ..device.fit import FROM_MESSAGE
from ..units import human_bytes
from .layout import Column, cut_middle, fit_table


def device_block(device: Mapping[str, Any], width: int) -> Group:
    notes = [n for n in [fraction_note(device)] if n] + device["notes"]
    return Group(_verdict(device), _numbers(device, width), *[_note(n) for n in notes])


def _verdict(device: Mapping[str, Any]) -> Text:
    text = Text()
    many = device.get("devices") or 1
    text.append(f"Will it fit on each of the {many} devices?  " if many > 1 else "Will it fit?  ", style="bold")
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
        text.append(f", {'at most ' if device.get('limit_at_most') else ''}{human_bytes(room)} to spare")
    return text


def _numbers(device: Mapping[str, Any], width: int):
    rows = [("device's memory" if device.get("limit_at_most") else "allocator's limit",
             human_bytes(device["limit_bytes"]), limit_words(device))]
    if device["compared"] == "least_limit_bytes":
        pool = "pool reserved at start" if device["preallocate"] else "pool grown on demand"
        if device.get("preallocate_from"):
            pool += " (the memory_stats file's pool grew)"
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


def limit_words(device: Mapping[str, Any]) -> str:
    """How the allocator's limit was worked out ('0.75 × 40.00 MiB, rounded up to 2.00 MiB'); where
    it was given whole, where from."""
    if device["memory_bytes"] is None or device["mem_fraction"] is None:
        return device["limit_from"]
    granule = device.get("rounded_up_to_bytes")
    rounded = f", rounded up to {human_bytes(granule)}" if granule else ""
    return f"{device['mem_fraction']:g} × {human_bytes(device['memory_bytes'])}{rounded}"


def fraction_note(device: Mapping[str, Any]) -> str | None:
    """Where the fraction of the device's memory came from, unless it was given as an option."""
    source = device.get("fraction_from")
    if device["mem_fraction"] is None or source in (None, "--mem-fraction"):
        return None
    why = "jax's default" if source == "jax's default" else f"from {source}"
    return (f"the allocator's limit is {device['mem_fraction']:g} of the device's memory, {why} "
            "(--mem-fraction or XLA_PYTHON_CLIENT_MEM_FRACTION to change it)")


def _note(note: str) -> Text:
    return Text(f"note: {note}", style="dim")
