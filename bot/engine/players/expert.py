"""The "expert" computer player. See docs/computer.md for the strategy.

It plays like `hard` (the same guesses of the opponent's hand, hand values and discard
danger; at two seats its hand values count a draw that makes gin `gin_pull2` points below
zero) and differs where points are won and lost: whether to knock now. With two players
it plays the rest of the round out on each guess of the opponent's hand with a stock drawn
from the unseen cards (a determinized look-ahead): both hands draw, take the top discard when
it melds and throw their worst card, turn by turn. On those playouts it compares knocking
now (settled exactly: lay-offs, undercut, bonuses) with every "wait until my deadwood is at
most x" plan, the opponent going gin as soon as it can (strong players hold out for gin),
and knocks only when knocking now wins by a margin (larger late in the round under a large
undercut bonus, when a patient opponent's hand is low). With three or four players the same
comparison runs on deals guessed from the per-card model (`_multi.py`). The playouts are
drawn from the seat's view and its own random numbers alone, so twin deals get the same
decisions.

At two seats it also reads the opponent it faces over the match (`_styles.py`): the chance
that it knocks as soon as it can rather than holding out for gin sets how much of the
look-ahead, the pull toward gin, the late margin and the knock rule follow a hasty
opponent (hard's knock rule) instead of a patient one. Under a large undercut bonus it
starts leaning hasty, and while the opponent reads hasty, or loose (it throws low cards
early, like `easy`: a weak hand, not patience), it plays exactly as `hard` (the look-ahead
draws its own random numbers, so hard's share of the play is hard's own); against a loose
opponent not read hasty it plays hard's moves on guesses made for a loose player
(`LOOSE_INFER`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from bot.engine.actions import DISCARD, DRAW_DISCARD, DRAW_STOCK, KNOCK, Action
from bot.engine.players._cardbits import (
    BIT,
    CARD,
    bits_of,
    cards_in,
    improve,
    mask_deadwood,
    mask_of,
    meld_capable,
    near,
)
from bot.engine.players._expert_params import EXPERT_INFER, LOOSE_INFER, ExpertParams
from bot.engine.players._infer import InferParams, melds_with
from bot.engine.players._multi import deal_guesses, knock_now
from bot.engine.players._multi import playout as multi_playout
from bot.engine.players._race import race_values
from bot.engine.players._styles import StyleReader
from bot.engine.players.hard import HardParams, HardPlayer, _Picture
from bot.engine.round import Event
from bot.engine.rules import RuleSet
from bot.engine.scoring import settle_knock
from bot.engine.view import RoundView

__all__ = ["EXPERT_INFER", "ExpertParams", "ExpertPlayer"]


class ExpertPlayer(HardPlayer):
    """`hard` with a multi-turn, determinized look-ahead for the knock."""

    name = "expert"

    def __init__(
        self,
        seed: int = 0,
        params: HardParams | None = None,
        infer: InferParams | None = None,
        expert: ExpertParams | None = None,
    ) -> None:
        super().__init__(seed, params, infer)
        self.expert = expert or ExpertParams()
        self._multi_params = self.params
        self._two_params = replace(self.params, gin_pull=self.expert.gin_pull2)
        self._multi_infer = self.infer_params
        # None: at two seats the weights follow the rule set (`_infer_for`).
        self._given_infer = infer
        self._two_infer: dict[int, InferParams] = {}
        self._reader: StyleReader | None = None
        self._read_infer: dict[tuple[int, int, int], InferParams] = {}
        self._pulls: dict[int, HardParams] = {}
        #: Chance the opponent is hasty, as read before the decision being made.
        self._hasty = 0.0
        #: This decision is made exactly as `hard` makes it (the opponent reads hasty).
        self._as_hard = False
        # The round's history at the last decision, and whether the opponent read hasty
        # enough for hard's play then (`read_uncommit`).
        self._round_seen: tuple[Event, ...] = ()
        self._committed = False
        # The look-ahead draws its own random numbers, so the sampler's (shared with the
        # rest of hard's play) follow hard's exactly while expert plays as hard.
        self._look_rng = random.Random(f"expert-look-{seed}")
        # The discard's look-ahead has its own too, so the knock's games stay the same.
        self._discard_rng = random.Random(f"expert-discard-{seed}")

    def choose(self, view: RoundView, legal: Sequence[Action]) -> Action:
        two = view.seats == 2
        self.params = self._two_params if two else self._multi_params
        infer = self._infer_for(view.rules.undercut_bonus) if two else self._multi_infer
        reader = None
        self._as_hard = False
        if two and self.expert.read:
            reader = self._read_opponent(view)
            undercut = view.rules.undercut_bonus
            hasty = reader.hasty >= self._commit_at(undercut) or self._kept_hasty(view, reader)
            loose = reader.loose >= self._loose_at(undercut)
            low = reader.low_knocker >= self._low_at(undercut)
            self._round_seen = view.history
            self._committed = hasty
            if hasty or loose or low:
                self._as_hard = True
                self.params = self._multi_params
                infer = self._multi_infer
                # A hasty player knocks soon: the loose weights' late knock would not fit.
                if (
                    loose
                    and not hasty
                    and not low
                    and self.expert.read_loose_infer
                    and self._given_infer is None
                ):
                    infer = LOOSE_INFER
            else:
                infer = self._read_infer_for(view.rules.undercut_bonus, infer, reader)
                if self.expert.read_pull:
                    self.params = self._pull_for(reader.hasty)
        if infer is not self.infer_params:
            self.infer_params = infer
            if self._sampler is not None:
                self._sampler.params = infer
        action = super().choose(view, legal)
        if reader is not None:
            reader.acted(action.kind)
        return action

    def _read_opponent(self, view: RoundView) -> StyleReader:
        """The match's reading of the opponent, brought up to date with `view`."""
        reader = self._reader
        if reader is None:
            prm = self.expert
            t = _patience(view.rules.undercut_bonus)
            prior = prm.hasty_prior_10 + t * (prm.hasty_prior_25 - prm.hasty_prior_10)
            reader = self._reader = StyleReader(
                prior,
                prm.read_loose_turns,
                prm.low_prior,
                declined=view.rules.undercut_bonus >= prm.read_declined_from,
            )
        reader.observe(view, 1 - view.seat)
        self._hasty = reader.hasty
        return reader

    def round_ended(self, view: RoundView) -> None:
        """Read how a round ended (`view`: this seat's, once over; every hand is shown)."""
        self._committed = False
        if self._reader is not None and view.seats == 2:
            self._reader.ended(view, 1 - view.seat)

    def _kept_hasty(self, view: RoundView, reader: StyleReader) -> bool:
        """Still playing this round as hard for a hasty opponent (`read_uncommit`)."""
        seen = self._round_seen
        return (
            self._committed
            and reader.hasty >= self.expert.read_uncommit
            and len(view.history) >= len(seen)
            and view.history[: len(seen)] == seen
        )

    def _low_at(self, undercut: int) -> float:
        """The chance of a low knocker from which expert plays exactly as hard."""
        prm = self.expert
        return prm.read_low_10 + _patience(undercut) * (prm.read_low_25 - prm.read_low_10)

    def _commit_at(self, undercut: int) -> float:
        """The chance of a hasty opponent from which expert plays exactly as hard."""
        prm = self.expert
        return prm.read_commit_10 + _patience(undercut) * (prm.read_commit_25 - prm.read_commit_10)

    def _loose_at(self, undercut: int) -> float:
        """The chance of a loose opponent from which expert plays exactly as hard."""
        prm = self.expert
        return prm.read_loose_10 + _patience(undercut) * (prm.read_loose_25 - prm.read_loose_10)

    def _pull_for(self, hasty: float) -> HardParams:
        """Two players: hand values pulling toward gin as much as the opponent is patient."""
        step = round(hasty * 20)
        params = self._pulls.get(step)
        if params is None:
            pull = self.expert.gin_pull2 * (1 - step / 20)
            params = self._pulls[step] = replace(self._two_params, gin_pull=pull)
        return params

    def _read_infer_for(self, undercut: int, base: InferParams, reader: StyleReader) -> InferParams:
        """The sampler's weights for the opponent as read: a mixture of the styles'."""
        # In steps of 5%, so the weights are built once per step and the chains' weights
        # do not move on every decision.
        h = round(reader.hasty * 20)
        s = round(reader.stock_only * 20)
        key = (undercut, h, s)
        infer = self._read_infer.get(key)
        if infer is None:
            p, q = h / 20, s / 20
            infer = replace(
                base,
                could_knock=p * self.expert.read_could_knock + (1 - p) * base.could_knock,
                declined_meld=q + (1 - q) * base.declined_meld,
            )
            self._read_infer[key] = infer
        return infer

    def _infer_for(self, undercut: int) -> InferParams:
        """The sampler's weights for two players under an undercut bonus of `undercut`: the
        ones given, else expert's own (`EXPERT_INFER`) under a bonus nearer 10 than 25 and
        hard's above; with `calibrate`, weighted for how patient the opponent is."""
        infer = self._two_infer.get(undercut)
        if infer is not None:
            return infer
        prm = self.expert
        t = _patience(undercut)
        base = self._given_infer
        if base is None:
            base = EXPERT_INFER if t < 0.5 else self._multi_infer
        infer = base
        if prm.calibrate:
            infer = replace(
                base,
                could_knock=prm.hasty_could_knock
                + t * (prm.patient_could_knock - prm.hasty_could_knock),
                improve=prm.hasty_improve + t * (prm.patient_improve - prm.hasty_improve),
            )
        self._two_infer[undercut] = infer
        return infer

    def _draw(self, view: RoundView, kinds: set[str]) -> Action:
        turns = self.expert.draw_turns
        top = view.top_discard
        if (
            not turns
            or self._as_hard
            or view.seats != 2
            or DRAW_DISCARD not in kinds
            or top is None
        ):
            return super()._draw(view, kinds)
        tb = BIT[top]
        if not tb & near(mask_of(view.hand)):
            return Action(DRAW_STOCK)
        prm = self.expert
        pic = self._read(view)
        rng = self._rng
        if prm.draw_close > 0.0:
            # Hard's choice unless its two values are close; then the playouts decide,
            # on their own random numbers.
            best, stock = self._draw_values(view, pic, tb)
            if not pic.guesses or abs(best - stock) > prm.draw_close:
                return Action(DRAW_DISCARD) if best < stock else Action(DRAW_STOCK)
            rng = self._discard_rng
        elif not pic.guesses:
            return super()._draw(view, kinds)
        take, draw = race_values(
            view.rules, pic.know.hand, tb, pic.guesses, pic.know.unseen, rng, turns
        )
        return Action(DRAW_DISCARD) if take > draw + prm.draw_bias else Action(DRAW_STOCK)

    def _knock(self, view: RoundView, legal: Sequence[Action], pic: _Picture) -> Action | None:
        mask = pic.know.hand
        cards = [a.card for a in legal if a.kind == KNOCK and a.card is not None]
        card = min(cards, key=lambda c: (mask_deadwood(mask ^ BIT[c]), -c.points, c))
        knock = Action(KNOCK, card)
        if self._as_hard:
            return super()._knock(view, legal, pic)
        if not pic.guesses:
            if self.expert.multi_deals and view.seats > 2:
                return knock if self._multi_knock(view, mask ^ BIT[card], BIT[card], pic) else None
            return knock
        kept = mask ^ BIT[card]
        line = self.expert.line * view.rules.line_bonus
        now, laid = self._knock_now(view, kept, pic.guesses, line)
        wait = self._plans(view, kept, BIT[card], pic, laid, line)
        edge = now - wait - self.knock_margin(view.rules, view.stock_size)
        p = self._hasty if self.expert.read_knock else 0.0
        if p > 0.0:
            h_now, h_laid = self._knock_value(view, kept, pic.guesses)
            h_wait = self._wait_value(view, kept, BIT[card], pic, h_laid)
            h_margin = self.params.knock_margin * max(0, view.rules.undercut_bonus - 10) / 15
            edge = (1.0 - p) * edge + p * (h_now - h_wait + h_margin)
        return knock if edge >= 0.0 else None

    def knock_margin(self, rules: RuleSet, stock: int) -> float:
        """Points knocking now must beat the best waiting plan by, with `stock` cards left
        (two players)."""
        prm = self.expert
        late = max(0, prm.late_stock - stock) * _patience(rules.undercut_bonus)
        p = self._hasty
        margin = prm.margin + p * (prm.read_margin - prm.margin)
        return margin + prm.late_margin * late * (1.0 - p if prm.read_late else 1.0)

    def _multi_knock(self, view: RoundView, kept: int, thrown: int, pic: _Picture) -> bool:
        """Three or four players: whether knocking with `kept` beats every waiting plan."""
        prm = self.expert
        rules = view.rules
        k0 = mask_deadwood(kept)
        if k0 == 0:
            return True
        deals = deal_guesses(pic.know, self._rng, prm.multi_deals)
        now = knock_now(rules, kept, deals)
        xs = list(range(k0))
        totals = [0.0] * len(xs)
        unseen = pic.know.unseen
        for hands in deals:
            held = 0
            for h in hands:
                held |= h
            pool = bits_of(unseen & ~held)
            stock = self._rng.sample(pool, len(pool))
            for i, v in enumerate(
                multi_playout(rules, kept, hands, thrown, stock, prm.multi_horizon, xs)
            ):
                totals[i] += v
        wait = max(totals) / len(deals)
        return now >= wait + prm.multi_margin

    def _knock_now(
        self, view: RoundView, kept: int, guesses: list[int], line: float
    ) -> tuple[float, float]:
        """Mean value (own minus opponent's, `line` more to the round's winner) of knocking
        with `kept` against the guesses, settled exactly, and the mean deadwood laid off."""
        rules = view.rules
        sign = 1 if rules.scoring == "points" else -1
        me = cards_in(kept)
        total = 0.0
        laid = 0.0
        for h in guesses:
            s = settle_knock([me, cards_in(h)], 0, rules)
            total += sign * (s.points[0] - s.points[1]) + (line if s.winner == 0 else -line)
            laid += mask_deadwood(h) - s.seats[1].deadwood_points
        return total / len(guesses), laid / len(guesses)

    def _plans(
        self, view: RoundView, kept: int, thrown: int, pic: _Picture, laid: float, line: float = 0.0
    ) -> float:
        """The best mean value of the waiting plans "discard `thrown` face up, then knock
        at my first turn with deadwood at most x" (x below the deadwood kept now), over
        playouts of the rest of the round on each guess of the opponent's hand."""
        k0 = mask_deadwood(kept)
        xs = list(range(k0))  # x = 0: play for gin only
        if not xs:
            return -1e9
        runs, turns, walled = self._runs(view, pic, self._look_rng, self.expert.stocks)
        totals = [0.0] * len(xs)
        for h, stock, at in runs:
            values = _playout(view.rules, kept, h, thrown, stock, turns, at, laid, xs, walled, line)
            for i, v in enumerate(values):
                totals[i] += v
        return max(totals) / len(runs) if runs else -1e9

    def _runs(
        self, view: RoundView, pic: _Picture, rng: random.Random, stocks: int
    ) -> tuple[list[tuple[int, list[int], int]], int, bool]:
        """The imagined games of the look-ahead: per guess of the opponent's hand `stocks`
        stock orders drawn from the cards the seat cannot see, each with the deadwood at
        which the opponent knocks in it; with the turns a side to play and whether the
        wall ends them."""
        rules = view.rules
        prm = self.expert
        unseen = pic.know.unseen
        # Draws the stock can still give before the wall ends the round.
        left = max(0, (view.stock_size - rules.wall_cards) // 2)
        turns = min(prm.horizon, left)
        walled = left <= prm.horizon
        opp_at = min(prm.opp_knock, rules.knock_limit)
        # The opponent as read: in this share of the playouts it knocks at the limit.
        hasty = round(self._hasty * len(pic.guesses) * stocks) if prm.read_playouts else 0
        runs: list[tuple[int, list[int], int]] = []
        for h in pic.guesses:
            pool = bits_of(unseen & ~h)
            for _ in range(stocks):
                stock = rng.sample(pool, min(len(pool), 2 * turns))
                at = rules.knock_limit if len(runs) < hasty else opp_at
                runs.append((h, stock, at))
        return runs, turns, walled

    def _discard(self, view: RoundView, legal: Sequence[Action], pic: _Picture) -> Action:
        """Two players: hard's discard, unless its best few (`discard_k`) are within
        `discard_close` of the best by hard's score; then the one whose imagined games
        (the knock's look-ahead, the same games for each card) are worth most. Only under
        rules at least `discard_patience` patient, against an opponent read less hasty
        than `discard_read`."""
        prm = self.expert
        if (
            prm.discard_k < 2
            or self._as_hard
            or view.seats != 2
            or not pic.guesses
            or _patience(view.rules.undercut_bonus) < prm.discard_patience
            or self._hasty >= prm.discard_read
            or (not prm.discard_at_knock and any(a.kind == KNOCK for a in legal))
        ):
            return super()._discard(view, legal, pic)
        options = sorted(self._discard_options(view, legal, pic))
        first = options[0][0]
        close = [
            b for score, _, b in options[: prm.discard_k] if score - first <= prm.discard_close
        ]
        if len(close) < 2:
            return Action(DISCARD, CARD[close[0]])
        values = self._discard_values(view, pic, close)
        # Hard's choice unless another beats it by the margin; ties keep hard's order.
        values[0] += prm.discard_margin
        pick = max(range(len(close)), key=lambda i: (values[i], -i))
        return Action(DISCARD, CARD[close[pick]])

    def _discard_values(self, view: RoundView, pic: _Picture, cards: list[int]) -> list[float]:
        """Per card of `cards`: the mean value of throwing it, on the best plan "knock at my
        first turn with deadwood at most x" (x up to the knock limit), over the same
        imagined games for every card."""
        rules = view.rules
        prm = self.expert
        mask = pic.know.hand
        line = prm.line * rules.line_bonus
        runs, turns, walled = self._runs(view, pic, self._discard_rng, prm.discard_stocks)
        if not runs:
            return [0.0] * len(cards)
        out = []
        for b in cards:
            kept = mask ^ b
            xs = list(range(min(mask_deadwood(kept), rules.knock_limit + 1)))
            if not xs:
                out.append(0.0)
                continue
            totals = [0.0] * len(xs)
            for h, stock, at in runs:
                values = _playout(rules, kept, h, b, stock, turns, at, 0.0, xs, walled, line)
                for i, v in enumerate(values):
                    totals[i] += v
            out.append(max(totals) / len(runs))
        return out


def _patience(undercut: int) -> float:
    """How patient a strong opponent is under an undercut bonus of `undercut`, from 0 (10
    or less: knocks soon) to 1 (25 or more: holds out for gin)."""
    return min(1.0, max(0.0, (undercut - 10) / 15))


def _settle(rules: RuleSet, mine: int, theirs: int, gin: bool, line: float = 0.0) -> float:
    """Points to the knocker minus the other seat's for a knock with `mine` deadwood
    against `theirs` (lay-offs already taken off), `line` more to the round's winner."""
    if gin:
        return rules.gin_bonus + theirs + line
    if theirs > mine:
        return theirs - mine + line
    return -(rules.undercut_bonus + mine - theirs + line)


def _playout(
    rules: RuleSet,
    kept: int,
    opp: int,
    thrown: int,
    stock: list[int],
    turns: int,
    opp_at: int,
    laid: float,
    xs: list[int],
    walled: bool,
    line: float = 0.0,
) -> list[float]:
    """One determinized playout of the waiting line: the values (own points minus the
    opponent's) of each plan "knock once my deadwood is at most x", for x in `xs`."""
    out = [0.0] * len(xs)
    open_ = list(range(len(xs)))
    me = kept
    md = mask_deadwood(me)
    top = thrown
    pos = 0
    n = len(stock)
    for _ in range(turns):
        # The opponent's turn: take the top discard if it melds, else draw.
        if melds_with(opp, top):
            card = top
        elif pos < n:
            card = stock[pos]
            pos += 1
        else:
            return out
        opp, top, od = improve(opp, card)
        if od <= opp_at:
            v = -_settle(rules, od, md, od == 0, line)
            for i in open_:
                out[i] = v
            return out
        # This seat's turn.
        if top & meld_capable(me):
            card = top
        elif pos < n:
            card = stock[pos]
            pos += 1
        else:
            return out
        me, top, md = improve(me, card)
        still = []
        for i in open_:
            if md <= xs[i]:
                theirs = od if md == 0 else max(0.0, od - laid)
                out[i] = _settle(rules, md, int(theirs), md == 0, line)
            else:
                still.append(i)
        open_ = still
        if not open_:
            return out
    if walled:
        # The stock ran down to the wall: a draw for the plans still waiting.
        return out
    # Unfinished: the plans still waiting knock at the end of the horizon.
    md = mask_deadwood(me)
    od = mask_deadwood(opp)
    v = _settle(rules, md, int(max(0.0, od - laid)), md == 0, line)
    for i in open_:
        out[i] = v
    return out
