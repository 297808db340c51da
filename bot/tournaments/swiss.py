"""Swiss pairing: score groups, no rematches while avoidable, floaters, byes.

A simplified Dutch system. Players are ordered by match points, then seed. The top unpaired
player is paired inside their score group with the player half a group below (1 v 3, 2 v 4
in a group of four), trying the rest of the group, then lower groups (floating down), and
backtracking whenever the rest of the field could not be paired without a rematch. Failed
sub-fields are remembered, so the search is exact for the fields a Discord server runs; a
step budget guards against pathological cases, after which rematches are allowed, as few as
the search finds.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass

from .types import PlayerId

__all__ = ["SwissPairing", "default_rounds", "max_rounds", "pair_round"]

DEFAULT_BUDGET = 200_000


def default_rounds(n: int) -> int:
    """The usual number of Swiss rounds for ``n`` players: ceil(log2 n), at least 1."""
    return max(1, math.ceil(math.log2(n))) if n >= 2 else 1


def max_rounds(n: int) -> int:
    """Most rounds possible without a rematch (a full round robin)."""
    return n - 1 if n % 2 == 0 else n


@dataclass(frozen=True, slots=True)
class SwissPairing:
    pairs: list[tuple[PlayerId, PlayerId]]
    """Pairs in board order (strongest first); seats are decided by the caller."""
    bye: PlayerId | None
    rematches: int
    """Pairs that have met before (0 unless unavoidable or the search budget ran out)."""


class _OutOfBudget(Exception):
    pass


class _Search:
    def __init__(
        self,
        points: Mapping[PlayerId, int],
        met: Set[frozenset[PlayerId]],
        budget: int,
    ) -> None:
        self.points = points
        self.met = met
        self.budget = budget
        self.failed: dict[int, set[frozenset[PlayerId]]] = {}

    def candidates(self, rem: Sequence[PlayerId]) -> list[PlayerId]:
        top = rem[0]
        group = [p for p in rem if self.points[p] == self.points[top]]
        m, half = len(group), len(group) // 2
        idx = [*range(max(half, 1), m), *range(half - 1, 0, -1)]
        return [group[i] for i in idx] + [p for p in rem if self.points[p] != self.points[top]]

    def pair(
        self, rem: list[PlayerId], allowed_rematches: int
    ) -> list[tuple[PlayerId, PlayerId]] | None:
        if not rem:
            return []
        key = frozenset(rem)
        # A sub-field that failed with r rematches allowed also fails with fewer.
        if any(key in fails for r, fails in self.failed.items() if r >= allowed_rematches):
            return None
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget
        top = rem[0]
        for opp in self.candidates(rem):
            rematch = frozenset((top, opp)) in self.met
            if rematch and allowed_rematches == 0:
                continue
            rest = [p for p in rem if p != top and p != opp]
            sub = self.pair(rest, allowed_rematches - rematch)
            if sub is not None:
                return [(top, opp), *sub]
        self.failed.setdefault(allowed_rematches, set()).add(key)
        return None


def pair_round(
    players: Sequence[PlayerId],
    points: Mapping[PlayerId, int],
    met: Set[frozenset[PlayerId]],
    bye_candidates: Sequence[PlayerId],
    budget: int = DEFAULT_BUDGET,
) -> SwissPairing:
    """Pair one Swiss round.

    ``players``: everyone to pair, in seed order (best first). ``points``: match points so
    far. ``met``: pairs that have already played (as frozensets). ``bye_candidates``: for an
    odd field, who may get the bye, in order of preference (the tournament passes the
    players without a bye, lowest-ranked first; only when everyone has had one, everybody);
    the first whose absence leaves a rematch-free pairing gets it, and rematches are kept to
    the fewest the candidates allow.
    """
    if len(players) < 2:
        raise ValueError("Swiss pairing needs at least two players")
    seed_index = {p: i for i, p in enumerate(players)}
    ordered = sorted(players, key=lambda p: (-points[p], seed_index[p]))
    search = _Search(points, met, budget)

    if len(ordered) % 2 == 0:
        options: list[PlayerId | None] = [None]
    else:
        options = [p for p in bye_candidates if p in seed_index]
        if not options:
            raise ValueError("an odd field needs bye candidates")

    def field_without(bye: PlayerId | None) -> list[PlayerId]:
        return [p for p in ordered if p != bye]

    try:
        # Rematches are worse than giving the bye to a less-preferred candidate.
        for allowed in range(len(ordered) // 2 + 1):
            for bye in options:
                found = search.pair(field_without(bye), allowed)
                if found is not None:
                    return SwissPairing(found, bye, allowed if allowed == 0 else _count(found, met))
    except _OutOfBudget:
        pass
    # Budget spent: pair greedily down the list, skipping rematches where one is at hand.
    bye = options[0]
    rem = field_without(bye)
    pairs: list[tuple[PlayerId, PlayerId]] = []
    while rem:
        top = rem.pop(0)
        pick = next((p for p in rem if frozenset((top, p)) not in met), rem[0])
        rem.remove(pick)
        pairs.append((top, pick))
    return SwissPairing(pairs, bye, _count(pairs, met))


def _count(pairs: Sequence[tuple[PlayerId, PlayerId]], met: Set[frozenset[PlayerId]]) -> int:
    return sum(frozenset(p) in met for p in pairs)
