"""A bounded memo: what is cheap to make again, kept in a plain dict until there are too
many, then all forgotten at once.

For the words and payloads a click builds again and again (a hand's last turns, its card
buttons, a card's emoji: issue #33, docs/performance.md). The memo stays a plain `dict`, read
with `memo.get(key)`; only a miss calls `remember`. Nothing is ordered, counted or moved on a
hit, unlike an LRU cache (a `dict` subclass, or any wrapper, was measured 15 ns slower a hit
than a plain `dict.get`, and a hand reads these memos about 35 times); a miss past the limit
clears the lot, which costs at worst a few rebuilds.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def remember(memo: dict[K, V], key: K, value: V, limit: int) -> V:
    """Keep `value` for `key` in `memo`, after forgetting everything in it if it holds
    `limit` entries or more already; `value` is returned."""
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value
    return value
