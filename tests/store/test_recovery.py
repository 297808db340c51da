"""Recovery: every playing table comes back as last snapshot + the moves logged after it,
replayed through the real engine, and is playable again."""

from __future__ import annotations

import json
from typing import cast

from bot.store import Store, open_storage

from .enginegame import new_game, play, restore, snapshot


async def test_tables_in_play_rebuild_exactly_and_play_on(store_target: str) -> None:
    games = []
    async with cast(Store, await open_storage(store_target)) as store:
        # Different lengths and snapshot habits: mid-round, across rounds, fresh.
        for seed, moves, every in ((11, 57, 0), (12, 23, 7), (13, 0, 0), (14, 140, 0)):
            game = await new_game(store, seed, users=(seed * 10, seed * 10 + 1))
            await play(store, game, moves, snapshot_every=every)
            games.append(game)
        finished = await new_game(store, 15, users=(1, 2))
        await store.tables.finish_match(
            finished.table_id, finished.version, winner_seat=0, ended_by="resign", lines={}
        )

    # A restart: a new process opens the same database.
    async with cast(Store, await open_storage(store_target)) as store:
        in_play = await store.tables.in_play()
        assert [t.table.id for t in in_play] == [g.table_id for g in games]
        for game, rec in zip(games, in_play, strict=True):
            assert rec.table.version == game.version
            assert all(m.seq > rec.snapshot_version for m in rec.moves)
            assert [m.seq for m in rec.moves] == sorted(m.seq for m in rec.moves)
            assert rec.snapshot_json is not None
            rebuilt = restore(rec.snapshot_json, [(m.seat, m.action_json) for m in rec.moves])
            assert snapshot(rebuilt) == snapshot(game.match)
            # ...and the table goes on from there with the version it came back with.
            game.match = rebuilt
            before = len(await store.tables.moves(game.table_id))
            assert await play(store, game, 3) == 3 or game.match.over
            assert len(await store.tables.moves(game.table_id)) >= before + 1

        # The snapshot really is older than the moves for the log-only game.
        log_only = in_play[0]
        assert len(log_only.moves) > 0
        assert json.loads(log_only.snapshot_json or "{}")["rounds"]


async def test_recovery_needs_only_moves_after_the_snapshot(store_target: str) -> None:
    async with cast(Store, await open_storage(store_target)) as store:
        game = await new_game(store, 99)
        await play(store, game, 30, snapshot_every=10)
        [rec] = await store.tables.in_play()
        assert len(rec.moves) == 0  # the 30th move carried a snapshot
        await play(store, game, 4)
        [rec] = await store.tables.in_play()
        assert len(rec.moves) == 4
        rebuilt = restore(rec.snapshot_json or "", [(m.seat, m.action_json) for m in rec.moves])
        assert snapshot(rebuilt) == snapshot(game.match)
