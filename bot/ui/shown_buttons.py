"""A hand's buttons as sent: each one's payload written once, with no discord.py `Button`
nor `DynamicItem` built under it.

A hand has 11-12 buttons and a click builds two hands (the clicker's answer and the other
player's); discord.py's constructors for them were about an eighth of a click's CPU
(issue #33, docs/performance.md). A click on one is read from its custom id by the class
whose template it matches (`GameButton`, `AskButton`, `BackButton`: `components.routed` and
`route`, called by the play cog), not dispatched by discord.py. Since none of a hand's items
is dispatched from its view, discord.py keeps nothing for a hand it sends.

A hand holds its buttons as `WrittenButton`s, their payloads and no discord.py item at all;
`ShownButton`, a discord.py `Item`, is made from one only when the hand is asked for its
items (`HandLayout.tree`: a picture added, its controls taken off).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import Card
from bot.engine.actions import Action
from bot.kernel.memo import remember
from bot.ui.components import BackButton, GameButton, default_style


class ShownButton(discord.ui.Item[Any]):
    """One button as sent; `control` is the class that reads its clicks, `action` the move
    it plays or asks for (none for "Back")."""

    def __init__(
        self,
        control: type[GameButton] | type[BackButton],
        custom_id: str,
        label: str,
        style: discord.ButtonStyle,
        *,
        disabled: bool = False,
        action: Action | None = None,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # discord.py leaves it unannotated
        self.control = control
        self.custom_id = custom_id
        self.label = label
        self.style = style
        self.disabled = disabled
        self.action = action
        self.emoji: discord.PartialEmoji | None = None

    @property
    def item(self) -> ShownButton:
        """Itself, where a `DynamicItem` has its button (`item.disabled`, `item.emoji`)."""
        return self

    @property
    def type(self) -> discord.ComponentType:
        return discord.ComponentType.button

    def is_dispatchable(self) -> bool:
        """Its clicks go to `control` by its custom id, not through a view kept for it."""
        return False

    def to_component_dict(self) -> dict[str, Any]:
        """The button as Discord reads it (discord.py's `Button` writes the same)."""
        return _written(self.custom_id, self.label, self.style, self.disabled, self.emoji)


class WrittenButton:
    """A hand's button as sent: its payload, written as the hand is built, with no
    discord.py item made for it (a hand has 11-13 and a click builds 1.5 hands: a
    `ShownButton` each, a discord.py `Item`, was a sixth of a hand's CPU); `control` reads
    its clicks, `action` is the move it plays or asks for (none for "Back"). The payload is
    the button's own, handed to discord.py as it is; what needs discord.py's items
    (`HandLayout.tree`) asks for its `ShownButton`."""

    __slots__ = ("action", "control", "payload")

    def __init__(
        self,
        payload: dict[str, Any],
        action: Action | None,
        control: type[GameButton] | type[BackButton] = GameButton,
    ) -> None:
        self.payload = payload
        self.action = action
        self.control = control

    def show_emoji(self, name: str, emoji_id: int) -> None:
        """The custom emoji `name` (`emoji_id`) beside its label, written as discord.py's
        `PartialEmoji.to_dict` writes a still one (its `ShownButton` writes the same)."""
        self.payload["emoji"] = {"id": emoji_id, "name": name}

    @property
    def emoji(self) -> discord.PartialEmoji | None:
        """The emoji shown beside its label, if any."""
        shown = self.payload.get("emoji")
        return None if shown is None else emoji(shown["name"], shown["id"])

    def to_component_dict(self) -> dict[str, Any]:
        """The button as Discord reads it (its `ShownButton` writes the same)."""
        return self.payload

    def shown(self) -> ShownButton:
        """The same button as a discord.py item."""
        payload = self.payload
        button = ShownButton(
            self.control,
            payload["custom_id"],
            payload.get("label", ""),
            discord.ButtonStyle(payload["style"]),
            disabled=payload["disabled"],
            action=self.action,
        )
        button.emoji = self.emoji
        return button


def _written(
    custom_id: str,
    label: str,
    style: discord.ButtonStyle,
    disabled: bool,
    emoji: discord.PartialEmoji | None,
) -> dict[str, Any]:
    """A button's payload, as discord.py's `Button` writes it."""
    payload: dict[str, Any] = {
        "type": 2,
        "style": style.value,
        "disabled": disabled,
        "custom_id": custom_id,
    }
    if label:
        payload["label"] = label
    if emoji is not None:
        kept = _EMOJI_PAYLOADS.get(id(emoji))
        if kept is None or kept[0] is not emoji:
            kept = (emoji, dict(emoji.to_dict()))
            remember(_EMOJI_PAYLOADS, id(emoji), kept, _EMOJIS_KEPT)
        payload["emoji"] = dict(kept[1])
    return payload


#: A card's emoji and its payload, made once (a hand shows up to 11 at every move). Each
#: table stands alone: an emoji's payload is written again when it is missing. Payloads are
#: read by the emoji's id (its hash is a Python call), checked against the emoji kept.
_EMOJIS: dict[tuple[str, int], discord.PartialEmoji] = {}
_EMOJI_PAYLOADS: dict[int, tuple[discord.PartialEmoji, dict[str, Any]]] = {}
#: Emojis kept at most in each (the set is 79, `EmojiSet.distinct`, with new ids at each
#: upload).
_EMOJIS_KEPT = 1024


def emoji(name: str, emoji_id: int) -> discord.PartialEmoji:
    """The custom emoji `name` (`emoji_id`), made once."""
    found = _EMOJIS.get((name, emoji_id))
    if found is None:
        found = discord.PartialEmoji(name=name, id=emoji_id)
        remember(_EMOJIS, (name, emoji_id), found, _EMOJIS_KEPT)
    return found


def move(
    table_id: int,
    version: int,
    kind: str,
    card: Card | None,
    label: str,
    *,
    disabled: bool = False,
    style: discord.ButtonStyle | None = None,
    control: type[GameButton] = GameButton,
) -> WrittenButton:
    """A button that plays a move (`control` `AskButton`: asks for it first), as
    `control(table_id, version, kind, card, label, ...)` would send it."""
    action = Action(kind, card)
    custom_id = control.custom_id_of(table_id, version, action)
    payload = _written(custom_id, label, style or default_style(kind), disabled, None)
    return WrittenButton(payload, action, control)


def back(table_id: int, version: int, label: str) -> WrittenButton:
    """ "Back" out of the knock's card choice, as `BackButton` would send it."""
    custom_id = BackButton.custom_id_of(table_id, version)
    payload = _written(custom_id, label, discord.ButtonStyle.secondary, False, None)
    return WrittenButton(payload, None, BackButton)
