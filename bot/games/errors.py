"""Errors of the game services, each with a message a player can read."""

from __future__ import annotations

from bot.errors import PlayerError


class GameError(PlayerError):
    """A request that can't be done; the message says why, for the player."""


TABLE_NOT_FOUND = "Sorry, we couldn't find that game table."
NOT_SEATED = "Only the players at this table can use these controls."
STALE = "That button is out of date; here is your hand as it is now."
