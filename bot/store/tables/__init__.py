"""Game tables: lobby, seats, rounds, the move log, snapshots, recovery, match end.

Every change to a table's game state carries the version the caller saw and advances it by
one, inside one transaction; a caller holding an old version gets `StaleVersion` and nothing
is written. So two clicks racing on the same state can never both apply.

The store does not understand the JSON it keeps (rules, match state, actions, results): the
service serializes and replays through the engine. Seats are numbered from 0.

Each job is a private module of its own: `_rows` (a table read from its rows, refusals),
`_steps` (statements the changes share: timers armed with a change, deals, moves), `_lobby`
(created, joined, left, started), `_play` (rounds and moves), `_ends` (a match finished or
abandoned), `_metadata` (no version change), `_reads` and `_repository` (`Tables`, the
parts, on `bot.store._parts.Part`, put together).
"""

from ._lobby import insert_table
from ._repository import Tables
from ._rows import load_table

__all__ = ["Tables", "insert_table", "load_table"]
