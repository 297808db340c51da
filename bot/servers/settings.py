"""What a server's admins set for the bot (`/gin-admin`): its language for public messages.

Read for every public message, so from memory: loaded at start, changed at once by this
process's own writes and, on a database several processes share (PostgreSQL), read again
every `FRESH` seconds, so another process's change shows within that time (docs/i18n.md)."""

from __future__ import annotations

from bot.i18n.locales import LANGUAGES
from bot.kernel import Repeating
from bot.store.repositories import Storage


class ServerSettings:
    #: Seconds between two reads of every server's setting on a shared store.
    FRESH = 30.0

    def __init__(self, store: Storage) -> None:
        self.store = store
        self._languages: dict[int, str] = {}
        # The last known settings stay in use when a read fails; the next may succeed.
        self._refresh = Repeating(
            self.reload, lambda: self.FRESH, "server-languages", first_wait=True
        )
        #: This process's own changes so far: a read begun before one is not kept.
        self._writes = 0

    async def start(self) -> None:
        """Load the settings; on a shared store, keep reading them again."""
        await self.reload()
        self.keep_fresh()

    def keep_fresh(self) -> None:
        """On a shared store, read the settings again every `FRESH` seconds until `close`
        (`Services.start`)."""
        if self.store.shared:
            self._refresh.start()

    async def reload(self) -> None:
        writes = self._writes
        found = await self.store.guilds.languages()
        if writes == self._writes:
            self._languages = found

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
        await self._refresh.stop()
