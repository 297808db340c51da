"""The table service (`TableService`, the one entry) and what its callers name.

Each job is a private module of its own: `_live` (a table in memory), `_setup` (settings
shared by the parts), `_registry` (live tables, locks, refresh from a shared store),
`_state` (what a table looks like from outside), `_updates` (the observers' ordered queue),
`_lobby`, `_moves`, `_leaving` (time-outs, resignations, matches called off), `_rounds`
(deals and the match's end), `_timers` (what happens next without a click),
`_store_timers` (timers in a shared store), `_recovery` (a restart), `_messages` (the
board's and hands' message ids) and `_service`.
"""

from ._live import MAX_TABLES_PER_PLAYER, LiveTable, StaleButton
from ._lobby import computer_name
from ._registry import replay
from ._rounds import UnplayedCheck
from ._service import TableService
from ._setup import PlayerFactory, Timing
from ._updates import Observer

__all__ = [
    "MAX_TABLES_PER_PLAYER",
    "LiveTable",
    "Observer",
    "PlayerFactory",
    "StaleButton",
    "TableService",
    "Timing",
    "UnplayedCheck",
    "computer_name",
    "replay",
]
