"""Whose language a private answer is in: the reader's saved choice (`/gin me settings
language`), else their Discord client's locale, else the server's (`bot.i18n.pick_language`)."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import pick_language
from bot.store.interfaces import Storage
from bot.ui.notifier import Notifier


class Readers:
    def __init__(self, store: Storage, notifier: Notifier) -> None:
        self.store = store
        self.notifier = notifier

    async def language(self, interaction: discord.Interaction[Any]) -> str:
        """The language to answer `interaction` in; the locale is remembered for the DMs the
        bot sends its user unasked."""
        self.notifier.saw_locale(interaction.user.id, interaction.locale)
        saved = (await self.store.players.settings(interaction.user.id)).language
        return pick_language(interaction.locale, saved, interaction.guild_locale)

    async def language_of(self, user_id: int, server: Any = None) -> str:
        """The language of a DM to `user_id` sent unasked: their saved choice, else their
        Discord locale as last seen, else `server`'s."""
        saved = await self.notifier.saved_language(user_id)
        return pick_language(self.notifier.discord_locales.get(user_id), saved, server)

    def server_language(self, guild_id: int | None) -> str:
        """A public message's language: the server's."""
        return self.notifier.server_language(guild_id)
