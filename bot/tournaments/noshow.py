"""No-show deadlines: what happens to a table that was not started in time."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime, timedelta

from .types import Pairing, PlayerId, Result

__all__ = ["deadline_for", "deadline_passed", "no_show_result"]


def deadline_for(round_started_at: datetime, minutes: int) -> datetime:
    """The moment a round's tables must have started by."""
    if minutes <= 0:
        raise ValueError("a deadline must be a positive number of minutes")
    return round_started_at + timedelta(minutes=minutes)


def deadline_passed(now: datetime, deadline: datetime) -> bool:
    """True once ``now`` is at or after ``deadline`` (both aware or both naive)."""
    return now >= deadline


def no_show_result(pairing: Pairing, present: Collection[PlayerId]) -> Result | None:
    """The result of ``pairing`` when its deadline passes and only ``present`` showed up.

    One present: the table is forfeited to them. Neither present: a double forfeit (both
    lose). Both present: None, the match goes ahead (the deadline only punishes absence).
    A bye, or a table that already has a result, is never changed: None.
    """
    if pairing.b is None or pairing.result is not None:
        return None
    a_here, b_here = pairing.a in present, pairing.b in present
    if a_here and b_here:
        return None
    if a_here:
        return Result.forfeit(pairing.a)
    if b_here:
        return Result.forfeit(pairing.b)
    return Result.double_forfeit()
