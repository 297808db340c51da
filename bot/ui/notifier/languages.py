"""Whose language a message is in: a player's DMs, a server's public messages."""

from __future__ import annotations

import functools

from bot.games.model import TableState
from bot.i18n import Language, pick_language, resolve_locale
from bot.ui.notifier.base import Base

#: Languages as `resolve_locale` and `pick_language` make them, kept: a move asks for the
#: board's and each hand's, from a few locales (Discord has about thirty).
_resolved = functools.lru_cache(maxsize=512)(resolve_locale)
_picked = functools.lru_cache(maxsize=512)(pick_language)


class Languages(Base):
    """The languages of the notifier's messages."""

    def saw_locale(self, user_id: int, locale: object) -> None:
        """Remember a player's Discord locale (``interaction.locale``) for the messages the
        bot sends them unasked (DMs)."""
        value = getattr(locale, "value", locale)
        if isinstance(value, str) and value:
            self.discord_locales[user_id] = value

    async def discord_locale(self, user_id: int) -> str | None:
        """A player's Discord locale as last seen, by this process or (after a restart) as
        their profile keeps it (`Readers.seen`)."""
        known = self.discord_locales.get(user_id)
        if known is None:
            known = await self.profiles.locale(user_id)
            if known is not None:
                self.discord_locales[user_id] = known
        return known

    def forget_player(self, user_id: int) -> None:
        """Drop what is kept in memory about a player whose data was erased (`/gin me
        forget-me`): their Discord locale as last seen and their hearts (the store forgets
        their settings, the saved language with them)."""
        self.discord_locales.pop(user_id, None)
        for key in [k for k in self._favorites if k[1] == user_id]:
            del self._favorites[key]

    def board_language(self, state: TableState) -> Language:
        """A public message's language: the server's (`server_language`)."""
        return self.server_language(state.guild_id)

    def server_language(self, guild_id: int | None) -> Language:
        """The language of a server's public messages: the one its admins chose
        (`/gin-admin language`), else Discord's server language (``preferred_locale``),
        else English."""
        chosen = self.chosen_language(guild_id)
        if chosen is not None:
            return _resolved(chosen)
        guild = self.client.get_guild(guild_id) if guild_id else None
        return _resolved(guild.preferred_locale if guild is not None else None)

    async def language(self, state: TableState, user_id: int) -> Language:
        """A player's language for their DMs: their `/gin me settings language`, else their
        Discord locale as last seen, else the server's (`pick_language`)."""
        saved = await self.saved_language(user_id)
        locale = await self.discord_locale(user_id)
        return _picked(locale, saved, self.board_language(state))

    async def saved_language(self, user_id: int) -> str | None:
        """A player's `/gin me settings language` choice (their profile's, kept in memory)."""
        return await self.profiles.language(user_id)
