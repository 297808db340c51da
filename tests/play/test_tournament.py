"""A whole Swiss tournament through Discord: eight players sign up with the Join button, three
rounds are played by scripted users clicking their DMs, the bot restarts in the middle of a
round, and the standings and final ranking come out right."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from bot.store import open_store
from emulator import Emulator
from emulator.models import Role

from .conftest import bot_on, quiet
from .cups import (
    CUP,
    commands_path,
    create_cup,
    pairing_tables,
    play_until,
    server,
    start_cup,
    swiss_started,
    tournament_of,
    wait,
)
from .driver import live_controls, play_one


# Eight players' whole matches, four tables in one channel, under Discord's limits: the
# channel's posts (reveals, new boards) go one a second, about a minute on a quiet machine.
@pytest.mark.timeout(240)
async def test_swiss_of_eight_with_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "gin.sqlite3"
    async with Emulator() as emu:
        guild, ch, admin, players = server(emu, "tournaments", 8)
        organizer = emu.create_user("olga", guilds=[guild])
        hosts = Role(emu.snowflakes.next(), "Hosts", 0, position=3)
        guild.roles.append(hosts)
        guild.members[organizer.id].roles.append(hosts.id)

        async with bot_on(
            emu, guild.id, database, tournament_round_pause=0, tournament_no_show=600
        ) as bot:
            path = commands_path(emu, ch)
            # Olga may not organize until an admin names her role.
            await emu.slash(organizer, ch, f"{path} create", name="Friday Gin", rounds=3, **CUP)
            assert "Manage Server or the organizer role" in emu.last_ephemeral(organizer).text
            assert emu.last_message(ch) is None
            await emu.slash(admin, ch, f"{path} organizer-role", role=hosts)
            assert "can now run tournaments" in emu.last_ephemeral(admin).text
            tid, signup = await create_cup(emu, ch, organizer, "Friday Gin", rounds=3)
            assert "Friday Gin" in signup.text
            assert signup.button_labels == ["Join", "Leave"]
            # The tournament has its own thread, started from the sign-up message.
            home = await emu.wait_for(lambda: emu.thread_of(signup))
            assert "Friday Gin" in (home.name or "")
            assert not [m for m in emu.ephemerals(organizer) if "thread" in m.text]

            for user in players:
                await emu.click(user, signup, "Join")
            await emu.click(players[0], signup, "Leave")
            await emu.click(players[0], signup, "Join")
            text = emu.message(signup.id).text
            assert "Entrants (8)" in text
            assert all(u.global_name in text for u in players)
            # A player can't start it.
            await emu.slash(players[1], ch, f"{path} start")
            assert "Only someone with Manage Server" in emu.last_ephemeral(players[1]).text

            assert await start_cup(emu, signup, organizer, []) is home  # all joined above
            assert any("round 1 of 3" in m.text for m in emu.messages(home))
            await wait(lambda: "Sign-up is closed" in emu.message(signup.id).text, "the edit")
            assert emu.message(signup.id).button_labels == []
            round1 = next(m for m in emu.messages(home) if "round 1 of 3" in m.text)
            # Every player is pinged in the round announcement.
            assert all(f"<@{u.id}>" in round1.text for u in players)

            # Round 1 to the end, then round 2 only part of the way.
            await play_until(emu, players, lambda: tournament_of(bot, tid).current_round == 2)
            t = tournament_of(bot, tid)
            assert [p.result.kind.value for p in t.rounds[0]] == ["win"] * 4
            standings = await wait(
                lambda: next(
                    (m for m in emu.messages(home) if "Standings after round 1" in m.text), None
                ),
                "the standings message",
            )
            await wait(lambda: any("round 2 of 3" in m.text for m in emu.messages(home)), "round 2")
            await play_until(emu, players, lambda: False, moves=12)
            before = json.dumps(tournament_of(bot, tid).to_dict(), sort_keys=True)
            assert tournament_of(bot, tid).current_round == 2
            assert not tournament_of(bot, tid).round_complete
            tables_before = dict(pairing_tables(bot, tid))
            assert len(tables_before) == 4
            # Let the last moves reach the players' DMs before going down: an update still
            # on its way at shutdown is not sent again after the restart (see the docs).
            await emu.settle(quiet=0.3)

        # The bot goes down in the middle of round 2 and comes back on the same database.
        async with bot_on(
            emu, guild.id, database, tournament_round_pause=0, tournament_no_show=600
        ) as bot:
            after = tournament_of(bot, tid)
            assert json.dumps(after.to_dict(), sort_keys=True) == before
            # The same tables carry on: none reopened, none lost.
            assert pairing_tables(bot, tid).items() <= tables_before.items()
            assert len(pairing_tables(bot, tid)) == len(after.pending_pairings())
            await play_until(
                emu, players, lambda: any("is over" in m.text for m in emu.messages(home))
            )
            assert tournament_of(bot, tid) is None  # finished: no longer in memory
            final = next(m for m in emu.messages(home) if "is over" in m.text)
            await emu.slash(players[3], ch, f"{path} standings", tournament=tid)
            asked = emu.last_ephemeral(players[3]).text
            # After the event, no number is needed: the server's latest tournament.
            await emu.slash(players[4], ch, f"{path} standings")
            assert emu.last_ephemeral(players[4]).text == asked
            await emu.slash(players[5], home, f"{path} standings")
            assert emu.last_ephemeral(players[5]).text == asked
            # Its `tournament` option lists the server's tournaments, filtered by what is typed.
            listed = {"name": f"#{tid} Friday Gin (finished)", "value": tid}
            for typed in ("", "friday", f"#{tid}"):
                found = await emu.autocomplete(
                    players[5], ch, f"{path} standings", "tournament", typed
                )
                assert found == [listed]
            assert (
                await emu.autocomplete(players[5], ch, f"{path} standings", "tournament", "x") == []
            )
            # Everything happened in the thread: the channel holds only the sign-up.
            assert emu.messages(ch) == [emu.message(signup.id)]
            boards = [m for m in emu.messages(home) if "table #" in m.text.lower()]
            assert len(boards) >= 12  # every table's board (and its round reveals)
            assert emu.unknown_routes == []

    # What the store says, checked against what was announced.
    store = await open_store(database)
    try:
        row = await store.tournaments.get(tid)
        assert row is not None and row.status == "finished"
        rounds = await store.tournaments.rounds(tid)
        assert [r.round_no for r in rounds] == [1, 2, 3]
        pairings = await store.tournaments.pairings(tid)
        assert len(pairings) == 12 and all(p.result_kind == "win" for p in pairings)
        # Nobody met twice, and everyone played once a round.
        assert len({frozenset((p.player_a, p.player_b)) for p in pairings}) == 12
        for r in (1, 2, 3):
            seated = [u for p in pairings if p.round_no == r for u in (p.player_a, p.player_b)]
            assert sorted(seated) == sorted(u.id for u in players)
        # Every table was a real match, played to its end and rated.
        for p in pairings:
            assert p.table_id is not None
            if p.round_no == 2:
                assert tables_before[p.key] == p.table_id
            table = await store.tables.get(p.table_id)
            assert table is not None and table.status == "finished"
        points = {u.id: sum(1 for p in pairings if p.winner_id == u.id) for u in players}
        opponents = {
            u.id: [
                p.player_b if p.player_a == u.id else p.player_a
                for p in pairings
                if u.id in (p.player_a, p.player_b)
            ]
            for u in players
        }
        buchholz = {u: sum(points[o] for o in opps) for u, opps in opponents.items()}
        entries = sorted(await store.tournaments.entries(tid), key=lambda e: e.final_rank or 99)
        ranked = [e.user_id for e in entries]
        keys = [(points[u], buchholz[u]) for u in ranked]
        assert keys == sorted(keys, reverse=True)
        assert entries[0].status == "champion" and points[ranked[0]] == 3
        assert sum(points.values()) == 12
        names = {u.id: u.global_name for u in players}
        winner_line = final.text.split("Winner:")[1].splitlines()[0]
        assert f"<@{ranked[0]}>" in winner_line
        lines = [ln for ln in final.text.splitlines() if ln.strip()[:1].isdigit()]
        assert [ln.split(".", 1)[1].split()[0] for ln in lines] == [names[u] for u in ranked]
        for ln, u in zip(lines, ranked, strict=True):
            assert f"{points[u]} {'pt' if points[u] == 1 else 'pts'}, Bu {buchholz[u]}" in ln
        # The one standings message was edited through to the end, and /standings agrees.
        assert "Final standings" in emu.message(standings.id).text
        assert "Final standings" in asked
        for u in ranked:
            assert names[u] in asked
        for u in players:
            rating = await store.ratings.get(u.id, guild.id)
            assert rating is not None and rating.games == 3
            assert (await store.ratings.get(u.id)).games == 3
    finally:
        await store.close()


async def test_no_show_kick_and_cancel_in_the_channel(tmp_path: Path) -> None:
    async with Emulator() as emu:
        guild, ch, admin, players = server(emu, "tournaments")
        # Without Create Public Threads the tournament runs in the channel, and the
        # organizer is told so, once.
        emu.deny_bot(ch, "create_public_threads")
        async with bot_on(
            emu, guild.id, tmp_path / "gin.sqlite3", tournament_round_pause=0, tournament_no_show=3
        ) as bot:
            path = commands_path(emu, ch)
            tid, home = await swiss_started(emu, ch, admin, players, name="Quick", rounds=3)
            assert home is ch
            assert any("round 1 of 3" in m.text for m in emu.messages(ch))
            # Exactly one player makes one move (well before the 3 s deadline, even on a
            # busy machine); everyone else stays away.
            mover = await wait(
                lambda: next((u for u in players if live_controls(emu, u)), None), "a hand"
            )
            assert await play_one(emu, mover)
            note = await wait(
                lambda: next((m for m in emu.messages(ch) if "No-show" in m.text), None),
                "the no-show note",
            )
            absent = [u for u in players if u is not mover]
            assert all(u.global_name in note.text for u in absent)
            # It says what happened at each table.
            t = tournament_of(bot, tid)
            lost_to = next(
                p.b if p.a == mover.id else p.a for p in t.rounds[0] if mover.id in p.players
            )
            loser = next(u for u in players if u.id == lost_to)
            others = [u.global_name for u in absent if u is not loser]
            assert f"{loser.global_name} did not play in time: " in note.text
            assert f"{mover.global_name} wins by forfeit." in note.text
            assert "resignation" not in note.text
            assert any(
                f"Neither {a} nor {b} played in time: both lose." in note.text
                for a, b in (others, others[::-1])
            )
            await wait(lambda: any("round 2 of 3" in m.text for m in emu.messages(ch)), "round 2")
            # Pausing stops round 2's clock (and keeps the rest of this test unhurried).
            await emu.slash(admin, ch, f"{path} pause")
            await wait(lambda: any("is paused" in m.text for m in emu.messages(ch)), "pause")
            t = tournament_of(bot, tid)
            assert t.current_round == 2
            kinds = sorted(p.result.kind.value for p in t.rounds[0])
            assert kinds == ["double_forfeit", "forfeit"]
            forfeit = next(p for p in t.rounds[0] if p.result.kind.value == "forfeit")
            assert forfeit.result.winner == mover.id
            # The organizer removes a player; a player may not.
            await emu.slash(players[0], ch, f"{path} kick", player=players[1])
            assert "Only someone with Manage Server" in emu.last_ephemeral(players[0]).text
            await emu.slash(admin, ch, f"{path} kick", player=players[1])
            await wait(
                lambda: any("was removed from the tournament" in m.text for m in emu.messages(ch)),
                "the kick note",
            )
            assert players[1].id in tournament_of(bot, tid).withdrawn
            await emu.slash(admin, ch, f"{path} cancel")
            await wait(lambda: any("was cancelled" in m.text for m in emu.messages(ch)), "cancel")
            assert tournament_of(bot, tid) is None
            told = [m for m in emu.ephemerals(admin) if "open a thread" in m.text]
            assert len(told) == 1 and "runs in this channel" in told[0].text
            assert "Create Public Threads" in told[0].text
            assert emu.threads(ch) == []
            # The tables' boards were posted in the channel too.
            assert any("table #" in m.text.lower() for m in emu.messages(ch))
            assert not emu.unacknowledged()


async def test_a_tournament_created_in_a_thread_lives_there(tmp_path: Path) -> None:
    """Created inside a thread (or a forum post), the tournament runs in it: no new thread,
    no fallback note, its tables' boards in that thread too."""
    async with Emulator() as emu:
        guild, ch, admin, players = server(emu, "events", 2)
        thread = emu.create_thread(ch, "Weekly cup", by=admin)
        async with bot_on(emu, guild.id, tmp_path / "gin.sqlite3"):
            path = commands_path(emu, ch)
            _, signup = await create_cup(emu, thread, admin)
            assert "Cup" in signup.text
            assert await start_cup(emu, signup, admin, players) is thread
            assert any("round 1 of 1" in m.text for m in emu.messages(thread))
            await wait(
                lambda: any("table #" in m.text.lower() for m in emu.messages(thread)), "a board"
            )
            await emu.slash(admin, thread, f"{path} cancel")
            await wait(
                lambda: any("was cancelled" in m.text for m in emu.messages(thread)), "cancel"
            )
            assert emu.messages(ch) == []
            assert emu.threads(ch) == [thread]
            assert not [m for m in emu.ephemerals(admin) if "thread" in m.text]
            assert emu.unknown_routes == []


async def test_two_results_announced_at_once_share_one_standings_message(
    tmp_path: Path,
) -> None:
    """Two matches of a round can end together: their standings go into one message (the
    second result edits the first's message) instead of two, one left with old figures."""
    async with Emulator() as emu:
        guild, ch, admin, players = server(emu, "events")
        async with bot_on(emu, guild.id, tmp_path / "gin.sqlite3") as bot:
            tid, home = await swiss_started(emu, ch, admin, players)
            cog: Any = bot.get_cog("Tournaments")
            info = await cog.service.info(tid)
            assert info.standings_message_id is None
            # As two result updates would, each with the tournament as it was then.
            shown = cog.case.screen  # the presenter
            await asyncio.gather(shown.show_standings(info, "en"), shown.show_standings(info, "en"))
            boards = [m for m in emu.messages(home) if "Standings" in m.text]
            assert len(boards) == 1
            assert (await cog.service.info(tid)).standings_message_id == boards[0].id


async def test_standings_another_process_is_posting_are_left_to_it(tmp_path: Path) -> None:
    """Processes sharing a store each take results: of those showing the standings at once,
    the one that claimed the message posts it, the others leave their result to it (it
    draws the standings again once posted) instead of posting a second message."""
    async with Emulator() as emu:
        guild, ch, admin, players = server(emu, "events")
        async with bot_on(emu, guild.id, tmp_path / "gin.sqlite3") as bot:
            tid, home = await swiss_started(emu, ch, admin, players)
            cog: Any = bot.get_cog("Tournaments")
            info = await cog.service.info(tid)
            # As another process would, claim the message (saved with the tournament).
            assert (await cog.service.claim_standings(tid)).post
            assert (await cog.service.info(tid)).standings_posting
            await cog.case.screen.show_standings(info, "en")
            await quiet(emu, bot)
            assert not [m for m in emu.messages(home) if "Standings" in m.text]
            # That process could not post it: the claim is let go, the next result posts.
            await cog.service.set_standings_message(tid, None)
            await cog.case.screen.show_standings(info, "en")
            await quiet(emu, bot)
            boards = [m for m in emu.messages(home) if "Standings" in m.text]
            assert len(boards) == 1
            now = await cog.service.info(tid)
            assert (now.standings_message_id, now.standings_posting) == (boards[0].id, False)


async def test_standings_after_a_rounds_last_result_name_that_round(tmp_path: Path) -> None:
    """The standings of a round's last result are drawn from the tournament as it is when
    they are shown, where the next round may have started meanwhile: they are still
    headed with the round the result belongs to ("after round 1", not "after round 2")."""
    async with Emulator() as emu:
        guild, ch, admin, players = server(emu, "events")
        database = tmp_path / "gin.sqlite3"
        async with bot_on(emu, guild.id, database, tournament_round_pause=0) as bot:
            tid, home = await swiss_started(emu, ch, admin, players, rounds=2)
            assert any("round 1 of 2" in m.text for m in emu.messages(home))
            cog: Any = bot.get_cog("Tournaments")
            in_round_1 = await cog.service.info(tid)
            await play_until(emu, players, lambda: tournament_of(bot, tid).current_round == 2)
            await quiet(emu, bot)
            # The last result of round 1 as its update has it, shown once round 2 is on.
            await cog.case.screen.show_standings(in_round_1, "en")
            await quiet(emu, bot)
            now = await cog.service.info(tid)
            assert now.round_no == 2
            assert now.standings_message_id is not None
            board = emu.message(now.standings_message_id).text
            assert "Standings after round 1 of 2" in board
            assert "after round 2" not in board


async def test_joins_in_a_row_do_not_hold_up_the_rounds_announcement(tmp_path: Path) -> None:
    """Each join updates the sign-up message through the outbox, one edit a second in a
    channel: the edits coalesce (the newest wins) rather than queue one behind another, and
    the round's announcement, with its deadline, does not wait behind them."""
    async with Emulator() as emu:
        guild, ch, admin, players = server(emu, "tournaments")
        emu.deny_bot(ch, "create_public_threads")  # everything in the one channel
        async with bot_on(emu, guild.id, tmp_path / "gin.sqlite3", tournament_round_pause=0) as bot:
            _, signup = await create_cup(emu, ch, admin, "Quick", rounds=1)
            assert await start_cup(emu, signup, admin, players) is ch
            assert any("round 1 of 1" in m.text for m in emu.messages(ch))

            def edits() -> int:
                return sum(
                    r.method == "PATCH" and r.path.endswith(f"/messages/{signup.id}")
                    for r in list(emu.requests)
                )

            # Five updates of the sign-up (four joins, then closed): the first edit went at
            # once, the rest wait as one; one after the other they took four seconds more.
            assert edits() <= 2
            await quiet(emu, bot)
            assert edits() <= 2
            assert "Join" not in emu.message(signup.id).button_labels  # the newest: closed
