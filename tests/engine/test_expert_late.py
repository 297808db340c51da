"""Expert at two seats: the knocking margin grows late in the round under a large undercut
bonus (a patient opponent's hand is low by then), and not under a small one."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from bot.engine.actions import KNOCK
from bot.engine.players.expert import ExpertParams, ExpertPlayer
from bot.engine.players.hard import HardPlayer
from bot.engine.round import Round
from bot.engine.rules import RuleSet

#: Expert's own play from the first decision: under a large undercut bonus it otherwise
#: starts leaning hasty and plays as hard, whose knock has no late margin.
OWN = ExpertParams(hasty_prior_25=0.2)


def _knock_decisions(preset: str, rounds: int) -> list[tuple[int, bool, bool]]:
    """(stock size, knocked, would knock without the late margin) at each of expert's
    decisions where a knock is allowed, over rounds against hard."""
    out = []
    for deal in range(rounds):
        seat = deal % 2
        expert = ExpertPlayer(100 + deal, expert=OWN)
        players = {seat: expert, 1 - seat: HardPlayer(200 + deal)}
        rnd = Round(RuleSet.preset(preset), 2, 300 + deal, deal % 2)
        while (mover := rnd.to_move) is not None:
            view = rnd.view(mover)
            if mover == seat and any(a.kind == KNOCK for a in view.legal):
                twin = copy.deepcopy(expert)
                twin.expert = replace(twin.expert, late_margin=0.0)
                without = twin.choose(view, view.legal).kind == KNOCK
                action = expert.choose(view, view.legal)
                out.append((view.stock_size, action.kind == KNOCK, without))
            else:
                action = players[mover].choose(view, view.legal)
            rnd.apply(action, mover)
    return out


def test_under_cardgames_expert_waits_on_some_late_knocks_and_only_late() -> None:
    decisions = _knock_decisions("cardgames", 40)
    late = ExpertPlayer().expert.late_stock
    changed = [(stock, knocked) for stock, knocked, without in decisions if knocked != without]
    assert changed, "the late margin changed no knock decision in 40 rounds"
    for stock, knocked in changed:
        assert stock < late
        assert not knocked  # a larger margin only ever turns a knock into a wait


@pytest.mark.parametrize(("preset", "margin"), [("playingcards", 6.0), ("cardgames", 16.0)])
def test_knock_margin_by_rule_set(preset: str, margin: float) -> None:
    player = ExpertPlayer()
    rules = RuleSet.preset(preset)
    assert player.knock_margin(rules, 30) == pytest.approx(6.0)
    assert player.knock_margin(rules, 12) == pytest.approx(margin)


def test_under_playingcards_the_late_margin_changes_nothing() -> None:
    # 60 rounds: reading hard as fairly hasty there, expert knocks earlier and fewer of its
    # knock decisions come late.
    decisions = _knock_decisions("playingcards", 60)
    assert any(stock < 15 for stock, _, _ in decisions)
    assert all(knocked == without for _, knocked, without in decisions)
