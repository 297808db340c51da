"""What a server's admins set for the bot (`/gin-admin`): its language for public messages.

Read for every public message, so from memory: loaded at start, changed at once by this
process's own writes and, on a database several processes share (PostgreSQL), read again
every `FRESH` seconds, so another process's change shows within that time (docs/i18n.md)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.i18n.locales import LANGUAGES
from bot.store.repositories import Storage

log = logging.getLogger(__name__)


class ServerSettings:
    #: Seconds between two reads of every server's setting on a shared store.
    FRESH = 30.0

    def __init__(self, store: Storage) -> None:
        self.store = store
        self._languages: dict[int, str] = {}
        self._refresh: asyncio.Task[None] | None = None
        #: This process's own changes so far: a read begun before one is not kept.
        self._writes = 0

    async def start(self) -> None:
        """Load the settings; on a shared store, keep reading them again."""
        await self.reload()
        if self.store.shared and self._refresh is None:
            self._refresh = asyncio.create_task(self._keep_fresh())

    async def reload(self) -> None:
        writes = self._writes
        found = await self.store.guilds.languages()
        if writes == self._writes:
            self._languages = found

    async def _keep_fresh(self) -> None:
        while True:
            await asyncio.sleep(self.FRESH)
            try:
                await self.reload()
            except Exception:
                # The last known settings stay in use; the next read may succeed.
                log.warning("could not read the servers' languages again", exc_info=True)

    def language(self, guild_id: int | None) -> str | None:
        """The language a server's admins chose for its public messages, or None (follow
        Discord's server language)."""
        return None if guild_id is None else self._languages.get(guild_id)

    async def set_language(self, guild_id: int, language: str | None) -> str | None:
        """Choose the server's language (en/es/fr), or None to follow Discord's. Returns it."""
        if language is not None and language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}")
        await self.store.guilds.set_language(guild_id, language)
        self._writes += 1
        if language is None:
            self._languages.pop(guild_id, None)
        else:
            self._languages[guild_id] = language
        return language

    async def close(self) -> None:
        if self._refresh is not None:
            self._refresh.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._refresh
            self._refresh = None
