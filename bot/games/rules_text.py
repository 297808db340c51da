"""Short rule summaries for `/gin rules`, built from the rule sets themselves."""

from __future__ import annotations

from bot.engine import RuleSet

_WALL = {
    "draw": "the round is a draw (nobody scores)",
    "redeal": "the hands are thrown in and re-dealt",
    "reshuffle": "the discard pile (all but its top card) becomes a new stock",
}


def summary(preset: str) -> str:
    """A few lines on a preset, every number taken from its `RuleSet`."""
    r = RuleSet.preset(preset)
    if r.min_players == r.max_players:
        players = f"{r.min_players} players, {r.hand_size} cards each"
    else:
        players = (
            f"{r.min_players} to {r.max_players} players: {r.hand_size} cards each for two, "
            f"{r.hand_size_multi} each for three or four"
        )
    lines = [
        f"**{r.name}**: {players}; sets of 3-4, runs of 3+ in a suit, aces low.",
        "Draw from the stock or the discard pile, then discard (not the card you just took from the pile).",
        f"Knock with {r.knock_limit} or less deadwood; Gin with 0"
        + (", Big Gin with all 11 cards melded." if r.big_gin else "."),
        f"When {r.wall_cards} cards remain in the stock, {_WALL.get(r.wall, r.wall)}.",
    ]
    if r.scoring == "penalty":
        lines.append(
            f"Penalty points: Gin costs each loser deadwood + {r.gin_bonus}; an undercut costs the "
            f"knocker {r.undercut_bonus} more. The match ends at {r.target}; fewest points wins."
        )
    else:
        gin = f"Gin scores {r.gin_bonus}" + (f" (Big Gin {r.big_gin_bonus})" if r.big_gin else "")
        gin += " + the opponent's deadwood"
        lines.append(
            f"Knock scores the deadwood difference; an undercut (defender's deadwood ≤ knocker's) "
            f"gives the defender {r.undercut_bonus} + the difference. {gin}."
        )
        bonus = (
            f" Then a game bonus of {r.game_bonus}, {r.line_bonus} per round won"
            + (", doubled round scores for a shutout." if r.shutout else ".")
            if r.game_bonus or r.line_bonus
            else " No bonuses."
        )
        lines.append(f"First to {r.target} wins the match.{bonus}")
    return "\n".join(lines)
