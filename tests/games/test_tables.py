"""The table and challenge services on a real SQLite file and the real engine."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.engine import IllegalAction
from bot.engine.actions import DRAW_STOCK, Action
from bot.engine.players import BaselinePlayer
from bot.games.challenges import ChallengeService
from bot.games.errors import GameError
from bot.games.model import TableUpdate
from bot.games.tables import StaleButton, TableService, Timing
from bot.store import Store, open_store
from tests.games.helpers import click, play_until_over

FAST = Timing(turn=60, reminder=10, round_pause=0, computer_delay=0)
A, B = 1001, 1002


@pytest.fixture
async def store(tmp_path: Path) -> Store:
    s = await open_store(tmp_path / "gin.sqlite3")
    yield s
    await s.close()


async def start_match(
    store: Store, timing: Timing = FAST
) -> tuple[TableService, int, list[TableUpdate]]:
    tables = TableService(store, timing=timing)
    seen: list[TableUpdate] = []

    async def observe(update: TableUpdate) -> None:
        seen.append(update)

    tables.subscribe(observe)
    challenges = ChallengeService(store, tables)
    ch = await challenges.create(
        guild_id=1,
        channel_id=2,
        challenger=(A, "Alice"),
        opponent=(B, "Bob"),
        opponent_is_bot=False,
        preset="cardgames",
        target=10,
    )
    _, update = await challenges.accept(ch.id, B, {A: "Alice", B: "Bob"})
    return tables, update.state.table_id, seen


async def test_whole_match_is_recorded(store: Store) -> None:
    tables, table_id, seen = await start_match(store)
    await play_until_over(tables, table_id)
    await tables.wait_idle()
    kinds = [u.kind for u in seen]
    assert kinds[0] == "round_start" and kinds[-1] == "match_over"
    summary = seen[-1].summary
    assert summary is not None and summary.winner in (0, 1)
    moves = await store.tables.moves(table_id)
    assert len(moves) == sum(1 for u in seen if u.kind in ("move", "round_over"))
    winner_id = (A, B)[summary.winner]
    stats = await store.stats.get(winner_id)
    assert stats.matches_won == 1 and stats.matches_played == 1
    assert (await store.tables.get(table_id)).status == "finished"
    with pytest.raises(GameError, match="couldn't find that game table"):
        await tables.act(table_id, A, Action(DRAW_STOCK), None)
    await tables.close()


async def test_bad_clicks_change_nothing(store: Store) -> None:
    tables, table_id, _ = await start_match(store)
    live = tables.get(table_id)
    assert live.match is not None
    version = live.version
    mover = live.record.seats[live.match.round.to_move].user_id
    other = A if mover == B else B
    with pytest.raises(GameError, match="Only the players"):
        await tables.act(table_id, 999, Action("pass"), version)
    with pytest.raises(IllegalAction):
        await tables.act(table_id, other, Action("pass"), version)
    with pytest.raises(StaleButton):
        await tables.act(table_id, mover, Action("pass"), version - 1)
    assert live.version == version and live.match.round.move_number == 0
    assert await store.tables.moves(table_id) == []
    # two clicks at once: exactly one applies
    results = await asyncio.gather(
        tables.act(table_id, mover, Action("pass"), version),
        tables.act(table_id, mover, Action("pass"), version),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleButton) for r in results) == 1
    assert len(await store.tables.moves(table_id)) == 1
    await tables.close()


# Deal 13 ends by a knock at the sixth move; deal 1 is still going after seven.
@pytest.mark.parametrize("deal", [1, 13])
async def test_recovery_rebuilds_the_same_state(
    store: Store, deal: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.games.tables._setup.secrets.randbits", lambda bits: deal)
    # a long round pause: a deal that ends within seven moves must not start the next round
    slow_break = Timing(turn=60, reminder=10, round_pause=3600, computer_delay=0)
    tables, table_id, _ = await start_match(store, slow_break)
    player = BaselinePlayer()
    for _ in range(7):
        if not await click(tables, table_id, player):
            break  # the deal ended early: recover from the round's end
    before = tables.get(table_id)
    views = {s: before.match.round.view(s) for s in (0, 1)}
    await tables.close()
    again = TableService(store, timing=slow_break)
    assert await again.recover() == 1
    after = again.get(table_id)
    assert after.version == before.version
    assert {s: after.match.round.view(s) for s in (0, 1)} == views
    assert json.dumps(after.match.to_dict()) == json.dumps(before.match.to_dict())
    await again.close()


async def test_turn_timer_plays_then_removes(store: Store) -> None:
    timing = Timing(turn=0.05, reminder=0.02, round_pause=0, computer_delay=0, max_auto_moves=2)
    tables, table_id, seen = await start_match(store, timing)
    for _ in range(200):
        if any(u.kind == "match_over" for u in seen):
            break
        await asyncio.sleep(0.02)
    await tables.wait_idle()
    final = seen[-1]
    assert final.kind == "match_over" and final.summary is not None
    assert final.summary.ended_by == "timeout"
    assert any(u.kind == "reminder" for u in seen)
    moves = await store.tables.moves(table_id)
    assert moves, "automatic moves are logged like any other"
    await tables.close()


async def test_challenge_rules(store: Store) -> None:
    tables = TableService(store, timing=FAST)
    challenges = ChallengeService(store, tables)
    kwargs = dict(guild_id=1, channel_id=2, opponent_is_bot=False, preset=None, target=None)
    with pytest.raises(GameError, match="yourself"):
        await challenges.create(challenger=(A, "A"), opponent=(A, "A"), **kwargs)
    with pytest.raises(GameError, match="between 10 and 500"):
        await challenges.create(challenger=(A, "A"), opponent=(B, "B"), **{**kwargs, "target": 5})
    ch = await challenges.create(challenger=(A, "A"), opponent=(B, "B"), **kwargs)
    with pytest.raises(GameError, match="already have a pending"):
        await challenges.create(challenger=(B, "B"), opponent=(A, "A"), **kwargs)
    with pytest.raises(GameError, match="Only the challenged"):
        await challenges.accept(ch.id, A, {})
    with pytest.raises(GameError, match="Only the challenger"):
        await challenges.cancel(ch.id, B)
    done = await challenges.decline(ch.id, B)
    assert done.status == "declined"
    with pytest.raises(GameError, match="already declined"):
        await challenges.accept(ch.id, B, {})
    await store.relations.add(B, A, "block")
    with pytest.raises(GameError, match="can't challenge"):
        await challenges.create(challenger=(A, "A"), opponent=(B, "B"), **kwargs)
    await tables.close()


async def test_computer_players_get_one_way_seeds(store: Store) -> None:
    """A computer seat's player is built from a keyed hash of the match seed and its seat,
    never from something the deal can be rebuilt from."""
    from bot.engine import RuleSet
    from bot.engine.players.seeds import player_seed

    made: list[tuple[str, int]] = []
    asked = asyncio.Event()

    def factory(level: str, seed: int) -> BaselinePlayer:
        made.append((level, seed))
        asked.set()
        return BaselinePlayer()

    tables = TableService(store, timing=FAST, make_player=factory)
    live = await tables.open_table(
        guild_id=1,
        channel_id=2,
        host=(A, "Alice"),
        rules=RuleSet.preset("cardgames").replace(target=10),
        seats=2,
        seated=((A, "Alice", None), (None, "Computer", "expert")),
        seed=4242,
    )
    await tables.start(live.record.id, A)
    live = tables.get(live.record.id)
    match = live.match
    assert match is not None and match.seed == 4242
    if match.round.to_move == 0:
        view = match.round.view(0)
        await tables.act(live.record.id, A, BaselinePlayer().choose(view, view.legal), live.version)
    await asyncio.wait_for(asked.wait(), 10)
    assert made[0] == ("expert", player_seed(4242, 1))
    await tables.close()


async def test_computer_players_are_shown_how_each_round_ended(store: Store) -> None:
    """A computer seat that reads its opponent (`round_ended`, like expert's) gets the
    finished round from its own seat once, with the engine's result and every hand."""
    from bot.engine import RuleSet
    from bot.engine.view import RoundView

    ended: list[RoundView] = []

    class Reading(BaselinePlayer):
        def round_ended(self, view: RoundView) -> None:
            ended.append(view)

    slow_break = Timing(turn=60, reminder=10, round_pause=3600, computer_delay=0)
    tables = TableService(store, timing=slow_break, make_player=lambda level, seed: Reading())
    live = await tables.open_table(
        guild_id=1,
        channel_id=2,
        host=(A, "Alice"),
        rules=RuleSet.preset("cardgames").replace(target=500),
        seats=2,
        seated=((A, "Alice", None), (None, "Computer", "expert")),
        seed=4242,
    )
    table_id = live.record.id
    await tables.start(table_id, A)
    human = BaselinePlayer()
    for _ in range(3000):
        live = tables.get(table_id)
        match = live.match
        assert match is not None
        if match.round_over:
            break
        if match.round.to_move == 0:
            view = match.round.view(0)
            await tables.act(table_id, A, human.choose(view, view.legal), live.version)
        else:
            await asyncio.sleep(0.002)
    else:
        raise AssertionError("the round never ended")
    await tables.wait_idle()
    assert len(ended) == 1
    seen = ended[0]
    assert seen.seat == 1 and seen.over
    assert seen.result == match.round.result == match.results[0]
    assert seen.hands is not None and seen.hands[0] == match.round.view(0).hands[0]
    await tables.close()
