"""Round-robin schedules by the circle method."""

from __future__ import annotations

from collections.abc import Sequence

from .types import PlayerId

__all__ = ["circle_schedule", "round_robin_rounds"]

Table = tuple[PlayerId, PlayerId | None]


def circle_schedule(players: Sequence[PlayerId]) -> list[list[Table]]:
    """One leg: every pair meets exactly once. ``(a, None)`` is a bye (odd fields).

    The first player stays put while the others rotate one place a round. Seats alternate
    so each player sits in seat 1 about half the time.
    """
    if len(players) < 2:
        raise ValueError("a round robin needs at least two players")
    ring: list[PlayerId | None] = list(players)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    rounds: list[list[Table]] = []
    for r in range(n - 1):
        tables: list[Table] = []
        for i in range(n // 2):
            x, y = ring[i], ring[n - 1 - i]
            # The fixed player alternates seats by round; the others by table position,
            # which rotation moves them through.
            if (i == 0 and r % 2 == 1) or (i > 0 and i % 2 == 1):
                x, y = y, x
            if x is None:
                x, y = y, None
            assert x is not None
            tables.append((x, y))
        # byes last, so real tables are numbered from 1
        tables.sort(key=lambda t: t[1] is None)
        rounds.append(tables)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def round_robin_rounds(players: Sequence[PlayerId], double: bool) -> list[list[Table]]:
    """The whole schedule; with ``double`` a second leg repeats the first in the same order
    with every table's seats swapped (so duplicate deals are played from both sides)."""
    first = circle_schedule(players)
    if not double:
        return first
    second: list[list[Table]] = [
        [(b, a) if b is not None else (a, None) for a, b in rnd] for rnd in first
    ]
    return first + second
