"""The table service's settings, read by all its parts: the store, the clock, the timings."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.engine.players import Player
from bot.store.repositories import Storage

if TYPE_CHECKING:
    from bot.ratings.service import RatingService

PlayerFactory = Callable[[str, int], Player]


@dataclass(frozen=True, slots=True)
class Timing:
    """Pauses and timers (seconds). Tests set them short or to zero."""

    turn: float = 180.0
    reminder: float = 60.0  # remind this long before the turn runs out
    round_pause: float = 5.0
    computer_delay: float = 1.5
    #: Automatic moves in a row after which a player is removed for being away.
    max_auto_moves: int = 2
    #: Shared store only (several processes, docs/deploy.md "Timers"): how often a process
    #: looks for due timers, how long a claimed timer is its own (a dead process's timers
    #: are taken over after this), and how often tables left without a timer are looked for.
    poll: float = 0.25
    lease: float = 30.0
    sweep: float = 15.0


def random_seed() -> int:
    """A new match's deal, at random."""
    return secrets.randbits(62)


@dataclass(eq=False)
class Setup:
    """One object every part of the service reads (never a copy), so that a test that sets
    `TableService.timing` or `.deal_seed` changes it for all of them."""

    store: Storage
    #: Several processes share the store.
    shared: bool
    #: Wall-clock seconds for the shared timers (tests move it).
    clock: Callable[[], float]
    #: This process's place among the bot's processes (`TableService.role`).
    role: str | None
    #: This process's name on the timers it arms and claims (`TableService.owner`).
    owner: str
    timing: Timing
    make_player: PlayerFactory
    #: Rates a finished match in its own `finish_match` transaction (None: no ratings).
    ratings: RatingService | None = None
    #: Where the deal of a new match comes from (tests set a fixed sequence).
    deal_seed: Callable[[], int] = field(default=random_seed)
    #: Set by `close`: no timer is armed any more.
    closing: bool = False
