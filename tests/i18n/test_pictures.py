"""Words drawn into the pictures, in the picture's language, with the accented font."""

from __future__ import annotations

import io

from PIL import Image

from bot.engine.cards import parse_cards
from bot.render import (
    HandPicture,
    RevealHand,
    RevealPicture,
    TablePicture,
    render_hand,
    render_table,
)
from bot.render.fonts import drawable, text_mask
from bot.text.pictures import hand_text, reveal_text, table_text

MELD = tuple(parse_cards("H8 H9 H10"))
QUEEN = tuple(parse_cards("S12"))


def test_alt_text_in_each_language() -> None:
    hand = HandPicture(melds=(MELD,), deadwood=QUEEN, deadwood_points=10)
    assert hand_text(hand) == "8♥ 9♥ 10♥ | deadwood Q♠ (10)"
    assert hand_text(
        HandPicture(melds=(MELD,), deadwood=QUEEN, deadwood_points=10, locale="fr")
    ) == ("8♥ 9♥ 10♥ | isolés D♠ (10)")
    table = TablePicture(discard_pile=QUEEN, stock_count=21, players=(("Ann", 10),), locale="es")
    assert table_text(table) == "Descartes Q♠ (1) · Mazo 21 · Ann 10"
    reveal = RevealPicture(
        hands=(RevealHand("Ann", melds=(MELD,)), RevealHand("Bob", deadwood=QUEEN)),
        kind="gin",
        knocker=0,
        winner=0,
        locale="fr",
    )
    assert reveal_text(reveal).splitlines() == [
        # French sets a space before the colon (issue 31, item 7).
        "Gin : Ann a fait gin et gagne",
        "Ann · gin · gagne : 8♥ 9♥ 10♥ | isolés 0",
        "Bob : isolés D♠ (0)",
    ]


def test_the_locale_changes_the_picture_and_keys_the_cache() -> None:
    english = render_table(TablePicture(discard_pile=QUEEN, stock_count=21))
    french = render_table(TablePicture(discard_pile=QUEEN, stock_count=21, locale="fr"))
    assert english != french  # "Stock 21" / "Pioche 21"
    a = Image.open(io.BytesIO(render_hand(HandPicture(melds=(MELD,), deadwood_points=0))))
    b = Image.open(io.BytesIO(render_hand(HandPicture(melds=(MELD,), locale="es"))))
    assert a.size == b.size


def test_the_font_draws_spanish_and_french_letters() -> None:
    for word in ("Défausse", "Señor", "cœur", "¿Qué?", "Ça"):
        assert drawable(word) == word
        # Each accented letter has ink of its own, unlike an unknown glyph's box.
        accented = next(ch for ch in word if not ch.isascii())
        assert text_mask(accented, 28).getbbox() is not None
        assert text_mask(accented, 28).tobytes() != text_mask("\uffff", 28).tobytes()
