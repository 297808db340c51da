"""Errors the store raises. Services turn them into messages a player can read."""

from __future__ import annotations


class StoreError(Exception):
    """Base class of every error raised on purpose by `bot.store`."""


class SchemaTooNew(StoreError):
    """The database was written by a newer version of the bot; it was not touched."""

    def __init__(self, path: str, db_version: int, code_version: int) -> None:
        super().__init__(
            f"database {path} is at schema version {db_version}, but this code only knows "
            f"versions up to {code_version}; run a newer bot (the database was not changed)"
        )
        self.path = path
        self.db_version = db_version
        self.code_version = code_version


class MigrationError(StoreError):
    """A migration file is malformed or failed; the database stays at the previous version."""


class NotFound(StoreError):
    """The row asked for does not exist (a table, a challenge, a tournament...)."""


class StaleVersion(StoreError):
    """A change was made against an old state version: somebody else changed it first.

    Nothing was written. `actual` is the version now in the database (None if the row is gone).
    """

    def __init__(self, what: str, row_id: int, expected: int, actual: int | None) -> None:
        super().__init__(f"{what} {row_id}: expected version {expected}, found {actual}")
        self.row_id = row_id
        self.expected = expected
        self.actual = actual


class Conflict(StoreError):
    """The change breaks a rule the store keeps (a full table, a second pending challenge...)."""


class WrongStatus(Conflict):
    """The row is not in a status that allows this change (e.g. a move on a finished table)."""


class TableFull(Conflict):
    """Every seat of the table is taken."""


class AlreadySeated(Conflict):
    """The player already sits at this table."""


class PendingChallengeExists(Conflict):
    """These two players already have a pending challenge between them."""


class PlayerInGame(Conflict):
    """The player sits at a table in the lobby or in play; finish or leave it first."""

    def __init__(self, user_id: int, table_ids: list[int]) -> None:
        super().__init__(f"player {user_id} still sits at tables {table_ids}")
        self.user_id = user_id
        self.table_ids = table_ids


class TournamentFull(Conflict):
    """The tournament has reached its maximum number of players."""


class AlreadyEntered(Conflict):
    """The player already signed up for this tournament."""


class AlreadyRecorded(Conflict):
    """This pairing already has a result."""
