"""The tournament service's settings, read by all its parts, and its one error."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.errors import PlayerError
from bot.games.tables import TableService
from bot.store.repositories import Storage

from .._model import TournamentTiming

MAX_NAME = 60
#: The store timers' kind for tournaments (shared store): ("tournament", id).
TIMER_KIND = "tournament"
#: Tries of a change on the tournament's latest state when other processes keep saving.
SHARED_TRIES = 5
#: Game tables looked up in the store (shared store) remembered at most.
MAX_TABLE_REFS = 10_000

NO_RIGHTS = "tournament-no-rights"


class TournamentProblem(PlayerError):
    """A tournament request that can't be done; the message is for the player."""


@dataclass(eq=False)
class Setup:
    """One object every part reads (never a copy), so that a test that sets
    `TournamentService.clock` moves it for all of them."""

    store: Storage
    tables: TableService
    timing: TournamentTiming
    #: Epoch seconds now (`TournamentService.clock`, read through the service).
    clock: Callable[[], float]
    #: Several processes share the store (docs/deploy.md): the tournament's state in
    #: the store is the truth, checked before every change; its timers are store rows.
    shared: bool
    #: Set by `close`: nothing new is armed or paired.
    closing: bool = False
