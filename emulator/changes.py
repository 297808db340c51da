"""Change notification: what wakes the driver's waits, and how busy the bot keeps the server.

Every part of the emulator calls :meth:`Changes.notify` after it changed something (a REST
request served, an interaction sent, the world built); waits re-check their condition then.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import TypeVar

from .models import DM, Message, User

T = TypeVar("T")


class Changes:
    """Listeners and waiters for changes, and the REST activity :meth:`settle` watches."""

    def __init__(self) -> None:
        self._changed: asyncio.Event | None = None
        self._listeners: list[Callable[[], None]] = []
        self._view_listeners: list[Callable[[User], None]] = []
        self._inflight = 0
        self._last_activity = time.monotonic()

    # --- activity ---------------------------------------------------------------------------
    def touch(self) -> None:
        """The bot did something (a request, a gateway frame): not idle yet."""
        self._last_activity = time.monotonic()

    def request_started(self) -> None:
        self._inflight += 1
        self.touch()

    def request_ended(self) -> None:
        self._inflight -= 1
        self.touch()
        self.notify()

    # --- listeners --------------------------------------------------------------------------
    def notify(self) -> None:
        """Something changed: wake the waits and call the listeners."""
        event = self._changed
        if event is not None:
            self._changed = None
            event.set()
        if self._listeners:
            for callback in list(self._listeners):
                callback()

    def watch(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback()`` after every change; returns a function that stops the calls."""
        return _subscribe(self._listeners, callback)

    def watch_private_views(self, callback: Callable[[User], None]) -> Callable[[], None]:
        """Call ``callback(user)`` when a message only ``user`` sees changes (see the driver)."""
        return _subscribe(self._view_listeners, callback)

    def private_view_changed(self, msg: Message) -> None:
        """``msg`` was created, edited or deleted: tell the watchers of its only reader."""
        if not self._view_listeners:
            return
        user = msg.ephemeral_to
        if user is None and msg.channel.type == DM:
            user = msg.channel.recipient
        if user is not None:
            for callback in list(self._view_listeners):
                callback(user)

    # --- waiting ----------------------------------------------------------------------------
    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        timeout: float = 5.0,  # noqa: ASYNC109
        *,
        what: str | None = None,
    ) -> T:
        """Return ``predicate()`` once it is truthy; checked after every change."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(
                    f"timed out after {timeout:g} s waiting for {what or getattr(predicate, '__name__', 'a condition')}"
                )
            if self._changed is None:
                self._changed = asyncio.Event()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.25))

    async def settle(
        self,
        quiet: float = 0.1,
        timeout: float = 10.0,  # noqa: ASYNC109
    ) -> None:
        """Wait until no request has been in flight for ``quiet`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            idle = time.monotonic() - self._last_activity
            if self._inflight == 0 and idle >= quiet:
                return
            if loop.time() > deadline:
                raise TimeoutError(f"the bot kept busy for {timeout:g} s")
            await asyncio.sleep(max(0.01, quiet - idle))


def _subscribe(listeners: list[T], callback: T) -> Callable[[], None]:
    listeners.append(callback)

    def stop() -> None:
        with contextlib.suppress(ValueError):
            listeners.remove(callback)

    return stop
