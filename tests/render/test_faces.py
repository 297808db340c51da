"""Card sprites: every card has its own face with the right ink; the back and the shapes."""

from __future__ import annotations

import hashlib

import pytest

from bot.engine.cards import Card, deck
from bot.render import theme as t
from bot.render.faces import back, blank, face
from bot.render.fonts import drawable, fit, text_mask, text_width
from bot.render.shapes import suit_mask
from tests.render.conftest import corner_ink, inks

EXPECTED_INK = {
    False: {"C": "black", "D": "red", "H": "red", "S": "black"},
    True: {"C": "green", "D": "blue", "H": "red", "S": "black"},
}


@pytest.mark.parametrize("four_colour", [False, True])
def test_all_52_faces_are_distinct_and_inked_by_suit(four_colour):
    digests = set()
    for card in deck():
        img = face(card, four_colour)
        assert img.size == (t.CARD_W, t.CARD_H)
        assert img.mode == "RGBA"
        digests.add(hashlib.sha256(img.tobytes()).hexdigest())
        rgb = img.convert("RGB")
        assert corner_ink(rgb, 0, 0) == EXPECTED_INK[four_colour][card.suit], card
        # The same index, turned round, sits in the bottom-right corner.
        assert inks(rgb, (t.CARD_W - 46, t.CARD_H - 70, t.CARD_W - 4, t.CARD_H - 4))
    assert len(digests) == 52


def test_faces_have_rounded_transparent_corners_and_opaque_middle():
    img = face(Card("H", 8))
    alpha = img.getchannel("A")
    assert alpha.getpixel((0, 0)) == 0
    assert alpha.getpixel((t.CARD_W - 1, t.CARD_H - 1)) == 0
    assert alpha.getpixel((t.CARD_W // 2, t.CARD_H // 2)) == 255
    assert alpha.getpixel((t.CARD_W // 2, 0)) == 255  # the edge itself is solid


def test_same_rank_different_suit_differ_only_where_ink_is():
    a = face(Card("H", 8)).convert("RGB")
    b = face(Card("S", 8)).convert("RGB")
    assert a.getpixel((5, 5)) == b.getpixel((5, 5))  # paper
    assert corner_ink(a, 0, 0) == "red" and corner_ink(b, 0, 0) == "black"


def test_court_cards_carry_a_panel_pip_cards_do_not():
    cream = t.CARD_W // 2, t.CARD_H // 2 - 30  # inside the panel, above the suit
    assert face(Card("S", 13)).convert("RGB").getpixel(cream) != (255, 255, 255)
    assert face(Card("S", 9)).convert("RGB").getpixel(cream) == (255, 255, 255)


def test_dimmed_face_is_darker_but_keeps_its_ink():
    plain = face(Card("D", 5)).convert("RGB")
    dim = face(Card("D", 5), dim=True).convert("RGB")
    assert sum(dim.getpixel((60, 150))) < sum(plain.getpixel((60, 150))) - 60
    assert corner_ink(dim, 0, 0) == "red"


def test_back_is_blue_and_blank_has_no_ink():
    rgb = back().convert("RGB")
    assert inks(rgb, (20, 20, 100, 148)).get("blue", 0) > 2000
    assert inks(blank().convert("RGB"), (4, 4, t.CARD_W - 4, t.CARD_H - 4)) == {}


@pytest.mark.parametrize("suit", "CDHS")
def test_suit_masks_fill_their_middle_and_leave_corners_empty(suit):
    mask = suit_mask(suit, 40)
    assert mask.getpixel((20, 20)) == 255
    assert mask.getpixel((0, 0)) == 0 and mask.getpixel((39, 0)) == 0


def test_text_the_font_cannot_draw_is_replaced_not_dropped():
    # The shipped font draws Spanish and French (and most Latin, Greek, Cyrillic names).
    assert drawable("Zoë ¿Señor? À l'œuf, ça") == "Zoë ¿Señor? À l'œuf, ça"
    assert drawable("𝐀 Ann") == "A Ann"  # in no font, but its compatibility form is
    assert drawable("\ue000 Ann") == "? Ann"  # a private-use character: no font has it
    assert drawable("8♥ 9♥") == "8♥ 9♥"  # suits are drawn as shapes
    assert drawable("18 − 5") == "18 − 5"  # so is the minus sign


def test_the_minus_sign_is_the_bar_of_the_plus_not_a_question_mark():
    minus, plus, hyphen = (text_mask(x, 28) for x in ("−", "+", "-"))
    assert text_width("−", 28) == text_width("+", 28) > text_width("-", 28)
    box, plus_box = minus.getbbox(), plus.getbbox()
    assert box is not None and plus_box is not None and hyphen.getbbox() is not None
    # As wide as the plus, a thin bar at the plus's middle, nothing above or below it.
    assert box[0] == plus_box[0] and box[2] == plus_box[2]
    assert box[3] - box[1] <= 4
    assert plus_box[1] < box[1] and box[3] < plus_box[3]
    assert (box[2] - box[0]) > (hyphen.getbbox()[2] - hyphen.getbbox()[0])


def test_fit_cuts_long_names_to_width_with_an_ellipsis():
    name = fit("Bartholomew the Magnificent", 30, 200)
    assert name.endswith("…")
    assert text_width(name, 30) <= 200
    assert fit("Ann", 30, 200) == "Ann"


@pytest.mark.parametrize(
    "name", ["Вера Павлова", "Σοφία", "李小龍", "김민준", "さくら", "سارة", "Ann 李"]
)
def test_names_in_other_scripts_are_drawn_not_tofu_or_question_marks(name):
    assert drawable(name) == name
    tofu = text_mask("\uffff", 30).tobytes()  # the shipped font's box for a missing glyph
    question = text_mask("?", 30).tobytes()
    for ch in name.replace(" ", ""):
        mask = text_mask(ch, 30)
        assert mask.getbbox() is not None, ch  # some ink
        assert mask.tobytes() not in (tofu, question), ch
    # A long name in any script is cut with an ellipsis, within its width.
    long = fit(name * 12, 30, 200)
    assert long.endswith("…") and "?" not in long and text_width(long, 30) <= 200
