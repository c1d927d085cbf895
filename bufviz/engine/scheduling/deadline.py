"""What bufviz's own schedule searches may spend: seconds (the `schedule` command's limit) or
steps (a hint inside another command: the same input always gets the same order), remembering
whether it cut a search short, so the result can say a longer search may find a better order.
A step is one candidate move weighed (the beam, the exact search) or 16 instructions of an
order profiled (the local search, in numpy)."""
from __future__ import annotations

import time


class Deadline:
    def __init__(self, seconds: float | None = None, steps: int | None = None):
        self.steps = steps
        self._at = None if seconds is None else time.perf_counter() + seconds
        self.spent = 0
        self.hit = False   # a search stopped early because the limit was reached

    def passed(self, cost: int = 0) -> bool:
        """Whether the limit is reached, once `cost` more steps are spent."""
        self.spent += cost
        if not self.hit and ((self._at is not None and time.perf_counter() > self._at)
                             or (self.steps is not None and self.spent > self.steps)):
            self.hit = True
        return self.hit
