"""Challenges (`store.challenges`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

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
