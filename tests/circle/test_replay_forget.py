"""Replays rebuilt through the engine from seed and log; forget-me through store.privacy."""

from __future__ import annotations

import json

import pytest

from bot.circle import CircleError, CircleService, Person
from bot.engine import Match, RuleSet
from bot.engine.actions import Action
from bot.engine.round import Round
from bot.store import DELETED_PLAYER, Store
from tests.circle.helpers import play, start_match


async def test_replay_reproduces_every_round(circle: CircleService, store: Store) -> None:
    tables, table_id = await start_match(store, 1, 2, target=60)
    await play(tables, table_id)
    await tables.wait_idle()
    table = await store.tables.get(table_id)
    assert table is not None and table.status == "finished" and table.state_json
    final = Match.from_dict(json.loads(table.state_json))
    rounds = await store.tables.rounds(table_id)
    assert len(rounds) == len(final.rounds) >= 1
    for stored, played in zip(rounds, final.rounds, strict=True):
        replay = await circle.replay(table_id, stored.round_no, viewer_id=99)
        assert replay.revealed and replay.seed == played.seed
        assert replay.result is not None and stored.result_json is not None
        assert replay.result.to_dict() == json.loads(stored.result_json)
        assert replay.moves == len(played.actions)
        assert [f.action for f in replay.frames[1:]] == list(played.actions)
        # Every frame shows every hand once the match is over; the deal matches the engine.
        dealt = Round(played.rules, played.seats, played.seed, played.dealer)
        assert replay.frames[0].hands == tuple(dealt.hand(s) for s in range(2))
        assert all(f.hands is not None and f.own_hand is None for f in replay.frames)
        assert replay.frames[-1].to_move is None


async def test_replay_hides_hands_until_the_match_is_over(
    circle: CircleService, store: Store
) -> None:
    tables, table_id = await start_match(store, 1, 2, target=500)
    await play(tables, table_id, stop=lambda m: m.round_over)
    live = tables.get(table_id)
    assert live.match is not None and not live.match.over
    replay = await circle.replay(table_id, 1, viewer_id=1)
    seat = live.record.seat_of(1)
    assert seat is not None
    assert not replay.revealed
    assert all(f.hands is None for f in replay.frames)
    first = await store.tables.round(table_id, 1)
    assert first is not None and replay.seed == first.seed
    dealt = Round(live.rules, 2, first.seed, first.dealer)
    assert replay.frames[0].own_hand == dealt.hand(seat.seat_no)
    with pytest.raises(CircleError, match="still being played"):
        await circle.replay(table_id, 1, viewer_id=3)  # not at the table
    with pytest.raises(CircleError, match="no round 7"):
        await circle.replay(table_id, 7, viewer_id=1)
    with pytest.raises(CircleError, match="no match"):
        await circle.replay(999, 1, viewer_id=1)
    await tables.close()


async def test_replay_rejects_a_corrupt_log(circle: CircleService, store: Store) -> None:
    from bot.circle import replay_round
    from bot.engine import IllegalAction

    with pytest.raises(IllegalAction):
        replay_round(
            table_id=1,
            round_no=1,
            rules=RuleSet.preset("cardgames"),
            seed=5,
            dealer=0,
            names=["A", "B"],
            moves=[(0, Action("draw_stock"))],  # seat 1 opens the round
            reveal=True,
        )


async def test_forget_me_erases_and_keeps_anonymous_seats(
    circle: CircleService, store: Store
) -> None:
    tables, table_id = await start_match(store, 1, 2)
    await play(tables, table_id)
    await tables.wait_idle()
    await circle.block(Person(1, "Alice"), Person(2, "Bob"))
    await circle.favorite(Person(2, "Bob"), Person(1, "Alice"))
    await circle.on_match_recorded(table_id)
    shown = await circle.export(1)
    assert shown["player"]["display_name"] == "Alice"
    assert [m["table_id"] for m in shown["matches"]] == [table_id]
    assert shown["relations"] and shown["achievements"] and shown["stats"]
    await circle.forget(1)
    gone = await circle.export(1)
    assert gone["player"] is None and gone["stats"] == [] and gone["relations"] == []
    assert gone["achievements"] == [] and gone["matches"] == []
    assert await store.relations.of(2) == []  # Bob's favorite of Alice is gone too
    summary = await store.history.get(table_id)
    assert summary is not None
    anon = [s for s in summary.seats if s.user_id is None]
    assert [s.display_name for s in anon] == [DELETED_PLAYER]
    assert [h.table_id for h in await circle.history(2)] == [table_id]
    assert (await store.stats.get(2)).matches_played == 1
    # The replay still works, with the anonymous name.
    replay = await circle.replay(table_id, 1, viewer_id=2)
    assert DELETED_PLAYER in replay.names


async def test_forget_me_refused_while_at_a_table(circle: CircleService, store: Store) -> None:
    tables, table_id = await start_match(store, 1, 2, target=500)
    with pytest.raises(CircleError, match="resign"):
        await circle.forget(1)
    assert (await circle.export(1))["player"] is not None
    await tables.close()
