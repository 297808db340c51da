import pytest

from bot.engine import Card, deck, format_cards, parse_cards, shuffled_deck


def test_every_notation_of_the_rules_parses() -> None:
    cards = parse_cards("H8 S12 8h QS Q♠ 10♥ TH AS C1")
    assert format_cards(cards) == "H8 S12 H8 S12 S12 H10 H10 S1 C1"


def test_bad_token_is_named() -> None:
    with pytest.raises(ValueError, match="'X9'"):
        parse_cards("H8 X9")
    with pytest.raises(ValueError, match="'H14'"):
        parse_cards("H14")


def test_points_and_deck() -> None:
    assert [Card("S", r).points for r in (1, 2, 9, 10, 11, 12, 13)] == [1, 2, 9, 10, 10, 10, 10]
    assert len(set(deck())) == 52
    assert [Card.from_index(c.index) for c in deck()] == deck()


def test_seeded_shuffle_is_reproducible() -> None:
    assert shuffled_deck(7) == shuffled_deck(7)
    assert shuffled_deck(7) != shuffled_deck(8)
    assert sorted(shuffled_deck(7)) == sorted(deck())
