"""Sign-up entries: added, removed, changed, listed; a player's tournaments."""

from __future__ import annotations

from bot.store._parts import Part
from bot.store.errors import AlreadyEntered, NotFound, TournamentFull, WrongStatus
from bot.store.models import Entry, EntryStatus, Tournament

from ._rows import entry_from, tournament_from


class Entries(Part):
    """The entries of `store.tournaments`."""

    async def add_entry(
        self,
        tournament_id: int,
        user_id: int,
        display_name: str,
        *,
        rating: float | None = None,
        max_players: int | None = None,
    ) -> Entry:
        """Sign a player up (sign-up only). `TournamentFull`, `AlreadyEntered`, `WrongStatus`."""
        async with self._db.write() as tx:
            t = await tx.fetchone("SELECT status FROM tournaments WHERE id = ?", (tournament_id,))
            if t is None:
                raise NotFound(f"tournament {tournament_id}")
            if t[0] != "signup":
                raise WrongStatus(f"tournament {tournament_id} is {t[0]}, not in sign-up")
            if await tx.fetchone(
                "SELECT 1 FROM tournament_entries WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id),
            ):
                raise AlreadyEntered(f"player {user_id} is already in tournament {tournament_id}")
            if max_players is not None:
                n = await tx.fetchone(
                    "SELECT COUNT(*) FROM tournament_entries WHERE tournament_id = ?",
                    (tournament_id,),
                )
                assert n is not None
                if n[0] >= max_players:
                    raise TournamentFull(f"tournament {tournament_id} has {n[0]} players")
            row = await tx.fetchone(
                "INSERT INTO tournament_entries (tournament_id, user_id, display_name, rating,"
                " status, joined_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING *",
                (tournament_id, user_id, display_name, rating, "active", tx.now_ms),
            )
        assert row is not None
        return entry_from(row)

    async def remove_entry(self, tournament_id: int, user_id: int) -> bool:
        """Leave during sign-up (the entry is deleted); True if there was one. Once the
        tournament runs, use `set_entry(status="withdrawn" or "kicked")` instead."""
        async with self._db.write() as tx:
            t = await tx.fetchone("SELECT status FROM tournaments WHERE id = ?", (tournament_id,))
            if t is None:
                raise NotFound(f"tournament {tournament_id}")
            if t[0] != "signup":
                raise WrongStatus(f"tournament {tournament_id} is {t[0]}, not in sign-up")
            return (
                await tx.execute(
                    "DELETE FROM tournament_entries WHERE tournament_id = ? AND user_id = ?",
                    (tournament_id, user_id),
                )
                > 0
            )

    async def set_entry(
        self,
        tournament_id: int,
        user_id: int,
        *,
        status: EntryStatus | None = None,
        seed: int | None = None,
        rating: float | None = None,
        final_rank: int | None = None,
    ) -> Entry:
        """Change an entry's status / seed / rating / final rank (None keeps a field)."""
        async with self._db.write() as tx:
            row = await tx.fetchone(
                "UPDATE tournament_entries SET status = COALESCE(?, status),"
                " seed = COALESCE(?, seed), rating = COALESCE(?, rating),"
                " final_rank = COALESCE(?, final_rank)"
                " WHERE tournament_id = ? AND user_id = ? RETURNING *",
                (status, seed, rating, final_rank, tournament_id, user_id),
            )
        if row is None:
            raise NotFound(f"player {user_id} in tournament {tournament_id}")
        return entry_from(row)

    async def entries(self, tournament_id: int) -> list[Entry]:
        """Entries in sign-up order."""
        rows = await self._db.fetchall(
            "SELECT * FROM tournament_entries WHERE tournament_id = ? ORDER BY joined_at, user_id",
            (tournament_id,),
        )
        return [entry_from(row) for row in rows]

    async def for_player(self, user_id: int) -> list[Tournament]:
        """Tournaments the player entered, newest first."""
        rows = await self._db.fetchall(
            "SELECT * FROM tournaments WHERE id IN"
            " (SELECT tournament_id FROM tournament_entries WHERE user_id = ?) ORDER BY id DESC",
            (user_id,),
        )
        return [tournament_from(row) for row in rows]
