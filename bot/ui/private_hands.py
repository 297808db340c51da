"""The private copies of a hand (`/gin hand` answers, a hand shown again after a stale
click): ephemeral messages that only their interaction's token can edit, for 15 minutes.
They are kept per table and player so that a match's end takes their controls away
(docs/playing.md, "When a match ends"); past the token's life a click on one is answered
that the match is over (`cogs/play.py`). Copies past that life are forgotten (`_sweep`):
several processes leave some no process retires.

Those edits go through the outbox like every other write (`Outbox.edit_by`), by the
interaction's own token (no bot bucket, no global limit): queued with the channel's edits,
so a click's direct answer on the copy supersedes them, and counted with the rest."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import discord

from bot.outbox import Outbox
from bot.outbox.tokens import LIFETIME, Latest
from bot.outbox.write import ControlsOff

#: Copies kept per table and player (a player asking again and again keeps the newest).
KEPT = 8


class PrivateHands:
    """(table, player) -> the ephemeral hand messages they were shown, newest token each."""

    def __init__(self, outbox: Outbox, now: Callable[[], float] = time.monotonic) -> None:
        self.outbox = outbox
        self.now = now
        #: message id -> the token that reaches it, and whether as ``@original``.
        self._kept: dict[tuple[int, int], dict[int, tuple[Latest, bool]]] = {}
        #: When `_sweep` last ran.
        self._swept = now()

    def keep(
        self,
        table_id: int,
        user_id: int,
        interaction: discord.Interaction[Any],
        message_id: int | None,
        *,
        original: bool,
    ) -> None:
        """An ephemeral hand of `table_id` shown to `user_id` through `interaction` (its
        own answer when `original`, else one of its followups)."""
        if message_id is None:
            return
        copies = self._kept.setdefault((table_id, user_id), {})
        copies.pop(message_id, None)  # the newest token goes last
        latest = Latest(
            interaction.application_id,
            interaction.token,
            interaction.channel_id,
            message_id if original else None,
            self.now(),
        )
        copies[message_id] = (latest, original)
        for old in [m for m, (c, _) in copies.items() if self.now() - c.at > LIFETIME]:
            del copies[old]
        while len(copies) > KEPT:
            del copies[next(iter(copies))]
        self._sweep()

    def _sweep(self) -> None:
        """Forget, once a token's life, every table and player whose copies are all past
        it: nothing can edit them any more. What `retire` would have dropped for a match that
        another process ended (several processes), which this one is never told of."""
        now = self.now()
        if now - self._swept <= LIFETIME:
            return
        self._swept = now
        for key in [
            k for k, c in self._kept.items() if all(now - t.at > LIFETIME for t, _ in c.values())
        ]:
            del self._kept[key]

    def count(self, table_id: int) -> int:
        """How many copies of the table's hands are kept (tests, the bench)."""
        return sum(len(c) for (t, _), c in self._kept.items() if t == table_id)

    async def retire(self, table_id: int, user_id: int | None = None) -> None:
        """The match is over (for `user_id` alone, when given): every copy still within
        its token's life loses its controls, through the outbox (not waited for: a token
        Discord refuses is logged there); the table's copies are forgotten."""
        keys = [k for k in self._kept if k[0] == table_id and user_id in (None, k[1])]
        for key in keys:
            for message_id, (latest, original) in self._kept.pop(key).items():
                if self.now() - latest.at > LIFETIME:
                    continue  # a click on it is answered that the match is over
                self.outbox.edit_by(latest, message_id, ControlsOff(), original=original)
