"""The hand layout built from a real match (the engine's own views): a button per card in
the engine's order, live only when a click on it is a legal move; the knock's card choice;
within Discord's limits (40 components, 5 buttons a row); its buttons sent as the controls
that read their clicks would send them, with nothing kept by discord.py."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bench.build import ready_emojis
from bench.built_states import samples
from bot.engine import best_melds
from bot.engine.actions import BIG_GIN, DISCARD, DRAW_STOCK, GIN, KNOCK, PASS, Action
from bot.engine.players import BaselinePlayer
from bot.engine.round import Round
from bot.i18n.cards import label
from bot.store import Store, open_store
from bot.ui import hand_layout, images
from bot.ui.components import DYNAMIC_ITEMS, AskButton, BackButton, GameButton
from bot.ui.shown_buttons import ShownButton

from ..engine.test_round import CARDGAMES, JUNK, deal_deck
from ..play.reading import payload_buttons
from .test_tables import A, B, start_match


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await open_store(tmp_path / "gin.sqlite3")
    yield s
    await s.close()


def _items(message: Any) -> discord.ui.LayoutView:
    """The hand as discord.py's items; they write the payload the hand is sent as."""
    assert isinstance(message.view, hand_layout.HandLayout)
    tree = message.view.tree()
    assert tree.to_components() == message.view.to_components()
    return tree


def _buttons(message: Any) -> list[ShownButton]:
    return [i for i in _items(message).walk_children() if isinstance(i, ShownButton)]


def _cards(message: Any) -> list[ShownButton]:
    return [b for b in _buttons(message) if hand_layout.is_card(b)]


def _checked(message: Any) -> None:
    """Discord's limits: at most 40 components, rows of at most five."""
    view = _items(message)
    assert message.layout and message.content is None and message.embed is None
    assert len(list(view.walk_children())) <= 40
    for item in view.walk_children():
        if isinstance(item, discord.ui.ActionRow):
            assert 1 <= len(item.children) <= 5


async def test_cards_in_order_live_only_when_legal_and_the_knock_choice(store: Store) -> None:
    tables, table_id, _ = await start_match(store)
    live = tables.get(table_id)
    assert live.match is not None
    player = BaselinePlayer()
    knock_seen = False
    for _ in range(400):
        rnd = live.match.round
        if rnd.over:
            break
        seat = rnd.to_move
        assert seat is not None
        view = rnd.view(seat)
        state = tables.state(live)
        for reader in (0, 1):
            msg = hand_layout.hand_message(state, rnd.view(reader))
            _checked(msg)
            mine = rnd.view(reader)
            arrangement = best_melds(list(mine.hand))
            order = [c for m in arrangement.melds for c in m] + list(arrangement.deadwood)
            assert [b.action.card for b in _cards(msg)] == order
            for b in _cards(msg):
                live_now = mine.my_turn and Action(DISCARD, b.action.card) in mine.legal
                assert b.item.disabled == (not live_now)
        kinds = {a.kind for a in view.legal}
        if view.phase == "discard" and KNOCK in kinds:
            knock = next(
                b for b in _buttons(hand_layout.hand_message(state, view)) if b.action.kind == KNOCK
            )
            assert knock.control is AskButton
            asked = hand_layout.hand_message(state, view, confirm=knock.action)
            _checked(asked)
            legal = {a.card for a in view.legal if a.kind == KNOCK}
            for b in _cards(asked):
                assert b.action.kind == KNOCK
                assert b.item.disabled == (b.action.card not in legal)
                if b.action.card in legal:
                    assert b.item.style is discord.ButtonStyle.danger
            backs = [b for b in _buttons(asked) if b.control is BackButton]
            assert len(backs) == 1
            knock_seen = True
        action = player.choose(view, view.legal)
        await tables.act(table_id, (A, B)[seat], action, live.version)
    assert knock_seen
    await tables.close()


def _as_control(button: ShownButton) -> discord.ui.Item[Any]:
    """The `DynamicItem` its control class builds for the same move (what was sent before)."""
    if button.control is BackButton:
        return BackButton(*_numbers(button.custom_id), button.label)
    assert button.action is not None
    return button.control(
        *_numbers(button.custom_id),
        button.action.kind,
        button.action.card,
        button.label,
        disabled=button.disabled,
        style=button.style,
    )


def _numbers(custom_id: str) -> tuple[int, int]:
    parts = custom_id.split(":")
    return int(parts[2]), int(parts[3])


async def test_the_buttons_are_sent_as_their_controls_and_discord_py_keeps_none(
    store: Store,
) -> None:
    tables, table_id, _ = await start_match(store)
    live = tables.get(table_id)
    assert live.match is not None
    rnd = live.match.round
    state = tables.state(live)
    sent = []
    for reader in (0, 1):
        view = rnd.view(reader)
        sent.append(hand_layout.hand_message(state, view))
        knocks = [a for a in view.legal if a.kind == KNOCK]
        if knocks:
            sent.append(hand_layout.hand_message(state, view, confirm=knocks[0]))
    for message in sent:
        buttons = _buttons(message)
        assert buttons
        # No item of a hand is dispatched from its view: discord.py stores no view for it
        # (a click goes to the registered control whose template reads the custom id).
        assert not message.view.is_dispatchable()
        for button in buttons:
            readers = [
                c
                for c in DYNAMIC_ITEMS
                if c.__discord_ui_compiled_template__.fullmatch(button.custom_id)
            ]
            assert readers == [button.control]
            assert button.to_component_dict() == _as_control(button).to_component_dict()
    await tables.close()


async def test_a_gin_asked_beside_big_gin_and_three_gins_shows_its_confirmation(
    store: Store,
) -> None:
    """Eleven melded cards with four cards that gin: knock, three gins and Big Gin fill the
    row; asking a gin must still show its Confirm button (the sandbox once clicked "Gin"
    for ever because the confirmation fell off the row)."""
    tables, table_id, _ = await start_match(store)
    state = tables.state(tables.get(table_id))
    hand = "H1 H2 H3 H4 S6 S7 S8 S9 C11 C12"
    rnd = Round(CARDGAMES, 2, 0, 0, deck=deal_deck(2, 0, {1: hand, 0: JUNK}, "D13", "C13"))
    for action in (Action(PASS), Action(PASS), Action(DRAW_STOCK)):
        rnd.apply(action)
    view = rnd.view(1)
    assert Action(BIG_GIN) in view.legal
    shown = _buttons(hand_layout.hand_message(state, view))
    gins = [b for b in shown if b.action is not None and b.action.kind == GIN]
    assert len(gins) == hand_layout.MAX_GINS
    for asked in [*(b.action for b in gins), Action(BIG_GIN)]:
        assert asked is not None
        message = hand_layout.hand_message(state, view, confirm=asked)
        _checked(message)
        confirms = [b for b in _buttons(message) if b.control is GameButton]
        # The confirmation plays the asked move (the "a" control, not another question).
        assert [b.action for b in confirms if b.action == asked] == [asked]
    await tables.close()


def test_card_emojis_are_written_into_the_payload_and_kept_by_the_items() -> None:
    """A card's emoji, shown after the hand is built, is in the payload sent and in the same
    hand as discord.py's items (a picture added later edits the hand through them)."""
    emojis = ready_emojis()
    sample = next(s for s in samples() if not s.view.over and s.view.my_turn)
    for four_colour in (False, True):
        message = hand_layout.hand_message(sample.state, sample.view, locale="fr")
        images.with_card_emojis(message, emojis, four_colour)
        assert message.view is not None
        faces = [b for b in payload_buttons(message.view.to_components()) if "emoji" in b]
        assert len(faces) == len(sample.view.hand)
        shown = {b.label: b for b in _cards(message)}  # the items write the same payload
        for card in sample.view.hand:
            ref = emojis.card(card, four_colour)
            assert ref is not None
            button = shown[label(card, "fr")]
            assert button.emoji is not None and button.emoji.id == ref.id
        # Once sent, the same message built again is written the same.
        again = hand_layout.hand_message(sample.state, sample.view, locale="fr")
        images.with_card_emojis(again, emojis, four_colour)
        assert again.view is not None
        assert again.view.to_components() == message.view.to_components()


def test_the_last_round_is_told_with_each_readers_hearts_and_language() -> None:
    """A hand repeats the last round's result at every move: kept, it is still each reader's
    own (their favorites' hearts, their language) when two readers alternate."""
    sample = next(
        s
        for s in samples()
        if s.state.previous is not None
        and s.state.previous.settlement is not None
        and not s.view.over
        and all(seat.user_id is not None for seat in s.state.seats)
    )
    other = next(seat for seat in sample.state.seats if seat.seat != sample.view.seat)
    loved = frozenset({other.user_id}) if other.user_id is not None else frozenset[int]()

    def last_line(favorites: frozenset[int], locale: str) -> str:
        message = hand_layout.hand_message(
            sample.state, sample.view, favorites=favorites, locale=locale
        )
        assert isinstance(message.view, hand_layout.HandLayout)
        return message.view.text.splitlines()[-1]

    for _ in range(2):
        assert f"{other.name} ♥" in last_line(loved, "en")
        assert "♥" not in last_line(frozenset(), "en")
        assert last_line(frozenset(), "es") != last_line(frozenset(), "en")
