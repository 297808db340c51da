"""`/gin records leaderboard sort:rating` and the ratings in `/gin records stats`, from store.ratings on a real
SQLite file."""

from __future__ import annotations

import pytest

from bot.circle import CircleError, CircleService
from bot.ratings import Rating
from bot.store import GLOBAL, Store
from bot.store.ratings import RatingUpdate
from bot.text import records as views
from tests.circle.helpers import GUILD


async def rate(store: Store, n: int, scope: int = GUILD) -> None:
    """Players 1..n; player i is rated 1000 + 10*i; RD 50 (settled), except even ids (RD 200)."""
    for i in range(1, n + 1):
        await store.players.upsert(i, f"P{i}")
    await store.ratings.put(
        RatingUpdate.of(i, scope, Rating(1000 + 10 * i, 200 if i % 2 == 0 else 50, 0.06, i))
        for i in range(1, n + 1)
    )


async def test_rating_pages_and_own_rank_off_page(circle: CircleService, store: Store) -> None:
    await rate(store, 25)
    page = await circle.rating_leaderboard(3, guild_id=GUILD, scope="server")
    assert (page.total, page.pages, page.page) == (25, 3, 0)
    assert [e.user_id for e in page.entries] == list(range(25, 15, -1))
    assert [e.rank for e in page.entries] == list(range(1, 11))
    assert page.entries[0].rating.rating == 1250 and page.entries[0].name == "P25"
    assert not page.viewer_on_page
    assert page.viewer_rank == 23
    assert page.viewer_rating is not None and page.viewer_rating.rating == 1030
    last = await circle.rating_leaderboard(3, guild_id=GUILD, page=7)  # clamped
    assert last.page == 2 and [e.user_id for e in last.entries] == [5, 4, 3, 2, 1]
    assert last.viewer_on_page and last.viewer_rank == 23


async def test_rating_scopes_and_outsiders(circle: CircleService, store: Store) -> None:
    await rate(store, 3, scope=GUILD)
    await rate(store, 2, scope=GLOBAL)
    glob = await circle.rating_leaderboard(3, guild_id=None, scope="global")
    assert glob.guild_id == GLOBAL and glob.total == 2
    assert glob.viewer_rank is None and glob.viewer_rating is None
    other = await circle.rating_leaderboard(1, guild_id=999)
    assert other.total == 0 and other.entries == () and other.pages == 1
    assert "Nobody has played a rated match" in views.rating_board_text(other, {})
    with pytest.raises(CircleError, match="server"):
        await circle.rating_leaderboard(1, guild_id=None, scope="server")


async def test_rating_board_text_marks_provisional_hearts_and_you(
    circle: CircleService, store: Store
) -> None:
    await rate(store, 12)
    await store.relations.add(1, 12, "favorite")
    page = await circle.rating_leaderboard(1, guild_id=GUILD)
    hearts = await circle.decorate_names(1, [e.user_id for e in page.entries])
    text = views.rating_board_text(page, hearts)
    lines = text.splitlines()
    assert lines[0].startswith("**Leaderboard — rating, this server**")
    # Even ids are provisional (RD 200 > 110), said in words; odd ones are not.
    assert "`#   1` P12 ♥ — 1120 ±200 (provisional)" in lines
    assert "`#   2` P11 — 1110 ±50" in lines
    assert "Your rank: **#12** of 12 (1010 ±50)" in text  # off page, still shown
    assert "◀ you" not in text
    assert "Page 1 of 2" in text and "provisional" in text


async def test_stats_show_server_and_global_rating(circle: CircleService, store: Store) -> None:
    await store.players.upsert(7, "Gail")
    await store.ratings.put(
        [
            RatingUpdate.of(7, GUILD, Rating(1612.4, 80.2, 0.06, 9)),
            RatingUpdate.of(7, GLOBAL, Rating(1540.0, 150.0, 0.06, 1)),
        ]
    )
    view = await circle.stats(7, guild_id=GUILD, scope="server")
    assert view.server_rating is not None and view.server_rating.rating == pytest.approx(1612.4)
    assert view.global_rating is not None and view.global_rating.provisional
    _, fields = views.stats_text(view)
    rating = dict(fields)["Rating (Glicko-2)"]
    assert "This server: **1612 ±80** (9 rated matches)" in rating
    assert "Global: **1540 ±150** (1 rated match, provisional)" in rating
    glob = await circle.stats(7, guild_id=None, scope="global")
    assert glob.server_rating is None
    assert "This server" not in dict(views.stats_text(glob)[1])["Rating (Glicko-2)"]
    newcomer = await circle.stats(8, guild_id=GUILD)
    assert newcomer.server_rating is None and newcomer.global_rating is None
    assert "unrated" in dict(views.stats_text(newcomer)[1])["Rating (Glicko-2)"]
