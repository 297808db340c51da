"""The kernel the services' live aggregates run on (no Discord, no game rules).

`Scheduler` (`scheduler.py`): one per process, the one way anything happens later without a
click. A kind of timer has one handler (`Scheduler.on`); a timer is armed by kind, id and
`what` (`Scheduler.arm`), and fires as a task of this process on SQLite, or on a store
several processes share as a row of `store.timers` that one process claims (`_polled.py`).
`EventQueue` (`events.py`): a service's updates to its observers, in order per lane.
`Repeating` (`repeating.py`): work done again every few seconds until stopped.
`Registry` (`registry.py`): a service's live aggregates by key, each under its lock, checked
against a store several processes share (`Registry.hold`).
`remember` (`memo.py`): a plain dict as a bounded memo, forgotten at once when full (the
words and payloads a click builds again; no Discord, no game either).
"""

from .due import Due, Handler, Pace, Spawn
from .events import EventQueue, HasLane, Lane
from .memo import remember
from .registry import Aggregate, Held, Registry
from .repeating import Repeating
from .scheduler import Scheduler

__all__ = [
    "Aggregate",
    "Due",
    "EventQueue",
    "Handler",
    "HasLane",
    "Held",
    "Lane",
    "Pace",
    "Registry",
    "Repeating",
    "Scheduler",
    "Spawn",
    "remember",
]
