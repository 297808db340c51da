"""A player's DM channel is opened once: its id is kept in the store (through the players'
profiles), so a restarted bot (new memory, same database) writes to them without opening it
again."""

from __future__ import annotations

from bot.outbox import Outbox
from bot.ui.dms import DirectMessages

from .conftest import World


def dm_opens(world: World) -> int:
    return sum(1 for r in world.emu.requests if r.path == "/users/@me/channels")


async def test_the_dm_channel_id_is_read_from_the_store_after_a_restart(world: World) -> None:
    a, bot = world.alice, world.bot
    store = bot.services.store  # type: ignore[union-attr]
    profiles = bot.services.profiles  # type: ignore[union-attr]
    await store.players.upsert(a.id, "alice")
    before = dm_opens(world)
    first = DirectMessages(bot, profiles, Outbox(bot))
    assert await first.tell(a.id, "hello")
    assert dm_opens(world) == before + 1
    assert await store.players.dm_channel(a.id) == world.emu.dm_channel(a).id
    # What a restart keeps: the database; the memory and the outbox are new.
    again = DirectMessages(bot, profiles, Outbox(bot))
    assert await again.tell(a.id, "hello again")
    # Not asked of Discord (nor of discord.py's cache of DM channels, which a restart loses).
    assert "dm_open" not in again.outbox.by_route()
    assert dm_opens(world) == before + 1
    assert [m.text for m in world.emu.dms(a)][-2:] == ["hello", "hello again"]
