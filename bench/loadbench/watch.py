"""Waiting cheaply on what thousands of scripted users see."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from emulator import Emulator, User

T = TypeVar("T")


@dataclass(eq=False)
class _Waiter:
    predicate: Callable[[], Any]
    users: tuple[User, ...]
    future: asyncio.Future[Any]
    timer: asyncio.TimerHandle | None = None


class Watch:
    """Waits on conditions about what users see, for thousands of waiters at once.

    ``Emulator.wait_for`` re-runs every predicate after every change (hundreds per second),
    which with 1,000 waiters would load this process, and so the cores the bot shares with
    it. Here the emulator calls :meth:`_changed` when a message only one user sees (a DM to
    them, an ephemeral reply) is created, edited or deleted
    (``Emulator.watch_private_views``), and only the waiters of the users that changed are
    re-checked, once per turn of the event loop; every waiter is also re-checked once a
    second, a fallback for anything else a predicate might read."""

    FALLBACK = 1.0

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self._waiters: set[_Waiter] = set()
        self._by_user: dict[int, set[_Waiter]] = {}
        self._dirty: set[int] = set()
        self._scheduled = False
        self._sweeper: asyncio.Task[None] | None = None
        self.stop = emu.watch_private_views(self._changed)

    async def until(
        self,
        predicate: Callable[[], T | None],
        users: tuple[User, ...],
        timeout: float,  # noqa: ASYNC109
    ) -> T | None:
        """``predicate()`` once truthy, or None after ``timeout`` seconds."""
        result = predicate()
        if result:
            return result
        loop = asyncio.get_running_loop()
        waiter = _Waiter(predicate, users, loop.create_future())
        waiter.timer = loop.call_later(timeout, self._settle, waiter, None)
        waiter.future.add_done_callback(lambda _: self._forget(waiter))
        self._waiters.add(waiter)
        for user in users:
            self._by_user.setdefault(user.id, set()).add(waiter)
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.create_task(self._sweep())
        value: T | None = await waiter.future
        return value

    def _changed(self, user: User) -> None:
        if user.id not in self._by_user:
            return
        self._dirty.add(user.id)
        if not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._check_dirty)

    def _check_dirty(self) -> None:
        self._scheduled = False
        dirty, self._dirty = self._dirty, set()
        waiters = {w for uid in dirty for w in self._by_user.get(uid, ())}
        for waiter in waiters:
            self._check(waiter)

    def _check(self, waiter: _Waiter) -> None:
        if waiter.future.done():
            return
        result = waiter.predicate()
        if result:
            self._settle(waiter, result)

    def _settle(self, waiter: _Waiter, value: Any) -> None:
        if not waiter.future.done():
            waiter.future.set_result(value)

    def _forget(self, waiter: _Waiter) -> None:
        if waiter.timer is not None:
            waiter.timer.cancel()
        self._waiters.discard(waiter)
        for user in waiter.users:
            group = self._by_user.get(user.id)
            if group is not None:
                group.discard(waiter)
                if not group:
                    del self._by_user[user.id]

    async def _sweep(self) -> None:
        while self._waiters:
            await asyncio.sleep(self.FALLBACK)
            for waiter in list(self._waiters):
                self._check(waiter)
