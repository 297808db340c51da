"""Whose message a click is on: a click is answered only on the clicking person's surfaces.

Discord's own client only lets people click controls on messages they can see, but the bot
does not rely on that: an interaction could name any message. Before a control's handler runs,
the message the click came from is classified:

- ``OWN``: in the clicker's DM channel with the bot (the id the bot itself got from Discord for
  that person, never what the interaction claims), or an ephemeral reply to the clicker;
- ``PUBLIC``: a non-ephemeral message in a server channel;
- ``FOREIGN``: anything else (another person's DM channel or ephemeral reply).

A click on a ``FOREIGN`` message changes nothing and edits nothing: the clicker alone gets a
short ephemeral answer. Controls that show a hand (moves) also refuse ``PUBLIC`` messages, since
their answer edits the clicked message with the clicker's cards.
"""

from __future__ import annotations

import enum
import logging
from typing import Any

import discord

from bot.errors import handle_interaction_error
from bot.i18n import resolve_locale, t
from bot.ui.dms import dm_channel_id

log = logging.getLogger(__name__)

#: Catalog keys of the refusals (said in the clicker's Discord language).
NOT_YOURS = "click-not-yours"
NOT_CHECKED = "click-not-checked"


class Surface(enum.Enum):
    OWN = "own"
    PUBLIC = "public"
    FOREIGN = "foreign"


async def surface_of(interaction: discord.Interaction[Any]) -> Surface:
    """Whom the clicked message belongs to, from the clicker's point of view."""
    # discord.py gives the message the interaction's channel (Discord sends both together), so
    # the channel stands for the message's place.
    message = interaction.message
    if message is None:
        return Surface.FOREIGN
    if message.flags.ephemeral:
        meta = message.interaction_metadata
        owner = meta.user.id if meta is not None else None
        return Surface.OWN if owner == interaction.user.id else Surface.FOREIGN
    if interaction.guild_id is not None:
        return Surface.PUBLIC
    mine = await dm_channel_id(interaction.client, interaction.user.id)
    return Surface.OWN if interaction.channel_id == mine else Surface.FOREIGN


async def allowed(interaction: discord.Interaction[Any], *, private: bool) -> bool:
    """Whether the control's handler may answer this click (on the clicked message, too).

    `private`: the control shows the clicker's hand, so only their own messages will do. A
    refused click is answered with a short ephemeral note to the clicker and logged.
    """
    try:
        where = await surface_of(interaction)
    except discord.HTTPException as exc:
        # The clicker's DM channel could not be looked up: refuse rather than guess.
        log.warning("could not check the owner of a click by %s: %s", interaction.user.id, exc)
        await _refuse(interaction, NOT_CHECKED)
        return False
    if where is Surface.OWN or (where is Surface.PUBLIC and not private):
        return True
    data: dict[str, Any] = dict(interaction.data or {})
    log.warning(
        "refused a click by %s on a %s message %s in channel %s (component %r)",
        interaction.user.id,
        where.value,
        interaction.message.id if interaction.message is not None else None,
        interaction.channel_id,
        data.get("custom_id"),
    )
    await _refuse(interaction, NOT_YOURS)
    return False


async def _refuse(interaction: discord.Interaction[Any], key: str) -> None:
    try:
        await interaction.response.send_message(
            t(resolve_locale(interaction.locale), key), ephemeral=True
        )
    except discord.HTTPException as exc:
        log.info("could not refuse a click by %s: %s", interaction.user.id, exc)


class OwnView(discord.ui.View):
    """A short-lived view on a private answer: only its owner's clicks reach its buttons, and
    its errors reach the central handler (a private apology, the traceback in the log)."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await allowed(interaction, private=True)

    async def on_error(
        self, interaction: discord.Interaction[Any], error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        table = getattr(self, "table_id", None)
        if table is not None:
            log.error("the error below happened in a %s on table %s", type(self).__name__, table)
        await handle_interaction_error(interaction, error)
