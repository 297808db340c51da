from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.circle import CircleService
from bot.store import Store, open_store


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await open_store(tmp_path / "gin.sqlite3")
    yield s
    await s.close()


@pytest.fixture
def circle(store: Store) -> CircleService:
    return CircleService(store)
