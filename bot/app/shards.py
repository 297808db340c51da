"""The bot on Discord's shards: ``GIN_SHARD_COUNT`` (and ``GIN_SHARDS``) make it an
``AutoShardedBot`` that connects those shards of the count; unset, the plain ``GinBot``.

A server's events come on shard ``(guild_id >> 22) % shard_count``, DMs (and every click on
a DM hand) on shard 0 only; see ``docs/deploy.md`` for splitting shards over processes.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from discord.ext import commands

from bot.app.client import GinBot
from bot.app.settings import Settings

log = logging.getLogger("gin")

#: Logged when one shard has connected and received its servers.
SHARD_READY_LINE = "gin-bot shard %d of %d ready: %d guilds"


class ShardedGinBot(GinBot, commands.AutoShardedBot):
    """``GinBot`` connecting the shards ``settings.shards`` (all of them if None) of
    ``settings.shard_count``; one process, one cache and one store for all its shards."""

    def __init__(self, settings: Settings, *, extensions: Sequence[str] | None = None) -> None:
        super().__init__(
            settings,
            extensions=extensions,
            shard_ids=list(settings.shards) if settings.shards is not None else None,
            shard_count=settings.shard_count,
        )

    async def on_shard_ready(self, shard_id: int) -> None:
        mine = sum(1 for guild in self.guilds if guild.shard_id == shard_id)
        log.info(SHARD_READY_LINE, shard_id, self.shard_count or 0, mine)


def make_bot(settings: Settings, *, extensions: Sequence[str] | None = None) -> GinBot:
    """The bot the settings ask for: sharded when ``GIN_SHARD_COUNT`` is set."""
    if settings.sharded:
        return ShardedGinBot(settings, extensions=extensions)
    return GinBot(settings, extensions=extensions)
