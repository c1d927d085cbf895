"""`bufviz peak`: how much memory the program needs and what holds it at the peak."""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

import click

from ..errors import BufvizError
from .app import cli
from .options import PICTURES, device_options, donation_list, input_options, name_list
from .output import render_result
from .read import read_module, read_report

if TYPE_CHECKING:
    from ..result import PeakReport

PEAK_HELP = """Show how much memory the program needs and what holds it at the peak.

The headline is memory needed: every allocation XLA reserves while the program runs
(parameters, outputs, temporaries with their fragmentation, constants), each once. Below it,
the storage in use at the peak moment (when the temporaries in use are largest), largest
first, summing to the headline; then every other number you may have seen (XLA's live-range
peak, jax's peak_memory_in_bytes, Total bytes used) with why it differs.

PATH is any file of an XLA dump (`--xla_dump_to`): the optimized HLO module
(`module_NNNN.NAME.STAGE.txt`), its `-buffer-assignment.txt`, `-buffer-assignment-values.txt`,
`-live-range.txt` or `-memory-usage-report.txt`, or a folder holding them. bufviz finds the
other files of the same module next to it and reads them all. Files with other names are
recognised by their content. A folder holding several modules gets them ranked by memory
needed (as `bufviz scan` does); a result saved with `--format json` is shown again.

bufviz prints the numbers XLA printed (peak time and bytes, total bytes used, allocations)
and recomputes the live ranges, the peak and the buffer assignment itself: from the HLO
module when it is there, else from the dump's own values and instruction sequence.

PATH may also be a log or a pasted error with an out-of-memory message (XLA:GPU's
BufferAssignment report, XLA:TPU's "Ran out of memory in memory space hbm" report, or an
allocator failure): bufviz explains it, and with the HLO module given too, finds the listed
buffers in it.

TPU sizes are an approximation: libtpu's padded size is closed source, so bufviz pads each
tiled array to its first tile (ShapeUtil::ArraySize). On the 60 buffers of the published TPU
out-of-memory reports this gives libtpu's "Size" and "Unpadded size" within their
three-digit rounding. Modules with several memory spaces (TPU S(1) VMEM, S(2) SMEM, ...)
get a peak per space; HBM (space 0) is the headline.

With --device-memory, bufviz says whether the program fits: on GPU it predicts the peak of
jax's allocator for one run in a fresh process (arguments placed first, then the executable's
buffers; with --no-preallocate the growing pool hands out whole free chunks, so more), and
compares it with the allocator's limit (--mem-fraction of the device, 0.75 by default).

\b
Examples:
  bufviz peak dumps/module_0022.jit_update.cpu_after_optimizations.txt
  bufviz peak dumps/ --module 22 --format json -o peak.json
  bufviz peak dumps/ --by category
  bufviz peak dumps/ --format svg -o peak.svg
  bufviz peak oom.log
  pbpaste | bufviz peak -
  bufviz peak dumps/ --donate 0,1
  bufviz peak dumps/ --donate 0-202
  bufviz peak dumps/ --donate 'params,opt_state*'
  bufviz peak dumps/ --remat add_tanh_fusion.1
  bufviz peak dumps/ --device-memory 80GB --no-preallocate
  BUFVIZ_PEAK_FORMAT=json bufviz peak dumps/ --module jit_update
"""


@cli.command(help=PEAK_HELP)
@input_options(pictures=True)
@device_options
@click.option("--top", type=click.IntRange(min=0), default=20, show_default=True, metavar="N",
              help="Rows of the storage table (0: all). JSON always lists every row.")
@click.option("--by", type=click.Choice(["source", "op", "kind", "category"]),
              help="Group the storage at the peak by source line, op_name path, allocation kind or "
                   "what it holds (weights, optimizer state, activations, gradients, ...).")
@click.option("--donate", metavar="N[,M-K,PATH...]",
              help="What if these parameters were donated (jax's donate_argnums): recompute everything "
                   "with each paired to an output of its shape, and show before -> after. Numbers, ranges "
                   "(0-202) or pytree paths with * (params, opt_state*, \"params['Dense_0']*\").")
@click.option("--remat", metavar="NAME[,NAME...]",
              help="What if these buffers were recomputed (jax.checkpoint) before their late uses "
                   "instead of kept: recompute everything and show before -> after.")
@click.option("--advice/--no-advice", default=None,
              help="The closing 'What to try' section: each change measured by recomputing the changed "
                   "module. On by default in every format except on very large modules; --advice measures "
                   "every candidate, --no-advice leaves it out.")
@click.pass_context
def peak(ctx, request, device, fmt, output, no_color, top, by, donate, remat, advice) -> int:
    return show_peak(ctx, request.with_device(device), fmt, output, no_color, top, by, advice, donate, remat)


def show_peak(ctx, request, fmt: str, output, no_color: bool, top: int, by, advice, donate=None, remat=None) -> int:
    """What `bufviz peak` shows for `request` (also `bufviz run`'s report): one module in full,
    the one program of a folder's, or a folder's programs ranked."""
    device = request.device
    folder_note = None
    if _several_modules(request):
        program, folder_note = _the_program(request)
        if program is None:
            if device is not None:
                raise click.UsageError("--device-memory is for one module: choose it with --module, or check them "
                                       "all with bufviz check FOLDER --device-memory SIZE")
            return _overview(ctx, request, fmt, output, no_color, top)
        request = program
    if donate is not None or remat is not None:
        report = _what_if(request, donation_list(donate, "--donate") if donate is not None else [],
                          name_list(remat, "--remat"))
    else:
        report = read_report(request, fmt, advice=advice)   # (the same report in every format)
    if folder_note:
        report.notes = [folder_note, *(report.notes or [])]
    render_result(ctx, report, fmt, output, no_color, lambda console: _render_peak(report, console, top, by))
    return 0


def _render_peak(report: PeakReport, console, top: int, by) -> None:
    from ..report.console import render_peak  # (rich is imported only for text output)

    render_peak(report, console, top, by)


def _what_if(request, donate: list, remat: list[str]) -> PeakReport:
    from ..whatif.run import donated_numbers, what_if

    report, context = read_module(request, "a what-if is recomputed from it")
    layers = {}   # (the layer each parameter is shown by, where its path names nothing)
    if donate and context.describe is not None and context.inputs.module.entry is not None:
        layers = {p.parameter_number: layer for p in context.inputs.module.entry.parameters
                  if (layer := context.describe.layers.of(p)[0])}
    changed = what_if(report, context, donated_numbers(context.inputs.module, donate, layers), remat)
    if request.device is not None:   # will the changed program fit
        from ..pipeline import device_fit
        changed.device = device_fit(changed, context.inputs, request.device)
    return changed


def _several_modules(request) -> bool:
    """A lone folder holding several modules (or modules only in folders below it)."""
    paths = request.paths
    if request.module is not None or len(paths) != 1 or not os.path.isdir(paths[0]):
        return False
    from ..compare.scan import find_modules
    from ..dumps.discover import dump_sets, module_key

    here = dump_sets([os.path.join(paths[0], f) for f in request.listing.files(paths[0])])
    if len({module_key(s.name) for s in here}) == 1:
        return False
    return len(find_modules(paths[0], request.listing)) > 1


def _the_program(request) -> tuple:
    """(a request for the folder's one user program, a note on what else it holds), or (None,
    None) where the folder holds several programs of the user's (or none)."""
    from dataclasses import replace

    from ..compare.scan import find_modules
    from ..dumps.discover import initializer_words, the_program
    from ..report.scan import eager_words

    root = request.paths[0]
    program, eager, initializers = the_program(find_modules(root, request.listing))
    if program is None:
        return None, None
    held = [eager_words([s.name.module for s in eager])] * bool(eager)
    held += [initializer_words([s.name.module for s in initializers])] * bool(initializers)
    note = f"{root} also holds {' and '.join(held)}: `bufviz scan {root} --all` lists them" if held else None
    # (the folder and the module by number and name, so that jax's statistics beside it are
    # weighed as for any folder: dumps/discover.py)
    folder = os.path.dirname(program.files[0]) or "."
    return replace(request, paths=(folder,), module=f"{program.name.number}.{program.name.module}"), note


def _overview(ctx, request, fmt: str, output, no_color: bool, top: int) -> int:
    """Every module under `root`, ranked by memory needed (what `scan` shows)."""
    from .scan import ranked

    if fmt in PICTURES:
        raise BufvizError("a picture shows one module and this folder holds several: choose one with --module "
                          "(bufviz scan lists them)", request.paths[0])
    return ranked(ctx, request, fmt, output, no_color, top)
