"""Block, mute, favorite, presence, table chat recipients and hearts, on a real SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.circle import HEART, CircleError, CircleService, Person
from bot.games.challenges import ChallengeService
from bot.games.errors import GameError
from bot.games.tables import TableService
from bot.i18n import Coded, render
from bot.store import Store, open_store
from tests.circle.helpers import FAST

ANN, BEN, CAL = Person(1, "Ann"), Person(2, "Ben"), Person(3, "Cal")


async def challenge(store: Store, a: Person, b: Person) -> None:
    service = ChallengeService(store, TableService(store, timing=FAST))
    await service.create(
        guild_id=1,
        channel_id=2,
        challenger=(a.user_id, a.name),
        opponent=(b.user_id, b.name),
        opponent_is_bot=False,
        preset=None,
        target=None,
    )


async def test_relations_are_directed(circle: CircleService, store: Store) -> None:
    assert "You blocked Ben" in (await circle.block(ANN, BEN)).text()
    assert await store.relations.has(1, 2, "block")
    assert not await store.relations.has(2, 1, "block")
    await circle.mute(BEN, CAL)
    view_ann = await circle.relations(1)
    view_ben = await circle.relations(2)
    assert [p.user_id for p in view_ann.blocked] == [2] and view_ann.muted == ()
    assert view_ben.blocked == () and [p.name for p in view_ben.muted] == ["Cal"]


async def test_relations_are_unique(circle: CircleService, store: Store) -> None:
    await circle.favorite(ANN, BEN)
    assert "already" in (await circle.favorite(ANN, BEN)).text()
    assert len(await store.relations.of(1, "favorite")) == 1
    assert "no longer" in (await circle.unfavorite(ANN, BEN)).text()
    assert "wasn't" in (await circle.unfavorite(ANN, BEN)).text()
    assert await store.relations.of(1) == []


async def test_kinds_are_independent(circle: CircleService, store: Store) -> None:
    await circle.block(ANN, BEN)
    await circle.mute(ANN, BEN)
    await circle.unblock(ANN, BEN)
    assert not await store.relations.has(1, 2, "block")
    assert await store.relations.has(1, 2, "mute")


async def test_self_and_bots_are_refused(circle: CircleService) -> None:
    with pytest.raises(CircleError, match="yourself"):
        await circle.block(ANN, ANN)
    with pytest.raises(CircleError, match="Bots"):
        await circle.favorite(ANN, Person(99, "Robot"), is_bot=True)


async def test_blocked_challenge_refused_both_ways(circle: CircleService, store: Store) -> None:
    await circle.block(ANN, BEN)
    with pytest.raises(GameError, match="can't challenge"):
        await challenge(store, BEN, ANN)
    with pytest.raises(GameError, match="can't challenge"):
        await challenge(store, ANN, BEN)
    await circle.unblock(ANN, BEN)
    await challenge(store, BEN, ANN)


async def test_offline_players_cannot_be_challenged(circle: CircleService, store: Store) -> None:
    assert "offline" in (await circle.set_online(BEN, False)).text()
    assert (await circle.relations(2)).online is False
    with pytest.raises(GameError, match="offline"):
        await challenge(store, ANN, BEN)
    await circle.set_online(BEN, True)
    await challenge(store, ANN, BEN)


async def test_join_checks(circle: CircleService) -> None:
    await circle.block(ANN, BEN)  # Ann blocked Ben
    # Ben may not join Ann's table; Ann joining Ben's table is asked "join anyway?".
    with pytest.raises(CircleError, match="can't join"):
        await circle.check_join(2, [1, None])
    await circle.check_join(1, [2, None])
    assert await circle.blocked_at_table(1, [2, 3, None]) == {2}
    assert await circle.blocked_at_table(2, [1]) == set()


async def test_chat_skips_muters_silently(circle: CircleService) -> None:
    await circle.mute(BEN, ANN)
    line = await circle.chat(1, "  hello\n  there @everyone ", [1, 2, 3, None])
    assert line.recipients == (3,)
    assert line.to_channel is False  # the channel copy would reach Ben
    assert line.text == "hello there @\u200beveryone"
    back = await circle.chat(2, "hi", [1, 2, 3])
    assert back.recipients == (1, 3) and back.to_channel
    reaction = await circle.reaction(3, 0, [1, 2, 3])
    # A reaction stays a key: each reader says it in their language (bot/ui/chat_presenter.py).
    assert reaction.text == Coded("reaction-0") and reaction.recipients == (1, 2)
    assert [render(reaction.text, lang) for lang in ("en", "es", "fr")] == [
        "Good game!",
        "¡Buena partida!",
        "Bonne partie !",
    ]
    with pytest.raises(CircleError):
        await circle.chat(1, "   ", [1, 2])
    # A long line is refused with the limit, never cut (issue 31, item 8).
    assert len((await circle.chat(1, "x" * 200, [2])).text) == 200
    with pytest.raises(CircleError, match="at most 200"):
        await circle.chat(1, "x" * 201, [2])


async def test_hearts_and_friends(circle: CircleService, store: Store) -> None:
    await store.players.upsert(3, "Cal", online=False)
    await circle.favorite(ANN, CAL)
    assert await circle.decorate_names(1, [2, 3]) == {2: "", 3: HEART}
    assert await circle.decorate_names(3, [1]) == {1: ""}
    friends = await circle.friends(1)
    assert [(f.target_id, f.display_name, f.online) for f in friends] == [(3, "Cal", False)]


async def test_relations_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "gin.sqlite3"
    async with await open_store(path) as store:
        circle = CircleService(store)
        await circle.block(ANN, BEN)
        await circle.favorite(ANN, CAL)
        await circle.set_online(ANN, False)
    async with await open_store(path) as store:
        view = await CircleService(store).relations(1)
        assert [p.user_id for p in view.blocked] == [2]
        assert [f.target_id for f in view.favorites] == [3]
        assert view.online is False
