"""Several processes: a busy channel's one "tables in play" message is shared through the
store (`TableService.busy_channel`, `store.busy`): every playing table's line as a process
last wrote it (never replaced by an older one), the channel's message claimed by one
process, forgotten by one. Two services on one database, on PostgreSQL and on a SQLite
file."""

from __future__ import annotations

from bot.games.challenges import ChallengeService
from bot.games.model import TableUpdate
from bot.games.tables import TableService
from bot.store import Storage
from tests.shared_store import Clock

from .test_shared import ONE, ZERO, click, service

GUILD, CHANNEL, OTHER = 1, 2, 3
POSTED = 9100  # the message's id, as Discord gave it


async def match(tables: TableService, store: Storage, n: int, channel: int = CHANNEL) -> int:
    """A match between two people of its own (a player sits at 3 tables at most)."""
    challenges = ChallengeService(store, tables)
    me, you = 2000 + 2 * n, 2001 + 2 * n
    made = await challenges.create(
        guild_id=GUILD,
        channel_id=channel,
        challenger=(me, f"P{n}a"),
        opponent=(you, f"P{n}b"),
        opponent_is_bot=False,
        preset="cardgames",
        target=60,
    )
    _, update = await challenges.accept(made.id, you, {me: f"P{n}a", you: f"P{n}b"})
    return update.state.table_id


async def test_each_process_writes_its_lines_and_reads_everyones(
    stores: tuple[Storage, Storage],
) -> None:
    clock = Clock()
    seen: list[TableUpdate] = []
    zero, one = service(stores[0], clock, seen, ZERO), service(stores[1], clock, seen, ONE)
    first, second = await match(zero, stores[0], 1), await match(one, stores[1], 2)
    elsewhere = await match(zero, stores[0], 3, channel=OTHER)

    # Nothing written yet: the channel's tables in play, without lines, and no message.
    empty = await one.busy_channel(CHANNEL)
    assert [(t.table_id, t.version, t.line) for t in empty.tables] == [
        (first, None, None),
        (second, None, None),
    ]
    assert (empty.message_id, empty.posting, empty.revision) == (None, False, 0)

    # Each process writes the line of the table it moved; each reads both.
    v1 = zero.state(await zero.sync(first)).version
    await zero.busy_channel(CHANNEL, [(first, v1, "first, as zero saw it")])
    v2 = one.state(await one.sync(second)).version
    both = await one.busy_channel(CHANNEL, [(second, v2, "second, as one saw it")])
    assert [(t.table_id, t.version, t.line) for t in both.tables] == [
        (first, v1, "first, as zero saw it"),
        (second, v2, "second, as one saw it"),
    ]
    assert both.revision == 2

    # The table moves on in one process: the other's older copy never replaces its line.
    await click(one, first)
    await click(one, first)
    v3 = one.state(await one.sync(first)).version
    assert v3 > v1
    await one.busy_channel(CHANNEL, [(first, v3, "first, newer")])
    stale = await zero.busy_channel(CHANNEL, [(first, v1, "first, older")])
    assert [(t.version, t.line) for t in stale.tables] == [
        (v3, "first, newer"),
        (v2, "second, as one saw it"),
    ]
    assert stale.revision == 3  # a line refused moves nothing
    # A line for a table of another channel is not written into this one.
    other = await zero.busy_channel(CHANNEL, [(elsewhere, 99, "not here")])
    assert other.revision == 3 and len(other.tables) == 2

    # A table no longer in play leaves the channel's tables, its line with it.
    await one.resign(second, 2004)
    after = await zero.busy_channel(CHANNEL)
    assert [t.table_id for t in after.tables] == [first]
    await zero.close()
    await one.close()


async def test_one_process_posts_the_message_and_one_deletes_it(
    stores: tuple[Storage, Storage],
) -> None:
    clock = Clock()
    seen: list[TableUpdate] = []
    zero, one = service(stores[0], clock, seen, ZERO), service(stores[1], clock, seen, ONE)
    await match(zero, stores[0], 1)

    assert await zero.claim_busy_message(CHANNEL)
    assert not await one.claim_busy_message(CHANNEL)  # zero is posting it
    assert not await zero.claim_busy_message(CHANNEL)  # once is enough
    assert (await one.busy_channel(CHANNEL)).posting
    await zero.busy_posted(CHANNEL, POSTED)
    seen_by_one = await one.busy_channel(CHANNEL)
    assert (seen_by_one.message_id, seen_by_one.posting) == (POSTED, False)
    assert not await one.claim_busy_message(CHANNEL)  # there is a message

    # Quiet again: one process forgets it (and deletes it on Discord), the other does not.
    assert await one.drop_busy_message(CHANNEL, POSTED)
    assert not await zero.drop_busy_message(CHANNEL, POSTED)
    assert (await zero.busy_channel(CHANNEL)).message_id is None

    # A post that failed lets the claim go at once.
    assert await one.claim_busy_message(CHANNEL)
    await one.busy_posted(CHANNEL, None)
    assert (await zero.busy_channel(CHANNEL)).posting is False
    assert await zero.claim_busy_message(CHANNEL)

    # A claimer killed before it stored the message: its lease runs out, another claims.
    assert await stores[0].busy.claim(OTHER, 0.0)
    assert await stores[1].busy.claim(OTHER, 60.0)
    await zero.close()
    await one.close()
