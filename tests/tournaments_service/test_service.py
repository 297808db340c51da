"""The tournament service on a real store, the real table service and the real engine."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.circle.service import CircleService
from bot.games.errors import GameError
from bot.games.model import TableUpdate
from bot.games.tables import Timing
from bot.i18n import render
from bot.store.ratings import GLOBAL
from bot.text.tournaments import bracket_text
from bot.tournaments import Format
from bot.tournaments._model import TournamentTiming
from bot.tournaments.service import TournamentProblem

from .conftest import CHANNEL, GUILD, NAMES, PLAYERS, Clock, Rig, signed_up


async def test_swiss_of_eight_runs_three_rounds_and_rates_every_match(rig: Rig) -> None:
    tid = await signed_up(rig, 8, rounds=3)
    info = await rig.service.start(tid)
    assert info.status == "running" and info.round_no == 1 and info.total_rounds == 3
    for number in (1, 2, 3):
        t = rig.service.tournament(tid)
        assert t is not None and t.current_round == number
        assert len(rig.tournament_tables(tid)) == 4
        await rig.play_round(tid)
    await rig.settle()
    final = await rig.service.info(tid)
    assert final.status == "finished"
    assert rig.kinds().count("round_started") == 3
    assert rig.kinds().count("result") == 12
    finished = [u for u in rig.seen if u.kind == "finished"]
    assert len(finished) == 1
    ranking = finished[0].ranking
    assert sorted(r.user_id for r in ranking) == sorted(PLAYERS)
    # 12 matches, one point a win: 3-0 at the top, the points add up to 12.
    pairings = await rig.store.tournaments.pairings(tid)
    assert len(pairings) == 12 and all(p.result_kind == "win" for p in pairings)
    wins = {p: sum(1 for x in pairings if x.winner_id == p) for p in PLAYERS}
    assert sum(wins.values()) == 12
    assert wins[ranking[0].user_id] == 3 and ranking[0].place == 1
    # No rematch in three Swiss rounds of eight.
    met = [frozenset((p.player_a, p.player_b)) for p in pairings]
    assert len(set(met)) == 12
    entries = {e.user_id: e for e in await rig.store.tournaments.entries(tid)}
    assert entries[ranking[0].user_id].status == "champion"
    assert all(e.final_rank is not None for e in entries.values())
    # Every match was rated, in the server and globally.
    assert len(rig.ratings.rated) == 12
    for scope in (GUILD, GLOBAL):
        stored = await rig.store.ratings.get_many(PLAYERS, scope)
        assert {p: r.games for p, r in stored.items()} == dict.fromkeys(PLAYERS, 3)
        top = stored[ranking[0].user_id].rating
        assert top > 1500 and top == max(r.rating for r in stored.values())
    # Each round's results were stored in the rounds table too.
    rounds = await rig.store.tournaments.rounds(tid)
    assert [r.status for r in rounds] == ["finished"] * 3


async def test_restart_mid_round_and_between_rounds_changes_nothing(db: Path, clock: Clock) -> None:
    timing = TournamentTiming(no_show=600, between_rounds=0)
    rig = await Rig.open(db, timing, clock=clock)
    tid = await signed_up(rig, 6, rounds=3)
    await rig.service.start(tid)
    await rig.play_round(tid)
    # Round 2: finish one table, leave the others in the middle of their match.
    t = rig.service.tournament(tid)
    assert t is not None and t.current_round == 2
    tables = sorted(rig.tournament_tables(tid))
    await rig.finish_table(tables[0])
    for table in tables[1:]:
        for _ in range(3):
            await rig.move(table, knock=False)
    await rig.settle()
    before = rig.service.tournament(tid)
    assert before is not None
    saved = json.dumps(before.to_dict(), sort_keys=True)
    decided = sum(1 for p in before.current_pairings() if p.result is not None)
    assert decided == 1
    await rig.close()

    again = await Rig.open(db, timing, clock=clock)
    try:
        after = again.service.tournament(tid)
        assert after is not None
        assert json.dumps(after.to_dict(), sort_keys=True) == saved
        assert sorted(again.tournament_tables(tid)) == tables[1:]
        # The players who moved (both at each table, in three moves) are still known to have
        # shown up: the deadline passing forfeits nobody.
        clock.advance(601)
        assert await again.service.check_deadlines() == 1
        await again.settle()
        assert [p.result for p in after.current_pairings()][1:] == [None, None]
        await again.play_round(tid)
        await again.play_round(tid)
        await again.settle()
        info = await again.service.info(tid)
        assert info.status == "finished" and info.round_no == 3
        pairings = await again.store.tournaments.pairings(tid)
        assert len(pairings) == 9 and all(p.result_kind == "win" for p in pairings)
        assert len({frozenset((p.player_a, p.player_b)) for p in pairings}) == 9
    finally:
        await again.close()


async def test_a_round_finished_while_down_is_taken_on_restart(db: Path) -> None:
    timing = TournamentTiming(no_show=600, between_rounds=0)
    rig = await Rig.open(db, timing)
    tid = await signed_up(rig, 2)
    await rig.service.start(tid)
    (table,) = rig.tournament_tables(tid)
    await rig.close()
    # The match ends while the tournament service does not listen (as if it crashed first).
    deaf = await Rig.open(db, timing, attach=False)
    await deaf.finish_table(table)
    t = deaf.service.tournament(tid)
    assert t is not None and not t.round_complete
    assert (await deaf.store.tables.get(table)).status == "finished"
    await deaf.close()
    again = await Rig.open(db, timing)
    try:
        await again.settle()
        info = await again.service.info(tid)
        assert info.status == "finished"
        (p,) = await again.store.tournaments.pairings(tid)
        assert p.result_kind == "win" and p.winner_id in PLAYERS[:2]
    finally:
        await again.close()


async def test_no_show_deadline_forfeits_and_double_forfeits(db: Path, clock: Clock) -> None:
    rig = await Rig.open(db, TournamentTiming(no_show=600, between_rounds=0), clock=clock)
    try:
        tid = await signed_up(rig, 4, rounds=2)
        await rig.service.start(tid)
        t = rig.service.tournament(tid)
        assert t is not None
        tables = rig.tournament_tables(tid)
        (first, second) = sorted(tables)
        # At the first table whoever is to move makes one move; nobody plays the second.
        live = rig.tables.get(first)
        assert live.match is not None
        mover = live.record.seats[live.match.round.to_move].user_id
        assert await rig.move(first, mover)
        await rig.settle()
        clock.advance(599)
        assert await rig.service.check_deadlines() == 0  # not yet
        clock.advance(1)
        assert await rig.service.check_deadlines() == 1
        await rig.settle()
        p1 = t.rounds[0][[p.id for p in t.rounds[0]].index(tables[first])]
        p2 = t.rounds[0][[p.id for p in t.rounds[0]].index(tables[second])]
        assert p1.result is not None and p1.result.kind.value == "forfeit"
        assert p1.result.winner == mover
        assert p2.result is not None and p2.result.kind.value == "double_forfeit"
        # Both matches were ended without a match: no history, no stats, no rating.
        for table in (first, second):
            with pytest.raises(GameError):
                rig.tables.get(table)
            assert (await rig.store.tables.get(table)).status == "abandoned"
            assert await rig.store.history.get(table) is None
        for user in PLAYERS[:4]:
            assert (await rig.store.stats.get(user, GLOBAL)).matches_played == 0
        assert rig.ratings.rated == []
        assert await rig.store.ratings.count(GLOBAL) == 0
        assert t.current_round == 2
        stored = {p.key: p for p in await rig.store.tournaments.pairings(tid, 1)}
        assert (
            stored[p1.id].result_kind == "forfeit" and stored[p2.id].result_kind == "double_forfeit"
        )
        said = [u.note.text() for u in rig.seen if u.note is not None]
        notes = [note for note in said if "No-show" in note]
        assert len(notes) == 1
        assert "did not play in time" in notes[0] and "wins by forfeit" in notes[0]
        assert "played in time: both lose" in notes[0]
        # The tables say what happened, not "wins by resignation".
        closed = [u for u in rig.table_updates if u.kind == "closed"]
        assert sorted(u.state.table_id for u in closed) == [first, second]
        words = [render(u.note or "") for u in closed]
        assert all("forfeit" in note or "both lose" in note for note in words)
        assert not [u for u in rig.table_updates if u.kind == "match_over"]
    finally:
        await rig.close()


async def test_deadline_timer_fires_by_itself(db: Path) -> None:
    rig = await Rig.open(db, TournamentTiming(no_show=0.2, between_rounds=600))
    try:
        tid = await signed_up(rig, 2)
        await rig.service.start(tid)
        await rig.until(lambda: "finished" in rig.kinds())  # with no test calling anything
        (p,) = await rig.store.tournaments.pairings(tid)
        assert p.result_kind == "double_forfeit"
        await rig.settle()
        finished = [u for u in rig.seen if u.kind == "finished"]
        assert finished and finished[0].ranking
    finally:
        await rig.close()


async def test_kick_forfeits_the_table_and_ends_the_match(rig: Rig) -> None:
    tid = await signed_up(rig, 4, rounds=2)
    await rig.service.start(tid)
    t = rig.service.tournament(tid)
    assert t is not None
    p = t.current_pairings()[0]
    table = next(k for k, v in rig.tournament_tables(tid).items() if v == p.id)
    # Both play a little: the kick still gives a forfeit, never a rated win.
    for _ in range(4):
        await rig.move(table, knock=False)
    await rig.settle()
    await rig.service.kick(tid, p.b)
    await rig.settle()
    assert t.pairing(p.id).result is not None
    assert t.pairing(p.id).result.kind.value == "forfeit" and t.pairing(p.id).result.winner == p.a
    with pytest.raises(GameError):
        rig.tables.get(table)
    assert rig.ratings.rated == []
    entries = {e.user_id: e for e in await rig.store.tournaments.entries(tid)}
    assert entries[p.b].status == "kicked"
    assert any(u.kind == "kicked" and u.users == (p.b,) for u in rig.seen)
    await rig.play_round(tid)
    # The kicked player is never paired again.
    assert all(p.b not in x.players for x in t.current_pairings())
    with pytest.raises(TournamentProblem, match="already left"):
        await rig.service.kick(tid, p.b)


async def test_pause_holds_the_next_round_until_resume(rig: Rig, clock: Clock) -> None:
    # Two players, duplicate deals: a double round robin of two rounds.
    tid = await signed_up(rig, 2, format="round_robin", duplicate=True)
    await rig.service.start(tid)
    deadline = (await rig.service.info(tid)).deadline_ts
    assert deadline is not None and deadline == clock.now + 600
    clock.advance(100)
    await rig.service.pause(tid)
    clock.advance(1000)  # the no-show clock stopped: nothing is due
    assert await rig.service.check_deadlines() == 0
    await rig.service.resume(tid)  # and goes on from where it stopped
    assert (await rig.service.info(tid)).deadline_ts == clock.now + 500
    await rig.service.pause(tid)
    with pytest.raises(TournamentProblem, match="paused"):
        await rig.service.pause(tid)
    await rig.play_round(tid)
    t = rig.service.tournament(tid)
    assert t is not None and t.round_complete and not t.finished
    await rig.settle()
    assert t.current_round == 1
    await rig.service.resume(tid)
    await rig.settle()
    assert t.current_round == 2
    # A new round, a new full deadline.
    assert (await rig.service.info(tid)).deadline_ts == clock.now + 600
    await rig.play_round(tid)
    assert (await rig.service.info(tid)).status == "finished"


async def test_cancel_stops_it_and_leaves_matches_alone(rig: Rig) -> None:
    tid = await signed_up(rig, 2)
    await rig.service.start(tid)
    (table,) = rig.tournament_tables(tid)
    info = await rig.service.cancel(tid)
    assert info.status == "cancelled"
    assert rig.tables.get(table).record.status == "playing"
    with pytest.raises(TournamentProblem, match="cancelled"):
        await rig.service.join(tid, 9999, "Late")


async def test_signup_rules(rig: Rig) -> None:
    info = await rig.service.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organizer_id=1,
        name="  Small   one ",
        format="single_elimination",
        max_players=2,
    )
    assert info.name == "Small one" and info.format is Format.SINGLE_ELIMINATION
    await rig.service.join(info.id, PLAYERS[0], NAMES[PLAYERS[0]])
    with pytest.raises(TournamentProblem, match="already signed up"):
        await rig.service.join(info.id, PLAYERS[0], NAMES[PLAYERS[0]])
    with pytest.raises(TournamentProblem, match="at least 2 players"):
        await rig.service.start(info.id)
    await rig.service.join(info.id, PLAYERS[1], NAMES[PLAYERS[1]])
    with pytest.raises(TournamentProblem, match="full"):
        await rig.service.join(info.id, PLAYERS[2], NAMES[PLAYERS[2]])
    left = await rig.service.leave(info.id, PLAYERS[1])
    assert [u for u, _ in left.entrants] == [PLAYERS[0]]
    with pytest.raises(TournamentProblem, match="not signed up"):
        await rig.service.leave(info.id, PLAYERS[1])
    with pytest.raises(TournamentProblem, match="only be chosen for Swiss"):
        await rig.service.create(
            guild_id=GUILD,
            channel_id=CHANNEL,
            organizer_id=1,
            name="x",
            format="round_robin",
            rounds=2,
        )
    with pytest.raises(GameError, match="target"):
        await rig.service.create(
            guild_id=GUILD, channel_id=CHANNEL, organizer_id=1, name="x", format="swiss", target=5
        )
    assert await rig.service.find(GUILD, CHANNEL) == info.id
    with pytest.raises(TournamentProblem):
        await rig.service.find(GUILD + 1)


async def test_duplicate_deals_give_every_table_the_same_cards(rig: Rig) -> None:
    tid = await signed_up(rig, 4, duplicate=True, rounds=1)
    await rig.service.start(tid)
    seeds = {rig.tables.get(table).match.seed for table in rig.tournament_tables(tid)}
    assert len(seeds) == 1
    t = rig.service.tournament(tid)
    assert t is not None and seeds == {t.deal_seed(t.current_pairings()[0], 0)}


async def test_single_elimination_is_seeded_by_rating_and_crowns_a_champion(rig: Rig) -> None:
    # The best-rated player is seed 1 (stored server ratings seed the bracket).
    await rig.ratings.rate(1, GUILD, PLAYERS[3], PLAYERS[0])
    tid = await signed_up(rig, 4, format="single_elimination")
    await rig.service.start(tid)
    t = rig.service.tournament(tid)
    assert t is not None and t.seeds[0] == PLAYERS[3] and t.seeds[-1] == PLAYERS[0]
    await rig.play_round(tid)
    await rig.play_round(tid)
    await rig.settle()
    info = await rig.service.info(tid)
    assert info.status == "finished" and bracket_text(info) is not None
    finished = next(u for u in rig.seen if u.kind == "finished")
    champion = finished.ranking[0]
    entries = {e.user_id: e for e in await rig.store.tournaments.entries(tid)}
    assert (
        entries[champion.user_id].status == "champion" and entries[champion.user_id].final_rank == 1
    )
    assert [r.place for r in finished.ranking] == [1, 2, 3, 3]


async def test_a_no_show_removed_for_absence_is_a_forfeit_that_counts_nowhere(db: Path) -> None:
    """One player moves, the other never does and the table service removes them for being
    away (long before the deadline): a forfeit, kept out of stats, ratings, achievements."""
    rig = await Rig.open(db, TournamentTiming(no_show=600, between_rounds=0))
    try:
        rig.tables.timing = Timing(turn=0.15, reminder=0.1, round_pause=0, computer_delay=0)
        tid = await signed_up(rig, 2)
        await rig.service.start(tid)
        (table,) = rig.tournament_tables(tid)
        live = rig.tables.get(table)
        assert live.match is not None
        mover = live.record.seats[live.match.round.to_move].user_id
        assert mover is not None
        absent = next(u for u in PLAYERS[:2] if u != mover)
        for _ in range(2000):
            if "finished" in rig.kinds():
                break
            seen = rig.updates()
            if not await rig.move(table, mover, knock=False):
                await rig.next_update(seen)  # the absent player's turn runs out
        await rig.settle()
        (p,) = await rig.store.tournaments.pairings(tid)
        assert (p.result_kind, p.winner_id) == ("forfeit", mover)
        summary = await rig.store.history.get(table)
        assert summary is not None and summary.ended_by == "forfeit"
        (over,) = [u for u in rig.table_updates if u.kind == "match_over"]
        assert over.summary is not None and over.summary.ended_by == "forfeit"
        assert rig.ratings.rated == [] and await rig.store.ratings.count(GLOBAL) == 0
        for user in (mover, absent):
            assert (await rig.store.stats.get(user, GLOBAL)).matches_played == 0
        circle = CircleService(rig.store)
        assert await circle.on_match_recorded(table) == []
        assert await rig.store.achievements.of(mover) == []
        note = next(u.note for u in rig.seen if u.kind == "result")
        assert (
            note is not None
            and note.text() == f"{NAMES[absent]} did not play: {NAMES[mover]} wins by forfeit."
        )
    finally:
        await rig.close()


async def test_a_move_still_on_its_way_counts_as_showing_up(db: Path, clock: Clock) -> None:
    """The deadline fires while the update of a player's move is still held up on its way to
    the observers (a slow Discord): the player showed up all the same."""
    release = asyncio.Event()

    async def slow(update: TableUpdate) -> None:
        if update.kind == "move":
            await release.wait()

    timing = TournamentTiming(no_show=600, between_rounds=0)
    rig = await Rig.open(db, timing, clock=clock, first=slow)  # before every other observer
    try:
        tid = await signed_up(rig, 2)
        await rig.service.start(tid)
        await rig.settle()
        (table,) = rig.tournament_tables(tid)
        live = rig.tables.get(table)
        assert live.match is not None
        mover = live.record.seats[live.match.round.to_move].user_id
        assert await rig.move(table, mover)
        assert not [u for u in rig.table_updates if u.kind == "move"]  # still on its way
        clock.advance(601)
        assert await rig.service.check_deadlines() == 1
        release.set()
        await rig.settle()
        (p,) = await rig.store.tournaments.pairings(tid)
        assert (p.result_kind, p.winner_id) == ("forfeit", mover)
    finally:
        release.set()
        await rig.close()
