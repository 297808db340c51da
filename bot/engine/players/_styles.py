"""Reading the opponent actually faced: how patient it is, whether it takes discards and
how carefully it throws.

A two-seat player keeps one `StyleReader` for its match and shows it every view it is
given. The reader weighs three pairs of styles by how well each explains what the opponent
did in the match so far (Bayes' rule on the public history alone):

- hasty (knocks soon after it can) or patient (holds out for gin): each opponent turn that
  passed without the round ending, and the turn at which the opponent ended a round, are
  more or less likely under each style (`_hazard`, measured on `normal`, `hard` and a gin
  hunter: bench/panel.py);
- taker (takes a discard when it helps) or stock-only (never takes one): each declined top
  discard counts a little for stock-only, one taken card rules it out;
- loose (throws a random unmelded card now and then, like `easy`) or careful (throws its
  worst card): a card of 5 points or less thrown on one of its first three turns of a round
  is far likelier from a loose player (`_LOW`);
- low knocker (knocks only with little deadwood, like `easy` and the discard-the-highest
  player) or not: read from the opponent's knocks made while the stock was still high, once
  the round is over and the knocker's hand is shown (`ended`, `_LOW_KNOCK`).

Asked to (`declined`; expert does under an undercut bonus of 25), a round the opponent did
not end shows its last hand, the one it kept after its last discard: if that hand could
have knocked with half the knock limit or less, the opponent declined a knock that neither
a hasty player nor a low knocker declines (patient, not low); if it could not knock at
all, it never had the chance, a little for hasty (`_DECLINED_HASTY`, `_DECLINED_LOW`). A
knock declined with more than half the limit tells nothing: the discard-the-highest
player, who knocks only at half or less, declines those more often than patient ones.

A round ended by the opponent shows only as a new round starting after this seat's own
discard; a round that may have hit the wall then tells nothing about its end.
"""

from __future__ import annotations

from math import exp, log

from bot.engine.actions import DISCARD, DRAW_DISCARD, DRAW_STOCK, PASS, TAKE_UPCARD
from bot.engine.events import RoundResult
from bot.engine.melds import deadwood_points
from bot.engine.round import Event
from bot.engine.view import RoundView

__all__ = ["StyleReader"]

#: Chance that a taker takes an offered top discard (about one in five is useful to it).
_TAKES = 0.2
#: Chance that a loose player and a careful one throw a card of 5 points or less on its
#: 1st, 2nd, ... turn of a round. Measured under cardgames over 200 rounds each against
#: `hard`: `easy` 0.14, 0.13, 0.15 (0.11, 0.19, 0.23 on another 120); `normal`, `hard`,
#: `highest`, the gin hunter, the early knocker and the stock-only player at most 0.00,
#: 0.01, 0.03 (0.00, 0.03, 0.02); under classic easy and hard the same. Later turns tell
#: less: careful players throw low cards once their high ones are in melds or pairs. On
#: the 4th and 5th turns `easy` 0.21 and 0.19 (0.16 and 0.23 over another 140), `hard`
#: 0.08 and 0.12 (0.09, 0.11), the gin hunter 0.10 and 0.14, the stock-only player 0.03
#: and 0.05. A reader uses the first `loose_turns` of these.
_LOW = ((0.12, 0.02), (0.17, 0.03), (0.20, 0.04), (0.19, 0.09), (0.21, 0.13))
#: Points of a card counted as low.
_LOW_POINTS = 5
#: Chance that a knock made while the stock is still high leaves at most half the knock
#: limit in deadwood, from a low knocker and from any other knocker. Measured under
#: cardgames against expert over 200 rounds each: the discard-the-highest player 126 of
#: its 140 knocks, `easy` 67 of 87; `normal` 49 of 163, the early knocker 37 of 165;
#: `hard`, the gin hunter and the no-up-card player knock rarely (26 knocks in 600
#: rounds), and their low knocks came with 8 cards or fewer in the stock.
_LOW_KNOCK = (0.85, 0.3)
#: What an opponent's last hand in a round it did not end (its hand after its last
#: discard) could do: knock with at most half the knock limit, knock with more, or not
#: knock. The chance of each from a hasty player and a patient one, then from a low
#: knocker and any other. Measured against expert over 160 rounds each under cardgames and
#: under classic (the two agree within a few points): `normal` and the early knocker never
#: held a hand that could knock (0 of 84: they knock at their first chance); `hard`, the gin
#: hunter and the no-up-card player 0.52 / 0.47 / 0.31 at half or less and 0.12 / 0.20 /
#: 0.25 above; the discard-the-highest player 0.00 and 0.39, easy 0.04 and 0.21 (they
#: knock only at half or less). A knock declined above half the limit counts for nothing:
#: patient players and low knockers both decline it. Counted for "low" it read the
#: no-up-card player low (as hard, 25-30% of its decisions from the third round on, against
#: 4-12%) for 0.8 points a round lost; counted for patient it read the discard-the-highest
#: player patient after one round (expert's own play against him, not hard's) for 0.38 a
#: round lost under classic (docs/performance.md, Session 25).
_DECLINED_HASTY = ((0.02, 0.43), (1.0, 1.0), (0.95, 0.38))
_DECLINED_LOW = ((0.02, 0.3), (1.0, 1.0), (1.0, 1.0))
#: Cards above the wall from which a knock counts as made while the stock is high.
_EARLY_STOCK = 8
#: Most the evidence may tip either way (log-odds), so a style is never ruled out for good
#: by turns alone.
_CAP = 4.0


def _hazard(turn: int, hasty: bool) -> float:
    """Chance that the opponent ends the round on its `turn`-th turn (0-based) once it got
    there: measured under cardgames over 300 rounds each against `hard`, `normal` (hasty)
    0.01, 0.06 at turn 2, 0.19 at 5, 0.35 at 8; `hard` and a gin hunter (patient) 0.02 at
    turn 2, 0.04 at 5, 0.06 at 8, 0.12 at 12."""
    if hasty:
        return min(0.5, max(0.01, 0.036 * turn))
    return min(0.15, 0.005 + 0.009 * turn)


def _clip(x: float) -> float:
    return max(-_CAP, min(_CAP, x))


class StyleReader:
    """The evidence of one match about one opponent, as the chance of each style."""

    def __init__(
        self,
        hasty_prior: float,
        loose_turns: int = 3,
        low_prior: float = 1 / 3,
        *,
        declined: bool = False,
    ) -> None:
        self._loose_turns = min(loose_turns, len(_LOW))
        #: Read a declined knock at a round's end (`_DECLINED_HASTY`, `_DECLINED_LOW`).
        self._read_declined = declined
        self.hasty_logodds = log(hasty_prior / (1.0 - hasty_prior))
        #: Log-odds that the opponent never takes a discard (prior: 1 in 5).
        self.stock_only_logodds = log(0.25)
        self.took = False
        #: Log-odds that the opponent is loose (prior: even). After 1, 2, 3 and 4 rounds
        #: `easy` reads at least even 36, 59, 73 and 82% of the time, the careful panel
        #: styles 1-11% (the sequences above, resampled).
        self.loose_logodds = 0.0
        #: Log-odds that the opponent knocks only with little deadwood.
        self.low_logodds = log(low_prior / (1.0 - low_prior))
        # The round being read: its history so far, the opponent's turns in it, this
        # seat's own last action and the stock then.
        self._history: tuple[Event, ...] = ()
        self._turns = 0
        self._last_mine = ""
        self._last_stock = 99
        self._wall = 0

    @property
    def hasty(self) -> float:
        """Chance the opponent is hasty (knocks as soon as it can)."""
        return 1.0 / (1.0 + exp(-self.hasty_logodds))

    @property
    def loose(self) -> float:
        """Chance the opponent throws cards loosely (a random unmelded one now and then)."""
        return 1.0 / (1.0 + exp(-self.loose_logodds))

    @property
    def low_knocker(self) -> float:
        """Chance the opponent knocks only with little deadwood (half the limit or less)."""
        return 1.0 / (1.0 + exp(-self.low_logodds))

    @property
    def stock_only(self) -> float:
        """Chance the opponent never takes a discard."""
        return 0.0 if self.took else 1.0 / (1.0 + exp(-self.stock_only_logodds))

    def observe(self, view: RoundView, opponent: int) -> None:
        """Read what is new in `view` (this seat's view, before it decides)."""
        history = view.history
        n = len(self._history)
        if len(history) < n or history[:n] != self._history:
            self._close_round()
            n = 0
        self._wall = view.rules.wall_cards
        for e in history[n:]:
            if e.seat != opponent:
                continue
            if e.kind == DISCARD:
                if e.card is not None:
                    self._threw(self._turns, e.card.points)
                self._survived(self._turns)
                self._turns += 1
            elif e.kind in (TAKE_UPCARD, DRAW_DISCARD):
                self.took = True
            elif e.kind in (PASS, DRAW_STOCK):
                self._declined()
        self._history = history
        self._last_stock = view.stock_size

    def ended(self, view: RoundView, opponent: int) -> None:
        """Read the end of a round (`view` of it once over): how low the opponent's knock
        was, if it knocked while the stock was still high; whether it declined a knock, if
        it did not end the round."""
        result = view.result
        if result is None:
            return
        if result.knocker != opponent and self._read_declined:
            self._declined_knock(view, result, opponent)
        if (
            result.knocker != opponent
            or result.kind not in ("knock", "undercut")
            or result.settlement is None
            or view.stock_size <= view.rules.wall_cards + _EARLY_STOCK
        ):
            return
        deadwood = result.settlement.seats[opponent].deadwood_points
        p1, p0 = _LOW_KNOCK
        if deadwood > view.rules.knock_limit // 2:
            p1, p0 = 1.0 - p1, 1.0 - p0
        self.low_logodds = _clip(self.low_logodds + log(p1 / p0))

    def _declined_knock(self, view: RoundView, result: RoundResult, opponent: int) -> None:
        """The opponent's last hand (after its last discard) could knock or not."""
        if (
            result.kind == "redeal"
            or len(result.hands) <= opponent
            or not any(e.seat == opponent and e.kind == DISCARD for e in view.history)
        ):
            return
        deadwood = deadwood_points(result.hands[opponent])
        limit = view.rules.knock_limit
        case = 0 if deadwood <= limit // 2 else 1 if deadwood <= limit else 2
        h1, h0 = _DECLINED_HASTY[case]
        self.hasty_logodds = _clip(self.hasty_logodds + log(h1 / h0))
        l1, l0 = _DECLINED_LOW[case]
        self.low_logodds = _clip(self.low_logodds + log(l1 / l0))

    def acted(self, kind: str) -> None:
        """This seat's own decision (it shows whether the seat ended the round)."""
        self._last_mine = kind

    def _survived(self, turn: int) -> None:
        h1, h0 = _hazard(turn, True), _hazard(turn, False)
        self.hasty_logodds = _clip(self.hasty_logodds + log((1.0 - h1) / (1.0 - h0)))

    def _threw(self, turn: int, points: int) -> None:
        if turn >= self._loose_turns:
            return
        p1, p0 = _LOW[turn]
        if points > _LOW_POINTS:
            p1, p0 = 1.0 - p1, 1.0 - p0
        self.loose_logodds = _clip(self.loose_logodds + log(p1 / p0))

    def _declined(self) -> None:
        self.stock_only_logodds = _clip(self.stock_only_logodds - log(1.0 - _TAKES))

    def _close_round(self) -> None:
        """The round read so far is over: if this seat discarded last and the stock was
        not at the wall, the opponent ended it on its next turn."""
        if self._history and self._last_mine == DISCARD and self._last_stock > self._wall + 1:
            t = self._turns
            self.hasty_logodds = _clip(
                self.hasty_logodds + log(_hazard(t, True) / _hazard(t, False))
            )
        self._history = ()
        self._turns = 0
        self._last_mine = ""
