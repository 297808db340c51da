"""A small thread-safe LRU of finished pictures, keyed by what they show."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable


class PictureCache:
    """At most `maxsize` PNGs (and `max_bytes`); the least recently used goes first.

    A lock (not `functools.lru_cache`) so the async wrappers can look up a picture on the event
    loop and only hop to a worker thread on a miss; renders run in worker threads.
    """

    def __init__(self, maxsize: int, max_bytes: int | None = None) -> None:
        self.maxsize = maxsize
        #: And at most this many bytes of PNG in all (memory per table stays small).
        self.max_bytes = max_bytes
        self.bytes = 0
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
            old = self._data.get(key)
            if old is not None:
                self.bytes -= len(old)
            self._data[key] = png
            self.bytes += len(png)
            self._data.move_to_end(key)
            while len(self._data) > self.maxsize or (
                self.max_bytes is not None and self.bytes > self.max_bytes and len(self._data) > 1
            ):
                self.bytes -= len(self._data.popitem(last=False)[1])

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self.bytes = 0
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._data)
