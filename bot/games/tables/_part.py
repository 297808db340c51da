"""What every part of the table service reads: its settings, the live tables, the
observers' queue and the timers."""

from __future__ import annotations

from dataclasses import dataclass

from ._registry import Registry
from ._setup import Setup
from ._timers import Timers
from ._updates import Updates


@dataclass(frozen=True, slots=True)
class Core:
    """The pieces every part is built on, made once by `TableService`."""

    setup: Setup
    registry: Registry
    updates: Updates
    timers: Timers


class Part:
    """A part of the table service (the rounds, the moves, leaving a match, a restart)."""

    def __init__(self, core: Core) -> None:
        self.setup = core.setup
        self.store = core.setup.store
        self.registry = core.registry
        self.updates = core.updates
        self.timers = core.timers
