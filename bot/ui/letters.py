"""A DM to one player, in their language: what any use case may send a player (a note, a
reminder) without a presenter of its own. Goes through the outbox like every write."""

from __future__ import annotations

from bot.i18n import Coded, render
from bot.ui.dms import DirectMessages
from bot.ui.readers import Readers


class Letters:
    def __init__(self, dms: DirectMessages, readers: Readers) -> None:
        self.dms = dms
        self.readers = readers

    async def tell(self, user_id: int, said: Coded, *, guild_id: int | None = None) -> bool:
        """`said` by DM in the player's language (their choice, else their Discord locale,
        else the server's); False when it could not be delivered (logged, never raised)."""
        server = self.readers.server_language(guild_id)
        language = await self.readers.language_of(user_id, server)
        return await self.dms.tell(user_id, render(said, language))
