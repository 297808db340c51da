"""An injectable clock, so tests can expire deadlines and tokens without waiting."""

from __future__ import annotations

import time


class Clock:
    """Real time plus an offset that tests can push forward with :meth:`advance`.

    ``now()`` is monotonic seconds (deadlines, token lifetimes); ``time()`` is wall-clock
    seconds since the epoch (snowflakes, timestamps). Both move together when advanced.
    """

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.monotonic() + self.offset

    def time(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        """Jump ``seconds`` into the future (never backwards)."""
        if seconds < 0:
            raise ValueError("the clock only moves forwards")
        self.offset += seconds
