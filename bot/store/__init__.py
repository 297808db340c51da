"""The bot's persistent store: SQLite (see docs/store.md), the source of truth.

    store = await open_store("data/gin.sqlite3")
    version = await store.tables.apply_move(table_id, version, round_no, seat, action_json)

See docs/store.md for the design (durability, migrations, recovery, portability).
"""

from bot.store.achievements import Achievement
from bot.store.challenges import Challenge, ChallengeStatus
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
from bot.store.history import MatchSeat, MatchSummary
from bot.store.players import Player, PlayerSettings
from bot.store.ratings import PlayerRating, RatedEntry, RatingUpdate
from bot.store.relations import Favorite, Relation, RelationKind
from bot.store.stats import GLOBAL, LeaderboardEntry, MatchLine, StatLine
from bot.store.store import Store, open_store
from bot.store.tables import (
    DELETED_PLAYER,
    Move,
    NewSeat,
    Round,
    Seat,
    Table,
    TableInPlay,
    TableSpec,
)
from bot.store.tournaments import Entry, NewPairing, Tournament, TournamentPairing, TournamentRound

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
    "Store",
    "StoreError",
    "Table",
    "TableFull",
    "TableInPlay",
    "TableSpec",
    "Tournament",
    "TournamentFull",
    "TournamentPairing",
    "TournamentRound",
    "WrongStatus",
    "open_store",
]
