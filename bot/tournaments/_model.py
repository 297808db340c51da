"""What the tournament service hands to the Discord side (plain data, no Discord types)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from bot.i18n import Coded

from .types import Format

if TYPE_CHECKING:
    from .state import Tournament

UpdateKind = Literal[
    "signup",  # the entrant list changed
    "round_started",  # a round was paired and its tables opened
    "result",  # a table got a result (standings changed)
    "paused",
    "resumed",
    "cancelled",
    "finished",
    "kicked",
]


@dataclass(frozen=True, slots=True)
class TournamentTiming:
    """Seconds. ``no_show``: a round's deadline to have made a first move; ``between_rounds``:
    the pause after a round's last result before the next is paired (the bot's settings
    ``tournament_no_show`` and ``tournament_round_pause``). Tests set them short."""

    no_show: float = 15 * 60.0
    between_rounds: float = 30.0


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A pairing of the round: its key (``r2t3``, ``W1.2``), board, players (seat 1 first),
    the game table playing it (None for a bye or a table decided without play)."""

    key: str
    board: int
    players: tuple[int, ...]
    table_id: int | None
    result: str | None


@dataclass(frozen=True, slots=True)
class RankLine:
    """A line of the final ranking (in words: ``bot.text.tournaments.rank_detail``)."""

    place: int
    user_id: int
    name: str
    wins: int
    losses: int
    #: How many of the wins and losses were forfeits.
    forfeits: int
    #: Swiss and round robin: match points and tiebreaks (None for a bracket).
    match_points: int | None = None
    buchholz: int = 0
    sonneborn_berger: int = 0


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    """A tournament as the renderers need it."""

    id: int
    guild_id: int
    channel_id: int
    name: str
    format: Format
    rules: str
    target: int
    status: str
    organizer_id: int | None
    max_players: int | None
    rounds: int | None
    duplicate: bool
    #: (user id, display name) in sign-up order.
    entrants: tuple[tuple[int, str], ...]
    signup_message_id: int | None
    standings_message_id: int | None
    round_no: int
    total_rounds: int | None
    #: When this round's no-show deadline falls (epoch seconds; None when paused or none).
    deadline_ts: float | None
    #: The tournament as it stood (a copy; None before the first round): the text views are
    #: drawn from it in each reader's language.
    snapshot: Tournament | None = None
    #: user id -> display name, for the views.
    names: Mapping[int, str] = field(default_factory=dict)
    #: The tournament's own thread, if it runs in one (else everything is in the channel).
    thread_id: int | None = None
    #: A process claimed the posting of the standings message and has not remembered it
    #: yet (`standings_message_id` is None): it draws them again once posted.
    standings_posting: bool = False

    @property
    def started(self) -> bool:
        return self.snapshot is not None

    @property
    def label(self) -> str:
        return f"{self.name} (#{self.id})"

    @property
    def home_id(self) -> int:
        """Where its announcements, standings and tables go: its thread, else its channel."""
        return self.thread_id or self.channel_id


@dataclass(frozen=True, slots=True)
class StandingsSlot:
    """Where a tournament's standings go (`TournamentService.claim_standings`): the message
    to edit; else, with `post`, a new one this caller claimed; else nowhere (another process
    is posting it)."""

    message_id: int | None
    post: bool


@dataclass(frozen=True, slots=True)
class TournamentUpdate:
    """Something happened in a tournament; the Discord side shows it."""

    kind: UpdateKind
    info: TournamentInfo
    #: round_started: the round's tables.
    tables: tuple[TableInfo, ...] = ()
    #: round_started: (pairing key, blocker, blocked) for tables where one blocks the other.
    blocked: tuple[tuple[str, int, int], ...] = ()
    #: finished: the final ranking.
    ranking: tuple[RankLine, ...] = ()
    #: A player-readable line (who was kicked, which table was forfeited...), said in the
    #: reader's language: ``note.text(language)``.
    note: Coded | None = None
    #: Players the note concerns (to ping or DM).
    users: tuple[int, ...] = field(default_factory=tuple)
