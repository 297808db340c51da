"""The reveal picture's band shows the whole result, in every language: a long name, an
undercut and a long caption make it smaller, then two lines, never cut it off at the edge.

The longest realistic header: a 32-character display name (Discord's longest) that knocked,
undercut by the second computer of the hardest level, named in the reader's language; a
caption with a five-digit table. The names are cut as in the hands' rows (`NAME_ROOM`); the
rest of the sentence shows whole. Widths are measured with Pillow (`getlength`) on the font
the picture draws with, and the picture's band is checked for ink beyond its margins."""

from __future__ import annotations

import dataclasses

import pytest

from bot.i18n import Language, t
from bot.render import RenderOptions, render_reveal, samples
from bot.render import theme as th
from bot.render.fonts import fit, font
from bot.render.layout import MARGIN
from bot.render.models import RevealPicture
from bot.render.reveal import NAME_ROOM, REVEAL_RESULT, REVEAL_WIDTH, headline
from bot.text.pictures import result_headline
from tests.render.conftest import decode

LONGEST = "Maximilien de la Tour-d'Auvergne"  # 32 characters
WIDEST = "W" * 32  # cut to NAME_ROOM: the widest a name gets in the band
#: (kind, knocker, winner): seat 0 is the long name, seat 1 the computer.
KINDS = (("undercut", 0, 1), ("knock", 0, 1), ("knock", 1, 1), ("gin", 0, 0), ("big_gin", 1, 1))


def computer(lang: Language) -> str:
    return t(lang, "computer-name-nth", number=2, level=t(lang, "choice-expert"))


def picture(lang: Language, kind: str, knocker: int, winner: int, first: str) -> RevealPicture:
    base = samples.REVEAL
    hands = (
        dataclasses.replace(base.hands[0], name=first),
        dataclasses.replace(base.hands[1], name=computer(lang)),
        base.hands[2],
    )
    caption = t(lang, "reveal-title", round=12, table=12345)
    return dataclasses.replace(
        base, hands=hands, kind=kind, knocker=knocker, winner=winner, locale=lang, result=caption
    )


def width_of(text: str, size: int) -> float:
    return float(font(size).getlength(text))


@pytest.mark.parametrize("first", [LONGEST, WIDEST])
@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_the_whole_result_fits_in_the_band(lang: str, first: str) -> None:
    language = Language(lang)
    for kind, knocker, winner in KINDS:
        pic = picture(language, kind, knocker, winner, first)
        parts = headline(pic, REVEAL_WIDTH)
        names = [fit(h.name, 28, NAME_ROOM) for h in pic.hands]
        label, who = result_headline(pic, names)
        shown = {p.kind: p.text for p in parts}
        # The whole sentence, nothing cut but the long name as in its row.
        assert shown["label"] == label and shown["who"] == who, (lang, kind, parts)
        assert shown.get("caption", pic.result) == pic.result  # whole, or left out
        assert computer(language) in who or 1 not in (knocker, winner)
        for p in parts:
            ascent, descent = font(p.size).getmetrics()
            # (`text_width` rounds Pillow's width to a whole pixel: half a pixel's leeway.)
            right = p.x + width_of(p.text, p.size)
            assert p.x >= MARGIN and right <= REVEAL_WIDTH - MARGIN + 0.5, p
            assert p.y - (ascent + descent) / 2 >= 0, p
            assert p.y + (ascent + descent) / 2 <= REVEAL_RESULT, p
            assert p.size >= 18, p  # still readable on a phone
        # No two texts overlap.
        for a in parts:
            for b in parts:
                if a is not b and abs(a.y - b.y) < (a.size + b.size) / 2:
                    assert (
                        a.x + width_of(a.text, a.size) <= b.x
                        or b.x + width_of(b.text, b.size) <= a.x
                    ), (a, b)


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_nothing_is_drawn_past_the_bands_margins(lang: str) -> None:
    pic = picture(Language(lang), "undercut", 0, 1, LONGEST)
    image = decode(render_reveal(pic))
    band = th.theme(RenderOptions()).band

    def ink(x: int, y: int) -> bool:  # the PNG's palette moves a colour by a shade or two
        pixel = image.getpixel((x, y))
        assert isinstance(pixel, tuple)
        return sum(abs(a - b) for a, b in zip(pixel, band, strict=False)) > 24

    inked = [x for x in range(image.width) for y in range(REVEAL_RESULT - 2) if ink(x, y)]
    assert inked, "the band is empty"
    # A glyph's antialiasing may reach a pixel or two past its advance.
    assert min(inked) >= MARGIN - 2 and max(inked) <= image.width - MARGIN + 2


def test_a_short_result_keeps_its_big_one_line_band() -> None:
    pic = dataclasses.replace(samples.REVEAL_KNOCK, locale=Language("en"))
    parts = headline(pic, REVEAL_WIDTH)
    assert {p.kind for p in parts} == {"label", "who", "caption"}
    assert len({p.y for p in parts}) == 1
    assert next(p.size for p in parts if p.kind == "label") == 34
