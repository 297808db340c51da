"""The store's interfaces: one `Protocol` per repository, and `Storage`, the whole store.

Services are typed against these, never against a backend, so a second backend (a database
server, issue #18) is added without touching a service. The SQLite backend (`bot.store.store`
and its repository modules) satisfies them structurally; `bot/store/store.py` makes mypy
prove it. Every method is async and takes and returns the plain dataclasses of
`bot.store.models`; errors are those of `bot.store.errors`. What a backend must guarantee
(commit before returning, stale versions refused) is in docs/store.md, "Interfaces".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Protocol, Self

from bot.store.models import (
    GLOBAL,
    Achievement,
    Challenge,
    Deal,
    EndedBy,
    Entry,
    EntryStatus,
    Favorite,
    LeaderboardEntry,
    LeaderboardSort,
    MatchLine,
    MatchSummary,
    Move,
    NewPairing,
    NewSeat,
    NextTimer,
    Player,
    PlayerRating,
    PlayerSettings,
    RatedEntry,
    RatingUpdate,
    Relation,
    RelationKind,
    Resolution,
    ResultKind,
    Round,
    StatLine,
    Table,
    TableInPlay,
    TableSpec,
    TableStatus,
    Timer,
    Tournament,
    TournamentFormat,
    TournamentPairing,
    TournamentRound,
    TournamentStatus,
    Versus,
)

#: Where a store gets "now" (injectable, so tests can move time).
Clock = Callable[[], datetime]


class PlayersRepository(Protocol):
    """`store.players`."""

    async def upsert(
        self,
        user_id: int,
        display_name: str,
        *,
        locale: str | None = None,
        online: bool | None = None,
    ) -> Player:
        """Create the player or refresh their name (and locale/online when given)."""

    async def get(self, user_id: int) -> Player | None: ...

    async def get_many(self, user_ids: Iterable[int]) -> dict[int, Player]: ...

    async def set_online(self, user_id: int, online: bool) -> Player:
        """`/gin me online`, `/gin me offline`. Raises `NotFound` for an unknown player."""

    async def set_locale(self, user_id: int, locale: str | None) -> Player: ...

    async def settings(self, user_id: int) -> PlayerSettings: ...

    async def update_settings(
        self,
        user_id: int,
        *,
        images: bool | None = None,
        four_colour: bool | None = None,
        dark: bool | None = None,
        turn_alerts: bool | None = None,
        language: str | None = None,
    ) -> PlayerSettings:
        """Change the settings given (None leaves one as it is); return them all."""

    async def dm_channel(self, user_id: int) -> int | None:
        """The bot's DM channel with this player, if Discord gave it once."""

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        """Keep the DM channel's id (a player not yet known to the store is not kept)."""

    async def mark_dm_closed(self, user_id: int) -> None:
        """A DM to this user failed: don't retry until `clear_dm_closed` (they interacted)."""

    async def clear_dm_closed(self, user_id: int) -> bool:
        """Forget the failure; True if there was one."""

    async def dm_closed(self, user_id: int) -> bool: ...

    async def dm_closed_among(self, user_ids: Iterable[int]) -> set[int]:
        """Which of these users have closed DMs (one query for a whole table)."""


class RelationsRepository(Protocol):
    """`store.relations`."""

    async def add(self, user_id: int, target_id: int, kind: RelationKind) -> bool:
        """Record the relation; True if it is new, False if it was already there."""

    async def remove(self, user_id: int, target_id: int, kind: RelationKind) -> bool:
        """Drop the relation; True if there was one."""

    async def has(self, user_id: int, target_id: int, kind: RelationKind) -> bool: ...

    async def of(self, user_id: int, kind: RelationKind | None = None) -> list[Relation]:
        """The relations `user_id` made (for `/gin player relations`), oldest first."""

    async def blocked_either_way(self, a: int, b: int) -> bool:
        """True if a blocked b or b blocked a (challenges and joins are refused)."""

    async def targets_among(
        self, user_id: int, kind: RelationKind, others: Iterable[int]
    ) -> set[int]:
        """Which of `others` `user_id` has `kind`-ed (e.g. blocked players at a table)."""

    async def sources_among(
        self, target_id: int, kind: RelationKind, others: Iterable[int]
    ) -> set[int]:
        """Which of `others` have `kind`-ed `target_id` (e.g. who muted the sender of a chat
        line, so the relay skips them)."""

    async def favorites(self, user_id: int) -> list[Favorite]:
        """`/gin player friends`: favorites with their name and online flag, by name."""


class StatsRepository(Protocol):
    """`store.stats`."""

    async def record(
        self,
        guild_id: int,
        lines: Sequence[tuple[int, MatchLine]],
        *,
        vs_computer: bool,
        table_id: int | None = None,
    ) -> None:
        """Add one match to the statistics of each `(user_id, line)`, in one transaction.

        `store.tables.finish_match` does this itself; call this only for results without a
        table (e.g. a tournament no-show)."""

    async def get(
        self, user_id: int, guild_id: int = GLOBAL, versus: Versus = "people"
    ) -> StatLine:
        """The record (all zeros for a player without matches in this scope)."""

    async def all_for(self, user_id: int) -> list[StatLine]: ...

    async def leaderboard(
        self,
        guild_id: int = GLOBAL,
        *,
        sort: LeaderboardSort = "wins",
        versus: Versus = "people",
        limit: int = 10,
        offset: int = 0,
    ) -> list[LeaderboardEntry]:
        """One page of the leaderboard, best first; ties go to the lower user id."""

    async def rank(
        self,
        user_id: int,
        guild_id: int = GLOBAL,
        *,
        sort: LeaderboardSort = "wins",
        versus: Versus = "people",
    ) -> int | None:
        """The player's place on that leaderboard (1 = top), None if they are not on it."""

    async def count(self, guild_id: int = GLOBAL, *, versus: Versus = "people") -> int:
        """How many players are on the leaderboard (for page counts)."""


class AchievementsRepository(Protocol):
    """`store.achievements`."""

    async def unlock(self, user_id: int, keys: Iterable[str]) -> list[str]:
        """Unlock these achievements; return the ones that are new (to announce), in the
        order given. Unlocking one twice keeps the first time."""

    async def of(self, user_id: int) -> list[Achievement]:
        """A player's achievements, first unlocked first."""


class RatingsRepository(Protocol):
    """`store.ratings`."""

    async def get(self, user_id: int, scope: int = GLOBAL) -> PlayerRating | None:
        """None for a player never rated in this scope (the service uses the defaults)."""

    async def get_many(
        self, user_ids: Iterable[int], scope: int = GLOBAL
    ) -> dict[int, PlayerRating]: ...

    async def put(self, updates: Iterable[RatingUpdate]) -> None:
        """Store new ratings, all in one transaction."""

    async def leaderboard(
        self, scope: int = GLOBAL, *, limit: int = 10, offset: int = 0
    ) -> list[RatedEntry]:
        """Highest rating first; ties go to the lower user id."""

    async def rank(self, user_id: int, scope: int = GLOBAL) -> int | None: ...

    async def count(self, scope: int = GLOBAL) -> int: ...


class TablesRepository(Protocol):
    """`store.tables`."""

    async def create(self, spec: TableSpec) -> Table:
        """A new table in the lobby, with the seats given (in order, from seat 0)."""

    async def join(self, table_id: int, seat: NewSeat) -> Table:
        """Take the next seat of a lobby table. Raises `TableFull`, `AlreadySeated`,
        `WrongStatus` (not in the lobby) or `NotFound`."""

    async def leave(self, table_id: int, user_id: int) -> Table:
        """Leave a lobby table; the seats after it move up so seats stay 0..n-1."""

    async def start(
        self,
        table_id: int,
        expected_version: int,
        state_json: str,
        *,
        turn_deadline: datetime | None = None,
        first_round: Deal | None = None,
        timer: NextTimer | None = None,
    ) -> int:
        """Lobby -> playing with the first snapshot of the match; returns the new version.
        With `first_round` (its seed and dealer) round 1 is recorded in the same transaction,
        as `start_round(<the start's version>, 1, ...)` would, and the round's version is
        returned; `timer` arms the table's timer ("table", table_id) at the returned version
        in the same transaction: the start, its deal and its timer land together or not."""

    async def start_round(
        self,
        table_id: int,
        expected_version: int,
        round_no: int,
        seed: int,
        dealer: int,
        state_json: str,
        *,
        turn_deadline: datetime | None = None,
        timer: NextTimer | None = None,
    ) -> int:
        """Record a new round (seed, dealer) and the snapshot right after the deal; returns
        the new version. `timer` arms the table's timer at that version in the same
        transaction, the row `timers.arm` would write: the deal and its timer land together
        or not."""

    async def apply_move(
        self,
        table_id: int,
        expected_version: int,
        round_no: int,
        seat: int,
        action_json: str,
        state_json: str | None = None,
        *,
        turn_deadline: datetime | None = None,
        round_result_json: str | None = None,
        auto_json: str | None = None,
        timer: NextTimer | None = None,
    ) -> int:
        """Append one move to the log and advance the table's version, in one transaction.

        With `state_json` the snapshot is replaced too (else recovery replays this move on
        the older snapshot). `turn_deadline` becomes the table's deadline (None clears it).
        `round_result_json` closes the round in the same commit when this move ended it.
        `timer` arms the table's timer ("table", table_id) at the new version in the same
        commit, the row `timers.arm` would write: a move and its timer land together or not.
        Returns the new version, which is also the move's `seq`. Raises `StaleVersion` if
        the table is no longer at `expected_version`, `WrongStatus` if it is not playing;
        either way nothing is written, and a move is never applied twice. It returns only
        once the move is committed (durable): acknowledge the player after that. A backend
        may commit concurrent moves of other tables together (SQLite's group commit)."""

    async def save_snapshot(self, table_id: int, version: int, state_json: str) -> None:
        """Store the full state as of `version` (the current one) without changing it, so
        recovery replays fewer moves. `StaleVersion` if the table moved on meanwhile."""

    async def finish_round(self, table_id: int, round_no: int, result_json: str) -> None:
        """Store a round's result (also possible through `apply_move(round_result_json=)`)."""

    async def finish_match(
        self,
        table_id: int,
        expected_version: int,
        *,
        winner_seat: int | None,
        ended_by: EndedBy,
        lines: Mapping[int, MatchLine],
        state_json: str | None = None,
        ratings: Sequence[RatingUpdate] = (),
    ) -> int:
        """End a match in one transaction: the table is finished, the match goes into the
        history, each seated person's `lines[seat_no]` into their stats (server and global,
        vs people or vs computer), and the new `ratings` are stored. Returns the new version.
        A ``forfeit`` (a match never really played: a tournament no-show) goes into the
        history only, not into the stats."""

    async def abandon(self, table_id: int, expected_version: int | None = None) -> int:
        """Lobby or playing -> abandoned (no history, no stats); returns the new version.
        Without `expected_version` it is unconditional (e.g. clean-up)."""

    async def remove_seat(
        self,
        table_id: int,
        seat_no: int,
        *,
        expected_version: int | None = None,
        timer: NextTimer | None = None,
        resigned: bool = False,
    ) -> None:
        """Mark a seat as removed mid-match (away too long, or `resigned`: the seat keeps
        which); the version does not move. With
        `expected_version`, refused (`StaleVersion`, `WrongStatus`, `NotFound`; nothing
        written) unless the table is playing at that version; `timer` (which needs it) arms
        the table's timer at that version in the same transaction."""

    async def set_seat_message(
        self, table_id: int, seat_no: int, dm_channel_id: int | None, dm_message_id: int | None
    ) -> None:
        """Remember the DM holding this seat's hand, to edit it later. Called about once
        per turn, so it should be as cheap as a move (SQLite batches it with the moves)."""

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """The public message of the table (a fresh one per round)."""

    async def set_deadline(self, table_id: int, deadline: datetime | None) -> None: ...

    async def get(self, table_id: int) -> Table | None: ...

    async def find(
        self,
        *,
        status: TableStatus | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        limit: int = 100,
    ) -> list[Table]:
        """Tables by status / server / channel, newest first."""

    async def active_for(self, user_id: int) -> list[Table]:
        """Lobby and playing tables where the player holds a seat (not removed)."""

    async def count_active(self, user_id: int) -> int:
        """How many lobby/playing tables the player sits at (the limit is 3)."""

    async def due(self, now: datetime | None = None) -> list[Table]:
        """Playing tables whose turn deadline has passed, earliest first."""

    async def version_of(self, table_id: int) -> tuple[int, TableStatus] | None:
        """The table's current (version, status), or None if there is no such table."""

    async def in_play_one(self, table_id: int) -> TableInPlay | None:
        """One playing table with its snapshot and the moves after it, or None."""

    async def in_play(self) -> list[TableInPlay]:
        """Every playing table with its last snapshot and the moves logged after it, in
        order, read from one consistent snapshot: what a restart replays."""

    async def moves(
        self, table_id: int, *, round_no: int | None = None, after_seq: int = 0
    ) -> list[Move]:
        """The logged moves of a table (or of one round), in order (for `/gin records replay`)."""

    async def rounds(self, table_id: int) -> list[Round]: ...

    async def round(self, table_id: int, round_no: int) -> Round | None: ...


class ChallengesRepository(Protocol):
    """`store.challenges`."""

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        opponent_id: int,
        *,
        rules: str,
        target: int,
        expires_at: datetime,
    ) -> Challenge:
        """A pending challenge. A pending one between the same two players (either way
        round) raises `PendingChallengeExists`; one past its expiry is expired first."""

    async def get(self, challenge_id: int) -> Challenge | None: ...

    async def set_messages(
        self,
        challenge_id: int,
        *,
        message_id: int | None = None,
        dm_channel_id: int | None = None,
        dm_message_id: int | None = None,
    ) -> None:
        """Remember the public message and the opponent's DM (None keeps what is there)."""

    async def resolve(self, challenge_id: int, status: Resolution) -> Challenge | None:
        """Decline, cancel or expire a pending challenge. Returns it, or None if it was no
        longer pending (someone answered first: a double click, a race with expiry)."""

    async def accept(self, challenge_id: int, table: TableSpec) -> tuple[Challenge, Table] | None:
        """Accept a pending, unexpired challenge and create its table, in one transaction.
        None if it was no longer pending or has expired (then nothing is created)."""

    async def expire_due(self, now: datetime | None = None) -> list[Challenge]:
        """Mark every pending challenge past its expiry as expired; return them (to edit
        their messages)."""

    async def pending_for(self, user_id: int) -> list[Challenge]:
        """Pending challenges the player sent or received, oldest first."""

    async def pending_between(self, a: int, b: int) -> Challenge | None: ...

    async def next_expiry(self) -> datetime | None:
        """When the next pending challenge expires (for the expiry timer)."""


class HistoryRepository(Protocol):
    """`store.history`."""

    async def recent(
        self, user_id: int, *, guild_id: int | None = None, limit: int = 10, offset: int = 0
    ) -> list[MatchSummary]:
        """A player's finished matches, newest first (optionally in one server only)."""

    async def get(self, table_id: int) -> MatchSummary | None: ...

    async def favorite_rules(self, user_id: int, guild_id: int | None = None) -> str | None:
        """The rule set the player finished most matches under (ties: alphabetical)."""


class TournamentsRepository(Protocol):
    """`store.tournaments`."""

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        *,
        name: str,
        format: TournamentFormat,
        rules: str,
        target: int,
        organizer_id: int,
        settings_json: str = "{}",
        seed: int | None = None,
    ) -> Tournament:
        """A tournament open for sign-up."""

    async def get(self, tournament_id: int) -> Tournament | None: ...

    async def for_guild(
        self,
        guild_id: int,
        *,
        statuses: Sequence[TournamentStatus] | None = None,
        limit: int | None = None,
    ) -> list[Tournament]:
        """A server's tournaments, newest first (optionally only in these statuses, and at
        most ``limit``)."""

    async def unfinished(self) -> list[Tournament]:
        """Every tournament in sign-up, running or paused (to resume after a restart)."""

    async def set_status(
        self,
        tournament_id: int,
        status: TournamentStatus,
        *,
        only_from: Sequence[TournamentStatus] | None = None,
    ) -> Tournament:
        """Change the status; with `only_from`, only from one of those (else `WrongStatus`),
        so e.g. two organizers pressing start at once start it once."""

    async def set_message(self, tournament_id: int, message_id: int | None) -> None: ...

    async def update_settings(self, tournament_id: int, settings_json: str) -> None: ...

    async def save_state(self, tournament_id: int, expected_version: int, state_json: str) -> int:
        """Replace the service's state if still at `expected_version`; return the new one."""

    async def add_entry(
        self,
        tournament_id: int,
        user_id: int,
        display_name: str,
        *,
        rating: float | None = None,
        max_players: int | None = None,
    ) -> Entry:
        """Sign a player up (sign-up only). `TournamentFull`, `AlreadyEntered`, `WrongStatus`."""

    async def remove_entry(self, tournament_id: int, user_id: int) -> bool:
        """Leave during sign-up (the entry is deleted); True if there was one. Once the
        tournament runs, use `set_entry(status="withdrawn" or "kicked")` instead."""

    async def set_entry(
        self,
        tournament_id: int,
        user_id: int,
        *,
        status: EntryStatus | None = None,
        seed: int | None = None,
        rating: float | None = None,
        final_rank: int | None = None,
    ) -> Entry:
        """Change an entry's status / seed / rating / final rank (None keeps a field)."""

    async def entries(self, tournament_id: int) -> list[Entry]:
        """Entries in sign-up order."""

    async def for_player(self, user_id: int) -> list[Tournament]:
        """Tournaments the player entered, newest first."""

    async def start_round(
        self,
        tournament_id: int,
        round_no: int,
        pairings: Sequence[NewPairing],
        *,
        deadline: datetime | None = None,
    ) -> list[TournamentPairing]:
        """Open a round with all its pairings, in one transaction (and make it current).
        Byes (`player_b` None) are recorded as won by `player_a` at once."""

    async def finish_round(self, tournament_id: int, round_no: int) -> None: ...

    async def rounds(self, tournament_id: int) -> list[TournamentRound]: ...

    async def set_pairing_table(self, tournament_id: int, key: str, table_id: int) -> None: ...

    async def record_result(
        self,
        tournament_id: int,
        key: str,
        kind: ResultKind,
        winner_id: int | None,
        *,
        result_json: str | None = None,
    ) -> TournamentPairing:
        """Record a pairing's result once; a second result raises `AlreadyRecorded` (a
        finished match and a no-show deadline racing cannot both count)."""

    async def pairings(
        self, tournament_id: int, round_no: int | None = None
    ) -> list[TournamentPairing]: ...

    async def pairing_for_table(self, table_id: int) -> TournamentPairing | None:
        """The pairing a game table plays (to take its result when the match ends)."""

    async def set_organizer_role(self, guild_id: int, role_id: int | None) -> None:
        """Set (or with None, clear) the role allowed to organize tournaments in a server."""

    async def organizer_role(self, guild_id: int) -> int | None: ...


class PrivacyRepository(Protocol):
    """`store.privacy`."""

    async def export_player(self, user_id: int) -> dict[str, Any]:
        """Everything stored about the player, as plain JSON-ready data. Relations are the
        ones they made (who blocked or muted them is the other player's business)."""

    async def erase_player(self, user_id: int) -> dict[str, int]:
        """Erase the player (one transaction); return how many rows each step touched.

        Raises `PlayerInGame` while they sit at a lobby or playing table: leave or resign
        first, so no game in progress loses a seat under its feet."""


class TimersRepository(Protocol):
    """`store.timers`: timers shared by every bot process, claimed with a lease."""

    async def arm(
        self,
        kind: str,
        ref_id: int,
        what: str,
        version: int,
        due: datetime,
        *,
        for_owner: str | None = None,
        grace: float = 0.0,
    ) -> None:
        """Set the timer of (`kind`, `ref_id`) (one per pair), replacing the one there unless
        that one was armed at a later version; unclaimed. With `for_owner`, only that process
        claims it until `grace` seconds after `due` (then anyone)."""

    async def claim(self, owner: str, now: datetime, lease: float, limit: int = 50) -> list[Timer]:
        """Claim up to `limit` timers due at `now` for `owner`, for `lease` seconds; a timer
        under another owner's live lease is never claimed, one whose lease ran out is."""

    async def done(self, timer: Timer) -> bool:
        """Delete a fired timer unless it was armed again or taken over meanwhile."""

    async def cancel(self, kind: str, ref_id: int) -> None:
        """Remove the timer of (`kind`, `ref_id`), if any."""

    async def get(self, kind: str, ref_id: int) -> Timer | None:
        """The timer of (`kind`, `ref_id`), or None."""

    async def left_by(self, kind: str, role: str, *, but: str = "") -> list[Timer]:
        """The timers of `kind` armed for, or claimed by, a process whose owner name is
        ``<role>@...`` (a restarted process's predecessor), other than the process `but`,
        by `ref_id`."""

    async def sweep_tables(self, now: datetime) -> int:
        """Arm a "check" timer due `now` for every playing table that has none."""


class GuildsRepository(Protocol):
    """`store.guilds`: what a server's admins set for the bot there."""

    async def set_language(self, guild_id: int, language: str | None) -> None:
        """The server's language for public messages (en/es/fr), None: follow Discord's."""

    async def language(self, guild_id: int) -> str | None: ...

    async def languages(self) -> dict[int, str]:
        """Every server whose admins set a language, with it."""


class Storage(Protocol):
    """The whole store: one object per database, its repositories as attributes
    (`await storage.tables.apply_move(...)`). Open one with a backend's opener
    (`OpenStorage`, e.g. `bot.store.open_store` for SQLite) and close it once."""

    @property
    def players(self) -> PlayersRepository: ...
    @property
    def relations(self) -> RelationsRepository: ...
    @property
    def stats(self) -> StatsRepository: ...
    @property
    def achievements(self) -> AchievementsRepository: ...
    @property
    def tables(self) -> TablesRepository: ...
    @property
    def challenges(self) -> ChallengesRepository: ...
    @property
    def history(self) -> HistoryRepository: ...
    @property
    def tournaments(self) -> TournamentsRepository: ...
    @property
    def ratings(self) -> RatingsRepository: ...
    @property
    def privacy(self) -> PrivacyRepository: ...
    @property
    def timers(self) -> TimersRepository: ...
    @property
    def guilds(self) -> GuildsRepository: ...

    #: True when several bot processes may share this database (PostgreSQL): a process's
    #: tables in memory are then checked against the store's versions before every change.
    shared: bool

    def now(self) -> datetime:
        """The store's clock, the time it writes into rows."""

    async def close(self) -> None:
        """Wait for the writes in flight, then release the connections."""

    async def __aenter__(self) -> Self: ...

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...


class OpenStorage(Protocol):
    """A backend's opener: connect, migrate, return the ready `Storage`. `target` is the
    backend's own address (a file path for SQLite, a DSN for a server)."""

    async def __call__(self, target: str, /, *, clock: Clock | None = None) -> Storage: ...
