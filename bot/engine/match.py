"""A match: rounds to the rule set's target, totals, bonuses, the winner, the deal order."""

from __future__ import annotations

import random
from typing import Any

from bot.engine.actions import Action
from bot.engine.breakdown import MatchBreakdown, match_breakdown
from bot.engine.errors import IllegalAction
from bot.engine.round import Round, RoundResult, derive_seed
from bot.engine.rules import RuleSet

_FORMAT = 1


class Match:
    """Rounds until a seat's total reaches `rules.target` (see docs/engine-rounds.md).

    Round `i` (0-based, re-deals included) is dealt from `derive_seed(seed, "round", i)`, so
    the same match seed always gives the same deals. The first dealer is drawn from the match
    seed unless given; the deal then passes to the next seat after every round, except that
    a re-dealt round (the `redeal` wall) is dealt again by the same dealer.

    After a round ends, `round_over` is True and the finished round stays in `round` (so it
    can be shown) until `next_round()` deals the next one.
    """

    def __init__(
        self, rules: RuleSet, seats: int, seed: int, *, first_dealer: int | None = None
    ) -> None:
        rules.hand_size_for(seats)  # ValueError for a wrong number of players
        if first_dealer is None:
            first_dealer = random.Random(derive_seed(seed, "dealer")).randrange(seats)
        elif not 0 <= first_dealer < seats:
            raise ValueError(f"first_dealer must be a seat from 0 to {seats - 1}")
        self.rules = rules
        self.seats = seats
        self.seed = seed
        self.first_dealer = first_dealer
        self._rounds: list[Round] = []
        #: The last `breakdown`, with the number of rounds and the last one's result (None
        #: while in play) it was made at.
        self._scored: tuple[int, RoundResult | None, MatchBreakdown] | None = None
        self._forfeited: int | None = None
        self._withdrawn: set[int] = set()
        self._deal(first_dealer)

    def _deal(self, dealer: int) -> Round:
        index = len(self._rounds)
        rnd = Round(self.rules, self.seats, derive_seed(self.seed, "round", index), dealer)
        self._rounds.append(rnd)
        return rnd

    # ----- play ---------------------------------------------------------------------

    @property
    def round(self) -> Round:
        """The round being played (or the one just finished, until `next_round()`)."""
        return self._rounds[-1]

    @property
    def rounds(self) -> tuple[Round, ...]:
        """Every round dealt so far, re-deals included, the current one last."""
        return tuple(self._rounds)

    @property
    def round_over(self) -> bool:
        return self.round.over

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Play `action` in the current round (see `Round.apply`)."""
        if self.over:
            raise IllegalAction("match-over")
        self.round.apply(action, seat)

    def play_on(self, trial: Round) -> None:
        """Keep `trial` as the round in play: a `Round.copy` of it to which the next moves
        were applied (so a move checked on a copy is not applied a second time)."""
        if self.over:
            raise IllegalAction("match-over")
        rnd = self.round
        if trial is rnd or trial.seed != rnd.seed or trial.move_number <= rnd.move_number:
            raise ValueError("not a copy of the round in play with moves applied")
        self._rounds[-1] = trial

    def next_round(self) -> Round:
        """Deal the next round once the current one is over and the match is not."""
        if self.over:
            raise IllegalAction("match-over")
        if not self.round.over:
            raise IllegalAction("round-not-over")
        return self._deal(self.next_dealer)

    @property
    def next_dealer(self) -> int:
        """Who deals after the current round: the next seat, or the same one after a
        re-deal (the hands were thrown in, so the deal does not pass)."""
        rnd = self.round
        result = rnd.result
        if result is not None and result.kind == "redeal":
            return rnd.dealer
        return (rnd.dealer + 1) % self.seats

    def forfeit(self, seat: int) -> None:
        """`seat` resigns or is removed: the match ends now and the round in play, if any,
        does not count. The winner is the best other seat by the match's scores."""
        if not 0 <= seat < self.seats:
            raise ValueError(f"no seat {seat} at a table of {self.seats}")
        if self.over:
            raise IllegalAction("match-over")
        self._forfeited = seat

    def withdraw(self, seat: int) -> None:
        """`seat` is out of the match (removed for being away) but its hand plays on
        automatically: its points still count, it cannot win. The match ends once fewer than
        two seats are still in."""
        if not 0 <= seat < self.seats:
            raise ValueError(f"no seat {seat} at a table of {self.seats}")
        if self.over:
            raise IllegalAction("match-over")
        self._withdrawn.add(seat)

    @property
    def withdrawn(self) -> frozenset[int]:
        """The seats out of the match that play on automatically."""
        return frozenset(self._withdrawn)

    # ----- scores -------------------------------------------------------------------

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """The results of the finished rounds, re-deals included (a round abandoned by a
        forfeit has none)."""
        return tuple(r.result for r in self._rounds if r.result is not None)

    @property
    def scored_rounds(self) -> list[tuple[int, ...] | None]:
        """The rounds as `match_scores` takes them: None for a draw, else points per seat.
        Re-deals are not rounds (the hands were thrown in) and are left out."""
        return [
            None if res.kind == "draw" else res.points
            for res in self.results
            if res.kind != "redeal"
        ]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's round points so far, without bonuses (penalty points under
        penalty scoring). The match ends when one reaches the target."""
        sums = [0] * self.seats
        for res in self.results:
            for seat, pts in enumerate(res.points):
                sums[seat] += pts
        return tuple(sums)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's grand total with the rule set's bonuses (via `match_scores`)."""
        # The breakdown has no seats while no round has been scored.
        return self.breakdown.totals or (0,) * self.seats

    @property
    def breakdown(self) -> MatchBreakdown:
        """The grand totals with their parts: round points, shutout, game and line bonus."""
        # Only a round's end changes it (a round's result is set once, and the next round
        # is dealt after it), so it is made again only then: a table shows it every move.
        count, result = len(self._rounds), self._rounds[-1].result
        kept = self._scored
        if kept is not None and kept[0] == count and kept[1] is result:
            return kept[2]
        made = match_breakdown(self.rules, self.scored_rounds)
        self._scored = (count, result, made)
        return made

    @property
    def draws(self) -> int:
        """Rounds that ended as a draw (wall or stall); re-deals are not counted."""
        return sum(1 for res in self.results if res.kind == "draw")

    @property
    def rounds_won(self) -> tuple[int, ...]:
        wins = [0] * self.seats
        for res in self.results:
            if res.winner is not None:
                wins[res.winner] += 1
        return tuple(wins)

    @property
    def forfeited(self) -> int | None:
        """The seat that resigned or was removed, if any."""
        return self._forfeited

    @property
    def over(self) -> bool:
        if self._forfeited is not None or len(self._withdrawn) >= self.seats - 1:
            return True
        return self.round.over and any(t >= self.rules.target for t in self.totals)

    def _ranking(self) -> list[tuple[int, tuple[int, int, int, int]]]:
        """The seats still in, each with its tie-break key (higher is better), best first."""
        seats = [s for s in range(self.seats) if s != self._forfeited and s not in self._withdrawn]
        scores, totals = self.scores, self.totals
        sign = -1 if self.rules.scoring == "penalty" else 1
        latest = {res.winner: i for i, res in enumerate(self.results) if res.winner is not None}
        keyed = [(s, (sign * scores[s], sign * totals[s], latest.get(s, -1), -s)) for s in seats]
        return sorted(keyed, key=lambda item: item[1], reverse=True)

    @property
    def winner(self) -> int | None:
        """The match winner once over: the highest grand total (points scoring) or the fewest
        penalty points (penalty scoring). Ties go to the better round total, then to the
        seat that won the latest round among the tied, then to the lowest seat."""
        if not self.over:
            return None
        return self._ranking()[0][0]

    @property
    def tie_break(self) -> str | None:
        """What decided the winner when the best final score was tied (see `winner`):
        ``"round_points"``, ``"latest_round"`` or ``"seat"``; None without a tie."""
        if not self.over:
            return None
        ranking = self._ranking()
        if len(ranking) < 2 or ranking[0][1][0] != ranking[1][1][0]:
            return None
        best, second = ranking[0][1], ranking[1][1]
        if best[1] != second[1]:
            return "round_points"
        if best[2] != second[2]:
            return "latest_round"
        return "seat"

    # ----- persistence --------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-able record; each round as `Round.to_dict()` without the repeated rules."""
        rounds = []
        for rnd in self._rounds:
            data = rnd.to_dict()
            del data["rules"]
            rounds.append(data)
        return {
            "format": _FORMAT,
            "rules": self.rules.to_dict(),
            "seats": self.seats,
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "forfeited": self._forfeited,
            "withdrawn": sorted(self._withdrawn),
            "rounds": rounds,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        """Rebuild a match from `to_dict()` output, replaying every round; ValueError if the
        record is inconsistent (wrong seeds or dealers, illegal actions, a bad snapshot)."""
        if data.get("format") != _FORMAT:
            raise ValueError(f"unknown match record format {data.get('format')!r}")
        rules_data = data["rules"]
        match = cls(
            RuleSet.from_dict(rules_data),
            int(data["seats"]),
            int(data["seed"]),
            first_dealer=int(data["first_dealer"]),
        )
        records = data["rounds"]
        if not records:
            raise ValueError("a match record holds at least one round")
        match._rounds = []
        dealer = match.first_dealer
        for index, record in enumerate(records):
            if match._rounds:
                if not match.round.over or match.over:
                    raise ValueError("match record deals a round after the match or round ended")
                dealer = match.next_dealer
            seed = derive_seed(match.seed, "round", index)
            if record.get("seed") != seed or record.get("dealer") != dealer:
                raise ValueError(f"match record's round {index + 1} has the wrong seed or dealer")
            match._rounds.append(Round.from_dict({**record, "rules": rules_data}))
        for seat in data.get("withdrawn", ()):
            match._withdrawn.add(int(seat))
        forfeited = data.get("forfeited")
        if forfeited is not None:
            match.forfeit(int(forfeited))
        return match

    def __repr__(self) -> str:
        return (
            f"Match({self.rules.name}, seats={self.seats}, seed={self.seed}, "
            f"rounds={len(self._rounds)}, totals={self.totals}, over={self.over})"
        )


__all__ = ["Match"]
