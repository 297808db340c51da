"""Card pictures on messages: rendered off the event loop, cached, optional per player."""

from __future__ import annotations

import logging

from bot.circle.profiles import PlayerSettings, Profiles
from bot.engine.view import RoundView
from bot.games import pictures
from bot.games.card_emojis import CardEmojis
from bot.games.model import TableState
from bot.i18n import DEFAULT, Language, t
from bot.render import RenderOptions, render_hand_async, render_reveal_async
from bot.text import hands as present
from bot.text.names import named
from bot.ui.hand_layout import show_card_emojis
from bot.ui.messages import Message

log = logging.getLogger(__name__)

PUBLIC = RenderOptions()


class Pictures:
    """Pictures for messages, unless the operator turned them off (`GIN_PICTURES=off`)."""

    def __init__(
        self, profiles: Profiles, *, enabled: bool = True, emojis: CardEmojis | None = None
    ) -> None:
        self.profiles = profiles
        self.enabled = enabled
        #: The card emojis the hand's card menus show (in the player's colour scheme).
        self.emojis = emojis or CardEmojis()

    async def options(self, user_id: int) -> RenderOptions | None:
        """The player's picture settings, or None when pictures are off for them."""
        if not self.enabled:
            return None
        return _options(await self.profiles.settings(user_id))

    async def hand(
        self, message: Message, view: RoundView, user_id: int, locale: Language = DEFAULT
    ) -> Message:
        if not self.enabled and not self.emojis.ready:
            return message
        settings = await self.profiles.settings(user_id)
        if self.emojis.ready:
            with_card_emojis(message, self.emojis, settings.four_colour)
        options = _options(settings) if self.enabled else None
        return await with_hand(message, view, options, locale)

    async def reveal_png(
        self, state: TableState, title: str, locale: Language = DEFAULT
    ) -> bytes | None:
        """The reveal's picture (`title`: its caption), or None: pictures off, a round that
        ended without a knock, or a drawing that failed (a picture never costs a result)."""
        shown = named(state, locale)
        pic = pictures.reveal_picture(shown, title, locale) if self.enabled else None
        if pic is None:
            return None
        try:
            return await render_reveal_async(pic, PUBLIC)
        except Exception:
            log.exception("could not draw the reveal of table %s", state.table_id)
            return None


def _options(settings: PlayerSettings) -> RenderOptions | None:
    if not settings.images:
        return None
    return RenderOptions(four_colour=settings.four_colour, dark=settings.dark)


def with_card_emojis(message: Message, emojis: CardEmojis, four_colour: bool) -> None:
    """The card buttons of `message` show each card's emoji beside its name."""
    if four_colour:
        show_card_emojis(message, lambda card: emojis.card(card, True))
    else:  # the classic colours are `card`'s default: no lambda's frame for each card
        show_card_emojis(message, emojis.card)


async def with_hand(
    message: Message, view: RoundView, options: RenderOptions | None, locale: Language = DEFAULT
) -> Message:
    if options is None or (message.embed is None and not message.layout):
        return message
    try:
        data = await render_hand_async(pictures.hand_picture(view, locale), options)
    except Exception:  # a picture must never cost a move
        log.exception("could not draw a hand")
        return message
    text, deadwood = present.hand_text(view.hand, locale)
    return message.with_picture(
        "hand.png", data, t(locale, "alt-hand", cards=text, deadwood=deadwood)
    )
