"""What a picture shows: small frozen dataclasses the services fill from the engine.

They are hashable on purpose: a picture is cached by the value of its dataclass plus the
`RenderOptions`, so two requests that show the same thing share one rendering.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.engine.cards import Card
from bot.i18n import DEFAULT, Language


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
    #: The reader's language (en/es/fr) for the words drawn in: part of the cache key.
    locale: Language = DEFAULT

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
    #: The server's language (a public picture), for the words drawn in.
    locale: Language = DEFAULT

    def __post_init__(self) -> None:
        object.__setattr__(self, "discard_pile", tuple(self.discard_pile))
        object.__setattr__(self, "players", tuple((str(n), int(c)) for n, c in self.players))


@dataclass(frozen=True, slots=True)
class RevealScore:
    """A seat's round points as the engine made them: `deadwood - minus + bonus == points`.

    With `penalty` (penalty scoring) they are penalty points taken, not points scored.
    `bonus_kind` is "gin", "big_gin" or "undercut" when `bonus` is set.
    """

    points: int
    deadwood: int = 0
    minus: int = 0
    bonus: int = 0
    bonus_kind: str | None = None
    penalty: bool = False


@dataclass(frozen=True, slots=True)
class RevealHand:
    """One hand as shown after a knock.

    `laid_off` are this player's cards laid off on the knocker's melds: they are drawn as
    their own outlined group in this row, labelled with the knocker's name, so every card
    sits in the row of the player who held it. `role` is an extra caption after the name
    (the picture already says who knocked, undercut and won); `score` this player's points
    or penalty for the round, shown on the right (None: nothing to show, e.g. a loser under
    points scoring).
    """

    name: str
    melds: tuple[tuple[Card, ...], ...] = ()
    deadwood: tuple[Card, ...] = ()
    deadwood_points: int = 0
    laid_off: tuple[Card, ...] = ()
    role: str = ""
    score: RevealScore | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "melds", _melds(self.melds))
        object.__setattr__(self, "deadwood", tuple(self.deadwood))
        object.__setattr__(self, "laid_off", tuple(self.laid_off))


@dataclass(frozen=True, slots=True)
class RevealPicture:
    """All hands after a knock, one row each, under a band with the result.

    `kind` is the engine's "knock", "gin", "big_gin" or "undercut" ("" for none: the band
    then shows only `result`); `knocker` and `winner` index `hands`. `knock_card` (the
    knocker's last discard, None for big gin) is shown face up in the knocker's row.
    `result` is a caption on the right of the band (e.g. the round and table).
    """

    hands: tuple[RevealHand, ...] = ()
    result: str = ""
    kind: str = ""
    knocker: int | None = None
    winner: int | None = None
    knock_card: Card | None = None
    #: The reader's language, for the words drawn in (`result` comes already in words).
    locale: Language = DEFAULT

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", tuple(self.hands))
