"""The card emojis: 53 distinct pictures (79 with the four-colour deck), Discord's size and
names, readable at the size Discord shows them, and names that change only with the drawing."""

from __future__ import annotations

import io
import re
import time
from concurrent.futures import ThreadPoolExecutor

from PIL import Image

from bot.engine.cards import Card, deck
from bot.render import emojis, fonts
from bot.render.emojis import EMOJI_SIZE, OURS, emoji_set
from tests.render.conftest import inks

DISCORD_NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
EXPECTED_INK = {
    False: {"C": "black", "D": "red", "H": "red", "S": "black"},
    True: {"C": "green", "D": "blue", "H": "red", "S": "black"},
}


def picture(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png))


def test_53_distinct_emojis_and_26_more_for_the_four_colour_deck() -> None:
    the_set = emoji_set()
    classic = {the_set.face(c).name for c in deck()} | {the_set.back.name}
    assert len(classic) == 53
    four = {the_set.face(c, True).name for c in deck()}
    assert len(four - classic) == 26  # clubs and diamonds; hearts and spades are shared
    assert {the_set.face(c, True).name for c in deck() if c.suit in "HS"} <= classic
    every = the_set.distinct()
    assert len(every) == len({a.name for a in every}) == 79
    assert len({a.png for a in every}) == 79  # no two names for one picture


def test_names_follow_discord_and_say_the_card() -> None:
    the_set = emoji_set()
    assert re.fullmatch(r"gin_as_[0-9a-f]{6}", the_set.face(Card("S", 1)).name)
    assert re.fullmatch(r"gin_10h_[0-9a-f]{6}", the_set.face(Card("H", 10)).name)
    assert re.fullmatch(r"gin_qd4_[0-9a-f]{6}", the_set.face(Card("D", 12), True).name)
    assert re.fullmatch(r"gin_back_[0-9a-f]{6}", the_set.back.name)
    for art in the_set.distinct():
        assert DISCORD_NAME.fullmatch(art.name) and OURS.fullmatch(art.name), art.name


def test_each_is_a_128_pixel_png_well_under_256_kib() -> None:
    for art in emoji_set().distinct():
        img = picture(art.png)
        assert img.format == "PNG" and img.size == (EMOJI_SIZE, EMOJI_SIZE)
        assert img.mode == "RGBA"
        assert img.getpixel((0, 0))[3] == 0  # round corners: transparent outside
        assert len(art.png) < 256 * 1024 // 8


def test_the_same_drawing_keeps_its_name_and_a_new_one_changes_it(monkeypatch) -> None:
    before = {a.name for a in emoji_set().distinct()}
    emoji_set.cache_clear()
    try:
        assert {a.name for a in emoji_set().distinct()} == before
        emoji_set.cache_clear()
        monkeypatch.setattr(emojis, "_SUIT_SIZE", emojis._SUIT_SIZE - 4)
        changed = emoji_set()
        assert changed.back.name in before  # the back does not draw a suit
        faces = {changed.face(c).name for c in deck()}
        assert not faces & before
        # The card is still in the name; only the hash moved.
        assert changed.face(Card("S", 1)).name.startswith("gin_as_")
    finally:
        emoji_set.cache_clear()


def test_rank_and_suit_still_read_at_22_pixels() -> None:
    """Shrunk to what Discord shows inline, the top half is the rank's ink and the bottom
    half the suit's, each a good part of its half (not a whole card's tiny corner)."""
    the_set = emoji_set()
    for four_colour in (False, True):
        for card in deck():
            small = (
                picture(the_set.face(card, four_colour).png)
                .convert("RGBA")
                .resize((22, 22), Image.Resampling.LANCZOS)
            )
            flat = Image.new("RGB", small.size, (255, 255, 255))
            flat.paste(small, (0, 0), small)
            want = EXPECTED_INK[four_colour][card.suit]
            top, bottom = inks(flat, (2, 1, 20, 11)), inks(flat, (2, 11, 20, 21))
            assert max(top, key=lambda k: top[k]) == want, (card, top)
            assert max(bottom, key=lambda k: bottom[k]) == want, (card, bottom)
            assert top[want] >= 8 and bottom[want] >= 20, (card, top, bottom)


def test_faces_differ_from_each_other_and_from_the_back() -> None:
    the_set = emoji_set()
    pictures = {bytes(picture(the_set.face(c).png).tobytes()) for c in deck()}
    assert len(pictures) == 52
    assert bytes(picture(the_set.back.png).tobytes()) not in pictures


def test_the_set_is_drawn_one_thread_at_a_time_with_the_pictures() -> None:
    """The bot draws the set in a thread while pictures are drawn in others; they share the
    FreeType faces, which two threads must not use at once."""
    emoji_set.cache_clear()
    try:
        start = time.perf_counter()
        emoji_set()
        unhindered = time.perf_counter() - start
        emoji_set.cache_clear()
        with ThreadPoolExecutor(1) as pool:
            with fonts.DRAWING:
                drawing = pool.submit(emoji_set)
                time.sleep(3 * unhindered)
                assert not drawing.done()
            assert drawing.result(timeout=30).back.name.startswith("gin_back")
    finally:
        emoji_set.cache_clear()
