"""`store.rest_demand`: what each process of the bot asks of the token's global REST budget,
so the processes can lend each other the part they do not use (`bot/outbox/budget.py`)."""

from __future__ import annotations

from bot.store._db import Db


class RestDemand:
    """`store.rest_demand`: one row per process, written a few times a second."""

    def __init__(self, db: Db) -> None:
        self._db = db

    async def report(self, process: str, demand: int, fresh: float) -> dict[str, int]:
        """Write this process's `demand` and read every process's written within `fresh`
        seconds (this one's included), in one transaction."""
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO rest_demand (process, demand, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (process) DO UPDATE SET"
                " demand = excluded.demand, updated_at = excluded.updated_at",
                (process, demand, tx.now_ms),
            )
            rows = await tx.fetchall(
                "SELECT process, demand FROM rest_demand WHERE updated_at >= ?",
                (tx.now_ms - int(fresh * 1000),),
            )
        return {str(row[0]): int(row[1]) for row in rows}
