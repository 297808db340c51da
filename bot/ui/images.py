"""Card pictures on messages: rendered off the event loop, cached, optional per player."""

from __future__ import annotations

import logging

from bot.engine.view import RoundView
from bot.games import pictures
from bot.games.model import TableState
from bot.render import RenderOptions, render_hand_async, render_reveal_async, render_table_async
from bot.store import Store
from bot.ui.messages import Message

log = logging.getLogger(__name__)

PUBLIC = RenderOptions()


async def player_options(store: Store, user_id: int) -> RenderOptions | None:
    """The player's picture settings, or None when they turned pictures off."""
    settings = await store.players.settings(user_id)
    if not settings.images:
        return None
    return RenderOptions(four_colour=settings.four_colour, dark=settings.dark)


async def with_hand(message: Message, view: RoundView, options: RenderOptions | None) -> Message:
    if options is None or message.embed is None:
        return message
    try:
        data = await render_hand_async(pictures.hand_picture(view), options)
    except Exception:  # a picture must never cost a move
        log.exception("could not draw a hand")
        return message
    return message.with_picture("hand.png", data)


async def with_table(message: Message, state: TableState) -> Message:
    pic = pictures.table_picture(state)
    if pic is None or message.embed is None:
        return message
    try:
        data = await render_table_async(pic, PUBLIC)
    except Exception:
        log.exception("could not draw table %s", state.table_id)
        return message
    return message.with_picture("table.png", data)


async def with_reveal(message: Message, state: TableState, title: str) -> Message:
    pic = pictures.reveal_picture(state, title)
    if pic is None or message.embed is None:
        return message
    try:
        data = await render_reveal_async(pic, PUBLIC)
    except Exception:
        log.exception("could not draw the reveal of table %s", state.table_id)
        return message
    return message.with_picture("reveal.png", data)
