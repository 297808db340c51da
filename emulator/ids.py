"""Snowflakes and tokens shaped like Discord's."""

from __future__ import annotations

import base64
import secrets
import threading
from collections.abc import Callable

DISCORD_EPOCH_MS = 1420070400000


class Snowflakes:
    """Timestamped, strictly increasing snowflakes: ``(ms - epoch) << 22 | worker | increment``."""

    def __init__(self, clock_time: Callable[[], float]) -> None:
        self._time = clock_time
        self._last = 0
        self._lock = threading.Lock()

    def next(self) -> int:
        ms = int(self._time() * 1000)
        candidate = ((ms - DISCORD_EPOCH_MS) << 22) | (1 << 17)
        with self._lock:
            if candidate <= self._last:
                candidate = self._last + 1
            self._last = candidate
        return candidate

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """The next snowflake whose server would be on ``shard_id``: ``(id >> 22) % count``.

        The shard depends on the timestamp only, so this one is stamped up to
        ``shard_count - 1`` ms ahead; later snowflakes still come after it.
        """
        with self._lock:
            ms = int(self._time() * 1000) - DISCORD_EPOCH_MS
            stamp = max(ms, (self._last >> 22) + 1)
            stamp += (shard_id - stamp) % shard_count
            candidate = (stamp << 22) | (1 << 17)
            self._last = candidate
        return candidate


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard a server's events go to: Discord's ``(guild_id >> 22) % shard_count``."""
    return (guild_id >> 22) % shard_count


def snowflake_time_ms(snowflake: int) -> int:
    """Milliseconds since the Unix epoch encoded in a snowflake."""
    return (snowflake >> 22) + DISCORD_EPOCH_MS


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def bot_token(bot_id: int) -> str:
    """A token in Discord's three-part shape: base64(user id) . timestamp . hmac."""
    return f"{_b64(str(bot_id).encode())}.{_b64(secrets.token_bytes(4))}.{_b64(secrets.token_bytes(27))}"


def interaction_token(interaction_id: int) -> str:
    """A URL-safe interaction token like Discord's (``aW50ZXJhY3Rpb246...``)."""
    raw = f"interaction:{interaction_id}:{secrets.token_urlsafe(96)}".encode()
    return _b64(raw)
