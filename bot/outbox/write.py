"""One write to Discord waiting in the outbox: what, where, how urgent, who waits for it."""

from __future__ import annotations

import asyncio
import enum
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord

from bot.outbox.tokens import Latest


class Payload(Protocol):
    """What a post or an edit carries (`bot.ui.messages.Message` is one)."""

    def kwargs(self) -> dict[str, Any]: ...

    def send_kwargs(self) -> dict[str, Any]: ...

    def release(self) -> None: ...


@dataclass(frozen=True)
class Raw:
    """discord.py's own arguments, for a write not built as a `Message` (no files)."""

    arguments: dict[str, Any]

    def kwargs(self) -> dict[str, Any]:
        return dict(self.arguments)

    def send_kwargs(self) -> dict[str, Any]:
        return {k: v for k, v in self.arguments.items() if v is not None}

    def release(self) -> None:
        """Nothing held."""


@dataclass(frozen=True)
class ControlsOff:
    """An edit that only takes a message's controls away (its text and pictures stay). The
    route reads the message first: a Components V2 one (a hand) cannot be emptied, so it
    is edited into its own layout without its rows (`without_rows`)."""

    def kwargs(self) -> dict[str, Any]:
        return {"view": None}

    def send_kwargs(self) -> dict[str, Any]:
        return {}

    def release(self) -> None:
        """Nothing held."""


def without_rows(shown: discord.Message) -> discord.ui.LayoutView | None:
    """A shown message's controls taken off: no view for a classic message; a layout's
    text, separators and pictures without its action rows (a Components V2 message cannot
    be emptied)."""
    if not shown.flags.components_v2:
        return None
    return strip_rows(discord.ui.LayoutView.from_message(shown, timeout=None))


def strip_rows(view: discord.ui.LayoutView) -> discord.ui.LayoutView:
    """A layout's text, separators and pictures, without its action rows."""
    bare = discord.ui.LayoutView(timeout=None)
    for item in list(view.children):
        if isinstance(item, discord.ui.ActionRow):
            continue
        if isinstance(item, discord.ui.Container):
            box: discord.ui.Container[Any] = discord.ui.Container(accent_colour=item.accent_colour)
            for child in list(item.children):
                if not isinstance(child, discord.ui.ActionRow):
                    box.add_item(child)
            bare.add_item(box)
        else:
            bare.add_item(item)
    return bare


class Priority(enum.IntEnum):
    """Lower goes first (the clicker's own answer never queues: it is the interaction's)."""

    TURN = 0  # the next player's turn notice
    HAND = 1  # the other players' hands
    #: What shows every table of a busy channel at once (its "tables in play" message):
    #: worth more than any one table's board.
    PLAY = 2
    BOARD = 3  # the public boards
    REST = 4  # chat, reveals, results, achievements, tournaments, challenges
    #: Old hands' deletions by the bot's token: a leftover hand for a few seconds hurts no
    #: one (a click on it is answered with the current hand), so they go when nothing
    #: else waits for the global budget. By the player's token they cost nothing and go
    #: at once (`Lane._pick`).
    OLD = 5


@dataclass(eq=False)
class Write:
    kind: str  # limits.POST, EDIT, DELETE or DM_OPEN
    channel_id: int
    message_id: int | None
    message: Payload | None
    priority: int
    seq: int  # age: lower was queued earlier
    born: float
    #: The reader of a private message (their interaction token may carry the write).
    user_id: int | None = None
    private: bool = False
    #: The waiters get the error of a write that finally failed (else None, logged).
    loud: bool = False
    waiters: list[asyncio.Future[Any]] = field(default_factory=list)
    #: The one token that reaches the message (an ephemeral answer), and whether as
    #: ``@original``: the write goes by it or not at all, never by the bot's token.
    via: tuple[Latest, bool] | None = None

    def settle(self, result: Any = None, error: BaseException | None = None) -> None:
        """Tell everyone waiting (this write and those it replaced) how it went."""
        for waiter in self.waiters:
            if waiter.done():
                continue
            if error is not None:
                waiter.set_exception(error)
            else:
                waiter.set_result(result)
        self.waiters.clear()
        if self.message is not None:
            self.message.release()
            self.message = None


def quiet(future: asyncio.Future[Any]) -> None:
    """A write nobody awaits: its failure is logged by the outbox, not re-raised later."""
    if not future.cancelled():
        future.exception()
