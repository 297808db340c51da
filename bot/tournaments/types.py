"""Value types shared by every tournament format: entrants, pairings, results, standings."""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any

PlayerId = int
"""A player is identified by their Discord user id (any int works)."""

#: Match points for each outcome (see docs/tournaments.md, "Scoring").
WIN_POINTS = 1
LOSS_POINTS = 0
BYE_POINTS = WIN_POINTS


class TournamentError(Exception):
    """Raised on a request the tournament cannot honour. The message is for the log and the
    tests; the few a player can cause (a field too small, too many Swiss rounds) carry a
    catalog key ``code`` and its ``values`` for the player's own language."""

    def __init__(self, message: str, code: str | None = None, **values: Any) -> None:
        super().__init__(message)
        self.code = code
        self.values = values


class Format(enum.StrEnum):
    SINGLE_ELIMINATION = "single_elimination"
    DOUBLE_ELIMINATION = "double_elimination"
    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"

    @property
    def is_elimination(self) -> bool:
        return self in (Format.SINGLE_ELIMINATION, Format.DOUBLE_ELIMINATION)


class ResultKind(enum.StrEnum):
    WIN = "win"
    """The match was played and ``winner`` won it."""
    FORFEIT = "forfeit"
    """Only ``winner`` showed up (or the opponent withdrew): a win without a match."""
    DOUBLE_FORFEIT = "double_forfeit"
    """Neither showed up: both lose, nobody wins."""
    BYE = "bye"
    """No opponent this round; counts as a win worth :data:`BYE_POINTS`."""


@dataclass(frozen=True, slots=True)
class Result:
    kind: ResultKind
    winner: PlayerId | None = None

    def __post_init__(self) -> None:
        if (self.kind is ResultKind.DOUBLE_FORFEIT) != (self.winner is None):
            raise ValueError("a double forfeit has no winner; every other result has one")

    @classmethod
    def win(cls, winner: PlayerId) -> Result:
        return cls(ResultKind.WIN, winner)

    @classmethod
    def forfeit(cls, winner: PlayerId) -> Result:
        return cls(ResultKind.FORFEIT, winner)

    @classmethod
    def double_forfeit(cls) -> Result:
        return cls(ResultKind.DOUBLE_FORFEIT, None)

    @classmethod
    def bye(cls, player: PlayerId) -> Result:
        return cls(ResultKind.BYE, player)

    @property
    def played(self) -> bool:
        """True only if cards were actually played (the match counts for ratings)."""
        return self.kind is ResultKind.WIN

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "winner": self.winner}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Result:
        return cls(ResultKind(data["kind"]), data["winner"])


@dataclass(frozen=True, slots=True)
class Entrant:
    """A signed-up player; ``rating`` is used for seeding (higher = better seed)."""

    player: PlayerId
    rating: float = 1500.0

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "rating": self.rating}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Entrant:
        return cls(int(data["player"]), float(data["rating"]))


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table of one round: ``a`` sits in seat 1, ``b`` in seat 2 (``b`` None: a bye).

    ``id`` is stable and unique within the tournament (``r3t2`` for Swiss and round robin,
    ``W2.1``/``L3.2``/``GF1``/``GF2`` for elimination brackets); use it as the store's key.
    ``deal_round`` is the round whose duplicate deal seeds this table uses (equal to
    ``round`` except in the second leg of a round robin, which replays the first leg's deals
    with the seats swapped).
    """

    id: str
    round: int
    table: int
    a: PlayerId
    b: PlayerId | None
    deal_round: int
    result: Result | None = None

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def done(self) -> bool:
        return self.result is not None

    def opponent(self, player: PlayerId) -> PlayerId | None:
        if player == self.a:
            return self.b
        if player == self.b:
            return self.a
        raise ValueError(f"player {player} is not at table {self.id}")

    def loser(self) -> PlayerId | None:
        """The player who lost (None for a bye, a double forfeit or an unplayed table)."""
        if self.result is None or self.result.winner is None or self.b is None:
            return None
        return self.b if self.result.winner == self.a else self.a

    def with_result(self, result: Result) -> Pairing:
        return replace(self, result=result)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "round": self.round,
            "table": self.table,
            "a": self.a,
            "b": self.b,
            "deal_round": self.deal_round,
            "result": None if self.result is None else self.result.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Pairing:
        res = data.get("result")
        return cls(
            id=str(data["id"]),
            round=int(data["round"]),
            table=int(data["table"]),
            a=int(data["a"]),
            b=None if data["b"] is None else int(data["b"]),
            deal_round=int(data["deal_round"]),
            result=None if res is None else Result.from_dict(res),
        )


class Status(enum.StrEnum):
    """Where a player stands in the tournament."""

    ACTIVE = "active"
    ELIMINATED = "eliminated"
    WITHDRAWN = "withdrawn"
    CHAMPION = "champion"


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings. ``place`` is 1-based and shared by players tied on
    every criterion. Tiebreak fields are 0 for elimination formats, which rank by how far
    a player got instead (``eliminated_round``: the round of their last loss)."""

    place: int
    player: PlayerId
    seed: int
    match_points: int
    wins: int
    losses: int
    byes: int
    buchholz: int = 0
    sonneborn_berger: int = 0
    status: Status = Status.ACTIVE
    eliminated_round: int | None = None

    @property
    def played(self) -> int:
        return self.wins + self.losses
