"""The private copies of a hand (`/gin hand` answers, a hand shown again after a stale
click): ephemeral messages that only their interaction's token can edit, for 15 minutes.
They are kept per table and player so that a match's end takes their controls away
(docs/playing.md, "When a match ends"); past the token's life a click on one is answered
that the match is over (`cogs/play.py`).

These edits use the interaction's own token on its own answer, like the clicker's answer
itself, so they do not queue in the outbox (no bot bucket, no global limit)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import discord

from bot.outbox.write import without_rows

log = logging.getLogger(__name__)

#: Discord keeps a token 15 minutes; one is kept for margin (as the outbox does).
LIFETIME = 14 * 60.0
#: Copies kept per table and player (a player asking again and again keeps the newest).
KEPT = 8
#: The path segment of the interaction's own answer.
ORIGINAL = cast(int, "@original")


@dataclass
class _Copy:
    application_id: int
    token: str
    original: bool  # the interaction's own answer (``@original``), else a followup
    at: float


class PrivateHands:
    """(table, player) -> the ephemeral hand messages they were shown, newest token each."""

    def __init__(self, client: discord.Client, now: Callable[[], float] = time.monotonic) -> None:
        self.client = client
        self.now = now
        self._kept: dict[tuple[int, int], dict[int, _Copy]] = {}

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
        copies[message_id] = _Copy(
            interaction.application_id, interaction.token, original, self.now()
        )
        for old in [m for m, c in copies.items() if self.now() - c.at > LIFETIME]:
            del copies[old]
        while len(copies) > KEPT:
            del copies[next(iter(copies))]

    def count(self, table_id: int) -> int:
        """How many copies of the table's hands are kept (tests, the bench)."""
        return sum(len(c) for (t, _), c in self._kept.items() if t == table_id)

    async def retire(self, table_id: int, user_id: int | None = None) -> None:
        """The match is over (for `user_id` alone, when given): every copy still within
        its token's life loses its controls; the table's copies are forgotten."""
        keys = [k for k in self._kept if k[0] == table_id and user_id in (None, k[1])]
        for key in keys:
            for message_id, copy in self._kept.pop(key).items():
                if self.now() - copy.at > LIFETIME:
                    continue  # a click on it is answered that the match is over
                webhook = discord.Webhook.partial(
                    copy.application_id, copy.token, client=self.client
                )
                target = ORIGINAL if copy.original else message_id
                try:
                    shown = await webhook.fetch_message(target)
                    await webhook.edit_message(target, view=without_rows(shown))
                except discord.HTTPException as exc:
                    log.info("could not take a private hand's controls away (%s)", exc.status)
