"""Discord's REST budget as the outbox models it: per-channel buckets and the global limit.

Discord sends its limits in headers and says not to hard-code them; the outbox still keeps
its own model (these figures, commonly observed) so it spends within them from the first
request instead of learning them from refusals (docs/architecture.md, "The outbox").
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

#: Write kinds, each its own per-channel bucket on Discord's side.
POST, EDIT, DELETE, DM_OPEN = "post", "edit", "delete", "dm_open"


@dataclass(frozen=True)
class Limits:
    """(requests, per seconds) of each bucket; `margin` is added to every period, since
    Discord's window starts when a request arrives, a little after the outbox sent it (and
    counted it). discord.py also paces each bucket from Discord's headers: should a request
    take longer to arrive, it waits for Discord's reset rather than be refused."""

    post: tuple[int, float] = (5, 5.0)
    edit: tuple[int, float] = (5, 5.0)
    delete: tuple[int, float] = (5, 1.0)
    #: Opening a DM is one bucket for the whole bot (no major parameter).
    dm_open: tuple[int, float] = (5, 1.0)
    #: Discord allows 50 a second; 45 leaves room for the calls outside the outbox
    #: (command sync, the interaction callbacks' own followups).
    global_: tuple[int, float] = (45, 1.0)
    margin: float = 0.15

    @classmethod
    def unlimited(cls) -> Limits:
        """No pacing at all (``GIN_REST_LIMITS=off``): for a loopback Discord that does not
        limit, so tests play at machine speed."""
        many = (1_000_000, 1.0)
        return cls(many, many, many, many, many, margin=0.0)

    def shared(self, share: float) -> Limits:
        """These limits for one of the processes that share the bot's token: `share` of each
        bucket of the whole bot (the global budget, opening DMs); the per-channel buckets are
        the channels', whoever writes to them."""

        def part(bucket: tuple[int, float]) -> tuple[int, float]:
            return max(1, math.floor(bucket[0] * share)), bucket[1]

        return dataclasses.replace(self, global_=part(self.global_), dm_open=part(self.dm_open))

    def of(self, kind: str) -> tuple[int, float]:
        return {POST: self.post, EDIT: self.edit, DELETE: self.delete, DM_OPEN: self.dm_open}[kind]


class Window:
    """A sliding window: at most `limit` requests in any `period` seconds. Safe against
    Discord's fixed windows too, which start at a request and count the ones after it."""

    def __init__(
        self,
        limit: int,
        period: float,
        now: Callable[[], float] = time.monotonic,
        *,
        spacing: float = 0.0,
    ):
        self.limit = limit
        self.period = period
        self.now = now
        #: Least time between two requests: edits are spread over the period rather than
        #: spent in a burst and then waited for (a coalesced edit then waits a slot, not 5 s).
        self.spacing = spacing
        self._times: deque[float] = deque()

    def delay(self) -> float:
        """Seconds until one more request fits (0: now)."""
        now = self.now()
        paced = self._times[-1] + self.spacing - now if self._times and self.spacing else 0.0
        while self._times and self._times[0] + self.period <= now:
            self._times.popleft()
        if len(self._times) < self.limit:
            return max(paced, 0.0)
        return max(self._times[0] + self.period - now, paced)

    def used(self) -> int:
        """Requests spent within the last period."""
        now = self.now()
        return sum(1 for at in self._times if at + self.period > now)

    def idle(self) -> bool:
        """Nothing sent within the period: forgetting this window loses nothing."""
        return not self._times or self._times[-1] + self.period <= self.now()

    def spend(self) -> None:
        self._times.append(self.now())

    def push_back(self, seconds: float) -> None:
        """Discord refused (429): nothing more fits for `seconds`."""
        until = self.now() + seconds - self.period
        self._times = deque([until] * self.limit)
        if self.spacing:
            self._times[-1] = self.now() + seconds - self.spacing
