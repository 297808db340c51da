"""The base of a repository written in parts (`tables/`, `tournaments/`): the database
they share. Each part is a class of its own module; the repository class inherits them all."""

from __future__ import annotations

from bot.store._db import Db


class Part:
    """A part of a repository (e.g. the lobby of `store.tables`), on its `Db`."""

    def __init__(self, db: Db) -> None:
        self._db = db
