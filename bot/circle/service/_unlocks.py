"""Achievements a finished match earned."""

from __future__ import annotations

import json

from bot.circle.achievements import BY_KEY, AchievementDef, Facts, earned
from bot.store.models import GLOBAL

from ._part import Part


class Unlocks(Part):
    """Achievements unlocked when a match is recorded."""

    async def on_match_recorded(self, table_id: int) -> list[tuple[int, AchievementDef]]:
        """Unlock what the finished match earned; return `(user_id, achievement)` to announce
        (new ones only; a second call for the same match returns nothing)."""
        summary = await self.store.history.get(table_id)
        table = await self.store.tables.get(table_id)
        if summary is None or table is None or summary.ended_by == "forfeit":
            return []  # a forfeit was never played: it earns nothing
        rounds = tuple(
            json.loads(r.result_json)
            for r in await self.store.tables.rounds(table_id)
            if r.result_json is not None
        )
        scoring = str(json.loads(table.rules_json).get("scoring", "points"))
        levels = tuple(s.computer_level for s in summary.seats if s.computer_level)
        out: list[tuple[int, AchievementDef]] = []
        # A seat removed for being away was played automatically: it earns nothing.
        away = {s.seat_no for s in table.seats if s.removed}
        if summary.ended_by == "timeout":
            away |= {s.seat_no for s in summary.seats if not s.won}
        for seat in summary.seats:
            if seat.user_id is None or seat.seat_no in away:
                continue
            lines = [
                await self.store.stats.get(seat.user_id, GLOBAL, versus)
                for versus in ("people", "computer")
            ]
            facts = Facts(
                matches_played=sum(x.matches_played for x in lines),
                matches_won=sum(x.matches_won for x in lines),
                gins=sum(x.gins for x in lines),
                big_gins=sum(x.big_gins for x in lines),
                undercuts_made=sum(x.undercuts_made for x in lines),
                shutouts=sum(x.shutouts for x in lines),
                best_streak=max(x.best_streak for x in lines),
                won=seat.won,
                vs_computer=summary.vs_computer,
                computer_levels=levels,
                ended_by=summary.ended_by,
                rounds=rounds,
                seat=seat.seat_no,
                scoring=scoring,
            )
            new = await self.store.achievements.unlock(seat.user_id, [a.key for a in earned(facts)])
            out.extend((seat.user_id, BY_KEY[k]) for k in new)
        return out
