"""Whose language a private answer is in: the reader's saved choice (`/gin me settings
language`), else their Discord client's locale, else the server's: the one its admins chose
(`/gin-admin language`), else Discord's (`bot.i18n.pick_language`)."""

from __future__ import annotations

from typing import Any

import discord

from bot.circle.profiles import Profiles
from bot.i18n import Language, pick_language
from bot.kernel.memo import remember
from bot.ui.notifier import Notifier

#: Players whose stored locale is remembered (the writes it saves).
KEPT = 100_000


class Readers:
    def __init__(self, profiles: Profiles, notifier: Notifier) -> None:
        self.profiles = profiles
        self.notifier = notifier
        #: user -> the Discord locale last written to their profile by this process.
        self._kept: dict[int, str] = {}

    async def language(self, interaction: discord.Interaction[Any]) -> Language:
        """The language to answer `interaction` in; the locale is remembered for the DMs the
        bot sends its user unasked."""
        self.notifier.saw_locale(interaction.user.id, interaction.locale)
        saved = await self.profiles.language(interaction.user.id)
        server = self.notifier.chosen_language(interaction.guild_id) or interaction.guild_locale
        return pick_language(interaction.locale, saved, server)

    async def seen(self, interaction: discord.Interaction[Any]) -> None:
        """Learn the Discord locale of whoever used any command or control, and keep it in
        their profile when it is new (once per player and locale): the DMs the bot sends them
        unasked are in their language, also after a restart."""
        value = getattr(interaction.locale, "value", interaction.locale)
        user = interaction.user
        if not isinstance(value, str) or not value or user is None:
            return
        self.notifier.saw_locale(user.id, value)
        if self._kept.get(user.id) == value:
            return
        remember(self._kept, user.id, value, KEPT)  # forgotten: at worst one more write each
        await self.profiles.seen(user.id, user.display_name, value)

    async def language_of(self, user_id: int, server: object = None) -> Language:
        """The language of a DM to `user_id` sent unasked: their saved choice, else their
        Discord locale as last seen (or kept in their profile), else `server`'s."""
        saved = await self.notifier.saved_language(user_id)
        return pick_language(await self.notifier.discord_locale(user_id), saved, server)

    def server_language(self, guild_id: int | None) -> Language:
        """A public message's language: the server's."""
        return self.notifier.server_language(guild_id)
