"""A small thread-safe LRU of finished pictures, keyed by what they show."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable


class PictureCache:
    """At most `maxsize` PNGs; the least recently used goes first.

    A lock (not `functools.lru_cache`) so the async wrappers can look up a picture on the event
    loop and only hop to a worker thread on a miss; renders run in worker threads.
    """

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._data: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            png = self._data.get(key)
            if png is None:
                self.misses += 1
                return None
            self._data.move_to_end(key)
            self.hits += 1
            return png

    def put(self, key: Hashable, png: bytes) -> None:
        with self._lock:
            self._data[key] = png
            self._data.move_to_end(key)
            while len(self._data) > self.maxsize:
                self._data.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._data)
