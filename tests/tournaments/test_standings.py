"""Tiebreak order: match points, Buchholz, Sonneborn-Berger, head-to-head; shared places."""

from __future__ import annotations

from bot.tournaments import Pairing, Result
from bot.tournaments.standings import points_standings


def _games(*games: tuple[int, int, int, int]) -> list[Pairing]:
    """(round, a, b, winner) tuples as finished pairings."""
    return [
        Pairing(f"r{r}t{i}", r, i, a, b, r, Result.win(w))
        for i, (r, a, b, w) in enumerate(games, start=1)
    ]


def test_buchholz_then_sonneborn_berger_then_shared_place() -> None:
    # A=1 B=2 C=3 D=4 E=5 F=6
    games = _games(
        (1, 1, 3, 1), (1, 2, 4, 2), (1, 5, 6, 5),
        (2, 3, 6, 3), (2, 5, 4, 5),
    )  # fmt: skip
    st = points_standings([1, 2, 3, 4, 5, 6], games, [], bye_points=1)
    rows = [(s.player, s.place, s.match_points, s.buchholz, s.sonneborn_berger) for s in st]
    assert rows == [
        (5, 1, 2, 0, 0),  # E: most match points
        (1, 2, 1, 1, 1),  # A and C: same MP and Buchholz; A beat a 1-point player (SB 1)
        (3, 3, 1, 1, 0),
        (2, 4, 1, 0, 0),  # B: same MP as A and C, lower Buchholz
        (4, 5, 0, 3, 0),  # D and F: level on everything and never met: shared place,
        (6, 5, 0, 3, 0),  # listed by seed
    ]


def test_head_to_head_breaks_the_last_tie() -> None:
    games = _games(
        (1, 3, 4, 4), (1, 2, 6, 6), (1, 5, 1, 1),
        (2, 2, 5, 5), (2, 3, 6, 3), (2, 4, 1, 1),
        (3, 4, 2, 2), (3, 3, 1, 1), (3, 5, 6, 5),
    )  # fmt: skip
    st = points_standings([1, 2, 3, 4, 5, 6], games, [], bye_points=1)
    rows = [(s.player, s.place, s.match_points, s.buchholz, s.sonneborn_berger) for s in st]
    assert rows == [
        (1, 1, 3, 4, 4),
        (5, 2, 2, 5, 2),
        (4, 3, 1, 5, 1),  # 4 and 3 level on MP, Buchholz and SB: 4 beat 3 in round 1
        (3, 4, 1, 5, 1),
        (6, 5, 1, 4, 1),  # 6 and 2 level too (lower Buchholz): 6 beat 2, despite seeding
        (2, 6, 1, 4, 1),
    ]


def test_forfeits_double_forfeits_and_byes() -> None:
    games = [
        Pairing("r1t1", 1, 1, 1, 2, 1, Result.forfeit(2)),
        Pairing("r1t2", 1, 2, 3, 4, 1, Result.double_forfeit()),
        Pairing("r1t3", 1, 3, 5, None, 1, Result.bye(5)),
    ]
    st = {s.player: s for s in points_standings([1, 2, 3, 4, 5], games, [4], bye_points=1)}
    assert (st[2].match_points, st[2].wins, st[1].losses) == (1, 1, 1)
    assert (st[3].match_points, st[3].losses, st[4].losses) == (0, 1, 1)
    assert (st[5].match_points, st[5].byes, st[5].wins, st[5].buchholz) == (1, 1, 0, 0)
    # the forfeit winner's opponent counts for Buchholz and SB (they were paired)
    assert st[1].buchholz == 1 and st[2].sonneborn_berger == 0
    assert st[4].status == "withdrawn" and st[3].status == "active"
    no_bye_points = {s.player: s for s in points_standings([1, 2, 3, 4, 5], games, [], 0)}
    assert no_bye_points[5].match_points == 0 and no_bye_points[5].byes == 1
