"""What a tournament looks like from outside: its `TournamentInfo` and its tables."""

from __future__ import annotations

from .._model import TableInfo, TournamentInfo
from ..state import Tournament
from ..types import Format
from ._live import LiveTournament


def info(live: LiveTournament) -> TournamentInfo:
    row, t = live.row, live.t
    entrants = tuple(live.names.items())
    # A copy: the views are drawn later, in each reader's language, from the tournament
    # as it was when this was said.
    snapshot = Tournament.from_dict(t.to_dict()) if t is not None and t.started else None
    return TournamentInfo(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        thread_id=live.thread_id,
        name=row.name,
        format=Format(row.format),
        rules=row.rules,
        target=row.target,
        status=row.status,
        organizer_id=row.organizer_id,
        max_players=live.settings.get("max_players"),
        rounds=live.settings.get("rounds"),
        duplicate=bool(live.settings.get("duplicate", False)),
        entrants=entrants,
        signup_message_id=row.message_id,
        standings_message_id=live.standings_message_id,
        standings_posting=live.standings_claim is not None,
        round_no=0 if t is None else t.current_round,
        total_rounds=None if t is None else t.total_rounds,
        deadline_ts=live.deadline if row.status == "running" else None,
        snapshot=snapshot,
        names=dict(live.names),
    )


def tables_info(live: LiveTournament) -> tuple[TableInfo, ...]:
    t = live.t
    assert t is not None
    return tuple(
        TableInfo(
            p.id,
            p.table,
            p.players,
            live.tables.get(p.id),
            None if p.result is None else p.result.kind.value,
        )
        for p in t.current_pairings()
    )
