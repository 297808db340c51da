"""Tournament logic: pure, typed and deterministic (no Discord, no I/O, no SQL).

A tournament service builds a :class:`Tournament`, saves ``to_dict()`` after every call,
and drives it round by round; see docs/tournaments.md for the whole flow.
"""

from .blocks import BlockedPairing, blocked_pairings
from .bracket import BracketMatch, MatchState, bracket_size, build_bracket, seed_order
from .deals import deal_seed
from .noshow import deadline_for, deadline_passed, no_show_result
from .round_robin import circle_schedule, round_robin_rounds
from .state import MIN_PLAYERS, Tournament, TournamentConfig
from .swiss import SwissPairing, default_rounds, max_rounds, pair_round
from .types import (
    BYE_POINTS,
    LOSS_POINTS,
    WIN_POINTS,
    Entrant,
    Format,
    Pairing,
    PlayerId,
    Result,
    ResultKind,
    Standing,
    Status,
    TournamentError,
)

__all__ = [
    "BYE_POINTS",
    "LOSS_POINTS",
    "MIN_PLAYERS",
    "WIN_POINTS",
    "BlockedPairing",
    "BracketMatch",
    "Entrant",
    "Format",
    "MatchState",
    "Pairing",
    "PlayerId",
    "Result",
    "ResultKind",
    "Standing",
    "Status",
    "SwissPairing",
    "Tournament",
    "TournamentConfig",
    "TournamentError",
    "blocked_pairings",
    "bracket_size",
    "build_bracket",
    "circle_schedule",
    "deadline_for",
    "deadline_passed",
    "deal_seed",
    "default_rounds",
    "max_rounds",
    "no_show_result",
    "pair_round",
    "round_robin_rounds",
    "seed_order",
]
