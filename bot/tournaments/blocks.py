"""Blocked players are still paired (the organizer decides); this tells the service whom to warn."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from .types import Pairing, PlayerId

__all__ = ["BlockedPairing", "blocked_pairings"]


@dataclass(frozen=True, slots=True)
class BlockedPairing:
    """``blocker`` has blocked ``blocked`` and they share ``pairing``: tell both players
    (and the organizer, who may kick either)."""

    pairing: Pairing
    blocker: PlayerId
    blocked: PlayerId


def blocked_pairings(
    pairings: Iterable[Pairing], blocks: Collection[tuple[PlayerId, PlayerId]]
) -> list[BlockedPairing]:
    """Tables where one player blocks the other. ``blocks`` holds ``(blocker, blocked)``
    pairs; a mutual block gives two entries for the same table."""
    wanted = set(blocks)
    found: list[BlockedPairing] = []
    for p in pairings:
        if p.b is None:
            continue
        for x, y in ((p.a, p.b), (p.b, p.a)):
            if (x, y) in wanted:
                found.append(BlockedPairing(p, x, y))
    return found
