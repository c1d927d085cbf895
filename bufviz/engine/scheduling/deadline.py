"""The wall-clock limit of bufviz's own schedule searches, remembering whether it cut one short
(so the result can say that a longer limit may find a better order)."""
from __future__ import annotations

import time


class Deadline:
    def __init__(self, seconds: float):
        self.seconds = seconds
        self._at = time.perf_counter() + seconds
        self.hit = False   # a search stopped early because the time was up

    def passed(self) -> bool:
        if not self.hit and time.perf_counter() > self._at:
            self.hit = True
        return self.hit
