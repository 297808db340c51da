"""A settled round: what each seat kept (melds, lay-offs, deadwood) and the points.

Plain data, apart from the arithmetic that makes it (`scoring.py`) and the parts of its
points (`breakdown.py`), which both read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.engine.cards import Card
from bot.engine.layoffs import Layoff
from bot.engine.melds import Meld

__all__ = ["SeatResult", "Settlement"]


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat after a knock: own melds, lay-offs onto the knocker's melds (never for the
    knocker), deadwood left after them and its points."""

    melds: tuple[Meld, ...]
    layoffs: tuple[Layoff, ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "melds": [[c.code for c in m] for m in self.melds],
            "layoffs": [lo.to_dict() for lo in self.layoffs],
            "deadwood": [c.code for c in self.deadwood],
            "deadwood_points": self.deadwood_points,
        }


@dataclass(frozen=True, slots=True)
class Settlement:
    """The end of a round by a knock, gin or big gin, for 2-4 seats. `kind` is "knock", "gin",
    "big_gin" or "undercut"; `points[seat]` is what each seat scores under "points" scoring,
    or the penalty points each seat takes under "penalty" scoring. Lay-off `meld` indexes
    refer to `seats[knocker].melds`."""

    kind: str
    knocker: int
    winner: int
    scoring: str
    seats: tuple[SeatResult, ...]
    points: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "knocker": self.knocker,
            "winner": self.winner,
            "scoring": self.scoring,
            "seats": [s.to_dict() for s in self.seats],
            "points": list(self.points),
        }
