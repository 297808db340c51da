"""A stop while a no-show deadline is being applied (issue 31, item 12): the deadline's
change finishes before the store closes, nothing fails on a closed store."""

from __future__ import annotations

import asyncio
import gc
import logging
from pathlib import Path
from typing import Any

import pytest

from bot.tournaments._model import TournamentTiming

from .conftest import Rig, signed_up


async def test_a_deadline_due_at_a_stop_finishes_before_the_store_closes(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "gin.sqlite3"
    rig = await Rig.open(db, TournamentTiming(no_show=0.2, between_rounds=600))
    repo: Any = rig.store.tournaments
    real = repo.record_result
    recording = asyncio.Event()

    async def slow_record(*args: Any, **kwargs: Any) -> Any:
        # The store, slower than the stop: the deadline is at work when the stop begins.
        recording.set()
        await asyncio.sleep(0.3)
        return await real(*args, **kwargs)

    repo.record_result = slow_record
    caplog.set_level(logging.WARNING)
    tid = await signed_up(rig, 2)
    await rig.service.start(tid)
    await asyncio.wait_for(recording.wait(), 5)
    # The bot's order (GinBot.close, Services.close): the services, then the store.
    await rig.service.close()
    await rig.tables.close()
    await rig.store.close()
    await asyncio.sleep(0.5)  # longer than the slowed write: anything left over has failed
    gc.collect()
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text

    again = await Rig.open(db, TournamentTiming(no_show=600, between_rounds=600))
    try:
        (p,) = await again.store.tournaments.pairings(tid)
        assert p.result_kind == "double_forfeit"
    finally:
        await again.close()
