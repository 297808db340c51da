"""The rating updater: who is rated, in which scopes, with known Glicko-2 numbers."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games.challenges import ChallengeService
from bot.games.model import SeatInfo
from bot.games.tables import TableService
from bot.ratings import Rating
from bot.ratings.service import RatingService
from bot.store import Store, open_store
from bot.store.ratings import GLOBAL, RatingUpdate

from .conftest import GUILD, Rig, signed_up

A, B = 11, 22


PEOPLE = (SeatInfo(0, A, "Ann"), SeatInfo(1, B, "Bob"))


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[RatingService]:
    store = await open_store(tmp_path / "r.sqlite3")
    yield RatingService(store)
    await store.close()


async def test_two_newcomers_known_values_in_both_scopes(service: RatingService) -> None:
    await service.rate(5, GUILD, winner=B, loser=A)
    for scope in (GUILD, GLOBAL):
        bob = await service.rating_of(B, scope)
        ann = await service.rating_of(A, scope)
        # 1500/350/0.06 v 1500/350/0.06, one win (Glicko-2, tau 0.5).
        assert bob.rating == pytest.approx(1662.311, abs=1e-3)
        assert ann.rating == pytest.approx(1337.689, abs=1e-3)
        assert bob.rd == pytest.approx(290.319, abs=1e-3) == ann.rd
        assert bob.volatility == pytest.approx(0.0599997, abs=1e-6)
        assert bob.games == ann.games == 1 and bob.provisional


async def test_upset_moves_from_the_stored_ratings(service: RatingService) -> None:
    await service.store.ratings.put(
        [
            RatingUpdate.of(A, GUILD, Rating(1700, 80, 0.06, 30)),
            RatingUpdate.of(B, GUILD, Rating(1400, 300, 0.06, 2)),
        ]
    )
    await service.rate(5, GUILD, winner=B, loser=A)
    ann, bob = await service.rating_of(A, GUILD), await service.rating_of(B, GUILD)
    assert ann.rating == pytest.approx(1679.310, abs=1e-3) and ann.rd == pytest.approx(
        79.898, abs=1e-3
    )
    assert bob.rating == pytest.approx(1708.346, abs=1e-3) and bob.rd == pytest.approx(
        256.180, abs=1e-3
    )
    assert ann.games == 31 and bob.games == 3
    # The global scope started from newcomers: it moved on its own numbers.
    assert (await service.rating_of(B, GLOBAL)).rating == pytest.approx(1662.311, abs=1e-3)


@pytest.mark.parametrize(
    ("seats", "winner"),
    [
        ((SeatInfo(0, A, "Ann"), SeatInfo(1, None, "Computer", "easy")), 0),
        (PEOPLE, None),
        ((*PEOPLE, SeatInfo(2, 33, "Cy")), 0),
    ],
    ids=["computer", "no-winner", "three-seats"],
)
async def test_not_rated(
    service: RatingService, seats: tuple[SeatInfo, ...], winner: int | None
) -> None:
    players = [s.user_id for s in seats]
    assert not service.is_rated(5, "score", players, winner)
    assert service.is_rated(5, "score", [A, B], 0)


async def test_a_forfeit_and_a_filter_veto_are_not_rated(service: RatingService) -> None:
    assert not service.is_rated(5, "forfeit", [A, B], 0)
    service.add_filter(lambda table_id, ended_by, acted: table_id != 5)
    assert not service.is_rated(5, "score", [A, B], 0)
    assert service.is_rated(6, "score", [A, B], 0)


async def test_tournament_filter_rates_a_played_match_not_a_no_show(rig: Rig) -> None:
    tid = await signed_up(rig, 2)
    await rig.service.start(tid)
    (table,) = rig.tournament_tables(tid)
    live = rig.tables.get(table)
    assert live.match is not None
    seats = rig.tables.state(live).seats
    # Nobody has moved: a resignation now would be a no-show, not a rated match.
    assert not rig.service.keeps_rating(table, "resign", frozenset())
    # Both moved: a resignation now ends a match that was played.
    players = frozenset(s.user_id for s in seats if s.user_id is not None)
    assert rig.service.keeps_rating(table, "resign", players)
    # Played to the target score, it is rated whoever had a turn.
    assert rig.service.keeps_rating(table, "score", frozenset())
    # Any other table is none of the tournament's business.
    assert rig.service.keeps_rating(table + 1000, "resign", frozenset())
    await rig.finish_table(table)
    assert len(rig.ratings.rated) == 1


async def _rated_table(tmp_path: Path) -> tuple[Store, RatingService, TableService, int]:
    store = await open_store(tmp_path / "t.sqlite3")
    ratings = RatingService(store)
    tables = TableService(store, ratings=ratings)
    challenges = ChallengeService(store, tables)
    ch = await challenges.create(
        guild_id=GUILD,
        channel_id=2,
        challenger=(A, "Ann"),
        opponent=(B, "Bob"),
        opponent_is_bot=False,
        preset="cardgames",
        target=10,
    )
    _, started = await challenges.accept(ch.id, B, {A: "Ann", B: "Bob"})
    return store, ratings, tables, started.state.table_id


async def test_the_ratings_are_committed_with_the_match(tmp_path: Path) -> None:
    store, ratings, tables, table_id = await _rated_table(tmp_path)
    await tables.resign(table_id, A)
    # Stored by the resignation itself, before any observer ran.
    assert await store.ratings.count(GUILD) == 2 and await store.ratings.count(GLOBAL) == 2
    assert [(r.winner, r.loser) for r in ratings.rated] == [(B, A)]
    await tables.close()
    await store.close()


async def test_a_match_whose_end_fails_to_commit_moves_no_rating(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, ratings, tables, table_id = await _rated_table(tmp_path)

    async def broken(*args: object, **kwargs: object) -> int:
        raise RuntimeError("disk full")

    monkeypatch.setattr(store.tables, "finish_match", broken)
    with pytest.raises(RuntimeError):
        await tables.resign(table_id, A)
    assert await store.ratings.count(GLOBAL) == 0 and ratings.rated == []
    await tables.close()
    await store.close()
