"""A last-round double forfeit decided by the no-show deadline, through Discord: whatever the
order of events, the two absent players keep their ratings, stats and achievements, and the
tournament says in words what happened (and marks the forfeits in the standings)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from bot.games.model import TableUpdate
from bot.store import open_store
from bot.store.ratings import GLOBAL
from emulator import Emulator

from .conftest import QUIET_WITHIN, bot_on, quiet
from .cups import (
    commands_path,
    create_cup,
    play_until,
    server,
    start_cup,
    tournament_of,
)

#: The order of events at the deadline that decides the last table.
#: - "update-after-end": the no-show table's last update reaches the table's observers
#:   (ratings, achievements) only after the tournament has finished and forgotten its
#:   tables: the order that rated both forfeits before.
#: - "update-before-end": that update is delivered at once.
#: - "deadline-mid-round": the deadline fires while the other table is still being
#:   played; that table's end then finishes the tournament.
ORDERS = ("update-after-end", "update-before-end", "deadline-mid-round")


def ranked_line(text: str, name: str) -> str:
    """The line of the final ranking ("  1. Alice   1 pt, ...") for ``name``."""
    return next(
        ln
        for ln in text.splitlines()
        if ln.strip()[:1].isdigit() and ln.split(".", 1)[1].split()[0] == name
    )


@pytest.mark.parametrize("order", ORDERS)
async def test_last_round_double_forfeit_counts_nowhere(tmp_path: Path, order: str) -> None:
    database = tmp_path / "gin.sqlite3"
    async with Emulator() as emu:
        guild, ch, admin, players = server(emu, "events", ["Alice", "Bob", "Dave", "Erin"])
        names = {u.id: u.global_name for u in players}

        async with bot_on(
            emu, guild.id, database, tournament_round_pause=0, tournament_no_show=600
        ) as bot:
            cog: Any = bot.get_cog("Tournaments")
            path = commands_path(emu, ch)
            tid, signup = await create_cup(emu, ch, admin, rounds=1)
            assert "Format: **Swiss**, 1 round" in signup.text
            assert "1 rounds" not in signup.text
            home = await start_cup(emu, signup, admin, players)
            assert home is emu.thread_of(signup)
            assert any("round 1 of 1" in m.text for m in emu.messages(home))
            t = await emu.wait_for(lambda: tournament_of(bot, tid))
            played, absent = t.rounds[0]
            by_key = {key: table for table, key in cog.service.tables_in_play(tid).items()}
            absent_table = by_key[absent.id]
            present_users = [u for u in players if u.id in played.players]
            absent_users = [u for u in players if u.id in absent.players]

            # A gate in front of every table observer (ratings, achievements, the board):
            # it holds the no-show table's updates until told.
            tables = cog.service.tables
            release = asyncio.Event()
            held: list[str] = []

            async def gate(update: TableUpdate) -> None:
                if order == "update-after-end" and update.state.table_id == absent_table:
                    held.append(update.kind)
                    await release.wait()

            tables.subscribe(gate, first=True)  # before the others

            async def deadline() -> None:
                cog.service.clock = lambda: time.time() + 3600  # past the no-show deadline
                assert await cog.service.check_deadlines() == 1

            if order == "deadline-mid-round":
                await play_until(emu, present_users, lambda: False, moves=4)
                await deadline()
                assert t.pairing(absent.id).result is not None
                assert t.pairing(played.id).result is None  # both had moved: no change
                await play_until(emu, present_users, lambda: tournament_of(bot, tid) is None)
            else:
                await play_until(emu, present_users, lambda: t.pairing(played.id).result)
                await deadline()
            # The thread's posts wait their turn in its bucket (5 per 5 s): a generous wait.
            final = await emu.wait_for(
                lambda: next((m for m in emu.messages(home) if "is over" in m.text), None),
                QUIET_WITHIN,
                what="the final standings",
            )
            if order == "update-after-end":
                assert held == ["closed"]  # the tournament finished while it was held
                release.set()
            await quiet(emu, bot)

            # The words: the board and the thread say what happened, never "resignation".
            note = "played in time: both lose."
            a, b = (names[absent.a], names[absent.b])
            assert any(f"Neither {a} nor {b} {note}" in m.text for m in emu.messages(home))
            record = await cog.service.store.tables.get(absent_table)
            assert record.status == "abandoned"
            board = emu.message(record.message_id)
            assert f"Neither {a} nor {b} {note}" in board.text
            assert board.button_labels == []
            # Their hand messages say so too, with no control left.
            for user in absent_users:
                hands = [m for m in emu.dms(user) if f"#{absent_table}" in m.text]
                assert hands and f"Neither {a} nor {b} {note}" in hands[-1].text
                assert not any(not x.disabled for m in hands for x in m.buttons())
                assert not any(m.selects() for m in hands)
            assert not any("resignation" in m.text for m in emu.messages(home))
            # The standings mark the forfeits; the one point is "1 pt".
            for user in absent_users:
                line = ranked_line(final.text, user.global_name)
                assert "0 pts" in line and line.rstrip().endswith("0-1 (1 ff)")
            winner = t.pairing(played.id).result.winner
            line = ranked_line(final.text, names[winner])
            assert "1 pt," in line and line.rstrip().endswith("1-0")
            standings = next(m for m in emu.messages(home) if "Final standings" in m.text)
            assert standings.text.count("(1 ff)") == 2

            # Standings after the event, without a number; autocomplete offers it.
            await emu.slash(absent_users[0], ch, f"{path} standings")
            assert "Final standings" in emu.last_ephemeral(absent_users[0]).text
            choices = await emu.autocomplete(admin, ch, f"{path} standings", "tournament", "cu")
            assert choices == [{"name": f"#{tid} Cup (finished)", "value": tid}]
            assert emu.unknown_routes == []

    store = await open_store(database)
    try:
        pairings = {p.key: p for p in await store.tournaments.pairings(tid)}
        assert pairings[absent.id].result_kind == "double_forfeit"
        assert pairings[played.id].result_kind == "win"
        for user in absent_users:
            # Untouched: never rated, no match in the stats or history, no achievement.
            assert await store.ratings.get(user.id, guild.id) is None
            assert await store.ratings.get(user.id, GLOBAL) is None
            for scope in (guild.id, GLOBAL):
                assert (await store.stats.get(user.id, scope)).matches_played == 0
            assert await store.history.recent(user.id) == []
            assert await store.achievements.of(user.id) == []
        # Meanwhile the match that was played counted everywhere.
        for user in present_users:
            rating = await store.ratings.get(user.id, guild.id)
            assert rating is not None and rating.games == 1
            assert (await store.stats.get(user.id, GLOBAL)).matches_played == 1
            assert "first_match" in [a.key for a in await store.achievements.of(user.id)]
    finally:
        await store.close()
