"""A value of HloDataflowAnalysis: what one instruction defines at one shape index, with the
places it is at (positions) and the instructions that read it (uses)."""
from __future__ import annotations

from ...hlo.model import Instruction


class Value:
    __slots__ = ("id", "instruction", "index", "is_phi", "positions", "uses")

    def __init__(self, ident: int, instruction: Instruction, index: tuple, is_phi: bool = False):
        self.id = ident
        self.instruction = instruction
        self.index = index
        self.is_phi = is_phi
        self.positions: list[tuple[Instruction, tuple]] = [(instruction, index)]
        self.uses: list[tuple[Instruction, int, tuple]] = []

    @property
    def name(self) -> str:
        return self.instruction.name

    def __repr__(self) -> str:
        phi = " (phi)" if self.is_phi else ""
        return f"<{self.id} {self.instruction.name}{{{','.join(map(str, self.index))}}}{phi}>"
