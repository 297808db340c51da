"""What a live table looks like from outside: its `TableState`, the seats' views, updates."""

from __future__ import annotations

from bot.engine.view import RoundView
from bot.games.model import PublicRound, SeatInfo, TableState, TableUpdate

from ._live import LiveTable


def state(live: LiveTable, seen: RoundView | None = None) -> TableState:
    """The table as it is now; `seen`: any seat's view of the round in play, whose public
    part is the round's (else seat 0's is built for it)."""
    record = live.record
    match = live.match
    public = None
    previous = None
    scores: tuple[int, ...] = tuple(0 for _ in record.seats)
    if match is not None:
        view = match.round.view(0) if seen is None else seen
        public = PublicRound.of(view, len(match.rounds))
        scores = match.scores
        done = [r for r in match.rounds[:-1] if r.result is not None]
        previous = done[-1].result if done else None
    return TableState(
        table_id=record.id,
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        message_id=record.message_id,
        host_id=record.host_id,
        status=record.status,
        rules=live.rules,
        target=record.target,
        seat_count=record.seat_count,
        seats=tuple(
            SeatInfo(
                s.seat_no,
                s.user_id,
                s.display_name,
                s.computer_level,
                s.removed,
                resigned=s.seat_no in live.resigned,
            )
            for s in record.seats
        ),
        version=live.version,
        scores=scores,
        public=public,
        turn_deadline_ts=live.deadline,
        auto=frozenset(seat for seat, misses in live.auto_moves.items() if misses),
        previous=previous,
        match_over=match is not None and match.over,
        breakdown=match.breakdown if match is not None and match.over else None,
    )


def views(live: LiveTable) -> dict[int, RoundView]:
    """Each human seat's own view of the round in play (their public parts shared)."""
    if live.match is None:
        return {}
    return live.match.round.views(
        s.seat_no for s in live.record.seats if s.user_id is not None and not s.removed
    )


def update(live: LiveTable, kind: str, **extra: object) -> TableUpdate:
    reloaded, live.reloaded = live.reloaded, False
    restored, live.restored = live.restored, False
    flags = {"reloaded": reloaded, "restored": restored}
    seen = views(live)
    # The public part from a view built anyway: a table with a human seat needs no other.
    public = next(iter(seen.values()), None)
    return TableUpdate(kind, state(live, public), seen, **flags, **extra)  # type: ignore[arg-type]
