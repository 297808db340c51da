"""One name per card per language (issue 31, item 3): a French player saw R♣ V♠ D♠ in the
hand text, K J Q in the picture and K♣ J♠ Q♠ in the discard menu (now the card buttons)."""

from __future__ import annotations

import io

from PIL import Image

from bot.engine import Card
from bot.i18n import t
from bot.i18n.cards import label, rank_index
from bot.render.layout import hand_png, hand_positions
from bot.render.models import HandPicture, RenderOptions
from bot.render.theme import CARD_H

from .conftest import World
from .driver import card_buttons, hand_cards

COURTS = (Card("C", 13), Card("S", 11), Card("S", 12))


async def test_a_french_hand_names_each_card_the_same_in_text_buttons_and_alt_text(
    world: World,
) -> None:
    emu, fleur, ch = world.emu, world.alice, world.channel
    fleur.locale = "fr"
    await emu.slash(fleur, ch, "gin me settings", images="on")  # the picture's alt text too
    await emu.slash(fleur, ch, "gin computer")
    starts = (t("fr", "button-pass"), t("fr", "button-draw-stock"))

    def with_menu() -> object:
        for m in reversed(emu.visible_to(fleur)):
            if m.channel is not ch and card_buttons(m):
                return m
            live = [b.label for b in m.buttons() if not b.disabled and b.label in starts]
            if live and m.channel is not ch:
                return ("click", m, live[-1])
        return None

    for _ in range(6):
        found = await emu.wait_for(with_menu, what="Fleur's hand with cards to discard")
        if not isinstance(found, tuple):
            break
        _, msg, button = found
        edits = len(msg.history)
        await emu.click(fleur, msg, button)
        await emu.wait_for(lambda m=msg, n=edits: len(m.history) > n, what="the hand after a click")
    hand = found
    cards = hand_cards(hand)  # type: ignore[arg-type]
    buttons = [b for b in hand.buttons() if (b.custom_id or "").startswith("gin:a:")]  # type: ignore[attr-defined]
    assert [b.label for b in buttons[: len(cards)]] == [label(c, "fr") for c in cards]
    for card in cards:
        assert label(card, "fr") in hand.text  # type: ignore[attr-defined]
    (picture,) = hand.attachments  # type: ignore[attr-defined]
    assert all(label(c, "fr") in picture.description for c in cards), picture.description


def card_strip(cards: tuple[Card, ...], locale: str) -> bytes:
    """The pixels of the row of cards (not the labels under it) of a hand picture."""
    pic = HandPicture(melds=(), deadwood=cards, deadwood_points=0, locale=locale)
    top = min(y for _, y in hand_positions(pic).values())
    img = Image.open(io.BytesIO(hand_png(pic, RenderOptions()))).convert("RGB")
    return img.crop((0, top, img.width, top + CARD_H)).tobytes()


def test_a_picture_prints_the_index_its_reader_reads() -> None:
    for card in COURTS:
        assert rank_index(card.rank, "fr") in label(card, "fr")
    # The courts' corners change with the reader's deck (R V D in French), nothing else does.
    assert card_strip(COURTS, "fr") != card_strip(COURTS, "en")
    assert card_strip(COURTS, "es") == card_strip(COURTS, "en")
    pips = (Card("C", 7), Card("S", 8), Card("S", 9))
    assert card_strip(pips, "fr") == card_strip(pips, "en")
