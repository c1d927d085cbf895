"""The HLO module as bufviz reads it: its computations (model.py), the text they are parsed
from, the module's attributes and the source tables jax prints (FileNames, StackFrames)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import BufvizError
from ..units import bounded_at
from .model import Computation, Instruction

if TYPE_CHECKING:
    from ..textfile import TextInFile


class Module:
    """A parsed HLO module. `features` records printer details used to date the text."""

    def __init__(self, name: str, path: str, text: str):
        self.name = name
        self.path = path
        self._text: str | None = text  # kept: computation bodies are parsed from it on first use
        self._file: TextInFile | None = None  # a large file's text, read back in pieces instead
        self._last_window: tuple[tuple[int, int] | None, str] = (None, "")
        self.attributes: dict[str, str] = {}
        self.computations: dict[str, Computation] = {}
        self.entry: Computation | None = None
        self.is_scheduled = False
        self.input_output_alias: list[tuple] = []   # (output_index, parameter, param_index, kind)
        self.buffer_donors: list[tuple] = []        # (parameter, param_index)
        self.entry_computation_layout: str | None = None
        self.file_names: dict[int, str] = {}
        self.function_names: dict[int, str] = {}
        self.file_locations: dict[int, dict[str, int]] = {}
        self.stack_frames: dict[int, tuple[int, int]] = {}  # id -> (file_location_id, parent id)
        self.features: dict[str, bool | str | None] = {}
        self.texts: dict[str, str] = {}  # each opcode and shape text once (instructions share them)
        self.rebuilt_names: set[str] = set()  # names given to rebuilt tuple reads (kept unique)

    @property
    def text(self) -> str:
        """The whole text (read back and kept again where it was let go: edits need it)."""
        if self._text is None:
            assert self._file is not None  # (the text is let go only by read_back_from)
            self._text = self._file.read(0, self._file.size)
        return self._text

    def span(self, start: int, end: int) -> str:
        text, start, end = self.window(start, end)
        return text[start:end]

    def window(self, start: int, end: int) -> tuple[str, int, int]:
        """Text holding [start, end) and the offsets of that span in it: the whole text where it
        is held (no copy), else the span read back."""
        if self._text is not None:
            return self._text, start, end
        if self._last_window[0] != (start, end):  # (a root's chain is read line by line)
            assert self._file is not None  # (the text is let go only by read_back_from)
            self._last_window = ((start, end), self._file.read(start, end))
        return self._last_window[1], 0, end - start

    def parsed_instructions(self) -> dict[str, Instruction]:
        """The instructions of every computation parsed so far, by name: what the analysis read
        (fusion bodies it never needed are left out, unparsed)."""
        found: dict[str, Instruction] = {}
        for comp in self.computations.values():
            if comp.parsed:
                found.update(comp.instructions_by_name)
        return found

    def read_back_from(self, file: TextInFile) -> None:
        """Let go of the text once indexed: spans are read back from `file` (a TextInFile)."""
        self._file = file
        self._text = None

    @property
    def donated(self) -> set[tuple[int, tuple]]:
        """(parameter number, parameter index) of every input_output_alias entry."""
        return {(number, tuple(index)) for _, number, index, _ in self.input_output_alias}

    def computation(self, name: str) -> Computation:
        try:
            return self.computations[name]
        except KeyError:
            raise BufvizError(f"expected a computation named {name!r}, found none", self.path) from None

    def parse_all(self) -> None:
        """Parse every computation body and shape (validation; the analysis parses lazily)."""
        for comp in self.computations.values():
            comp.instructions

    def frame_id(self, instr: Instruction, meta: dict[str, str] | None = None) -> int:
        """An instruction's metadata stack_frame_id (units.bounded), 0 where it has none."""
        frame = (instr.metadata if meta is None else meta).get("stack_frame_id")
        return bounded_at(frame, self.path, instr.line, "a stack_frame_id") if frame and frame.isdigit() else 0

    def frame_chain(self, frame_id: int) -> list[tuple[str, int, str]]:
        """(file, line, function) from the innermost frame outwards for a `stack_frame_id`."""
        chain = []
        seen = set()
        while frame_id and frame_id in self.stack_frames and frame_id not in seen:
            seen.add(frame_id)
            chain.append(self._frame(frame_id))
            frame_id = self.stack_frames[frame_id][1]
        return chain

    def _frame(self, frame_id: int) -> tuple[str, int, str]:
        """(file, line, function) of one frame of the stack-frame tables."""
        loc = self.file_locations.get(self.stack_frames[frame_id][0], {})
        return (self.file_names.get(loc.get("file_name_id", 0), "?"), loc.get("line", 0),
                self.function_names.get(loc.get("function_name_id", 0), "?"))

    def source_of(self, instr: Instruction, meta: dict[str, str] | None = None) -> str | None:
        """`file:line` of an instruction: metadata source_file/line, else its innermost stack frame.
        `meta`: its metadata, where the caller has parsed it already."""
        meta = instr.metadata if meta is None else meta
        if meta.get("source_file"):
            line: str | int | None = meta.get("source_line")
            return f"{meta['source_file']}:{line}" if line else meta["source_file"]
        number = self.frame_id(instr, meta)
        if number and number in self.stack_frames:   # its innermost frame (the chain's first)
            file, line, _ = self._frame(number)
            return f"{file}:{line}"
        return None
