"""`Storage`: the whole store, its repositories over one database, the same for every backend.

The repositories (`players.py`, `tables/`, ...) hold the SQL, written once, and talk to a
`Db` (`_db.py`). A backend is a `Db` (with its dialect) and an opener; its store subclasses
`Storage` only for what differs: `Store` (SQLite, `store.py`) and `PgStore` (PostgreSQL,
`postgres/store.py`). Services hold a `Storage` and never see a backend. Nothing here loads a
database driver.
"""

from __future__ import annotations

from datetime import datetime
from types import TracebackType
from typing import Self

from bot.store._db import Db
from bot.store.achievements import Achievements
from bot.store.busy import BusyChannels
from bot.store.challenges import Challenges
from bot.store.guilds import Guilds
from bot.store.history import History
from bot.store.players import Players
from bot.store.privacy import Privacy
from bot.store.ratings import Ratings
from bot.store.relations import Relations
from bot.store.rest_demand import RestDemand
from bot.store.stats import Stats
from bot.store.tables import Tables
from bot.store.timers import Timers
from bot.store.tournaments import Tournaments


class Storage:
    """One database: its repositories as attributes (`await storage.tables.apply_move(...)`).
    Open one with `bot.store.open_storage` (or a backend's opener) and close it once."""

    #: True when several bot processes may share this database (PostgreSQL): a process's
    #: tables in memory are then checked against the store's versions before every change.
    shared: bool = False

    def __init__(self, db: Db) -> None:
        self._db = db
        self.players = Players(db)
        self.relations = Relations(db)
        self.stats = Stats(db)
        self.achievements = Achievements(db)
        self.tables = Tables(db)
        self.challenges = Challenges(db)
        self.history = History(db)
        self.tournaments = Tournaments(db)
        self.ratings = Ratings(db)
        self.privacy = Privacy(db, self.players)
        self.timers = Timers(db)
        self.guilds = Guilds(db)
        self.rest_demand = RestDemand(db)
        self.busy = BusyChannels(db)

    @property
    def path(self) -> str:
        """Where the database is, fit for logs (a file path, or a URL without its password)."""
        return self._db.path

    def now(self) -> datetime:
        """The store's clock (injectable in tests), the time it writes into rows."""
        return self._db.now()

    async def schema_version(self) -> int:
        """The newest migration applied (an opened store is always migrated)."""
        async with self._db.read() as r:
            row = await r.fetchone("SELECT MAX(version) FROM schema_migrations")
        assert row is not None
        return int(row[0])

    async def close(self) -> None:
        """Wait for the writes in flight, then release the connections."""
        await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()
