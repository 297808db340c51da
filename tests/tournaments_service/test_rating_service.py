"""The rating updater: who is rated, in which scopes, with known Glicko-2 numbers."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.engine import RuleSet
from bot.games.model import MatchSummary, SeatInfo, TableState, TableUpdate
from bot.rating_service import RatingService
from bot.ratings import Rating
from bot.store import open_store
from bot.store.ratings import GLOBAL, RatingUpdate

from .conftest import GUILD, Rig, signed_up

A, B = 11, 22


def match_over(
    seats: tuple[SeatInfo, ...], winner: int | None, ended_by: str = "score", table_id: int = 5
) -> TableUpdate:
    state = TableState(
        table_id=table_id,
        guild_id=GUILD,
        channel_id=6,
        message_id=None,
        host_id=A,
        status="finished",
        rules=RuleSet.preset("cardgames"),
        target=100,
        seat_count=len(seats),
        seats=seats,
        version=9,
        scores=tuple(0 for _ in seats),
        public=None,
    )
    summary = MatchSummary(
        totals=tuple(0 for _ in seats),
        winner=winner,
        ended_by=ended_by,
        rounds_won=tuple(0 for _ in seats),
        draws=0,
        scoring="standard",
    )
    return TableUpdate("match_over", state, summary=summary)


PEOPLE = (SeatInfo(0, A, "Ann"), SeatInfo(1, B, "Bob"))


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[RatingService]:
    store = await open_store(tmp_path / "r.sqlite3")
    yield RatingService(store)
    await store.close()


async def test_two_newcomers_known_values_in_both_scopes(service: RatingService) -> None:
    await service(match_over(PEOPLE, winner=1))
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
    await service(match_over(PEOPLE, winner=1))
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
    await service(match_over(seats, winner))
    assert service.rated == []
    assert await service.store.ratings.count(GLOBAL) == 0


async def test_a_filter_vetoes_and_other_updates_are_ignored(service: RatingService) -> None:
    service.add_filter(lambda update: update.state.table_id != 5)
    await service(match_over(PEOPLE, winner=0))
    assert service.rated == []
    update = match_over(PEOPLE, winner=0)
    await service(TableUpdate("move", update.state))
    assert await service.store.ratings.count(GUILD) == 0


async def test_tournament_filter_rates_a_played_match_not_a_no_show(rig: Rig) -> None:
    tid = await signed_up(rig, 2)
    await rig.service.start(tid)
    (table,) = rig.tournament_tables(tid)
    live = rig.tables.get(table)
    assert live.match is not None
    seats = rig.tables.state(live).seats
    # Nobody has moved: a resignation now would be a no-show, not a rated match.
    assert not rig.service.keeps_rating(match_over(seats, 0, "resign", table))
    # Played to the target score, it is rated whoever had a turn.
    assert rig.service.keeps_rating(match_over(seats, 0, "score", table))
    # Any other table is none of the tournament's business.
    assert rig.service.keeps_rating(match_over(seats, 0, "resign", table + 1000))
    await rig.finish_table(table)
    assert len(rig.ratings.rated) == 1
