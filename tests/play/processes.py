"""Several processes in one test of the real bot: more table services on its store, each
with a notifier of its own writing through the bot's outbox, as another process would."""

from __future__ import annotations

from bot.games.tables import TableService
from bot.ui.notifier import Notifier
from tests.games.test_shared import challenge

from .conftest import World


def notifier_of(world: World, tables: TableService) -> Notifier:
    """A notifier for `tables` (the process's Discord side), on the bot's outbox."""
    screens = world.bot.wired()[1]
    notifier = Notifier(world.bot, screens.notifier.profiles, tables, outbox=screens.outbox)
    tables.subscribe(notifier)
    return notifier


async def accepted_match(world: World, tables: TableService) -> int:
    """Alice challenges Bob in the world's channel through `tables` (a match of cardgames
    to 100) and Bob accepts: the new table's id."""
    ch, a, b = world.channel, world.alice, world.bob
    assert ch.guild is not None
    return await challenge(
        tables,
        tables.store,
        where=(ch.guild.id, ch.id),
        players=((a.id, "alice"), (b.id, "bob")),
        target=100,
    )
