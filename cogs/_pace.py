"""How often a player may do something that reaches other people (chat, challenges):
discord.py's cooldown buckets, one per player, shared by every way of doing it (a slash
command, a context menu, a button)."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands


class Pace:
    """At most `rate` uses per `per` seconds for each player; one more raises discord.py's
    `CommandOnCooldown`, which the central error handler answers with how long to wait."""

    def __init__(self, rate: int, per: float) -> None:
        self._buckets: commands.CooldownMapping[int] = commands.CooldownMapping(
            app_commands.Cooldown(rate, per), lambda user_id: user_id
        )

    def take(self, user_id: int) -> None:
        bucket = self._buckets.get_bucket(user_id)
        retry_after = bucket.update_rate_limit() if bucket is not None else None
        if retry_after and bucket is not None:
            raise app_commands.CommandOnCooldown(bucket, retry_after)


#: Table chat and quick reactions: 5 lines in 10 seconds.
CHAT = (5, 10.0)
#: Challenges (the command and the context menu): 3 a minute.
CHALLENGES = (3, 60.0)
