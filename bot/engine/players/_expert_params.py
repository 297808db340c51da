"""expert's settings: the look-ahead's budget, its model of the opponent, and the
weights of its guesses of the opponent's hand (`expert.py` plays with them)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.players._infer import InferParams

__all__ = ["EXPERT_INFER", "LOOSE_INFER", "ExpertParams"]


@dataclass(frozen=True, slots=True)
class ExpertParams:
    """The look-ahead's budget and its model of the opponent."""

    #: Playouts per guess of the opponent's hand (each with its own stock order).
    stocks: int = 2
    #: Turns each side plays in a playout at most.
    horizon: int = 8
    #: The opponent (in playouts) knocks once its deadwood is at most this (capped by the
    #: knock limit); it always goes gin. 0: it plays for gin only, as strong players mostly
    #: do (in `hard` against `hard`, 2 rounds in 3 end in gin and few in a knock).
    opp_knock: int = 0
    #: Knock only when the exact knock-now settlement beats the best waiting plan by this
    #: many points (the best of several plans, each averaged over the same playouts, is
    #: optimistic; measured on 2,215 knock decisions of `hard` against `hard`, see
    #: docs/computer.md).
    margin: float = 6.0
    #: Late in the round a patient opponent's hand is low and knocks are undercut (under
    #: cardgames, expert's knocks with fewer than 20 cards in the stock lost 8-12 points on
    #: average): the margin grows by `late_margin` per card the stock holds below
    #: `late_stock`, in full at an undercut bonus of 25 and not at all at 10 (where
    #: waiting costs more than the undercut; see docs/performance.md).
    late_stock: int = 22
    late_margin: float = 1.0
    #: Weight of the rule set's line bonus (points per round won, counted at the match's
    #: end) in the value of a round. Off: at 1 (cardgames) expert knocked for small wins
    #: and won 44% of 300 matches against hard, against 54% without it.
    line: float = 0.0
    #: With three or four players: guessed deals for the look-ahead (0: knock as soon as
    #: allowed, like hard), rounds of turns played out, and the knocking margin (measured
    #: on 900 matches at 3 seats against hard: 16 deals 38.7%, 32 deals 39.7%, a margin of
    #: 3 points 39.3%; a fair share is 33.3%).
    multi_deals: int = 32
    multi_horizon: int = 6
    multi_margin: float = 0.0
    #: Two players: `HardParams.gin_pull` for expert's hand values (draws and discards),
    #: a stock draw that makes gin counted this many points below zero. Over 1,000
    #: seat-swapped matches against hard (seed 11), cardgames: 57.2% without, 58.5% with
    #: 10, 59.7% with 25; playingcards 53.5% with 10, 54.1% with 25. On 300 matches (seed
    #: 5), cardgames: 0 / 10 / 25 / 40 won 54.0 / 56.7 / 58.0 / 55.7%, playingcards:
    #: 10 / 25 / 40 won 52.7 / 55.3 / 55.7% (docs/performance.md).
    #: Tables of 3-4 keep `HardParams`.
    gin_pull2: float = 25.0
    #: Two players: turns a side in the draw playouts (`_race.py`; 0: hard's draw rule).
    #: Off: with 4 turns expert won 34.7% of 300 playingcards matches against hard (24
    #: sampled playouts per choice are too noisy against hard's exact one-draw values).
    draw_turns: int = 0
    #: Take the top discard when its playouts beat drawing by more than this many points.
    draw_bias: float = 0.0
    #: With `draw_turns` (0: off): the playouts decide only when hard's two values (take,
    #: draw: expected deadwood) are within this many points; otherwise hard's choice.
    #: `draw_turns=4,draw_close=1`: +0.14 points a round (-0.12 to +0.39) over 1,000 fresh
    #: paired deals against hard (cardgames), not shown ahead.
    draw_close: float = 0.0
    #: Two players (0 or 1: off): choose among hard's best `discard_k` discards (by its
    #: score: expected deadwood after the next draw plus danger) by the knock's imagined
    #: games, when they are within `discard_close` points of hard's best. Against hard
    #: (cardgames, rounds in a row) k=2 (close 2, 2 stocks, margin 1, also on knock turns)
    #: gave +0.48 points a round (+0.13 to +0.83) over 13,000 rounds, and 60.4% of 1,000
    #: matches against 57.9% without; k=3 put the decision CPU p99 over 50 ms
    #: (docs/performance.md Session 23, performance-log.md Sessions 21-22).
    discard_k: int = 2
    discard_close: float = 2.0
    #: Imagined games per guess of the opponent's hand for the discard (`stocks` for it).
    discard_stocks: int = 2
    #: Points by which another card's imagined games must beat hard's choice's.
    discard_margin: float = 1.0
    #: Also when it may knock and waits (0: hard's discard then: the knock's own look-ahead
    #: already ran in that decision).
    discard_at_knock: int = 1
    #: Only under rules at least this patient (`_patience` of the undercut bonus: 0 at 10,
    #: 1 at 25): under playingcards (10) the imagined games are longer (expert's own play
    #: runs there against every style) and put the decision CPU p99 at 60 ms, over the
    #: 50 ms budget, and it was not shown ahead there (-1.33 a round against hard, 320
    #: rounds, within noise).
    discard_patience: float = 1.0
    #: Only while the opponent reads less hasty than this (`read`; 1 or more: always).
    #: 0.25 against 1 (1,000 paired rounds in a row, cardgames): the discard-the-highest
    #: player +0.20, hard -0.25, easy -0.14 points a round, all within noise: off.
    discard_read: float = 1.0
    #: Two players (off: 0): weigh the guesses of the opponent's hand (`InferParams`
    #: `could_knock` and `improve`) by the rule set's undercut bonus, the bonus that tells
    #: a strong player whether to knock at once or hold out: at 25 (cardgames, classic)
    #: `patient_*`, at 10 (playingcards) `hasty_*`, linear in between. Hard's weights
    #: (0.25, 0.04, tuned against "normal", who knocks at once) guess hard's deadwood 5.7
    #: points too high at expert's knock decisions under cardgames (17.6 against a true
    #: 11.9; 2.3 too high under playingcards); these guess within about 2. Better guesses
    #: did not win more: 53.7% of 300 cardgames matches against hard (seed 5), against
    #: 58.0% with hard's weights, and with a knock margin of 3 it lost 2.6 points per round
    #: (paired rounds, docs/performance.md), so it stays off.
    calibrate: int = 0
    patient_could_knock: float = 1.0
    patient_improve: float = 0.1
    hasty_could_knock: float = 0.5
    hasty_improve: float = 0.06
    #: Two players (off: 0): read the opponent actually faced (`_styles.py`). The chance
    #: that it is hasty (knocks as soon as it can) sets the share of playouts in which the
    #: opponent knocks at the knock limit rather than playing for gin, the sampler's weight
    #: for guesses that could have knocked (`read_could_knock` for a hasty opponent, the
    #: base weight for a patient one) and how much of the late margin applies (a hasty
    #: opponent that has not knocked yet rarely undercuts); the chance that it never takes
    #: a discard takes the meaning out of the discards it declines.
    read: int = 1
    read_could_knock: float = 0.1
    #: What else follows the reading (1: on): the share of hasty playouts, the pull toward
    #: gin (`gin_pull2` for a patient opponent, none for a hasty one: the round is then no
    #: race to gin), the late margin; and the knock margin against a hasty opponent.
    read_playouts: int = 1
    read_pull: int = 1
    read_late: int = 1
    read_margin: float = 6.0
    #: Weigh the knock like hard (whose rule was tuned against `normal`, who knocks at once)
    #: as much as the opponent reads hasty: the two rules' advantages of knocking now,
    #: mixed by the chance (0: expert's rule alone).
    read_knock: int = 1
    #: The chance of a hasty opponent before any evidence, at an undercut bonus of 10 and
    #: of 25 (linear in between). Against `normal` over rounds of 4 in a row (480 paired
    #: rounds, cardgames) a prior of 0.2 won +0.09 +/- 1.22 points per round over expert
    #: without the reading, one of 0.95 +1.85 +/- 1.35 (the evidence of a few rounds moves
    #: it only so far). With `read_commit_25` at 0.5, against normal (cardgames, 64 paired
    #: rounds over hard, seed 901): prior 0.5 -1.55, 0.65 -0.66, 0.8 +0.30 +/- 0.79.
    hasty_prior_10: float = 0.5
    hasty_prior_25: float = 0.8
    #: Two players: while the opponent reads at least this hasty, play exactly as `hard`
    #: (its rules were tuned against `normal`, who knocks at once: the best answer expert
    #: knows to hasty play); below it, expert's own play. At an undercut bonus of 10 and
    #: of 25, linear in between; above 1: never. Under `playingcards` (10) expert's own
    #: play beat hard's against the hasty styles too (normal, highest, early_knocker: 280
    #: paired rounds each, docs/performance.md), so there it keeps its own.
    read_commit_10: float = 1.1
    read_commit_25: float = 0.5
    #: Two players: once a round is being played as hard because the opponent reads
    #: hasty, keep to it until the chance falls below this (1.1: off; the commitment then
    #: follows the reading at every decision). Turns without a knock read a low knocker
    #: patient late in a long round, where expert's own play cost 0.3 a round against the
    #: discard-the-highest player (cardgames, seed 2801, 2,000 paired rounds over hard):
    #: 0.3 gave -0.03 there (normal -0.04 from -0.13), and +0.28 +/- 0.84 against hard over
    #: expert without it (seed 2802); but the gin hunter -0.94 and the no-up-card player
    #: -0.63 (1,000 paired rounds each, seed 2803: kept to hard's play longer in a first
    #: round, before they read patient). Off (docs/performance.md, Session 27).
    read_uncommit: float = 1.1
    #: Two players: while the opponent reads at least this loose (it throws a random
    #: unmelded card now and then, like `easy`: `_styles.py`), play exactly as `hard` too.
    #: A loose player's rounds are long because its hand is weak, not because it holds
    #: out for gin, so the turn count reads it patient; against `easy` expert's own play
    #: lost 0.5 and 1.4 points a round to hard's under cardgames and classic (400 and 320
    #: paired rounds, docs/performance-log.md); reading easy loose, -0.13 and -0.28 on
    #: the same deals (docs/performance.md). At an undercut bonus of 10 and of 25, linear
    #: in between; above 1: never (under playingcards expert's own play beat hard's
    #: against easy by 1.3 points a round).
    read_loose_10: float = 1.1
    read_loose_25: float = 0.5
    #: The opponent's first turns of a round whose discards are read for looseness
    #: (`_styles._LOW`: at most 5). Reading 5 was no better (cardgames, paired over the
    #: same deals: -0.14 points a round against easy, -0.11 and -0.40 against hard and
    #: the gin hunter, +0.18 against the stock-only player; docs/performance.md).
    read_loose_turns: int = 3
    #: Two players: while the opponent reads at least this likely a low knocker (its knocks
    #: made while the stock was high left half the knock limit or less, like `easy`'s and
    #: the discard-the-highest player's: `_styles.py`), play exactly as `hard`, guesses and
    #: all. At an undercut bonus of 10 and of 25, linear in between; above 1: never (under
    #: playingcards expert's own play beat hard's against both). `low_prior`: the chance
    #: before any knock is seen (one early low knock then reads 0.59, one high 0.10).
    read_low_10: float = 1.1
    read_low_25: float = 0.5
    low_prior: float = 1 / 3
    #: Two players: from this undercut bonus on, read a knock the opponent declined at half
    #: the knock limit or less, or never had the chance of, from its last hand in a round
    #: it did not end (`_styles._DECLINED_HASTY`); above 25: never. Against the reading
    #: off, over the same deals (1,000 paired rounds each): the patient players under
    #: `cardgames` +0.21 (hard), +0.58 (gin hunter), +0.39 (no up-card), under `classic`
    #: -0.03, +0.54, -0.25; the others -0.43 to +0.13, all within noise; against hard in
    #: 1,000 matches 61.4% and 58.3% against 58.9% and 59.6% (+2.81 and +2.24 points a
    #: round against +2.23 and +2.20). Under `playingcards` (10) it lost 0.15 a round to
    #: the panel (docs/performance.md, Sessions 25-26).
    read_declined_from: int = 25
    #: Two players (1: on): while playing as hard against a loose opponent, guess its hand
    #: with `LOOSE_INFER` rather than hard's weights.
    read_loose_infer: int = 1


#: Expert's guesses of the opponent's hand at two seats under a small undercut bonus
#: (`playingcards`, 10): hard's sampler run longer (48 swaps a chain per call, 120 on a
#: round's first) and trusting the opponent's public decisions more (a passed or thrown
#: card that would have melded: 0.02 and 0.03, not 0.08 and 0.1; constraints fading half
#: as fast; no pull toward low guessed deadwood). There they tell which of expert's cards
#: hard can meld with an area under the ROC curve of 0.775, against 0.768 with hard's
#: weights (a perfect guess would be worth 4.2 points a round), and expert won 55.7% and
#: 55.8% of 1,000 matches against hard, against 54.1% and 54.2%. Under cardgames (bonus
#: 25) they lost: 59.3% against 60.9%, so there expert keeps hard's weights
#: (docs/performance.md).
EXPERT_INFER = InferParams(
    steps=48, first_steps=120, fade=0.06, improve=0.0, declined_meld=0.02, broke_meld=0.03
)


#: Expert's guesses of a loose opponent's hand (one that reads loose, like `easy`): it
#: misses a card that melds now and then (a passed card that would have melded keeps
#: 0.35, not 0.08), throws a lower card while holding higher ones (0.7 per higher card,
#: not 0.35), knocks only with little deadwood (4 or less counts as "could have knocked",
#: not the knock limit) and improves its hand slowly (0.02, not 0.04). Against `easy`
#: (cardgames, 250 deals, at hard's 2,459 discards): the guesses' mean deadwood 1.2 points
#: above the true one instead of 4.8 below, and the chance that easy can meld each of
#: hard's cards closer to the truth (Brier score 1.404 against 1.433 per decision).
LOOSE_INFER = InferParams(declined_meld=0.35, kept_higher=0.7, knock_at=4, improve=0.02)
