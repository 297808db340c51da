"""Errors of the game services: a catalog key (``errors.ftl``) and its values."""

from __future__ import annotations

from bot.engine.errors import IllegalAction
from bot.errors import PlayerError


class GameError(PlayerError):
    """A request that can't be done; the key says why, in the reader's language."""


class MoveRefused(GameError, IllegalAction):
    """The engine refused a player's move: its code and values as a player error (key
    ``illegal-<code>``); still an ``IllegalAction`` for callers that catch that."""

    def __init__(self, illegal: IllegalAction) -> None:
        GameError.__init__(self, f"illegal-{illegal.code}", **illegal.values)
        self.code = illegal.code  # IllegalAction's fields (its __init__ ran with the text)
        self.values = dict(illegal.values)
