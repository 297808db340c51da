"""The bot's persistent store, the source of truth (see docs/store.md).

    store = await open_store("data/gin.sqlite3")
    version = await store.tables.apply_move(table_id, version, round_no, seat, action_json)

Services use `Storage` (`bot.store.repositories`: the repositories, the same for every
backend), the data (`bot.store.models`) and the errors (`bot.store.errors`), never a
backend. Two backends: SQLite (`open_store`, `Store`), the embedded default, and PostgreSQL
(`bot.store.postgres`: `open_pg_store`, `PgStore`); `open_storage(target)` picks one by its
target (a `postgresql://` URL or a file path).
"""

from typing import TYPE_CHECKING, Any

from bot.store._db import Clock
from bot.store.errors import (
    AlreadyEntered,
    AlreadyRecorded,
    AlreadySeated,
    Conflict,
    MigrationError,
    NotFound,
    PendingChallengeExists,
    PlayerInGame,
    SchemaTooNew,
    StaleVersion,
    StoreError,
    TableFull,
    TournamentFull,
    WrongStatus,
)
from bot.store.models import (
    DELETED_PLAYER,
    GLOBAL,
    Achievement,
    Challenge,
    ChallengeStatus,
    Entry,
    Favorite,
    LeaderboardEntry,
    MatchLine,
    MatchSeat,
    MatchSummary,
    Move,
    NewPairing,
    NewSeat,
    Player,
    PlayerRating,
    PlayerSettings,
    RatedEntry,
    RatingUpdate,
    Relation,
    RelationKind,
    Round,
    Seat,
    StatLine,
    Table,
    TableInPlay,
    TableSpec,
    Timer,
    Tournament,
    TournamentPairing,
    TournamentRound,
)
from bot.store.repositories import Storage
from bot.store.targets import is_postgres_url, shown_target

if TYPE_CHECKING:
    from bot.store.store import Store, open_store


async def open_storage(
    target: str, *, clock: Clock | None = None, pool_size: int | None = None
) -> Storage:
    """Open the store at `target`: PostgreSQL for a `postgresql://` URL (a pool of at most
    `pool_size` connections, default 10), else the SQLite file at that path. Each backend's
    driver loads only when chosen."""
    if is_postgres_url(target):
        from bot.store.postgres import open_pg_store

        return await open_pg_store(target, clock=clock, pool_size=pool_size)
    from bot.store.store import open_store

    return await open_store(target, clock=clock)


def __getattr__(name: str) -> Any:
    """`Store` and `open_store` (the SQLite backend) load on first use, so importing the
    repositories, the models or the errors does not load SQLite."""
    if name in ("Store", "open_store"):
        from bot.store import store

        return getattr(store, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DELETED_PLAYER",
    "GLOBAL",
    "Achievement",
    "AlreadyEntered",
    "AlreadyRecorded",
    "AlreadySeated",
    "Challenge",
    "ChallengeStatus",
    "Conflict",
    "Entry",
    "Favorite",
    "LeaderboardEntry",
    "MatchLine",
    "MatchSeat",
    "MatchSummary",
    "MigrationError",
    "Move",
    "NewPairing",
    "NewSeat",
    "NotFound",
    "PendingChallengeExists",
    "Player",
    "PlayerInGame",
    "PlayerRating",
    "PlayerSettings",
    "RatedEntry",
    "RatingUpdate",
    "Relation",
    "RelationKind",
    "Round",
    "SchemaTooNew",
    "Seat",
    "StaleVersion",
    "StatLine",
    "Storage",
    "Store",
    "StoreError",
    "Table",
    "TableFull",
    "TableInPlay",
    "TableSpec",
    "Timer",
    "Tournament",
    "TournamentFull",
    "TournamentPairing",
    "TournamentRound",
    "WrongStatus",
    "is_postgres_url",
    "open_storage",
    "shown_target",
    "open_store",
]
