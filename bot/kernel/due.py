"""What a timer is when it fires, and what fires it."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Protocol

from bot.store.models import Timer


@dataclass(frozen=True, slots=True)
class Due:
    """A timer come due: its `kind` (whose handler fires it), the id of what it is for, what
    to do, the state `version` it was armed at and when it was due (epoch seconds, as armed
    on this process; to the millisecond from the store)."""

    kind: str
    ref_id: int
    what: str
    version: int
    at: float

    @classmethod
    def of(cls, timer: Timer) -> Due:
        return cls(timer.kind, timer.ref_id, timer.what, timer.version, timer.due_at.timestamp())


#: Fires a timer of one kind. Raising leaves a store timer claimed: it is tried again once
#: its lease runs out; a task's is logged.
Handler = Callable[[Due], Awaitable[None]]
#: Starts a timer's task (a service passes its own to keep track of the tasks it must let
#: finish at shutdown); `asyncio.create_task` by default.
Spawn = Callable[[Coroutine[Any, Any, None]], "asyncio.Task[None]"]


class Pace(Protocol):
    """The store-backed timers' seconds (docs/deploy.md "Timers"): how often a process looks
    for due timers, how long a claimed one is its own (a dead process's are taken over after
    this), and how often the sweeps run. The table service's `Timing` is one."""

    @property
    def poll(self) -> float: ...
    @property
    def lease(self) -> float: ...
    @property
    def sweep(self) -> float: ...
