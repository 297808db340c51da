"""Sixteen tables in one channel, and a tournament round of sixteen tables in its thread,
with Discord's rate limits on (issue #30): ``python -m bot`` against the emulator, players
clicking at a person's pace through the load bench's own machinery (`bench/loadbench/`,
`bench/staleness.py`). Generous bounds: the targets and the figures are the bench's
(docs/performance.md, "With the outbox"); these say the bot keeps within sight of them."""

from __future__ import annotations

import asyncio
import math
import random
import re
from collections.abc import Awaitable, Callable

from bench.loadbench.players import Pace, Table, Tally, play_table, setup_table
from bench.loadbench.watch import Watch
from emulator import Channel, Emulator, User
from tests.play.cups import make_admin

from .botproc import BotProcess
from .conftest import World

TABLES = 16
#: Seconds of play; a click 1.5-4.5 s after the controls appear (bench `--think 3`).
PLAY_SECONDS = 30.0
THINK = 3.0
#: A person's pace keeps the bot under the bench's targets (board p99 <= 3 s, a turn handed
#: over within 1 s at p99, the first hand within 5 s); a loaded test machine gets slack.
STALENESS_P99 = 8.0
HANDOFF_P99 = 3.0
FIRST_HAND = 15.0
MOVES_EACH = 3

BOT_ENV = {
    "GIN_TURN_SECONDS": "3600",  # no automatic moves while the scripted players think
    "GIN_ROUND_PAUSE": "0",
    "GIN_PICTURES": "off",  # the rate limits are the subject, not the drawing
    # The first start's emoji uploads (one a second for 80 s) would keep the emulator from
    # the 2 s of quiet the test waits for at the end; a running bot has them already.
    "GIN_CARD_EMOJIS": "off",
}


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]


async def play(emu: Emulator, tables: list[Table], since: float) -> tuple[Tally, list[float]]:
    """Every table at a person's pace for `PLAY_SECONDS`; the tally and each move's board
    staleness (moves made from `since` on)."""
    tally = Tally()
    watch = Watch(emu)
    rng = random.Random(30)
    pace = Pace(tally, asyncio.get_running_loop().time() + PLAY_SECONDS)
    await asyncio.gather(*(play_table(emu, watch, t, 1000, THINK, pace, rng) for t in tables))
    watch.stop()
    await emu.settle(quiet=2.0, timeout=30)  # the last board edits land
    stale = [
        gap
        for t in tables
        for (acked, _), gap in zip(t.board.moves, t.board.staleness(emu, t.channel), strict=True)
        if acked >= since
    ]
    return tally, stale


def check(
    emu: Emulator, bot: BotProcess, tables: list[Table], tally: Tally, stale: list[float]
) -> None:
    """What every table must show after the play: progress, a board that kept up, turns
    handed over, no refusal from Discord."""
    assert tally.failed == 0 and tally.stalled == 0, (tally.failed, tally.stalled, tally.races)
    slow = [t.moves for t in tables if t.moves < MOVES_EACH]
    assert not slow, f"tables that barely moved: {sorted(t.moves for t in tables)}"
    assert len(stale) >= TABLES * 2, len(stale)
    assert p99(stale) < STALENESS_P99, sorted(stale)[-5:]
    assert p99(tally.handoffs) < HANDOFF_P99, sorted(tally.handoffs)[-5:]
    refused = [(e.method, e.route) for e in emu.errors if e.status == 429]
    assert refused == [], refused
    assert emu.ratelimits.stats.invalid == 0
    assert "Traceback" not in bot.output()


async def test_sixteen_tables_in_one_channel_with_discords_limits(
    emu: Emulator, world: World, start_bot: Callable[..., Awaitable[BotProcess]]
) -> None:
    assert emu.rate_limits  # Discord's limits, as the emulator runs by default
    guild = world.guild
    tables = [
        Table(
            emu.create_user(f"player{2 * i}", guilds=[guild]),
            emu.create_user(f"player{2 * i + 1}", guilds=[guild]),
            world.channel,
        )
        for i in range(TABLES)
    ]
    bot = await start_bot(**BOT_ENV)
    await emu.settle(quiet=0.5, timeout=30)
    watch = Watch(emu)
    setup = Tally()

    async def one(k: int, t: Table) -> None:
        await asyncio.sleep(k / 25)  # 25 challenges a second, as the bench
        await setup_table(emu, watch, t, 500, setup)

    await asyncio.gather(*(one(k, t) for k, t in enumerate(tables)))
    watch.stop()
    assert all(t.ready for t in tables), (setup.failed, setup.stalled, setup.races)
    assert max(setup.first_hands) < FIRST_HAND, sorted(setup.first_hands)

    tally, stale = await play(emu, tables, emu.clock.now())
    check(emu, bot, tables, tally, stale)
    summary = [m for m in emu.messages(world.channel) if m.text.startswith("Tables in play")]
    assert len(summary) == 1  # the busy channel's one message, edited


async def test_a_tournament_round_of_sixteen_tables_in_its_thread(
    emu: Emulator, world: World, start_bot: Callable[..., Awaitable[BotProcess]]
) -> None:
    assert emu.rate_limits
    guild, ch = world.guild, world.channel
    admin = emu.create_user("ada", guilds=[guild])
    make_admin(emu, guild, admin)
    players = [emu.create_user(f"player{n}", guilds=[guild]) for n in range(2 * TABLES)]
    bot = await start_bot(
        **BOT_ENV, GIN_TOURNAMENT_NO_SHOW_SECONDS="600", GIN_TOURNAMENT_ROUND_PAUSE="600"
    )
    await emu.settle(quiet=0.5, timeout=30)
    await emu.slash(
        admin,
        ch,
        "gin tournament create",
        name="Cup",
        format="swiss",
        rules="cardgames",
        target=500,
        rounds=1,
    )
    signup = await emu.wait_for(
        lambda: next((m for m in emu.messages(ch) if "Join" in m.button_labels), None),
        what="the sign-up",
    )
    for user in players:
        await emu.click(user, signup, "Join")
    await emu.slash(admin, ch, "gin tournament start")
    home = await emu.wait_for(lambda: emu.thread_of(signup), what="the tournament's thread")

    # Round 1: each player's hand names their table; two players a table.
    by_table: dict[int, list[User]] = {}
    await emu.wait_for(
        lambda: _paired(emu, players, by_table), timeout=60, what="all 16 tables dealt"
    )
    thread: Channel = home  # type: ignore[assignment]
    tables = [Table(a, b, thread) for a, b in by_table.values()]
    for t in tables:
        t.ready = True
    assert len(tables) == TABLES

    tally, stale = await play(emu, tables, emu.clock.now())
    check(emu, bot, tables, tally, stale)
    summary = [m for m in emu.messages(home) if m.text.startswith("Tables in play")]
    assert len(summary) == 1  # the round's tables in play, in the thread


def _paired(emu: Emulator, players: list[User], by_table: dict[int, list[User]]) -> bool:
    """Every player's table known from their hands (live or not): 16 tables of two."""
    by_table.clear()
    for user in players:
        found = None
        for m in reversed(emu.dms(user)):
            found = re.search(r"[Tt]able #(\d+)", m.text)
            if found:
                break
        if found is None:
            return False
        by_table.setdefault(int(found.group(1)), []).append(user)
    return len(by_table) == TABLES and all(len(v) == 2 for v in by_table.values())
