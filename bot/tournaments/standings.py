"""Standings: match points and tiebreaks (Swiss, round robin), elimination order (brackets)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

from .types import (
    LOSS_POINTS,
    WIN_POINTS,
    Pairing,
    PlayerId,
    ResultKind,
    Standing,
    Status,
)

__all__ = ["elimination_standings", "points_standings"]


def _tally(
    seeds: Sequence[PlayerId], pairings: Iterable[Pairing], bye_points: int
) -> tuple[
    dict[PlayerId, int],
    dict[PlayerId, int],
    dict[PlayerId, int],
    dict[PlayerId, int],
    dict[PlayerId, list[PlayerId]],
    dict[PlayerId, list[PlayerId]],
]:
    points = dict.fromkeys(seeds, 0)
    wins = dict.fromkeys(seeds, 0)
    losses = dict.fromkeys(seeds, 0)
    byes = dict.fromkeys(seeds, 0)
    opponents: dict[PlayerId, list[PlayerId]] = defaultdict(list)
    beaten: dict[PlayerId, list[PlayerId]] = defaultdict(list)
    for p in pairings:
        res = p.result
        if res is None:
            continue
        if p.b is None:
            byes[p.a] += 1
            points[p.a] += bye_points
            continue
        opponents[p.a].append(p.b)
        opponents[p.b].append(p.a)
        if res.kind is ResultKind.DOUBLE_FORFEIT:
            losses[p.a] += 1
            losses[p.b] += 1
            points[p.a] += LOSS_POINTS
            points[p.b] += LOSS_POINTS
            continue
        assert res.winner is not None
        loser = p.b if res.winner == p.a else p.a
        wins[res.winner] += 1
        losses[loser] += 1
        points[res.winner] += WIN_POINTS
        points[loser] += LOSS_POINTS
        beaten[res.winner].append(loser)
    return points, wins, losses, byes, opponents, beaten


def points_standings(
    seeds: Sequence[PlayerId],
    pairings: Iterable[Pairing],
    withdrawn: Iterable[PlayerId],
    bye_points: int,
) -> list[Standing]:
    """Standings ordered by match points, Buchholz, Sonneborn-Berger, head-to-head.

    Buchholz: the sum of the match points of every opponent a player was paired with (byes add
    nothing). Sonneborn-Berger: the sum of the match points of the opponents they beat.
    Head-to-head: among players still level on all three, wins in the games between them.
    Players level on everything share a place and are listed by seed.
    """
    pairings = list(pairings)
    out = set(withdrawn)
    points, wins, losses, byes, opponents, beaten = _tally(seeds, pairings, bye_points)
    buchholz = {p: sum(points[o] for o in opponents[p]) for p in seeds}
    sb = {p: sum(points[o] for o in beaten[p]) for p in seeds}

    def key3(p: PlayerId) -> tuple[int, int, int]:
        return (points[p], buchholz[p], sb[p])

    groups: dict[tuple[int, int, int], list[PlayerId]] = defaultdict(list)
    for p in seeds:
        groups[key3(p)].append(p)
    h2h: dict[PlayerId, int] = {}
    for members in groups.values():
        inside = set(members)
        for p in members:
            h2h[p] = sum(1 for o in beaten[p] if o in inside)

    seed_no = {p: i + 1 for i, p in enumerate(seeds)}
    ranked = sorted(seeds, key=lambda p: (*(-x for x in key3(p)), -h2h[p], seed_no[p]))
    result: list[Standing] = []
    for i, p in enumerate(ranked):
        if i and (*key3(p), h2h[p]) == (*key3(ranked[i - 1]), h2h[ranked[i - 1]]):
            place = result[-1].place
        else:
            place = i + 1
        result.append(
            Standing(
                place=place,
                player=p,
                seed=seed_no[p],
                match_points=points[p],
                wins=wins[p],
                losses=losses[p],
                byes=byes[p],
                buchholz=buchholz[p],
                sonneborn_berger=sb[p],
                status=Status.WITHDRAWN if p in out else Status.ACTIVE,
            )
        )
    return result


def elimination_standings(
    seeds: Sequence[PlayerId],
    pairings: Iterable[Pairing],
    withdrawn: Mapping[PlayerId, int],
    lives: int,
    finished: bool,
    champion: PlayerId | None,
) -> list[Standing]:
    """Standings for a bracket: the champion, then players still in, then the eliminated,
    later eliminations first; players knocked out in the same round share a place.

    ``lives`` is 1 for single and 2 for double elimination; a double forfeit knocks both
    players out at once. If a finished bracket has no champion (double no-show in the
    final), first place stays empty.
    """
    pairings = sorted(pairings, key=lambda p: p.round)
    points, wins, losses, byes, _, _ = _tally(seeds, pairings, WIN_POINTS)
    lost = dict.fromkeys(seeds, 0)
    out_round: dict[PlayerId, int] = {}
    for pr in pairings:
        res = pr.result
        if res is None or pr.b is None:
            continue
        if res.kind is ResultKind.DOUBLE_FORFEIT:
            for x in (pr.a, pr.b):
                out_round.setdefault(x, pr.round)
            continue
        loser = pr.b if res.winner == pr.a else pr.a
        lost[loser] += 1
        if lost[loser] >= lives:
            out_round.setdefault(loser, pr.round)
    for x, rnd in withdrawn.items():
        out_round.setdefault(x, rnd)

    def status(p: PlayerId) -> Status:
        if p == champion:
            return Status.CHAMPION
        if p in withdrawn and out_round[p] == withdrawn[p]:
            return Status.WITHDRAWN
        return Status.ELIMINATED if p in out_round else Status.ACTIVE

    def rank_key(p: PlayerId) -> tuple[int, int]:
        if p == champion:
            return (2, 0)
        if p not in out_round:
            return (1, 0)
        return (0, out_round[p])

    seed_no = {p: i + 1 for i, p in enumerate(seeds)}
    ranked = sorted(seeds, key=lambda p: (tuple(-x for x in rank_key(p)), seed_no[p]))
    shift = 1 if finished and champion is None else 0
    result: list[Standing] = []
    for i, p in enumerate(ranked):
        tied = i > 0 and rank_key(p) == rank_key(ranked[i - 1])
        place = result[-1].place if tied else i + 1 + shift
        result.append(
            Standing(
                place=place,
                player=p,
                seed=seed_no[p],
                match_points=points[p],
                wins=wins[p],
                losses=losses[p],
                byes=byes[p],
                status=status(p),
                eliminated_round=out_round.get(p),
            )
        )
    return result
