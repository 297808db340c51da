"""Run by test_crash: plays real games, printing each move's seq once its commit returned.

    python -m tests.store.crash_child DB_PATH_OR_URL TABLES

The parent SIGKILLs it at some point; every seq printed must be in the database.
"""

from __future__ import annotations

import asyncio
import sys

from bot.store import open_storage
from tests.store.enginegame import new_game, play


async def main(path: str, tables: int) -> None:
    store = await open_storage(path)
    games = [await new_game(store, 1000 + i, users=(2 * i + 1, 2 * i + 2)) for i in range(tables)]
    print("ready", flush=True)

    async def run(game):  # type: ignore[no-untyped-def]
        while not game.match.over:
            await play(store, game, 1)
            # Acknowledged only now: the commit has returned.
            print(f"{game.table_id} {game.version}", flush=True)

    await asyncio.gather(*(run(g) for g in games))
    print("done", flush=True)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
