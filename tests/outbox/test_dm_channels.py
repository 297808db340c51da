"""A player's DM channel is opened once: its id is kept in the store (through the players'
profiles), so a restarted bot (new memory, same database) writes to them without opening it
again."""

from __future__ import annotations

import asyncio

from bot.outbox import Outbox, Priority
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


async def test_a_second_open_for_the_same_player_joins_the_first(world: World) -> None:
    """A challenger's channel opened ahead (lowest priority) and the Accept's open for the
    same player, both waiting for Discord's DM bucket: one open, as urgent as the Accept's.
    Two would spend two of the bucket's five a second (setup at 2 tables a second then
    needs more than it has, and every Accept waits longer than the one before)."""
    a, b, bot = world.alice, world.bob, world.bot
    outbox = Outbox(bot)
    window = outbox.dm_opens.window
    for _ in range(window.limit):  # the bucket spent: the opens below queue
        window.spend()
    order: list[str] = []

    async def opened(name: str, user_id: int, priority: int) -> int:
        channel_id = await outbox.open_dm(user_id, priority)
        order.append(name)
        return channel_id

    ahead = asyncio.create_task(opened("ahead", a.id, Priority.REST))
    other = asyncio.create_task(opened("other", b.id, Priority.TURN))
    await asyncio.sleep(0)
    accept = asyncio.create_task(opened("accept", a.id, Priority.TURN))
    channels = await asyncio.wait_for(asyncio.gather(ahead, other, accept), 10)
    assert channels[0] == channels[2] == world.emu.dm_channel(a).id
    assert channels[1] == world.emu.dm_channel(b).id
    assert outbox.by_route() == {"dm_open": 2}
    # Alice's open went first: it took the Accept's urgency and kept its older place.
    assert order.index("other") > max(order.index("ahead"), order.index("accept"))
