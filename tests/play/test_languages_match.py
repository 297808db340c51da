"""A match between a Spanish and a French player in an English server, through the emulator:
each one's DMs and private answers in their own language, the public board in the server's."""

from __future__ import annotations

from bot.i18n import t
from bot.i18n.cards import label as card_label

from .conftest import World


async def test_each_reader_in_their_language_the_board_in_the_servers(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    a.locale, b.locale = "es-ES", "fr"
    await emu.slash(b, ch, "gin me online")  # Bob has used the bot: his locale is known
    challenge = await emu.slash(a, ch, "gin challenge", opponent=b)
    assert challenge.response is not None and t("en", "button-accept") in challenge.response.text
    invite = await emu.wait_for_dm(b, lambda m: t("fr", "button-accept") in m.button_labels)
    await emu.click(b, invite, t("fr", "button-accept"))
    tables = world.bot.services.tables
    # The table is live a moment before its first round is dealt: wait for the deal.
    live = await emu.wait_for(
        lambda: next(
            (lv for i in tables.live_ids() if (lv := tables.get(i)).match is not None), None
        )
    )
    assert live.match is not None
    for user, lang in ((a, "es"), (b, "fr")):
        seat_no = live.record.seat_of(user.id)
        assert seat_no is not None
        cards = live.match.round.hand(seat_no.seat_no)
        hand = await emu.wait_for_dm(
            user, lambda m, lang=lang: t(lang, "hand-your-hand", cards="").strip() in m.text
        )
        # The engine's cards, named the reader's way.
        assert all(card_label(c, lang) in hand.text for c in cards), (lang, hand.text)
    board = emu.last_message(ch)
    assert board is not None and "Discard pile" in board.text
    resign = await emu.slash(b, ch, "gin resign")
    assert resign.response is not None
    assert resign.response.text.startswith(
        t("fr", "reply-resign-ask", table=live.record.id, opponent=a.display_name)
    )
    emu.assert_no_unknown_routes()
