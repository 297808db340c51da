"""Persistent controls (`DynamicItem`s): their custom ids carry everything a click needs, so
they keep working after a restart. A click goes to the handlers the classes were bound to
(:func:`bind`: the `Play` cog binds them as it loads)."""

from __future__ import annotations

import functools
import logging
import re
import weakref
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol, TypeVar

import discord

from bot.engine import Card, parse_card
from bot.engine.actions import Action
from bot.errors import guarded, reply_privately
from bot.i18n import DEFAULT, Language, resolve_locale, t
from bot.i18n.cards import label as card_label
from bot.ui import ownership
from bot.ui.cycles import let_go

#: A card's code (`H8`, `S12`): exactly the 52 there are.
CARD = r"[CDHS](?:1[0-3]|[1-9])"
#: A table's, challenge's or version's number: a bound that fits the store's 64-bit integers.
NUM = r"[1-9]\d{0,17}|0"
#: A move a button plays: a kind without a card, or one with the card it names.
ACTION = rf"(?:take_upcard|pass|draw_stock|draw_discard|big_gin)|(?:discard|knock|gin):(?:{CARD})"

log = logging.getLogger("gin.ui")


class Handlers(Protocol):
    async def on_action(
        self, interaction: discord.Interaction, table_id: int, version: int, action: Action
    ) -> None: ...

    async def on_ask(
        self, interaction: discord.Interaction, table_id: int, version: int, action: Action | None
    ) -> None: ...

    async def on_show_hand(self, interaction: discord.Interaction, table_id: int) -> None: ...

    async def on_lobby(self, interaction: discord.Interaction, table_id: int, op: str) -> None: ...

    async def on_challenge(
        self, interaction: discord.Interaction, challenge_id: int, op: str
    ) -> None: ...

    async def on_rematch(self, interaction: discord.Interaction, table_id: int) -> None: ...


#: client -> control class -> the handlers its clicks go to (see :func:`bind`).
_BOUND: weakref.WeakKeyDictionary[object, dict[type, Any]] = weakref.WeakKeyDictionary()


def bind(client: object, handlers: object, *items: type) -> None:
    """Send clicks on the controls `items` that reach `client` to `handlers` (a cog binds
    its controls as it loads, and :func:`unbind` s them as it unloads). Explicit, and per
    bot: no lookup of a cog by its name."""
    _BOUND.setdefault(client, {}).update(dict.fromkeys(items, handlers))


def unbind(client: object, *items: type) -> None:
    table = _BOUND.get(client, {})
    for cls in items:
        table.pop(cls, None)


def handlers_of(item: object, interaction: discord.Interaction) -> Any:
    """The handlers bound to `item`'s control class on the bot that got the click."""
    return handlers_for(type(item), interaction)


def handlers_for(control: type, interaction: discord.Interaction) -> Any:
    """The handlers bound to the control class `control` on the bot that got the click."""
    table = _BOUND.get(interaction.client, {})
    for cls in control.__mro__:
        if cls in table:
            return table[cls]
    raise RuntimeError(f"{control.__name__} is not bound to handlers on this bot")


def understood(client: object, custom_id: str) -> bool:
    """Whether a control bound on `client` reads `custom_id` whole (its template matches it,
    so building the control from it cannot fail)."""
    templates = (
        getattr(cls, "__discord_ui_compiled_template__", None) for cls in _BOUND.get(client, {})
    )
    return any(p is not None and p.fullmatch(custom_id) for p in templates)


async def refuse_unread(interaction: discord.Interaction) -> bool:
    """Answer a click on a ``gin:`` control that no bound control reads (forged, damaged, or
    from a bot that made other ids) with the short out-of-date answer, and log it; discord.py
    would drop it ("This interaction failed"). True when it was refused."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    if not custom_id.startswith("gin:") or understood(interaction.client, custom_id):
        return False
    log.warning(
        "refused a control no longer read: %r (user %s)",
        custom_id[:120],
        interaction.user.id if interaction.user else None,
    )
    await reply_privately(
        interaction, t(resolve_locale(interaction.locale), "reply-control-out-of-date")
    )
    return True


F = TypeVar("F", bound=Callable[..., Awaitable[None]])


def handled(callback: F) -> F:
    """A `DynamicItem` callback, `guarded`, run only for a click on the clicker's own message
    (or a public one, unless the item is `private`: `bot.ui.ownership`); afterwards the
    interaction and the view discord.py built for the click are let go of (`bot.ui.cycles`)."""

    @guarded
    async def inner(self: discord.ui.DynamicItem[Any], interaction: discord.Interaction) -> None:
        if await _may_click(interaction, private=bool(getattr(self, "private", False))):
            await callback(self, interaction)

    @functools.wraps(callback)
    async def wrapper(self: discord.ui.DynamicItem[Any], interaction: discord.Interaction) -> None:
        try:
            await inner(self, interaction)
        finally:
            let_go(interaction, self.view)

    return wrapper  # type: ignore[return-value]


async def _may_click(interaction: discord.Interaction, *, private: bool) -> bool:
    """`handled`'s checks: the bot is not stopping (else the clicker is told so), and the
    message is the clicker's own (or public, unless `private`: `bot.ui.ownership`)."""
    if getattr(interaction.client, "stopping", False):
        await reply_privately(interaction, t(resolve_locale(interaction.locale), "reply-stopping"))
        return False
    return await ownership.allowed(interaction, private=private)


def default_style(kind: str) -> discord.ButtonStyle:
    """A move button's colour unless told: gin blurple, drawing and taking green, the rest grey."""
    if kind in ("gin", "big_gin"):
        return discord.ButtonStyle.primary
    if kind in ("draw_stock", "draw_discard", "take_upcard"):
        return discord.ButtonStyle.success
    return discord.ButtonStyle.secondary


#: The hand controls' custom ids: given to discord.py as the items' templates, and read
#: by :func:`routed` through our own compiled copies (not discord.py's internals).
GAME_ID = rf"gin:a:(?P<table>{NUM}):(?P<version>{NUM}):(?P<action>{ACTION})"
ASK_ID = rf"gin:q:(?P<table>{NUM}):(?P<version>{NUM}):(?P<action>big_gin|(?:gin|knock):(?:{CARD}))"
SELECT_ID = rf"gin:s:(?P<table>{NUM}):(?P<version>{NUM}):(?P<kind>discard|knock)"
BACK_ID = rf"gin:b:(?P<table>{NUM}):(?P<version>{NUM})"


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=GAME_ID,
):
    """A move button (draw, take, pass, a confirmed knock or gin)."""

    #: The custom id's kind of control: "a" plays the move (`AskButton`: "q" asks first).
    PREFIX = "a"

    #: Answered by editing the clicked message with the clicker's hand: their messages only.
    private = True

    def __init__(
        self,
        table_id: int,
        version: int,
        kind: str,
        card: Card | None,
        label: str = "…",
        *,
        disabled: bool = False,
        row: int | None = None,
        style: discord.ButtonStyle | None = None,
    ) -> None:
        self.table_id, self.version = table_id, version
        self.action = Action(kind, card)
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style or default_style(kind),
                disabled=disabled,
                row=row,
                custom_id=self.custom_id_of(table_id, version, self.action),
            )
        )

    @classmethod
    def custom_id_of(cls, table_id: int, version: int, action: Action) -> str:
        """The custom id of this control playing (or asking for) `action`."""
        return f"gin:{cls.PREFIX}:{table_id}:{version}:{action.encode()}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameButton:
        action = Action.decode(match["action"])
        return cls(int(match["table"]), int(match["version"]), action.kind, action.card)

    @classmethod
    async def clicked(
        cls, handlers: Handlers, interaction: discord.Interaction, match: re.Match[str]
    ) -> None:
        """A click on this control, read from its custom id (`match`): see :func:`route`."""
        action = Action.decode(match["action"])
        await handlers.on_action(interaction, int(match["table"]), int(match["version"]), action)


class AskButton(
    GameButton,
    template=ASK_ID,
):
    """Gin or Big Gin, asked first: the click shows the hand with a Confirm button. A knock
    (with the card that keeps the least deadwood) turns the hand's cards into "knock with
    this card" buttons (`bot.ui.hand_layout`)."""

    PREFIX = "q"

    @classmethod
    async def clicked(
        cls, handlers: Handlers, interaction: discord.Interaction, match: re.Match[str]
    ) -> None:
        action = Action.decode(match["action"])
        await handlers.on_ask(interaction, int(match["table"]), int(match["version"]), action)


class GameSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=SELECT_ID,
):
    """Pick the card to discard, or to knock with: the menus of hand messages sent before
    the hand became a layout of card buttons. Still read, so that a click on such an old
    message plays and answers with the new layout (docs/playing.md)."""

    private = True

    def __init__(
        self,
        table_id: int,
        version: int,
        kind: str,
        cards: Sequence[Card] = (),
        placeholder: str = "…",
        *,
        row: int | None = None,
        locale: Language = DEFAULT,
    ) -> None:
        self.table_id, self.version, self.kind = table_id, version, kind
        options = [
            discord.SelectOption(label=card_label(c, locale), value=c.code) for c in cards[:25]
        ]
        super().__init__(
            discord.ui.Select(
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="—", value="none")],
                row=row,
                custom_id=f"gin:s:{table_id}:{version}:{kind}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameSelect:
        return cls(int(match["table"]), int(match["version"]), match["kind"])

    @classmethod
    async def clicked(
        cls, handlers: Handlers, interaction: discord.Interaction, match: re.Match[str]
    ) -> None:
        data: Any = interaction.data or {}
        values = data.get("values") or []
        try:
            card = parse_card(str(values[0]))
        except (IndexError, ValueError):
            await interaction.response.send_message(
                t(resolve_locale(interaction.locale), "reply-pick-a-card"), ephemeral=True
            )
            return
        kind = match["kind"]
        # A knock ends the round: it is confirmed first, like gin.
        go = handlers.on_ask if kind == "knock" else handlers.on_action
        await go(interaction, int(match["table"]), int(match["version"]), Action(kind, card))


class BackButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=BACK_ID,
):
    """Out of the knock's card choice: the hand again, as it is."""

    private = True

    def __init__(self, table_id: int, version: int, label: str = "…") -> None:
        self.table_id, self.version = table_id, version
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=self.custom_id_of(table_id, version),
            )
        )

    @staticmethod
    def custom_id_of(table_id: int, version: int) -> str:
        return f"gin:b:{table_id}:{version}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BackButton:
        return cls(int(match["table"]), int(match["version"]))

    @classmethod
    async def clicked(
        cls, handlers: Handlers, interaction: discord.Interaction, match: re.Match[str]
    ) -> None:
        await handlers.on_ask(interaction, int(match["table"]), int(match["version"]), None)


class ShowHandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"gin:show:(?P<table>{NUM})"
):
    def __init__(self, table_id: int, label: str = "…") -> None:
        self.table_id = table_id
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=f"gin:show:{table_id}",
            )
        )

    @staticmethod
    def payload(table_id: int, label: str) -> dict[str, Any]:
        """The button as sent, written as discord.py writes this control's (a board shows
        it at every move: `bot/ui/board_layout.py`)."""
        return {
            "type": 2,
            "style": discord.ButtonStyle.primary.value,
            "disabled": False,
            "label": label,
            "custom_id": f"gin:show:{table_id}",
        }

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ShowHandButton:
        return cls(int(match["table"]))

    @handled
    async def callback(self, interaction: discord.Interaction) -> None:
        await handlers_of(self, interaction).on_show_hand(interaction, self.table_id)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"gin:t:(?P<table>{NUM}):(?P<op>join|leave|start|computer)",
):
    def __init__(
        self,
        table_id: int,
        op: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        self.table_id, self.op = table_id, op
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"gin:t:{table_id}:{op}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["table"]), match["op"])

    @handled
    async def callback(self, interaction: discord.Interaction) -> None:
        await handlers_of(self, interaction).on_lobby(interaction, self.table_id, self.op)


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"gin:c:(?P<id>{NUM}):(?P<op>accept|decline|cancel)",
):
    def __init__(
        self,
        challenge_id: int,
        op: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        self.challenge_id, self.op = challenge_id, op
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"gin:c:{challenge_id}:{op}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        return cls(int(match["id"]), match["op"])

    @handled
    async def callback(self, interaction: discord.Interaction) -> None:
        await handlers_of(self, interaction).on_challenge(interaction, self.challenge_id, self.op)


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"gin:r:(?P<table>{NUM})"
):
    def __init__(self, table_id: int, label: str = "…") -> None:
        self.table_id = table_id
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, custom_id=f"gin:r:{table_id}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        return cls(int(match["table"]))

    @handled
    async def callback(self, interaction: discord.Interaction) -> None:
        await handlers_of(self, interaction).on_rematch(interaction, self.table_id)


#: The controls on a hand, read by :func:`route` from the click's custom id: discord.py
#: would rebuild the whole clicked layout as a view for each click on a `DynamicItem` (and
#: the bot empty it again), about a tenth of the bot's CPU per move (docs/performance.md,
#: issue #33).
ROUTED = (GameButton, AskButton, GameSelect, BackButton)

_ROUTED_IDS = tuple(
    (cls, re.compile(template))
    for cls, template in zip(ROUTED, (GAME_ID, ASK_ID, SELECT_ID, BACK_ID), strict=True)
)

#: The controls discord.py dispatches itself (registered as `DynamicItem`s).
DISPATCHED = (ShowHandButton, LobbyButton, ChallengeButton, RematchButton)

#: Every persistent control; all are bound to their handlers (:func:`bind`).
DYNAMIC_ITEMS = (*ROUTED, *DISPATCHED)


def routed(
    custom_id: str,
) -> tuple[type[GameButton | GameSelect | BackButton], re.Match[str]] | None:
    """The hand control that reads `custom_id` whole, with its match; None for any other id."""
    if not custom_id.startswith(("gin:a:", "gin:q:", "gin:s:", "gin:b:")):
        return None
    for cls, pattern in _ROUTED_IDS:
        match = pattern.fullmatch(custom_id)
        if match is not None:
            return cls, match
    return None


async def route(interaction: discord.Interaction, found: tuple[type[Any], re.Match[str]]) -> None:
    """A click on a hand's control, `found` by :func:`routed`: read from its custom id by
    its class's `clicked`, with the same checks as a `DynamicItem`'s click (`handled`: the
    bot stopping, the message the clicker's own; errors answered), without the view
    discord.py would build from the clicked message, nor the control itself (every hand
    control is private)."""
    try:
        await _route(interaction, *found)
    finally:
        let_go(interaction)


@guarded
async def _route(interaction: discord.Interaction, cls: type[Any], match: re.Match[str]) -> None:
    if await _may_click(interaction, private=True):
        await cls.clicked(handlers_for(cls, interaction), interaction, match)
