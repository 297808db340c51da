"""The base of `store.tables`' parts: the database they share."""

from __future__ import annotations

from bot.store._db import Db


class Part:
    """A part of `store.tables` (the lobby, play, match ends, metadata, reads)."""

    def __init__(self, db: Db) -> None:
        self._db = db
