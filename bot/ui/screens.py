"""The Discord side of the tables, built once per bot in ``setup_hook``: the outbox every
write to Discord goes through, the pictures and the notifier that shows every table update
(boards, hands, results)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord

from bot.circle.achievements import announcement
from bot.games.card_emojis import CardEmojis
from bot.i18n import Coded
from bot.outbox import Limits, Outbox
from bot.render import warm_up, workers
from bot.ui import images
from bot.ui.notifier import Notifier
from bot.ui.readers import Readers

if TYPE_CHECKING:
    from bot.app.services import Services

log = logging.getLogger(__name__)


@dataclass
class Screens:
    pictures: images.Pictures
    notifier: Notifier
    readers: Readers
    outbox: Outbox
    #: The card emojis' ids, once `bot.ui.emoji_upload` has them (empty until then).
    emojis: CardEmojis
    #: The card faces drawn once off the loop, when pictures are drawn in threads.
    _warm: asyncio.Task[None] | None = field(default=None, init=False)

    async def start(self, render_processes: int) -> None:
        """The picture workers (part of the bot's start, with the services'): with
        `render_processes`, returns once each has drawn its card faces; without, the faces
        are drawn once in a thread, so the first game's pictures are quick."""
        if self.pictures.enabled and render_processes:
            await workers.start(render_processes)
        elif self.pictures.enabled:
            self._warm = asyncio.create_task(asyncio.to_thread(warm_up, images.PUBLIC))

    def stop(self) -> None:
        """Let the picture workers go (what they still owe is drawn in threads), and stop
        waiting for the card faces: a bot closed right after its start leaves no task."""
        workers.stop()
        warm, self._warm = self._warm, None
        if warm is not None and not warm.done():
            # Its thread draws on to the end (a thread cannot be stopped); nobody waits for it.
            warm.cancel()

    @classmethod
    def build(
        cls,
        client: discord.Client,
        services: Services,
        *,
        pictures: bool,
        limits: bool = True,
        share: float = 1.0,
    ) -> Screens:
        """`limits`: the outbox keeps within Discord's; `share`: of the token's global budget
        (several processes on one token)."""
        circle = services.circle

        async def unlocks(table_id: int) -> Sequence[tuple[int, Coded]]:
            """What a finished match earned, to show in each player's final hand message
            (in that player's language)."""
            earned = await circle.on_match_recorded(table_id)
            return [(user_id, announcement(a)) for user_id, a in earned]

        outbox = Outbox(client, Limits().shared(share) if limits else Limits.unlimited())
        if limits:
            log.info(
                "outbox: %d global-limited requests a second to start with (%.0f%% of the "
                "token's budget; on a shared store borrowed by demand)",
                outbox.limits.global_[0],
                100 * share,
            )
        emojis = CardEmojis()
        profiles = services.profiles
        shown = images.Pictures(profiles, enabled=pictures, emojis=emojis)
        notifier = Notifier(
            client,
            profiles,
            services.tables,
            shown,
            unlocks=unlocks,
            outbox=outbox,
            chosen_language=services.servers.language,
        )
        circle.forgotten.append(notifier.forget_player)
        # Waiting for the tables to settle (tests, shutdown) includes their queued writes.
        services.tables.settle.append(notifier.idle)
        return cls(shown, notifier, Readers(profiles, notifier), outbox, emojis)
