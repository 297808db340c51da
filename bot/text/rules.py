"""Short rule summaries for `/gin rules`, built from the rule sets themselves, in the reader's
language (``rules.ftl``: written for each language, every number from the `RuleSet`)."""

from __future__ import annotations

from bot.engine import RuleSet
from bot.i18n import DEFAULT, Language, t


def summary(preset: str, locale: Language = DEFAULT) -> str:
    """A few lines on a preset, every number taken from its `RuleSet`."""
    r = RuleSet.preset(preset)
    if r.min_players == r.max_players:
        players = t(locale, "rules-players", players=r.min_players, cards=r.hand_size)
    else:
        players = t(
            locale,
            "rules-players-range",
            low=r.min_players,
            high=r.max_players,
            cards=r.hand_size,
            cards_multi=r.hand_size_multi,
        )
    lines = [
        t(locale, "rules-head", name=r.name, players=players),
        t(locale, "rules-turn"),
        t(locale, "rules-knock", limit=r.knock_limit, big_gin=r.big_gin),
        t(locale, "rules-wall", cards=r.wall_cards, wall=r.wall),
    ]
    if r.scoring == "penalty":
        lines.append(
            t(
                locale,
                "rules-penalty",
                gin=r.gin_bonus,
                undercut=r.undercut_bonus,
                target=r.target,
            )
        )
    else:
        lines.append(
            t(
                locale,
                "rules-points",
                undercut=r.undercut_bonus,
                gin=r.gin_bonus,
                big_gin=r.big_gin,
                big_gin_bonus=r.big_gin_bonus,
            )
        )
        has_bonus = bool(r.game_bonus or r.line_bonus)
        lines.append(
            t(
                locale,
                "rules-target",
                target=r.target,
                bonus=has_bonus,
                game=r.game_bonus,
                line=r.line_bonus,
                shutout=r.shutout,
            )
        )
    return "\n".join(lines)
