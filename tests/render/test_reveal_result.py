"""The reveal picture says what the engine settled: who knocked, undercut and won, the knock
card, whose lay-offs are whose, and every score with its parts, penalties as penalties.

Each round here is played by the real engine (`Round`, a stacked deck, the first player
draws and knocks), and the picture is filled by `bot.games.pictures.reveal_picture`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from bot.engine.actions import Action
from bot.engine.cards import Card, deck, parse_cards
from bot.engine.round import Round, RoundResult
from bot.engine.rules import RuleSet
from bot.games.model import PublicRound, SeatInfo, TableState
from bot.games.pictures import reveal_picture
from bot.render import (
    REVEAL_RESULT,
    REVEAL_ROW,
    RevealPicture,
    render_reveal,
    reveal_text,
    samples,
)
from bot.render import theme as t
from bot.render.pictures import reveal_positions
from bot.text.hands import result_title
from tests.render.conftest import close, corner_ink, decode

CARDGAMES = RuleSet.preset("cardgames")
CLASSIC = RuleSet.preset("classic")
NAMES = ("Ann", "Bob", "Cy", "Di")


def C(code: str) -> Card:
    return parse_cards(code)[0]


def stacked(seats: int, dealer: int, hands: Mapping[int, str], top: str) -> list[Card]:
    """A deck that deals `hands` (by seat), then an up-card nobody wants, then `top` as the
    stock's top; the other cards in deck order."""
    order = [(dealer + 1 + i) % seats for i in range(seats)]
    size = len(parse_cards(next(iter(hands.values()))))
    slots: list[Card | None] = [None] * 52
    for seat, text in hands.items():
        for i, card in enumerate(parse_cards(text)):
            slots[i * seats + order.index(seat)] = card
    slots[seats * size + 1] = C(top)
    used = {c for c in slots if c is not None}
    assert len(used) == seats * size + 1, "a card is dealt twice"
    rest = iter(c for c in deck() if c not in used)
    return [c if c is not None else next(rest) for c in slots]


@dataclass(frozen=True)
class Played:
    state: TableState
    result: RoundResult
    knocker: int


def play(rules: RuleSet, hands: Mapping[int, str], top: str, ending: Action) -> Played:
    """Deal `hands` with the dealer last, so seat 0 plays first; everyone passes the up-card,
    seat 0 draws `top` from the stock and ends the round with `ending`."""
    seats = len(hands)
    rnd = Round(rules, seats, 0, seats - 1, deck=stacked(seats, seats - 1, hands, top))
    for _ in range(seats):
        rnd.apply(Action("pass"))
    rnd.apply(Action("draw_stock"))
    rnd.apply(ending)
    result = rnd.result
    assert result is not None and result.settlement is not None
    state = TableState(
        table_id=7,
        guild_id=1,
        channel_id=2,
        message_id=None,
        host_id=None,
        status="playing",
        rules=rules,
        target=rules.target,
        seat_count=seats,
        seats=tuple(SeatInfo(s, 100 + s, NAMES[s]) for s in range(seats)),
        version=1,
        scores=(0,) * seats,
        public=PublicRound.of(rnd.view(0), 2),
    )
    return Played(state, result, 0)


def knock(code: str) -> Action:
    return Action("knock", C(code))


# Two players, points scoring.
KNOCK = (CARDGAMES, {0: "AH 2H 3H 7S 8S 9S TC JC QC 2D", 1: "4H TS 5D 7D 9H JH 2S 4S KS 9D"})
GIN = (CARDGAMES, {0: "AH 2H 3H 7S 8S 9S TC JC QC KC", 1: "AC 3C 5D 7D 9H JH 2S 4S KS 9D"})
UNDERCUT = (CARDGAMES, {0: "AH 2H 3H 7S 8S 9S TC JC QC 9D", 1: "AD 2D 3D AC 2C 3C AS 2S 3S 5H"})
# Three and four players, `classic` (penalty scoring, lay-offs on the knocker's own melds).
CLASSIC_UNDERCUT = (
    CLASSIC,
    {0: "5H 6H 7H 9S 9D 9C 4C", 1: "8H 4H QS QD QC 2D AD", 2: "9H AS 2S 3S KS KC TD"},
)
CLASSIC_KNOCK = (
    CLASSIC,
    {
        0: "5H 6H 7H 9S 9D 9C 2C",
        1: "8H QS QD QC KD 3D 4D",
        2: "4H JS JD JC TS TD 5C",
        3: "AS 2S 3S KS KC QH 6C",
    },
)


def row_cards(pic: RevealPicture, seat: int) -> list[Card]:
    hand = pic.hands[seat]
    return [*(c for m in hand.melds for c in m), *hand.laid_off, *hand.deadwood]


def check_hands(played: Played, pic: RevealPicture) -> None:
    """Every seat's row holds exactly the cards the engine says that seat ended with, split
    as the engine split them: own melds, cards laid off on the knocker's melds, deadwood."""
    s = played.result.settlement
    assert s is not None
    assert [h.name for h in pic.hands] == list(played.state.names)
    for seat, (hand, seat_result) in enumerate(zip(pic.hands, s.seats, strict=True)):
        assert hand.melds == seat_result.melds
        assert hand.laid_off == tuple(lo.card for lo in seat_result.layoffs)
        assert hand.deadwood == seat_result.deadwood
        assert hand.deadwood_points == seat_result.deadwood_points
        row = row_cards(pic, seat)
        assert sorted(row) == sorted(played.result.hands[seat]), seat
    assert pic.knocker == s.knocker and pic.winner == s.winner and pic.kind == s.kind
    knock_card = played.result.knock_card if s.kind in ("knock", "undercut") else None
    assert pic.knock_card == knock_card
    # The knock card is not in any row of cards but shown on its own.
    assert all(pic.knock_card not in row_cards(pic, seat) for seat in range(len(pic.hands)))


def check_rendering(pic: RevealPicture) -> None:
    """The picture draws: one row per hand; the knock card in the knocker's row outlined in
    amber, each laid-off card in its owner's row outlined in blue."""
    img = decode(render_reveal(pic))
    assert img.height == REVEAL_RESULT + REVEAL_ROW * len(pic.hands)
    positions = reveal_positions(pic)
    for seat, where in enumerate(positions):
        top = REVEAL_RESULT + seat * REVEAL_ROW
        assert all(top < y < top + REVEAL_ROW for _, y in where.values())
        for card, (x, y) in where.items():
            assert corner_ink(img, x, y) == ("red" if card.suit in "DH" else "black"), card
        for card in pic.hands[seat].laid_off:
            x, y = where[card]
            assert close(img.getpixel((x + 20, y - 2)), t.LAID_OFF), card
    if pic.knock_card is not None:
        assert pic.knocker is not None
        x, y = positions[pic.knocker][pic.knock_card]
        assert close(img.getpixel((x + 20, y - 2)), t.HIGHLIGHT)


def lines(pic: RevealPicture) -> list[str]:
    return reveal_text(pic).splitlines()


# --- two players, points scoring ---------------------------------------------------------------


def test_a_knock_names_the_knocker_and_shows_the_knock_card_and_the_deadwood_difference():
    played = play(*KNOCK, top="5C", ending=knock("5C"))
    pic = reveal_picture(played.state, "Round 2 · table #7")
    assert pic is not None
    s = played.result.settlement
    assert s is not None and s.kind == "knock" and s.winner == 0
    check_hands(played, pic)
    assert pic.knock_card == C("5C")
    # Bob laid off 4♥ on Ann's hearts and 10♠ on her spades: they are in his row.
    assert set(pic.hands[1].laid_off) == {C("4H"), C("TS")}
    ann, bob = pic.hands
    assert bob.score is None  # under points scoring only the winner scores
    assert ann.score is not None and not ann.score.penalty
    assert ann.score.points == s.points[0] == played.result.points[0]
    assert ann.score.deadwood == s.seats[1].deadwood_points
    assert ann.score.minus == s.seats[0].deadwood_points
    assert ann.score.bonus == 0
    text = lines(pic)
    assert text[0] == "Knock: Ann knocked and wins"
    dw = (s.seats[1].deadwood_points, s.seats[0].deadwood_points)
    assert f"(+{s.points[0]} = {dw[0]} − {dw[1]} deadwood)" in text[1]
    assert text[1].endswith("knock card 5♣")
    assert "laid off on Ann 4♥ 10♠" in text[2]
    check_rendering(pic)


def test_gin_shows_the_gin_bonus_and_no_knock_card():
    played = play(*GIN, top="5S", ending=Action("gin", C("5S")))
    pic = reveal_picture(played.state, "")
    assert pic is not None
    s = played.result.settlement
    assert s is not None and s.kind == "gin"
    check_hands(played, pic)
    # The engine keeps the face-down discard, but a gin has no knock card to show.
    assert played.result.knock_card == C("5S") and pic.knock_card is None
    assert "knock card" not in reveal_text(pic).lower()
    title = result_title(played.result, played.state.names)
    assert title == "**Gin** by Ann", title
    score = pic.hands[0].score
    assert score is not None
    assert (score.points, score.bonus, score.bonus_kind) == (
        s.points[0],
        CARDGAMES.gin_bonus,
        "gin",
    )
    assert score.deadwood == s.seats[1].deadwood_points and score.minus == 0
    assert pic.hands[1].score is None and pic.hands[1].laid_off == ()  # no lay-offs on gin
    text = lines(pic)
    assert text[0] == "Gin: Ann went gin and wins"
    bonus, dw = CARDGAMES.gin_bonus, s.seats[1].deadwood_points
    assert f"(+{s.points[0]} = {bonus} gin bonus + {dw} deadwood)" in text[1]
    check_rendering(pic)


def test_big_gin_has_no_knock_card_and_shows_the_big_gin_bonus():
    played = play(*GIN, top="4H", ending=Action("big_gin"))
    pic = reveal_picture(played.state, "")
    assert pic is not None
    s = played.result.settlement
    assert s is not None and s.kind == "big_gin"
    check_hands(played, pic)
    assert pic.knock_card is None and played.result.knock_card is None
    score = pic.hands[0].score
    assert score is not None
    assert (score.points, score.bonus, score.bonus_kind) == (
        s.points[0],
        CARDGAMES.big_gin_bonus,
        "big_gin",
    )
    text = lines(pic)
    assert text[0] == "Big Gin: Ann went big gin and wins"
    assert f"(+{s.points[0]} = {CARDGAMES.big_gin_bonus} big gin bonus + " in text[1]
    assert "knock card" not in reveal_text(pic)
    check_rendering(pic)


def test_an_undercut_names_the_knocker_and_the_undercutter_who_scores():
    played = play(*UNDERCUT, top="5C", ending=knock("5C"))
    pic = reveal_picture(played.state, "")
    assert pic is not None
    s = played.result.settlement
    assert s is not None and (s.kind, s.knocker, s.winner) == ("undercut", 0, 1)
    check_hands(played, pic)
    ann, bob = pic.hands
    assert ann.score is None
    assert bob.score is not None
    assert (bob.score.points, bob.score.bonus, bob.score.bonus_kind) == (
        s.points[1],
        CARDGAMES.undercut_bonus,
        "undercut",
    )
    assert bob.score.deadwood == s.seats[0].deadwood_points
    assert bob.score.minus == s.seats[1].deadwood_points
    text = lines(pic)
    assert text[0] == "Undercut: Ann knocked, Bob undercut and wins"
    assert text[1].startswith("Ann · knocked: ")
    assert text[2].startswith(f"Bob · undercut · wins (+{s.points[1]} = 25 undercut bonus + ")
    check_rendering(pic)


# --- three and four players, penalty scoring ---------------------------------------------------


def test_a_classic_undercut_shows_each_loser_s_penalty_and_lay_offs_by_two_seats():
    played = play(*CLASSIC_UNDERCUT, top="KD", ending=knock("KD"))
    pic = reveal_picture(played.state, "Round 2 · table #7")
    assert pic is not None
    s = played.result.settlement
    assert s is not None and (s.kind, s.knocker, s.winner, s.scoring) == (
        "undercut",
        0,
        1,
        "penalty",
    )
    check_hands(played, pic)
    ann, bob, cy = pic.hands
    # Two seats laid off on Ann's melds, each in their own row.
    assert bob.laid_off and cy.laid_off
    assert bob.score is None  # the winner takes no penalty
    for seat, hand in ((0, ann), (2, cy)):
        assert hand.score is not None and hand.score.penalty
        assert hand.score.points == s.points[seat] > 0
        assert hand.score.deadwood == s.seats[seat].deadwood_points
        assert hand.score.minus == s.seats[1].deadwood_points
    assert ann.score is not None and ann.score.bonus == CLASSIC.undercut_bonus
    assert cy.score is not None and cy.score.bonus == 0
    text = lines(pic)
    assert text[0] == "Undercut: Ann knocked, Bob undercut and wins"
    assert f"(penalty {s.points[0]} = 4 − 3 deadwood + 25 undercut)" in text[1]
    assert f"(penalty {s.points[2]} = 30 − 3 deadwood)" in text[3]
    # A penalty never reads like a gain.
    assert f"+{s.points[0]}" not in text[1] and f"+{s.points[2]}" not in text[3]
    assert not any(line.split(":")[0].split("(")[-1].startswith("+") for line in text)
    assert "laid off on Ann 4♥ 8♥" in text[2] and "laid off on Ann 9♥" in text[3]
    check_rendering(pic)
    # The sample in docs/images is this very round.
    assert pic == samples.REVEAL


def test_a_four_player_knock_gives_every_loser_a_penalty_and_the_winner_none():
    played = play(*CLASSIC_KNOCK, top="KH", ending=knock("KH"))
    pic = reveal_picture(played.state, "")
    assert pic is not None
    s = played.result.settlement
    assert s is not None and (s.kind, s.winner) == ("knock", 0)
    check_hands(played, pic)
    assert [bool(h.laid_off) for h in pic.hands] == [False, True, True, False]
    assert pic.hands[0].score is None
    knocker_dw = s.seats[0].deadwood_points
    for seat in (1, 2, 3):
        score = pic.hands[seat].score
        assert score is not None and score.penalty
        assert score.points == s.points[seat] == played.result.points[seat]
        assert (score.deadwood, score.minus, score.bonus) == (
            s.seats[seat].deadwood_points,
            knocker_dw,
            0,
        )
        assert f"(penalty {score.points} = " in lines(pic)[1 + seat]
    check_rendering(pic)


def test_the_two_player_sample_is_an_engine_round_too():
    hands = {0: "JC QC KC 5H 6H 7H 9C 9D 9S 2C", 1: "QD QH QS 4H 8H 3C AD 2D 7S 8S"}
    played = play(CARDGAMES, hands, top="8C", ending=knock("8C"))
    names = (SeatInfo(0, 100, "Ann"), SeatInfo(1, 101, "Bartholomew the Magnificent"))
    state = replace(played.state, seats=names)
    assert reveal_picture(state, "Round 1 · table #3") == samples.REVEAL_KNOCK


def test_no_picture_for_a_round_without_a_knock():
    played = play(*KNOCK, top="5C", ending=knock("5C"))
    pub = played.state.public
    assert pub is not None
    wall = RoundResult(kind="draw", winner=None, points=(0, 0), reason="wall")
    for result in (None, wall):
        state = replace(played.state, public=replace(pub, result=result))
        assert reveal_picture(state, "") is None
