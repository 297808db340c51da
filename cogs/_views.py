"""What the player-facing cogs share: a private answer, a person, a view only its asker uses."""

from __future__ import annotations

from typing import Any

import discord

from bot.circle import Person
from bot.errors import handle_interaction_error
from bot.i18n import resolve_locale, t

NONE = discord.AllowedMentions.none()


def person(user: discord.abc.User) -> Person:
    return Person(user.id, user.display_name)


async def private(interaction: discord.Interaction, text: str) -> None:
    await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NONE)


class OwnedView(discord.ui.View):
    """A short-lived view only the person who asked may use; errors go to the central handler."""

    def __init__(self, owner_id: int, timeout: float = 300, *, language: str = "en") -> None:
        super().__init__(timeout=timeout)
        self.owner_id = owner_id
        #: The owner's language (the answers of its buttons).
        self.language = language

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id != self.owner_id:
            await private(
                interaction, t(resolve_locale(interaction.locale), "reply-not-your-buttons")
            )
            return False
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        await handle_interaction_error(interaction, error)
