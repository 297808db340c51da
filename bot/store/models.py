"""The store's data: the plain frozen dataclasses, literal types and constants that every
repository takes and returns, whatever the backend (see `bot/store/repositories.py`).

Nothing here knows a database: services and every backend import these.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal, Protocol, get_args

# -- Players (`store.players`) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Player:
    user_id: int
    display_name: str
    online: bool
    locale: str | None
    created_at: datetime
    updated_at: datetime


#: `update_settings(language=FOLLOW_DISCORD)` forgets the chosen language.
FOLLOW_DISCORD = "auto"


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    """What a player chose in `/gin me settings` (defaults when they never chose)."""

    user_id: int
    #: A picture of the hand in each hand message: off unless chosen, since the hand's
    #: cards are buttons with their emojis (issue 33); boards and reveals keep theirs.
    images: bool = False
    four_colour: bool = False
    dark: bool = False
    #: A new hand message (a notification) when their turn starts; else edited in place.
    turn_alerts: bool = True
    #: The language they chose (en/es/fr), which wins over their Discord locale; None:
    #: follow Discord (`bot.i18n.pick_language`).
    language: str | None = None


# -- Relations (`store.relations`) ---------------------------------------------------------

RelationKind = Literal["block", "mute", "favorite"]

RELATION_KINDS: tuple[RelationKind, ...] = get_args(RelationKind)


@dataclass(frozen=True, slots=True)
class Relation:
    """`user_id` has `kind`-ed `target_id` (e.g. user 1 blocks user 2)."""

    user_id: int
    target_id: int
    kind: RelationKind
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Favorite:
    """A favorite with what the store knows of them (None if they never played)."""

    target_id: int
    display_name: str | None
    online: bool | None
    created_at: datetime


# -- Statistics (`store.stats`) ------------------------------------------------------------

#: The scope id of statistics and ratings over all servers.
GLOBAL = 0

Versus = Literal["people", "computer"]
LeaderboardSort = Literal["wins", "gins", "points", "streak", "played"]

LEADERBOARD_SORTS: tuple[LeaderboardSort, ...] = get_args(LeaderboardSort)


@dataclass(frozen=True, slots=True)
class MatchLine:
    """One player's part in a finished match: what gets added to their statistics.

    `score` is their final total (bonuses included); `won` is False for every player but the
    winner. A resignation or a forfeit (timeout, no-show) is also a loss.
    """

    won: bool
    score: int
    resigned: bool = False
    forfeited: bool = False
    rounds_played: int = 0
    rounds_won: int = 0
    gins: int = 0
    big_gins: int = 0
    knocks: int = 0
    undercuts_made: int = 0
    undercuts_suffered: int = 0
    shutout: bool = False
    points_for: int = 0
    points_against: int = 0


@dataclass(frozen=True, slots=True)
class StatLine:
    """A player's record in one scope (`guild_id`, or `GLOBAL`) against one kind of opponent."""

    user_id: int
    guild_id: int
    versus: Versus
    matches_played: int = 0
    matches_won: int = 0
    matches_lost: int = 0
    matches_resigned: int = 0
    matches_forfeited: int = 0
    rounds_played: int = 0
    rounds_won: int = 0
    gins: int = 0
    big_gins: int = 0
    knocks: int = 0
    undercuts_made: int = 0
    undercuts_suffered: int = 0
    shutouts: int = 0
    points_for: int = 0
    points_against: int = 0
    #: The best (highest-scoring) match the player won, and its table.
    best_match_points: int = 0
    best_match_table_id: int | None = None
    current_streak: int = 0
    best_streak: int = 0
    updated_at: datetime | None = None

    @property
    def win_rate(self) -> float:
        return self.matches_won / self.matches_played if self.matches_played else 0.0

    @property
    def points_per_round(self) -> float:
        return self.points_for / self.rounds_played if self.rounds_played else 0.0


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    rank: int
    user_id: int
    display_name: str | None
    value: int
    stats: StatLine


# -- Achievements (`store.achievements`) ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class Achievement:
    user_id: int
    key: str
    unlocked_at: datetime


# -- Ratings (`store.ratings`) -------------------------------------------------------------


class RatingLike(Protocol):
    """Anything with Glicko-2 numbers, e.g. `bot.ratings.Rating`."""

    @property
    def rating(self) -> float: ...
    @property
    def rd(self) -> float: ...
    @property
    def volatility(self) -> float: ...
    @property
    def games(self) -> int: ...


@dataclass(frozen=True, slots=True)
class RatingUpdate:
    """A player's new rating in one scope, to store."""

    user_id: int
    scope: int
    rating: float
    rd: float
    volatility: float
    games: int

    @classmethod
    def of(cls, user_id: int, scope: int, value: RatingLike) -> RatingUpdate:
        return cls(user_id, scope, value.rating, value.rd, value.volatility, value.games)


@dataclass(frozen=True, slots=True)
class PlayerRating:
    user_id: int
    scope: int
    rating: float
    rd: float
    volatility: float
    games: int
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class RatedEntry:
    rank: int
    display_name: str | None
    rating: PlayerRating


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


# -- Challenges (`store.challenges`) -------------------------------------------------------

ChallengeStatus = Literal["pending", "accepted", "declined", "cancelled", "expired"]

Resolution = Literal["declined", "cancelled", "expired"]


@dataclass(frozen=True, slots=True)
class Challenge:
    id: int
    guild_id: int
    channel_id: int
    challenger_id: int
    opponent_id: int
    #: The preset name (or rule-set JSON) the challenger asked for.
    rules: str
    target: int
    status: ChallengeStatus
    message_id: int | None
    dm_channel_id: int | None
    dm_message_id: int | None
    table_id: int | None
    created_at: datetime
    expires_at: datetime
    resolved_at: datetime | None


# -- History (`store.history`) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchSeat:
    seat_no: int
    #: None for a computer, or for a player who erased their data ("deleted player").
    user_id: int | None
    computer_level: str | None
    display_name: str
    score: int
    won: bool


@dataclass(frozen=True, slots=True)
class MatchSummary:
    table_id: int
    guild_id: int
    rules: str
    target: int
    vs_computer: bool
    winner_seat: int | None
    ended_by: str
    rounds: int
    finished_at: datetime
    seats: tuple[MatchSeat, ...]


# -- Tournaments (`store.tournaments`) -----------------------------------------------------

TournamentFormat = Literal["single_elimination", "double_elimination", "round_robin", "swiss"]

TournamentStatus = Literal["signup", "running", "paused", "finished", "cancelled"]


EntryStatus = Literal["active", "eliminated", "withdrawn", "kicked", "champion"]

ResultKind = Literal["win", "forfeit", "double_forfeit", "bye"]
UNFINISHED: tuple[TournamentStatus, ...] = ("signup", "running", "paused")


@dataclass(frozen=True, slots=True)
class Tournament:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    name: str
    format: TournamentFormat
    rules: str
    target: int
    #: max_players, rounds, duplicate, deadlines...: the tournament service's JSON.
    settings_json: str
    status: TournamentStatus
    organizer_id: int | None
    #: Seed of the duplicate deals, if the tournament uses them.
    seed: int | None
    current_round: int
    #: The tournament service's own state (brackets...), versioned for `save_state`.
    state_json: str | None
    version: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class Entry:
    tournament_id: int
    #: A Discord user id; negative once the player erased their data.
    user_id: int
    display_name: str
    rating: float | None
    seed: int | None
    status: EntryStatus
    final_rank: int | None
    joined_at: datetime


@dataclass(frozen=True, slots=True)
class TournamentRound:
    tournament_id: int
    round_no: int
    status: Literal["playing", "finished"]
    deadline: datetime | None
    started_at: datetime
    finished_at: datetime | None


@dataclass(frozen=True, slots=True)
class NewPairing:
    key: str
    board: int
    player_a: int
    player_b: int | None = None
    #: The round whose duplicate deals this table plays (usually the round itself).
    deal_round: int | None = None


@dataclass(frozen=True, slots=True)
class TournamentPairing:
    tournament_id: int
    key: str
    round_no: int
    board: int
    deal_round: int
    player_a: int
    #: None for a bye.
    player_b: int | None
    table_id: int | None
    result_kind: ResultKind | None
    winner_id: int | None
    result_json: str | None
    finished_at: datetime | None
