"""A match against the computer in each language, through the emulator, played from what
the player is shown (controls by their ids, whatever the language): the computer is named
in each reader's language everywhere names are shown (the board in the server's, the hand,
the result and the records in the player's), never by its stored English name."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.engine import parse_card
from bot.i18n import Language, t
from emulator import Emulator, Message, User
from tests.players import _best_discard, card_buttons, live_controls

from .conftest import World, quiet
from .test_server_language import make_admin

LOCALES = {"en": "en-US", "es": "es-ES", "fr": "fr"}
#: The server speaks another language than the player: the board's words are the server's.
SERVER = {"en": "es", "es": "fr", "fr": "en"}
SEED = 1


def computer(lang: str) -> str:
    return t(Language(lang), "computer-name", level=t(Language(lang), "choice-hard"))


def _ids(msg: Message, pattern: str) -> list[str]:
    return [
        b.custom_id
        for b in msg.buttons()
        if b.custom_id and not b.disabled and re.fullmatch(pattern, b.custom_id)
    ]


async def move(emu: Emulator, user: User) -> bool:
    """One move as a simple player makes it, by the controls' ids (not their words): a gin
    or knock when offered (then its confirmation), else the best discard, else pass or draw."""
    msg = live_controls(emu, user)
    if msg is None:
        return False
    edits = len(msg.history)
    asks = _ids(msg, r"gin:q:\d+:\d+:(big_gin|gin:\w+)") or _ids(msg, r"gin:q:\d+:\d+:knock:\w+")
    if asks:
        await emu.click(user, msg, custom_id=asks[0])
        shown = emu.message(msg.id)
        confirm = _ids(shown, r"gin:a:\d+:\d+:(big_gin|gin:\w+)") or _ids(
            shown, r"gin:a:\d+:\d+:knock:\w+"
        )
        edits = len(shown.history)
        await emu.click(user, shown, custom_id=confirm[0])
    elif discards := card_buttons(msg):
        by_card = {parse_card((b.custom_id or "").rsplit(":", 1)[1]).label: b for b in discards}
        best = _best_discard(list(by_card))
        await emu.click(user, msg, custom_id=by_card[best].custom_id)
    else:
        plain = _ids(msg, r"gin:a:\d+:\d+:pass") or _ids(msg, r"gin:a:\d+:\d+:draw_stock")
        if not plain:
            return False
        await emu.click(user, msg, custom_id=plain[0])
    await emu.wait_for(lambda: len(emu.message(msg.id).history) > edits, 5.0)
    return True


async def play_match(world: World, lang: str) -> int:
    """Alice (reading `lang`, in a server set to `SERVER[lang]`) plays the hard computer to
    the end; the table's id."""
    emu, a, ch = world.emu, world.alice, world.channel
    assert ch.guild is not None
    a.locale = LOCALES[lang]
    make_admin(emu, ch.guild, a)
    await emu.slash(a, ch, "gin-admin language", set=SERVER[lang])
    world.bot.services.tables.deal_seed = lambda: SEED  # type: ignore[attr-defined]
    await emu.slash(a, ch, "gin computer", level="hard", target=10)
    tables = world.bot.services.tables
    table_id = await emu.wait_for(lambda: next(iter(tables.live_ids()), None))
    over = t(Language(SERVER[lang]), "match-over-title", table=table_id)
    for _ in range(4000):
        if any(over in m.text for m in emu.messages(ch)):
            await quiet(emu, world.bot)
            return int(table_id)
        if not await move(emu, a):
            await asyncio.sleep(0.02)  # the bot is still writing (its outbox paces it)
    raise AssertionError("the match never ended")


def everything(emu: Emulator, messages: list[Message]) -> list[str]:
    """Every version of every message: what was read at any time."""
    return [v.text for m in messages for v in m.versions()]


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
async def test_the_computer_is_named_in_each_readers_language(world: World, lang: str) -> None:
    emu, a, ch = world.emu, world.alice, world.channel
    table_id = await play_match(world, lang)
    board, mine = SERVER[lang], lang
    public = everything(emu, emu.messages(ch))
    private = everything(emu, emu.dms(a))
    # The board, the reveals and the result in the server's language; the hands, the last
    # round and the match's result in the player's.
    assert any(computer(board) in text for text in public)
    assert any(computer(mine) in text for text in private)
    over = t(Language(mine), "match-over-rules-title", table=table_id, rules="cardgames")
    assert any(over in text and computer(mine) in text for text in private)
    for texts, lang_shown in ((public, board), (private, mine)):
        for other in {"en", "es", "fr"} - {lang_shown}:
            stray = [x for x in texts if computer(other) in x]
            assert not stray, (lang_shown, other, stray[:1])
    # The records, in the player's language.
    history = await emu.slash(a, ch, "gin records history")
    assert history.response is not None
    assert computer(mine) in history.response.text, history.response.text
    replay = await emu.slash(a, ch, "gin records replay", match=table_id)
    assert replay.response is not None
    assert computer(mine) in replay.response.text, replay.response.text
    emu.assert_no_unknown_routes()
