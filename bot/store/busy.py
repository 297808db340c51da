"""`store.busy`: a busy channel's one "tables in play" message when several processes move
its tables (docs/playing.md, "Busy channels"). Each playing table's line as a process last
wrote it (`game_tables.busy_line`, with the version it shows), and per channel the message
(`busy_channels`): its id, the claim of the one process posting it, and a revision that
every line written moves on, so a process knows whether its edit showed the newest lines."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store._db import Db, Row, to_ms
from bot.store.models import BusyChannel, BusyLine

_LINES = (
    "SELECT id, busy_line, busy_line_version FROM game_tables"
    " WHERE channel_id = ? AND status = ? ORDER BY id"
)
_CHANNEL = "SELECT message_id, claimed_until, revision FROM busy_channels WHERE channel_id = ?"


class BusyChannels:
    """`store.busy`: the lines, one read per message written, and the message's claim."""

    def __init__(self, db: Db) -> None:
        self._db = db

    async def sync(
        self, channel_id: int, lines: Sequence[tuple[int, int, str]] = ()
    ) -> BusyChannel:
        """Write `lines` (table id, the version it shows, the line) of the channel's playing
        tables, each unless the store holds a newer one, then read the channel: one write
        transaction, or a read alone when there is nothing to write."""
        if not lines:
            async with self._db.read() as r:
                rows = await r.fetchall(_LINES, (channel_id, "playing"))
                row = await r.fetchone(_CHANNEL, (channel_id,))
            return _channel(rows, row, to_ms(self._db.now()))
        async with self._db.write() as tx:
            written = 0
            for table_id, version, line in lines:
                written += await tx.execute(
                    "UPDATE game_tables SET busy_line = ?, busy_line_version = ?"
                    " WHERE id = ? AND channel_id = ? AND status = ?"
                    " AND (busy_line_version IS NULL OR busy_line_version <= ?)",
                    (line, version, table_id, channel_id, "playing", version),
                )
            if written:
                await tx.execute(
                    "INSERT INTO busy_channels (channel_id, revision) VALUES (?, ?)"
                    " ON CONFLICT (channel_id) DO UPDATE SET"
                    " revision = busy_channels.revision + 1",
                    (channel_id, 1),
                )
            rows = await tx.fetchall(_LINES, (channel_id, "playing"))
            row = await tx.fetchone(_CHANNEL, (channel_id,))
            return _channel(rows, row, tx.now_ms)

    async def claim(self, channel_id: int, lease: float) -> bool:
        """Claim posting the channel's message for `lease` seconds: True for the one caller
        that gets it, while the channel has no message and no other live claim."""
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO busy_channels (channel_id, revision) VALUES (?, ?)"
                " ON CONFLICT (channel_id) DO NOTHING",
                (channel_id, 0),
            )
            return bool(
                await tx.execute(
                    "UPDATE busy_channels SET claimed_until = ? WHERE channel_id = ?"
                    " AND message_id IS NULL"
                    " AND (claimed_until IS NULL OR claimed_until <= ?)",
                    (tx.now_ms + int(lease * 1000), channel_id, tx.now_ms),
                )
            )

    async def posted(self, channel_id: int, message_id: int | None) -> None:
        """The claimed message is posted (`message_id`), or could not be (None): the claim
        goes either way."""
        async with self._db.write() as tx:
            await tx.execute(
                "UPDATE busy_channels SET message_id = ?, claimed_until = ? WHERE channel_id = ?",
                (message_id, None, channel_id),
            )

    async def drop(self, channel_id: int, message_id: int) -> bool:
        """Forget the channel's message `message_id` (quiet again): True for the one caller
        that forgets it, which deletes it on Discord."""
        async with self._db.write() as tx:
            return bool(
                await tx.execute(
                    "UPDATE busy_channels SET message_id = ? WHERE channel_id = ? AND message_id = ?",
                    (None, channel_id, message_id),
                )
            )


def _channel(rows: Sequence[Row], row: Row | None, now_ms: int) -> BusyChannel:
    tables = tuple(
        BusyLine(
            int(r["id"]),
            None if r["busy_line_version"] is None else int(r["busy_line_version"]),
            r["busy_line"],
        )
        for r in rows
    )
    if row is None:
        return BusyChannel(tables, None, False, 0)
    message_id, claimed = row["message_id"], row["claimed_until"]
    return BusyChannel(
        tables,
        None if message_id is None else int(message_id),
        message_id is None and claimed is not None and int(claimed) > now_ms,
        int(row["revision"]),
    )
