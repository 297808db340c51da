"""Scripted players that play only through what Discord shows them: their DMs and clicks."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Awaitable, Callable

from bot.engine import Card, best_melds, parse_card
from emulator import Button, Emulator, Interaction, Message, User


def live_controls(emu: Emulator, user: User) -> Message | None:
    """The newest message `user` can see (DM or ephemeral) with an enabled game control."""
    for msg in reversed(emu.dms(user) + emu.ephemerals(user)):
        if any(
            b.custom_id and b.custom_id.startswith("gin:a:") and not b.disabled
            for b in msg.buttons()
        ):
            return msg
        if any(s.custom_id.startswith("gin:s:") and not s.disabled for s in msg.selects()):
            return msg
    return None


def to_move(emu: Emulator, users: tuple[User, ...]) -> tuple[User, Message] | None:
    """The first of `users` with live game controls, and that hand; None if nobody's."""
    for user in users:
        controls = live_controls(emu, user)
        if controls is not None:
            return user, controls
    return None


def live_hands(emu: Emulator, user: User) -> dict[int, list[Message]]:
    """Per table, the hand DMs of `user` that still carry its controls (a waiting hand's
    disabled ones count: it is a live hand all the same). One per table is the rule."""
    found: dict[int, list[Message]] = {}
    for msg in emu.dms(user):
        ids = [b.custom_id or "" for b in msg.buttons()] + [s.custom_id for s in msg.selects()]
        tables = {int(c.split(":")[2]) for c in ids if c.startswith(("gin:a:", "gin:s:", "gin:q:"))}
        for table in tables:
            found.setdefault(table, []).append(msg)
    return found


def _best_discard(labels: list[str]) -> str:
    cards = [parse_card(label) for label in labels]

    def left(card: Card) -> tuple[int, int]:
        rest = [c for c in cards if c != card]
        return best_melds(rest).deadwood_points, -card.points

    return min(cards, key=left).label


def card_buttons(msg: Message, kind: str = "discard") -> list[Button]:
    """The hand's card buttons that play `kind` (discard, or knock once "Knock with…" was
    clicked), enabled ones only: what a click on a card does now."""
    return [
        b
        for b in msg.buttons()
        if not b.disabled and re.fullmatch(rf"gin:a:\d+:\d+:{kind}:\w+", b.custom_id or "")
    ]


def hand_cards(msg: Message) -> list[Card]:
    """The cards on a hand's buttons, in the order shown (enabled or not)."""
    return [
        parse_card(hit.group(1))
        for b in msg.buttons()
        if (hit := re.fullmatch(r"gin:a:\d+:\d+:(?:discard|knock):(\w+)", b.custom_id or ""))
    ]


Waiter = Callable[[Callable[[], object], float], Awaitable[object]]


async def play_one(emu: Emulator, user: User, *, wait: Waiter | None = None) -> int:
    """Make one move for `user` if it is their turn: the number of clicks it took (a knock or
    gin is confirmed, two clicks); 0 if they have nothing to do.

    Like a person, it then waits for the bot's answer to the click: the bot answers a move
    by editing the hand once the move is committed (type 7), or, when the move is slow,
    acknowledges it first (deferred) and edits the hand after.
    `wait(predicate, timeout)` does the waiting (default: `emu.wait_for`).
    """
    msg = live_controls(emu, user)
    if msg is None:
        return 0
    edits = len(msg.history)
    inter = await choose(emu, user, msg)
    if inter is None:
        return 0
    # A menu is a tap to open it and one to pick (an old message's), a button one tap.
    clicks = 2 if inter.data.get("component_type") == 3 else 1
    confirm = confirm_button(emu.message(msg.id))
    if inter.ack_type == 7 and confirm is not None:
        # A knock or gin asks first: the hand now shows the Confirm button (a knock: the
        # cards it may knock with).
        edits = len(msg.history)
        inter = await emu.click(user, emu.message(msg.id), custom_id=confirm)
        clicks += 1
    if inter.ack_type == 6:  # deferred: the hand is edited, or a private note follows
        waiter = wait or (lambda pred, timeout: emu.wait_for(pred, timeout))
        with contextlib.suppress(TimeoutError):
            await waiter(lambda: len(msg.history) > edits or inter.followups, 5.0)
    return clicks


def confirm_button(msg: Message) -> str | None:
    """The custom id of the control that confirms a knock or gin on a hand that asks: the
    Confirm button, or in a knock's card choice the first card it may knock with (by suit,
    then rank: the order the knock menu had)."""
    confirm = next(
        (
            b.custom_id
            for b in msg.buttons()
            if b.label and b.label.startswith("Confirm") and not b.disabled
        ),
        None,
    )
    if confirm is not None:
        return confirm
    knocks = card_buttons(msg, "knock")
    if not knocks:
        return None
    return min(knocks, key=lambda b: parse_card((b.custom_id or "").rsplit(":", 1)[1])).custom_id


async def choose(emu: Emulator, user: User, msg: Message) -> Interaction | None:
    """Make the move a simple player would with `msg`'s controls (None: nothing to do):
    the card buttons of a hand, or an old hand's menus."""
    labels = [b.label or "" for b in msg.buttons() if not b.disabled]
    for wanted in ("Big Gin",):
        if wanted in labels:
            return await emu.click(user, msg, wanted)
    gin = [label for label in labels if label.startswith("Gin")]
    if gin:
        return await emu.click(user, msg, gin[0])
    if "Knock with…" in labels:
        return await emu.click(user, msg, "Knock with…")
    discards = card_buttons(msg)
    if discards:
        by_label = {parse_card((b.custom_id or "").rsplit(":", 1)[1]).label: b for b in discards}
        best = by_label[_best_discard(list(by_label))]
        return await emu.click(user, msg, custom_id=best.custom_id)
    selects = {s.placeholder: s for s in msg.selects() if not s.disabled}
    if "Knock with…" in selects:
        knock = selects["Knock with…"]
        return await emu.select(user, msg, knock.labels[0], placeholder="Knock with…")
    if "Discard…" in selects:
        return await emu.select(
            user, msg, _best_discard(selects["Discard…"].labels), placeholder="Discard…"
        )
    for wanted in ("Pass", "Draw from stock"):
        if wanted in labels:
            return await emu.click(user, msg, wanted)
    return None
