"""One round of Gin Rummy as a deterministic state machine (see docs/engine-rounds.md).

Each job is a private module of its own: `_state` (the phases, the state and what anyone
may read: legal actions, views), `_play` (applying an action) and `_round` (`Round`: the
deal, copies, snapshots, JSON records, replays). `Event` and `RoundResult` live in
`bot.engine.events`; they are re-exported here, where much code imports them.
"""

from bot.engine.events import Event, RoundResult

from ._round import Round
from ._state import MAX_RESHUFFLES, derive_seed

__all__ = ["MAX_RESHUFFLES", "Event", "Round", "RoundResult", "derive_seed"]
