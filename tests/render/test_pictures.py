"""The hand, table and reveal pictures: sizes, which card is where, options, the cache."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from bot.engine.cards import Card, deck, parse_cards
from bot.render import (
    HAND_SIZE,
    REVEAL_RESULT,
    REVEAL_ROW,
    REVEAL_WIDTH,
    TABLE_SIZE,
    HandPicture,
    RenderOptions,
    RevealHand,
    RevealPicture,
    RevealScore,
    TablePicture,
    clear_cache,
    compose,
    hand_text,
    render_hand,
    render_hand_async,
    render_reveal,
    render_reveal_async,
    render_table,
    render_table_async,
    reveal_text,
    table_text,
    warm_up,
)
from bot.render import theme as t
from bot.render.cache import PictureCache
from bot.render.pictures import (
    CACHE,
    TABLE_DISCARD_XY,
    TABLE_STOCK_XY,
    hand_positions,
    reveal_positions,
    table_rows,
)
from tests.render.conftest import close, corner_ink, decode, difference, inks, pixels


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


_RING_CLEAR = 6  # below a raised card's edge, past its outline

HAND = HandPicture(
    melds=(cards("7H 8H 9H 10H"), cards("JC JD JS")),
    deadwood=cards("2S 5D 9C KS"),
    deadwood_points=26,
    highlight=Card("D", 5),
)


# --- hand ----------------------------------------------------------------------------------


def test_hand_is_a_small_png_of_the_expected_size():
    png = render_hand(HAND)
    assert decode(png).size == HAND_SIZE
    assert len(png) < 40_000


def test_hand_cards_sit_left_to_right_in_meld_order_inside_the_picture():
    pos = hand_positions(HAND)
    order = [c for group in (*HAND.melds, HAND.deadwood) for c in group]
    xs = [pos[c][0] for c in order]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)
    for x, y in pos.values():
        assert x >= 0 and x + t.CARD_W <= HAND_SIZE[0]
        assert y >= 0 and y + t.CARD_H <= HAND_SIZE[1]
    # Groups are further apart than cards within a group.
    assert (
        pos[Card("C", 11)][0] - pos[Card("H", 10)][0] > pos[Card("H", 8)][0] - pos[Card("H", 7)][0]
    )


def test_hand_shows_each_card_s_ink_in_its_corner():
    img = decode(render_hand(HAND))
    for card, (x, y) in hand_positions(HAND).items():
        assert corner_ink(img, x, y) == ("red" if card.suit in "DH" else "black"), card


def test_new_card_is_raised_and_outlined_in_the_highlight_colour():
    img = decode(render_hand(HAND))
    pos = hand_positions(HAND)
    x, y = pos[Card("D", 5)]
    assert y < pos[Card("S", 2)][1]
    assert close(img.getpixel((x + 20, y - 2)), t.HIGHLIGHT)
    assert close(img.getpixel((x - 2, y + 60)), t.HIGHLIGHT)
    # Nothing else is outlined.
    ox, oy = pos[Card("H", 7)]
    assert not close(img.getpixel((ox + 20, oy - 2)), t.HIGHLIGHT)


def test_nothing_of_the_card_left_of_the_raised_one_peeks_out_under_it():
    img = decode(render_hand(HAND))
    pos = hand_positions(HAND)
    x, y = pos[Card("D", 5)]
    below = (
        x + 2,
        y + t.CARD_H + _RING_CLEAR,
        x + t.CARD_W - 20,
        pos[Card("S", 2)][1] + t.CARD_H - 4,
    )
    assert inks(img, below) == {}
    # ...while a card with a normal neighbour keeps its turned-round index.
    kx, ky = pos[Card("S", 13)]
    assert inks(img, (kx + 70, ky + 100, kx + t.CARD_W - 4, ky + t.CARD_H - 4)).get("black", 0) > 50


def test_without_highlight_no_card_is_raised_or_outlined():
    pic = HandPicture(HAND.melds, HAND.deadwood, HAND.deadwood_points, None)
    pos = hand_positions(pic)
    assert len({y for _, y in pos.values()}) == 1
    img = decode(render_hand(pic))
    assert inks(img, (0, 0, HAND_SIZE[0], pos[Card("H", 7)][1])) == {}
    assert not any(close(img.getpixel((x + 20, y - 2)), t.HIGHLIGHT) for x, y in pos.values())


def test_deadwood_is_dimmed_and_melds_are_not():
    img = decode(render_hand(HAND))
    pos = hand_positions(HAND)
    # Paper near the bottom-left corner of each card, a spot no neighbour covers.
    paper = {c: img.getpixel((x + 8, y + t.CARD_H - 40)) for c, (x, y) in pos.items()}
    for card in (*HAND.melds[0], *HAND.melds[1]):
        assert close(paper[card], t.FACE, 3), card
    for card in cards("2S 9C KS"):
        assert sum(paper[card]) < sum(t.FACE) - 60, card
    assert close(paper[Card("D", 5)], t.FACE, 3)  # the highlighted card stays bright among deadwood


def test_labels_are_drawn_under_each_group():
    img = decode(render_hand(HAND))
    pos = hand_positions(HAND)
    below = pos[Card("S", 2)][1] + t.CARD_H + 8
    for first in (Card("H", 7), Card("C", 11), Card("S", 2)):
        x = pos[first][0]
        strip = img.crop((x, below, x + 100, HAND_SIZE[1]))
        assert (
            sum(close(p, t.LIGHT.text, 40) or close(p, t.LIGHT.muted, 40) for p in pixels(strip))
            > 40
        ), first


def _assert_indexes_uncovered(pos: dict[Card, tuple[int, int]]) -> None:
    """No card's corner index (up to x + 44) is covered by the card drawn after it."""
    xs = sorted(x for x, _ in pos.values())
    assert all(b - a >= 46 for a, b in zip(xs, xs[1:], strict=False))


def test_any_gin_hand_fits_960_with_every_index_readable():
    big_gin = HandPicture(melds=(cards("AS 2S 3S 4S"), cards("5H 5D 5C"), cards("9D TD JD QD")))
    twelve_cards = HandPicture(
        melds=(cards("AS 2S 3S 4S 5S"), cards("5H 5D 5C"), cards("9D TD JD")),
        deadwood=cards("KC"),
        deadwood_points=10,
    )
    for pic in (
        big_gin,
        twelve_cards,
        HandPicture(deadwood=tuple(deck()[:11]), deadwood_points=60),
    ):
        assert decode(render_hand(pic)).size == HAND_SIZE
        pos = hand_positions(pic)
        _assert_indexes_uncovered(pos)
        assert all(x + t.CARD_W <= HAND_SIZE[0] - 20 for x, _ in pos.values())
    assert decode(render_hand(HandPicture())).size == HAND_SIZE


def test_too_many_cards_widen_the_picture_instead_of_hiding_indexes():
    crowded = RevealPicture(
        (
            RevealHand(
                "Ann",
                (cards("AS 2S 3S 4S 5S 6S 7S"), cards("9D 9C 9H"), cards("JH QH KH")),
                cards("2C"),
                2,
            ),
        ),
        "",
    )
    img = decode(render_reveal(crowded))
    assert img.width > REVEAL_WIDTH
    (pos,) = reveal_positions(crowded)
    _assert_indexes_uncovered(pos)
    assert all(x + t.CARD_W <= img.width for x, _ in pos.values())
    for card, (x, y) in pos.items():
        assert corner_ink(img, x, y) == ("red" if card.suit in "DH" else "black"), card


def test_every_card_of_the_deck_renders_in_a_hand():
    for rank in range(1, 14):
        four = tuple(Card(s, rank) for s in "CDHS")
        pic = HandPicture(melds=(four,))
        img = decode(render_hand(pic, RenderOptions(four_colour=True)))
        want = {"C": "green", "D": "blue", "H": "red", "S": "black"}
        for card, (x, y) in hand_positions(pic).items():
            assert corner_ink(img, x, y) == want[card.suit], card


# --- options ---------------------------------------------------------------------------------


def test_four_colour_turns_clubs_green_and_diamonds_blue():
    plain = decode(render_hand(HAND))
    four = decode(render_hand(HAND, RenderOptions(four_colour=True)))
    pos = hand_positions(HAND)
    assert corner_ink(plain, *pos[Card("C", 11)]) == "black"
    assert corner_ink(four, *pos[Card("C", 11)]) == "green"
    assert corner_ink(plain, *pos[Card("D", 11)]) == "red"
    assert corner_ink(four, *pos[Card("D", 11)]) == "blue"
    assert corner_ink(four, *pos[Card("H", 7)]) == "red"
    assert corner_ink(four, *pos[Card("S", 2)]) == "black"


@pytest.mark.parametrize(
    "render, pic, text_box",
    [
        (render_hand, HAND, (24, 200, 300, 248)),
        (
            render_table,
            TablePicture(cards("3C 8H"), 20, (("Ann", 10), ("Bob", 10)), 0),
            (TABLE_STOCK_XY[0], 215, TABLE_STOCK_XY[0] + 120, 260),
        ),
        (
            render_reveal,
            RevealPicture((RevealHand("Ann", (cards("2C 3C 4C"),)),), "x"),
            (0, REVEAL_RESULT, 200, REVEAL_RESULT + 50),
        ),
    ],
)
def test_dark_option_darkens_the_background_and_keeps_text_readable(render, pic, text_box):
    light = decode(render(pic))
    dark = decode(render(pic, RenderOptions(dark=True)))
    assert light.size == dark.size
    corner = (2, light.height - 2)
    assert close(light.getpixel(corner), t.LIGHT.background, 2)
    assert close(dark.getpixel(corner), t.DARK.background, 2)
    # Text changes colour with the background: dark ink on light, light ink on dark.
    assert sum(close(p, t.LIGHT.text, 30) for p in pixels(light.crop(text_box))) > 40
    assert sum(close(p, t.DARK.text, 30) for p in pixels(dark.crop(text_box))) > 40


# --- table ---------------------------------------------------------------------------------


TABLE = TablePicture(
    discard_pile=cards("3C KD 8S 4H QC 8H"),
    stock_count=21,
    players=(("Ann", 10), ("Bob", 11)),
    to_play=1,
)


def test_table_size_and_top_of_the_discard_pile():
    img = decode(render_table(TABLE))
    assert img.size == TABLE_SIZE
    assert corner_ink(img, *TABLE_DISCARD_XY) == "red"
    black_top = TablePicture(cards("8H 8S"), 21, TABLE.players, 0)
    assert corner_ink(decode(render_table(black_top)), *TABLE_DISCARD_XY) == "black"


def test_discard_pile_shows_the_edges_of_up_to_four_cards_below():
    def edges(pile: str) -> int:
        img = decode(render_table(TablePicture(cards(pile), 10, TABLE.players)))
        x, y = TABLE_DISCARD_XY
        spots = [img.getpixel((x - 9 * i + 4, y + t.CARD_H // 2)) for i in range(1, 7)]
        return sum(close(p, t.FACE, 3) for p in spots)

    assert edges("8H") == 0
    assert edges("3C 8H") == 1
    assert edges("3C KD 8S 8H") == 3
    assert edges(" ".join(c.code for c in deck()[:20])) == 4


def test_stock_shows_backs_when_it_has_cards_and_an_empty_slot_when_not():
    x, y = TABLE_STOCK_XY
    middle = (
        x + t.CARD_W // 2 - 30,
        y + t.CARD_H // 2 - 30,
        x + t.CARD_W // 2 + 30,
        y + t.CARD_H // 2 + 30,
    )
    full = decode(render_table(TABLE))
    assert inks(full, middle).get("blue", 0) > 1000
    empty = decode(render_table(TablePicture(TABLE.discard_pile, 0, TABLE.players)))
    assert inks(empty, middle) == {}
    assert close(empty.getpixel((x + t.CARD_W // 2, y + t.CARD_H // 2)), t.LIGHT.background, 2)


def test_player_to_play_is_marked_and_card_counts_show_as_backs():
    img = decode(render_table(TABLE))
    rows = table_rows(2)
    marker = [close(img.getpixel((518, mid)), t.HIGHLIGHT) for mid in rows]
    assert marker == [False, True]

    def fan_right_edge(count: int) -> int:
        pic = TablePicture(TABLE.discard_pile, 5, (("Ann", count),))
        im = decode(render_table(pic))
        mid = table_rows(1)[0]
        blue = [x for x in range(700, 900) if inks(im, (x, mid - 2, x + 1, mid + 2)).get("blue")]
        return max(blue) if blue else 0

    assert fan_right_edge(0) == 0
    assert fan_right_edge(3) < fan_right_edge(7) < fan_right_edge(11)


def test_table_cache_key_ignores_cards_hidden_deep_in_the_pile():
    a = TablePicture(cards("2C 3C 4C 5C 6C 7C 8H"), 9, TABLE.players)
    b = TablePicture(cards("KS 3C 4C 5C 6C 7C 8H"), 9, TABLE.players)
    assert render_table(a) is render_table(b)


# --- reveal --------------------------------------------------------------------------------


REVEAL = RevealPicture(
    hands=(
        RevealHand(
            "Ann",
            (cards("4S 5S 6S"), cards("9H TH JH QH KH")),
            cards("AC 2C"),
            3,
            score=RevealScore(25, deadwood=28, minus=3),
        ),
        RevealHand(
            "Bob", (cards("TC TD TS"),), cards("AS 4D 6C 7D KC"), 28, laid_off=cards("3S 7S")
        ),
    ),
    result="Round 4 · table #2",
    kind="knock",
    knocker=0,
    winner=0,
    knock_card=Card("D", 8),
)


def test_reveal_size_grows_with_the_number_of_hands():
    assert decode(render_reveal(REVEAL)).size == (REVEAL_WIDTH, 2 * REVEAL_ROW + REVEAL_RESULT)
    three = RevealPicture(REVEAL.hands + (RevealHand("Cy", deadwood=cards("2D")),), "")
    assert decode(render_reveal(three)).size == (REVEAL_WIDTH, 3 * REVEAL_ROW + REVEAL_RESULT)


def test_reveal_shows_every_hand_the_knock_card_and_the_lay_offs_in_the_layer_s_row():
    img = decode(render_reveal(REVEAL))
    ann, bob = reveal_positions(REVEAL)
    assert all(REVEAL_RESULT < y < REVEAL_RESULT + REVEAL_ROW for _, y in ann.values())
    assert all(REVEAL_RESULT + REVEAL_ROW < y < img.height for _, y in bob.values())
    # Every card once, in the row of the player who held it: the knock card in Ann's, the
    # cards Bob laid off on her run in his.
    assert set(ann) == {*cards("4S 5S 6S 9H TH JH QH KH AC 2C"), Card("D", 8)}
    assert set(bob) == set(cards("TC TD TS AS 4D 6C 7D KC 3S 7S"))
    for hand in (ann, bob):
        for card, (x, y) in hand.items():
            assert corner_ink(img, x, y) == ("red" if card.suit in "DH" else "black"), card
    # The knock card is last in its row, outlined in amber; the lay-offs are outlined in blue.
    kx, ky = ann[Card("D", 8)]
    assert kx == max(x for x, _ in ann.values())
    assert close(img.getpixel((kx + 20, ky - 2)), t.HIGHLIGHT)
    for card in cards("3S 7S"):
        x, y = bob[card]
        assert close(img.getpixel((x + 20, y - 2)), t.LAID_OFF), card
    # Nothing else is outlined: not Ann's melds, not Bob's own set.
    for card, (x, y) in [*ann.items(), *bob.items()]:
        if card not in (Card("D", 8), *cards("3S 7S")):
            assert not close(img.getpixel((x + 6, y - 2)), t.LAID_OFF), card
            assert not close(img.getpixel((x + 6, y - 2)), t.HIGHLIGHT), card
    # Bob's deadwood is dimmed, his set and the cards he laid off are not.
    bx, by = bob[Card("S", 1)]
    assert sum(img.getpixel((bx + 8, by + t.CARD_H - 40))) < sum(t.FACE) - 60
    for card in (Card("C", 10), Card("S", 3)):
        tx, ty = bob[card]
        assert close(img.getpixel((tx + 8, ty + t.CARD_H - 40)), t.FACE, 3)


def test_reveal_result_band_on_top_carries_text():
    img = decode(render_reveal(REVEAL))
    assert close(img.getpixel((2, 2)), t.LIGHT.band, 2)
    band = img.crop((0, 4, REVEAL_WIDTH, REVEAL_RESULT - 4))
    text_pixels = sum(
        1
        for y in range(band.height)
        for x in range(0, band.width, 2)
        if close(band.getpixel((x, y)), t.LIGHT.text, 40)
    )
    assert text_pixels > 300


# --- cache and async -------------------------------------------------------------------------


def test_same_picture_comes_from_the_cache_and_options_are_part_of_the_key():
    first = render_hand(HAND)
    assert render_hand(HAND) is first
    assert (
        render_hand(HandPicture(HAND.melds, HAND.deadwood, HAND.deadwood_points, HAND.highlight))
        is first
    )
    assert render_hand(HAND, RenderOptions(dark=True)) != first
    assert render_hand(HAND, RenderOptions(four_colour=True)) != first
    other = HandPicture(HAND.melds, HAND.deadwood, HAND.deadwood_points, Card("S", 2))
    assert render_hand(other) != first


def test_pictures_accept_lists_and_key_the_cache_like_tuples():
    as_lists = HandPicture([list(m) for m in HAND.melds], list(HAND.deadwood), 26, Card("D", 5))  # type: ignore[arg-type]
    assert as_lists == HAND and hash(as_lists) == hash(HAND)
    assert render_hand(as_lists) is render_hand(HAND)
    table = TablePicture(list(TABLE.discard_pile), 21, [["Ann", 10], ["Bob", 11]], 1)  # type: ignore[arg-type]
    assert render_table(table) is render_table(TABLE)


def test_picture_cache_is_bounded_and_least_recently_used_goes_first():
    cache = PictureCache(3)
    for k in "abc":
        cache.put(k, k.encode())
    assert cache.get("a") == b"a"  # now most recent
    cache.put("d", b"d")
    assert len(cache) == 3
    assert cache.get("b") is None
    assert cache.get("a") == b"a" and cache.get("d") == b"d"
    assert (cache.hits, cache.misses) == (3, 1)


async def test_async_wrappers_match_the_sync_pictures_and_hit_the_cache():
    hand = await render_hand_async(HAND)
    assert difference(hand, render_hand(HAND)) == ""
    table = await render_table_async(TABLE, RenderOptions(dark=True))
    assert difference(table, render_table(TABLE, RenderOptions(dark=True))) == ""
    reveal = await render_reveal_async(REVEAL)
    assert difference(reveal, render_reveal(REVEAL)) == ""
    # Kept: a hand with no card highlighted, shown again when the player's turn starts.
    CACHE.clear()
    waiting = HandPicture(melds=HAND.melds, deadwood=HAND.deadwood)
    first = await render_hand_async(waiting)
    assert await render_hand_async(waiting) is first
    assert (CACHE.hits, len(CACHE)) == (1, 1)
    # Shown once, so not kept: they would push the waiting hands out.
    drawn = HandPicture(melds=HAND.melds, deadwood=HAND.deadwood, highlight=HAND.deadwood[0])
    for again in (
        lambda: render_hand_async(drawn),
        lambda: render_table_async(TABLE),
        lambda: render_reveal_async(REVEAL),
    ):
        assert await again() is not await again()
    assert len(CACHE) == 1
    # Several at once from the loop: all finish, all right.
    many = await asyncio.gather(
        *(
            render_hand_async(HandPicture(melds=(tuple(deck()[i : i + 3]),)))
            for i in range(0, 30, 3)
        )
    )
    assert all(decode(png).size == HAND_SIZE for png in many)


async def test_the_table_at_a_round_start_is_drawn_once_when_both_players_pass():
    players = (("Ann", 10), ("Bob", 10))
    dealt = TablePicture(cards("7D"), 31, players, 1)  # Bob is offered the upcard
    first = await render_table_async(dealt)
    passed = await render_table_async(TablePicture(cards("7D"), 31, players, 0))
    assert passed != first
    # Ann passes too: Bob draws from the stock, and the table is as it was dealt.
    assert await render_table_async(dealt) is first
    assert len(CACHE) == 0  # kept apart: it never pushes out a hand
    # Once a card is discarded the table never comes back: not kept.
    later = TablePicture(cards("7D 2C"), 30, (("Ann", 10), ("Bob", 10)), 0)
    assert await render_table_async(later) is not await render_table_async(later)


def test_renders_from_many_threads_match_one_at_a_time():
    pics = [
        HandPicture(melds=(tuple(deck()[i : i + 3]),), highlight=deck()[i]) for i in range(0, 48, 3)
    ]
    with ThreadPoolExecutor(max_workers=8) as pool:
        together = list(pool.map(render_hand, pics))
    clear_cache()
    warm_up(RenderOptions())
    assert [render_hand(p) for p in pics] == together


# --- text ----------------------------------------------------------------------------------


def test_text_versions_say_the_same_as_the_pictures():
    assert hand_text(HAND) == "7♥ 8♥ 9♥ 10♥ | J♣ J♦ J♠ | deadwood 2♠ 5♦ 9♣ K♠ (26) · new 5♦"
    assert hand_text(HandPicture(melds=(cards("AS 2S 3S"),))) == "A♠ 2♠ 3♠ | deadwood 0"
    assert table_text(TABLE) == "Discard 8♥ (6) · Stock 21 · Ann 10, ▶ Bob 11"
    assert table_text(TablePicture()) == "Discard empty (0) · Stock 0 · "
    assert reveal_text(REVEAL).splitlines() == [
        "Knock: Ann knocked and wins",
        "Ann · knocked · wins (+25 = 28 − 3 deadwood): 4♠ 5♠ 6♠ | 9♥ 10♥ J♥ Q♥ K♥"
        " | deadwood A♣ 2♣ (3) · knock card 8♦",
        "Bob: 10♣ 10♦ 10♠ | laid off on Ann 3♠ 7♠ | deadwood A♠ 4♦ 6♣ 7♦ K♣ (28)",
        "Round 4 · table #2",
    ]


# --- drawing on the palette ------------------------------------------------------------------


def _pictures_drawn(monkeypatch, draw) -> list[compose.Picture]:
    """The `_Picture`s that `draw()` builds, as they stood when turned into PNG."""
    seen: list[compose.Picture] = []
    png = compose.Picture.png

    def spy(self: compose.Picture) -> bytes:
        seen.append(self)
        return png(self)

    monkeypatch.setattr(compose.Picture, "png", spy)
    draw()
    return seen


_OPTION_SETS = [
    RenderOptions(),
    RenderOptions(dark=True),
    RenderOptions(four_colour=True),
    RenderOptions(four_colour=True, dark=True),
]


@pytest.mark.parametrize("options", _OPTION_SETS, ids=lambda o: f"four{o.four_colour}-dark{o.dark}")
def test_palette_drawing_matches_composing_in_rgb_then_mapping(monkeypatch, options):
    # Straight onto the palette, with only the antialiased spots composed in RGB, must give
    # exactly what composing the whole picture in RGB and mapping it onto the palette gives.
    hands = [
        HAND,
        HandPicture(HAND.melds, HAND.deadwood, 26, None),
        HandPicture(HAND.melds, HAND.deadwood, 26, Card("H", 7)),  # first of a group
        HandPicture(HAND.melds, HAND.deadwood, 26, Card("S", 13)),  # last card
        HandPicture(HAND.melds, HAND.deadwood, 26, Card("D", 11)),  # last of a meld
        HandPicture(melds=(cards("AS 2S 3S 4S"), cards("5H 5D 5C"), cards("9D TD JD QD"))),
        HandPicture(deadwood=tuple(deck()[:11]), deadwood_points=60, highlight=deck()[10]),
    ]
    tables = [
        TABLE,
        TablePicture(),
        TablePicture((), 0, (("Ann", 0), ("Bob", 11), ("Cy", 3), ("Zoë", 10)), 3),
        TablePicture(tuple(deck()[:20]), 31, (("Bartholomew the Magnificent", 11),), 0),
    ]

    def draw() -> None:
        for pic in hands:
            render_hand(pic, options)
        for table in tables:
            render_table(table, options)
        render_reveal(REVEAL, options)

    drawn = _pictures_drawn(monkeypatch, draw)
    assert len(drawn) == len(hands) + len(tables) + 1
    palette = compose.palette(options)
    for picture in drawn:
        fast = picture.palette_image()
        slow = picture.reference().quantize(palette=palette, dither=Image.Dither.NONE)
        assert fast.size == slow.size == picture.size
        assert fast.tobytes() == slow.tobytes()
        assert fast.getpalette() == slow.getpalette()


def test_pictures_show_the_palette_composition_in_rgb(monkeypatch):
    # The PNG decodes to the RGB composition up to the palette's rounding: flat colours
    # (background, card paper) within a step or two, antialiased pixels a little more.
    (picture,) = _pictures_drawn(monkeypatch, lambda: render_hand(HAND))
    png = decode(render_hand(HAND))
    rgb = picture.reference()
    assert png.size == rgb.size
    assert rgb.getpixel((2, 2)) == t.LIGHT.background
    assert close(png.getpixel((2, 2)), t.LIGHT.background, 2)
    x, y = hand_positions(HAND)[Card("H", 7)]
    assert rgb.getpixel((x + 8, y + t.CARD_H - 40)) == t.FACE
    assert close(png.getpixel((x + 8, y + t.CARD_H - 40)), t.FACE, 2)
    worst = max(
        max(abs(a - b) for a, b in zip(p, q, strict=True))
        for p, q in zip(pixels(png), pixels(rgb), strict=True)
    )
    assert worst < 40


def test_only_the_antialiased_rows_of_a_card_need_composing():
    sprite = compose.sprite(("face", Card("S", 1), False, True, "A"), RenderOptions())
    (top, bottom) = sprite.special  # the rounded corners, nothing in between
    assert top[:3] == (0, 0, t.CARD_W) and 0 < top[3] <= t.CARD_R
    assert bottom[0] == 0 and bottom[2:] == (t.CARD_W, t.CARD_H)
    assert t.CARD_H - t.CARD_R <= bottom[1] < t.CARD_H
    assert sprite.pal.mode == "P" and sprite.pal.size == (t.CARD_W, t.CARD_H)


def test_players_names_are_not_kept_from_picture_to_picture():
    # As many names as players: keeping what was drawn for each would grow with the tables.
    from bot.render import fonts

    render_table(TABLE)  # the counts and labels, kept
    masks, inks = fonts._short_text_mask.cache_info().currsize, len(compose.INKS)
    for i in range(20):
        render_table(
            TablePicture(
                discard_pile=TABLE.discard_pile,
                stock_count=TABLE.stock_count,
                players=((f"Player {i}", 10), (f"Rival {i}", 11)),
                to_play=1,
            )
        )
    assert fonts._short_text_mask.cache_info().currsize == masks
    assert len(compose.INKS) == inks


def test_text_over_the_background_is_pasted_from_its_lookup_table_alone(monkeypatch):
    # A name drawn where nothing else is needs no compositing: its blend over the background
    # comes from one lookup per colour, and the parts for drawing over other things are never
    # made (they cost a table picture about a third of its drawing).
    made: list[compose.Ink] = []
    real = compose.Ink.__init__

    def spy(self, colour, mask, options):
        real(self, colour, mask, options)
        made.append(self)

    monkeypatch.setattr(compose.Ink, "__init__", spy)
    (picture,) = _pictures_drawn(
        monkeypatch, lambda: render_table(TablePicture((), 5, (("Unique Name 1", 10),), 0))
    )
    (name,) = [i for i in made if i.mask.width > 150]
    assert name._full is None and name._special is None
    palette = compose.palette(RenderOptions())
    slow = picture.reference().quantize(palette=palette, dither=Image.Dither.NONE)
    assert picture.palette_image().tobytes() == slow.tobytes()
