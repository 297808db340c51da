"""The Gin Rummy rules engine: pure, typed, deterministic; no Discord, no I/O."""

from bot.engine.actions import Action
from bot.engine.cards import (
    Card,
    deck,
    format_cards,
    label_cards,
    parse_card,
    parse_cards,
    shuffled_deck,
)
from bot.engine.errors import IllegalAction
from bot.engine.layoffs import Layoff, LayoffPlan, lay_off
from bot.engine.match import Match
from bot.engine.melds import (
    Arrangement,
    best_arrangements,
    best_melds,
    deadwood_points,
    discard_options,
    is_meld,
)
from bot.engine.round import Event, Round, RoundResult, derive_seed
from bot.engine.rules import PRESETS, RuleSet
from bot.engine.scoring import (
    KnockResult,
    match_scores,
    round_winner,
    score_knock,
    settle_knock,
)
from bot.engine.settlement import SeatResult, Settlement
from bot.engine.view import RoundView

__all__ = [
    "Card",
    "deck",
    "format_cards",
    "label_cards",
    "parse_card",
    "parse_cards",
    "shuffled_deck",
    "IllegalAction",
    "Layoff",
    "LayoffPlan",
    "lay_off",
    "Arrangement",
    "best_arrangements",
    "best_melds",
    "deadwood_points",
    "discard_options",
    "is_meld",
    "PRESETS",
    "RuleSet",
    "KnockResult",
    "SeatResult",
    "Settlement",
    "match_scores",
    "round_winner",
    "score_knock",
    "settle_knock",
    "Action",
    "Event",
    "Match",
    "Round",
    "RoundResult",
    "RoundView",
    "derive_seed",
]
