"""Game tables, their timers and busy channels (`store.tables`, `store.timers`,
`store.busy`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

# -- Tables (`store.tables`) ---------------------------------------------------------------

TableStatus = Literal["lobby", "playing", "finished", "abandoned"]

EndedBy = Literal["score", "resign", "forfeit", "timeout"]


ACTIVE_STATUSES: tuple[TableStatus, ...] = ("lobby", "playing")

DELETED_PLAYER = "deleted player"


@dataclass(frozen=True, slots=True)
class NewSeat:
    """A seat to fill: a person (`user_id`) or a computer player (`computer_level`)."""

    display_name: str
    user_id: int | None = None
    computer_level: str | None = None

    def __post_init__(self) -> None:
        if (self.user_id is None) == (self.computer_level is None):
            raise ValueError("a seat has either a user_id or a computer_level")


@dataclass(frozen=True, slots=True)
class Seat:
    table_id: int
    seat_no: int
    #: None for a computer player, or for a person who erased their data after the game.
    user_id: int | None
    computer_level: str | None
    display_name: str
    #: Removed mid-match (away too long); a larger table plays on without them.
    removed: bool
    dm_channel_id: int | None
    dm_message_id: int | None
    joined_at: datetime
    #: Removed because its player resigned (at three or four seats), not for being away.
    resigned: bool = False

    @property
    def is_computer(self) -> bool:
        return self.computer_level is not None


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What `create` needs. `rules` names the preset; `rules_json` is the full rule set."""

    guild_id: int
    channel_id: int
    rules: str
    rules_json: str
    target: int
    seat_count: int = 2
    seats: tuple[NewSeat, ...] = ()
    host_id: int | None = None
    message_id: int | None = None


@dataclass(frozen=True, slots=True)
class Table:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int | None
    rules: str
    rules_json: str
    target: int
    seat_count: int
    status: TableStatus
    #: The last full snapshot of the match state, and the version it reflects.
    state_json: str | None
    snapshot_version: int
    #: The current state version: pass it back to change the table.
    version: int
    round_no: int
    turn_deadline: datetime | None
    created_at: datetime
    updated_at: datetime
    seats: tuple[Seat, ...]
    #: Each seat's automatic turns in a row, as JSON (`{"0": 1}`); None: none yet.
    auto_json: str | None = None
    #: The last round whose reveal was posted in the channel (`set_revealed`).
    revealed_round: int = 0

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    @property
    def vs_computer(self) -> bool:
        return any(s.is_computer for s in self.seats)


@dataclass(frozen=True, slots=True)
class Round:
    table_id: int
    round_no: int
    seed: int
    dealer: int
    #: The table version right after the deal (moves of this round have greater seqs).
    start_version: int
    result_json: str | None
    started_at: datetime
    finished_at: datetime | None


@dataclass(frozen=True, slots=True)
class Move:
    table_id: int
    #: The table version this move produced: unique per table, increasing.
    seq: int
    round_no: int
    seat: int
    action_json: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class TableInPlay:
    """A playing table as recovery needs it: replay `moves` on top of the snapshot."""

    table: Table
    moves: tuple[Move, ...]

    @property
    def snapshot_json(self) -> str | None:
        return self.table.state_json

    @property
    def snapshot_version(self) -> int:
        return self.table.snapshot_version


# -- Timers (`store.timers`) ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Timer:
    """Something due without a click, shared by every bot process (one row per `kind` and
    `ref_id`): `what` to do, at the state `version` it was armed at, at `due_at`. A claimed
    timer carries its `owner` and the end of its lease."""

    id: int
    kind: str
    ref_id: int
    what: str
    version: int
    due_at: datetime
    owner: str | None = None
    lease_until: datetime | None = None


@dataclass(frozen=True, slots=True)
class NextTimer:
    """A table's next timer, written with the change that leads to it (`apply_move`,
    `start`, `start_round`, `remove_seat`, each `timer=`): the row
    `timers.arm("table", table_id, what, <the change's version>, due, for_owner=, grace=)`
    would write, in the change's own transaction."""

    what: str
    due: datetime
    for_owner: str | None = None
    grace: float = 0.0


@dataclass(frozen=True, slots=True)
class Deal:
    """A round's deal as the store records it (`rounds`): its seed and dealer. Given to
    `tables.start(first_round=)` so a match starts dealt, in one transaction."""

    seed: int
    dealer: int


@dataclass(frozen=True, slots=True)
class BusyLine:
    """A playing table of the channel and its line as last written (None: none yet)."""

    table_id: int
    version: int | None
    line: str | None


@dataclass(frozen=True, slots=True)
class BusyChannel:
    """A channel's tables in play (oldest first) and its message, as the store has them."""

    tables: tuple[BusyLine, ...]
    message_id: int | None
    #: Another process has claimed posting the message and not stored it yet.
    posting: bool
    #: Moves on with every line written: equal revisions, equal lines.
    revision: int
