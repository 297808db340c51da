"""Plain data the game services hand to the Discord side (no Discord types here)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine import Card, RuleSet
from bot.engine.breakdown import MatchBreakdown
from bot.engine.round import Event, RoundResult
from bot.engine.view import RoundView
from bot.i18n import Coded


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits where. `user_id` is None for a computer player."""

    seat: int
    user_id: int | None
    name: str
    computer: str | None = None
    removed: bool = False
    #: Left a match of three or four by resigning (it plays on automatically, as `removed`).
    resigned: bool = False

    @property
    def human(self) -> bool:
        return self.user_id is not None


@dataclass(frozen=True, slots=True)
class PublicRound:
    """What everyone at the table and in the channel may see of a round."""

    round_no: int
    dealer: int
    phase: str
    to_move: int | None
    discard_pile: tuple[Card, ...]
    stock_size: int
    hand_sizes: tuple[int, ...]
    history: tuple[Event, ...]
    #: Set once the round is over; hands are public from then on (the reveal).
    result: RoundResult | None

    @classmethod
    def of(cls, view: RoundView, round_no: int) -> PublicRound:
        """The public part of any seat's view (never its hand)."""
        return cls(
            round_no=round_no,
            dealer=view.dealer,
            phase=view.phase,
            to_move=view.to_move,
            discard_pile=view.discard_pile,
            stock_size=view.stock_size,
            hand_sizes=view.hand_sizes,
            history=view.history,
            result=view.result,
        )


@dataclass(frozen=True, slots=True)
class TableState:
    """A table as the renderers need it."""

    table_id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int | None
    status: str
    rules: RuleSet
    target: int
    seat_count: int
    seats: tuple[SeatInfo, ...]
    version: int
    #: Each seat's score as the engine counts it (`Match.scores`): round points, and the
    #: game, line and shutout bonuses once a seat has reached the target.
    scores: tuple[int, ...]
    public: PublicRound | None
    turn_deadline_ts: float | None = None
    #: Seats whose latest turn was played automatically because they were away.
    auto: frozenset[int] = frozenset()
    #: The result of the round before the one in play (shown until the next one ends).
    previous: RoundResult | None = None
    #: The match is decided (the last round is over, or a seat forfeited).
    match_over: bool = False
    #: Once the match is decided: how `scores` were made (round points and every bonus).
    breakdown: MatchBreakdown | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def to_play(self) -> int | None:
        """The seat whose turn it is; None once the round or the match is over (a match
        ended mid-round by a resignation or a forfeit has no turn left)."""
        if self.public is None or self.status != "playing" or self.match_over:
            return None
        return self.public.to_move

    def seat_of(self, user_id: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == user_id), None)


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """The end of a match: totals with every bonus, the winner and how it ended."""

    totals: tuple[int, ...]
    winner: int | None
    ended_by: str
    rounds_won: tuple[int, ...]
    draws: int
    scoring: str
    #: The parts of `totals` (round points, shutout, game and line bonus), from the engine.
    breakdown: MatchBreakdown | None = None
    #: The seat that resigned or forfeited (ended_by "resign" or "timeout"), if any.
    loser: int | None = None
    #: Seats out of the match earlier (away too long, or resigned): they could not win.
    removed: frozenset[int] = frozenset()
    #: The seats of `removed` that resigned (three or four seats).
    resigned: frozenset[int] = frozenset()
    #: What decided the winner when the best score was tied (`Match.tie_break`), else None.
    tie_break: str | None = None


@dataclass(frozen=True, slots=True)
class TableUpdate:
    """Something happened at a table; the Discord side shows it.

    `views` holds each human seat's own view (for its DM), never another seat's.
    `actor` is the user whose click caused it: their message was already updated by the
    interaction's answer, so their DM is left alone.
    """

    kind: str
    state: TableState
    views: dict[int, RoundView] = field(default_factory=dict)
    actor: int | None = None
    #: A chat line or a reminder's seconds (words as they are), or why the table closed (a
    #: sentence said in each reader's language).
    note: str | Coded | None = None
    summary: MatchSummary | None = None
    #: The seat the update is about: who was removed ("removed"), who spoke ("chat").
    seat: int | None = None
    #: Who may read a "chat" line (the speaker's table minus those who muted them).
    recipients: frozenset[int] = frozenset()
    #: The table was rebuilt from the store before this update (another process changed it):
    #: the message ids a process remembers for it (board, hands) may be stale.
    reloaded: bool = False
    #: The table was rebuilt at a restart: hand messages the process before left live may
    #: be about that no table remembers (`Notifier._retire_strays`).
    restored: bool = False


@dataclass(frozen=True, slots=True)
class SharedLine:
    """A playing table of a busy channel and its line as a process last wrote it, with the
    table's version that line shows (both None: none written yet)."""

    table_id: int
    version: int | None
    line: str | None


@dataclass(frozen=True, slots=True)
class SharedChannel:
    """A busy channel's "tables in play" as the processes share it through the store
    (`TableService.busy_channel`): its playing tables, oldest first, and its message."""

    tables: tuple[SharedLine, ...]
    message_id: int | None
    #: Another process has claimed posting the message and not stored it yet.
    posting: bool
    #: Moves on with every line written: equal revisions, equal lines.
    revision: int


def shown_knock_card(result: RoundResult) -> Card | None:
    """The knock card to show: a knock's (an undercut's too), never a gin's, whose face-down
    discard is no knock card."""
    return result.knock_card if result.kind in ("knock", "undercut") else None
