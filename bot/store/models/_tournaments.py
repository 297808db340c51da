"""Tournaments (`store.tournaments`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

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
