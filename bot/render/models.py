"""What a picture shows: small frozen dataclasses the services fill from the engine.

They are hashable on purpose: a picture is cached by the value of its dataclass plus the
`RenderOptions`, so two requests that show the same thing share one rendering.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.engine.cards import Card


def _melds(melds: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(m) for m in melds)


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """A player's picture settings."""

    four_colour: bool = False  # clubs green, diamonds blue
    dark: bool = False  # dark background instead of light


@dataclass(frozen=True, slots=True)
class HandPicture:
    """One player's hand, as that player sees it in the DM.

    `melds` are drawn first, each as its own group, then `deadwood` as a dimmed group labelled
    with `deadwood_points`. `highlight` (usually the card just drawn) is raised and outlined
    wherever it sits.
    """

    melds: tuple[tuple[Card, ...], ...] = ()
    deadwood: tuple[Card, ...] = ()
    deadwood_points: int = 0
    highlight: Card | None = None

    def __post_init__(self) -> None:
        # Lists are accepted and frozen into tuples, so the picture can key the cache.
        object.__setattr__(self, "melds", _melds(self.melds))
        object.__setattr__(self, "deadwood", tuple(self.deadwood))


@dataclass(frozen=True, slots=True)
class TablePicture:
    """The public table: discard pile, stock and everyone's card count.

    `discard_pile` is bottom first, top last. `players` holds `(name, card_count)` pairs in
    seat order; `to_play` is the index in `players` of the player whose turn it is, if any.
    """

    discard_pile: tuple[Card, ...] = ()
    stock_count: int = 0
    players: tuple[tuple[str, int], ...] = ()
    to_play: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "discard_pile", tuple(self.discard_pile))
        object.__setattr__(self, "players", tuple((str(n), int(c)) for n, c in self.players))


@dataclass(frozen=True, slots=True)
class RevealHand:
    """One hand as shown after a knock.

    `laid_off` lists cards drawn in this hand's `melds` that were laid off onto it (or, if the
    services prefer, the defender's own cards that went out as lay-offs): each is outlined.
    `role` is a short caption ("knocked", "gin", "defender"); `points` the round's score for
    this player, shown on the right of the name when given.
    """

    name: str
    melds: tuple[tuple[Card, ...], ...] = ()
    deadwood: tuple[Card, ...] = ()
    deadwood_points: int = 0
    laid_off: tuple[Card, ...] = ()
    role: str = ""
    points: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "melds", _melds(self.melds))
        object.__setattr__(self, "deadwood", tuple(self.deadwood))
        object.__setattr__(self, "laid_off", tuple(self.laid_off))


@dataclass(frozen=True, slots=True)
class RevealPicture:
    """All hands after a knock, one row each, and a line with the result."""

    hands: tuple[RevealHand, ...] = ()
    result: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", tuple(self.hands))
