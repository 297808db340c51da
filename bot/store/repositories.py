"""The repositories over one database connection, the same for every backend: `Store`
(SQLite) and `PgStore` (PostgreSQL) differ only in the connection they give them."""

from __future__ import annotations

from bot.store._db import Db
from bot.store.achievements import Achievements
from bot.store.challenges import Challenges
from bot.store.guilds import Guilds
from bot.store.history import History
from bot.store.players import Players
from bot.store.privacy import Privacy
from bot.store.ratings import Ratings
from bot.store.relations import Relations
from bot.store.stats import Stats
from bot.store.tables import Tables
from bot.store.timers import Timers
from bot.store.tournaments import Tournaments


class Repositories:
    def __init__(self, db: Db) -> None:
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
