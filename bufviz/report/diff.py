"""`bufviz diff`: the verdict, the headline's parts old -> new, the storage rows that changed
with how each was matched, and the source lines and op_names that grew or shrank."""
from __future__ import annotations

from rich.console import Console
from rich.text import Text

from ..units import human_bytes
from ..views.labels import short_label
from .verify import cut_end_words
from .layout import Column, fit_table, from_front, short_source, say
from .scan import eager_words
from ..compare.diff import program_order, verdict

PART_NAMES = (("needed_bytes", "memory needed"), ("argument_bytes", "parameters"), ("output_bytes", "outputs"),
              ("temp_bytes", "temporaries"), ("alias_bytes", "both parameter and output"),
              ("constant_bytes", "constants"), ("scratch_bytes", "thread-local scratch"),
              ("fragmentation_bytes", "free temp bytes"),
              ("xla_peak_bytes", "XLA's live-range peak"))


def signed(n: int | None) -> str:
    if n is None:
        return "—"
    return "0" if n == 0 else ("+" if n > 0 else "−") + human_bytes(abs(n))


def percent(old: int | None, delta: int | None) -> str:
    return f"{delta / old:+.1%}".replace("-", "−") if old and delta else ""


def render_diff(d: dict, console: Console, top: int = 10, everything: bool = False) -> None:
    """One pair: the verdict, why, and the pair in full. Several: the user's programs that
    changed, each with its own headline, why and rows (the first in full), then a table of the
    programs; unchanged programs and eager modules one line each (`--all` shows every pair)."""
    modules = d["modules"]
    if len(modules) <= 1 or everything:
        say(console, d["verdict"], "bold")
        console.print()
        if d.get("why") and len(modules) <= 1:
            console.print(why_table(d["why"], console.width))
            console.print()
        for m in modules:
            if len(modules) > 1:
                console.print(Text(m["program"], style="bold"))
            render_module(m, console, top)
    else:
        _programs(d, console, top)
    for side, what in (("old", "only in OLD"), ("new", "only in NEW")):
        for s in d["unpaired"][side]:
            say(console, f"{what}: {s['program']} ({s['path']})", "yellow")
    for e in d.get("errors") or []:
        say(console, f"not compared: {e['error']}", "yellow")


DETAILED = 2   # changed programs shown with their why and rows; the rest in the table only


def _programs(d: dict, console: Console, top: int) -> None:
    modules = sorted(d["modules"], key=program_order)
    users = [m for m in modules if not m.get("eager")] or modules
    eager = [m for m in modules if m.get("eager") and not any(m is u for u in users)]
    changed = [m for m in users if m["needed_bytes"]["delta"]]
    for k, m in enumerate(changed[:DETAILED]):
        say(console, f"{m['program']}: {verdict(m, 1)}", "bold")
        if m.get("why"):
            console.print(why_table(m["why"], console.width))
        if k == 0:   # (the first in full: its rows that changed)
            _rows(m, console, min(top, 5) if top else 5)
        console.print()
    if not changed:
        say(console, "no change: memory needed is the same" + (f" for all {len(users)} programs" if len(users) > 1
                                                                 else ""), "bold")
    console.print(fit_table([
        Column("program", [m["program"] for m in users], shorten=short_label, least=24),
        Column("old", [human_bytes(m["needed_bytes"]["old"] or 0) for m in users], "right"),
        Column("new", [human_bytes(m["needed_bytes"]["new"] or 0) for m in users], "right"),
        Column("change", [signed(m["needed_bytes"]["delta"]) for m in users], "right"),
        Column("%", [percent(m["needed_bytes"]["old"], m["needed_bytes"]["delta"]) for m in users], "right"),
    ], console.width, "Memory needed of each program"))
    same = [m for m in users if not m["needed_bytes"]["delta"]]
    if same and changed:
        say(console, f"{len(same)} of them unchanged", "dim")
    if eager:
        moved = [m for m in eager if m["needed_bytes"]["delta"]]
        how = f"{len(moved)} changed ({signed(sum(m['needed_bytes']['delta'] for m in moved))})" if moved else \
            "none changed"
        say(console, f"+ {eager_words([m['module'] or '?' for m in eager], shown=0)}: {how} (--all shows them)",
            "dim")
    say(console, "bufviz diff OLD NEW --module N shows one program's rows, source lines and op_names", "dim")


def _rows(m: dict, console: Console, top: int) -> None:
    """A program's storage rows that changed, largest change first."""
    changed = [r for r in m["storage"]["rows"] if r["delta"]][:top]
    if changed:
        console.print(fit_table([
            Column("buffer", [_what(r) for r in changed], shorten=short_label, least=14),
            Column("old", [human_bytes(r["old_bytes"]) for r in changed], "right"),
            Column("new", [human_bytes(r["new_bytes"]) for r in changed], "right"),
            Column("change", [signed(r["delta"]) for r in changed], "right"),
            Column("source", [r.get("user_source") or r["source"] or "" for r in changed], shorten=short_source,
                   least=16, keep=3),
        ], console.width))


def why_table(why: list[dict], width: int):
    """The reasons memory needed changed, largest first; their bytes add up to the change."""
    return fit_table([
        Column("why", [r["cause"] for r in why]),
        Column("bytes", [signed(r["bytes"]) for r in why], "right"),
        Column("evidence", [r["evidence"] or "" for r in why], shorten=cut_end_words, least=24, wrap=True),
    ], width, "Why it changed (the reasons add up to the change)")


def render_module(m: dict, console: Console, top: int) -> None:
    parts = [(name, m[key]) for key, name in PART_NAMES if m[key]["old"] or m[key]["new"]]
    console.print(fit_table([
        Column("part", [name for name, _ in parts]),
        Column("old", [human_bytes(p["old"]) for _, p in parts], "right"),
        Column("new", [human_bytes(p["new"]) for _, p in parts], "right"),
        Column("change", [signed(p["delta"]) for _, p in parts], "right"),
        Column("%", [percent(p["old"], p["delta"]) for _, p in parts], "right"),
    ], console.width))
    storage = m["storage"]
    changed = [r for r in storage["rows"] if r["delta"]]
    console.print(Text(f"Storage at the peak: {storage['matched']} of {storage['new_rows']} rows matched to "
                       f"the old {storage['old_rows']}" + _how(storage["matched_by"]), style="bold"))
    if changed:
        shown = changed[:top] if top else changed
        console.print(fit_table([
            Column("buffer", [_what(r) for r in shown], shorten=short_label, least=14),
            Column("old", [human_bytes(r["old_bytes"]) for r in shown], "right"),
            Column("new", [human_bytes(r["new_bytes"]) for r in shown], "right"),
            Column("change", [signed(r["delta"]) for r in shown], "right"),
            Column("matched by", [r["matched_by"] or r["change"] for r in shown], keep=2),
            Column("source", [r.get("user_source") or r["source"] or "" for r in shown], shorten=short_source,
                   least=16, keep=3),
        ], console.width))
        if len(shown) < len(changed):
            console.print(Text(f"… and {len(changed) - len(shown)} more changed rows (--top 0 shows all)",
                               style="dim"))
    else:
        console.print(Text("  no row changed", style="dim"))
    unmatched = storage["unmatched_old"] + storage["unmatched_new"]
    if unmatched:
        console.print(Text(f"  not matched: {_names(storage['unmatched_old'])} (old); "
                           f"{_names(storage['unmatched_new'])} (new)", style="dim"))
    for by, title in (("source", "By source line"), ("op", "By op_name")):
        rows = m["groups"][by][: top or None]
        if rows:
            console.print(Text(title, style="bold"))
            console.print(fit_table([
                Column(by if by == "source" else "op_name", [g["key"] for g in rows],
                       shorten=short_source if by == "source" else from_front, least=16),
                Column("old", [human_bytes(g["old_bytes"]) for g in rows], "right"),
                Column("new", [human_bytes(g["new_bytes"]) for g in rows], "right"),
                Column("change", [signed(g["delta"]) for g in rows], "right"),
                Column("how", [g["change"] for g in rows], keep=2),
            ], console.width))
    console.print()


def _names(names: list[str], most: int = 6) -> str:
    if not names:
        return "—"
    return ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")


def _what(row: dict) -> str:
    return f"{row['old_what']} → {row['what']}" if row.get("old_what") else row["what"]


def _how(counts: dict) -> str:
    if not counts:
        return ""
    return " (" + ", ".join(f"{n} by {how}" for how, n in counts.items()) + ")"
