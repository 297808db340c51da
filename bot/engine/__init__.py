"""The Gin Rummy rules engine: pure, typed, deterministic; no Discord, no I/O."""

from bot.engine.cards import Card, deck, format_cards, label_cards, parse_card, parse_cards, shuffled_deck

__all__ = [
    "Card",
    "deck",
    "format_cards",
    "label_cards",
    "parse_card",
    "parse_cards",
    "shuffled_deck",
]
