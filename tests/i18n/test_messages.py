"""A table whose players read different languages: each hand in its reader's language, the
board in the server's, from one real match (real store, real services, real engine)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from bot.engine.actions import Action
from bot.games.card_emojis import CardEmojis
from bot.games.errors import GameError, MoveRefused
from bot.i18n import t
from bot.i18n.cards import label
from bot.render.emojis import card_stem, emoji_set
from bot.store import Store, open_store
from bot.ui import board_layout, hand_layout, messages
from bot.ui.written import WrittenLayout
from emulator.validate import validate_message
from tests.games.test_tables import A, B, start_match


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await open_store(tmp_path / "gin.sqlite3")
    yield s
    await s.close()


def text_of(msg: messages.Message) -> str:
    """Everything a reader sees: title, description, fields and control labels (a layout:
    its texts and labels, in order)."""
    parts: list[str] = []
    embed = msg.embed
    if embed is not None:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    else:
        assert msg.layout
    if msg.view is not None:
        view = msg.view.tree() if isinstance(msg.view, WrittenLayout) else msg.view
        for child in view.walk_children():
            if isinstance(child, discord.ui.TextDisplay):
                parts.append(child.content)
                continue
            item = getattr(child, "item", child)  # a DynamicItem wraps its button or select
            parts.append(str(getattr(item, "label", None) or getattr(item, "placeholder", "")))
    return "\n".join(p for p in parts if p)


async def test_each_reader_gets_their_language(store: Store) -> None:
    tables, table_id, _ = await start_match(store)
    live = tables.get(table_id)
    state = tables.state(live)
    assert live.match is not None
    mover = live.match.round.to_move
    waiting = 1 - mover
    views = {seat: live.match.round.view(seat) for seat in (0, 1)}

    spanish = text_of(hand_layout.hand_message(state, views[mover], locale="es-ES"))
    french = text_of(hand_layout.hand_message(state, views[waiting], locale="fr"))
    english = text_of(hand_layout.hand_message(state, views[mover]))
    board = text_of(board_layout.table_message(state, locale="en-US"))

    assert "**Tu mano:**" in spanish and "**Tu turno:**" in spanish and "Pasar" in spanish
    # No "En attente de Alice": French elides before a vowel, Fluent can't; a colon needs none.
    waiting_for = t("fr", "hand-waiting", name=state.seats[mover].name)
    assert "**Votre main :**" in french and waiting_for.startswith("En attente : ")
    assert waiting_for in french
    assert "**Your hand:**" in english and "**Your turn:**" in english and "Pass" in english
    assert "Discard pile" in board and "Cards in hand" in board
    for words in ("Your hand", "Your turn", "Waiting for", "Discard pile", "Stock"):
        assert words not in spanish and words not in french
    # The same cards, by their labels in each language (French: V D R for J Q K).
    hand = views[mover].hand
    assert all(c.label in spanish for c in hand)
    await tables.close()


async def test_a_refused_move_reads_in_the_players_language(store: Store) -> None:
    tables, table_id, _ = await start_match(store)
    live = tables.get(table_id)
    assert live.match is not None
    other = (A, B)[1 - live.match.round.to_move]
    with pytest.raises(MoveRefused) as refused:
        await tables.act(table_id, other, Action("pass"), live.version)
    assert isinstance(refused.value, GameError)
    assert str(refused.value) == "It's not your turn."
    assert refused.value.text("es-419") == "No es tu turno."
    assert refused.value.text("fr") == "Ce n'est pas votre tour."
    await tables.close()


async def test_a_hands_last_actions_are_joined_as_the_language_writes(store: Store) -> None:
    """The walk of issue 31 read "Diego a refusé la carte retournée; Fleur a refusé …": French
    puts a space before a semicolon."""
    tables, table_id, _ = await start_match(store)
    live = tables.get(table_id)
    assert live.match is not None
    for _ in range(2):  # both pass on the up-card
        seat = live.match.round.to_move
        await tables.act(table_id, (A, B)[seat], Action("pass"), live.version)
    state = tables.state(live)
    view = live.match.round.view(0)
    french = text_of(hand_layout.hand_message(state, view, locale="fr"))
    english = text_of(hand_layout.hand_message(state, view, locale="en"))
    assert "la carte retournée ; " in french and "retournée;" not in french
    assert "passed on the up-card; " in english
    await tables.close()


async def test_the_turn_line_offers_only_the_draws_the_buttons_offer(store: Store) -> None:
    """After both passed on the up-card the first player may only draw from the stock; the
    walk of issue 31 read "draw from the stock or take the top discard" above one button."""
    tables, table_id, _ = await start_match(store)
    live = tables.get(table_id)
    assert live.match is not None
    for _ in range(2):
        seat = live.match.round.to_move
        await tables.act(table_id, (A, B)[seat], Action("pass"), live.version)
    seat = live.match.round.to_move
    kinds = {a.kind for a in live.match.round.view(seat).legal}
    assert kinds == {"draw_stock"}, kinds
    english = text_of(hand_layout.hand_message(tables.state(live), live.match.round.view(seat)))
    spanish = text_of(
        hand_layout.hand_message(tables.state(live), live.match.round.view(seat), locale="es")
    )
    assert "**Your turn:** draw from the stock." in english and "take the top" not in english
    assert "**Tu turno:** roba del mazo." in spanish
    # Then the other player may take the discard too, and is told so.
    await tables.act(table_id, (A, B)[seat], Action("draw_stock"), live.version)
    hand = live.match.round.view(seat).hand
    await tables.act(table_id, (A, B)[seat], Action("discard", hand[0]), live.version)
    other = live.match.round.to_move
    text = text_of(hand_layout.hand_message(tables.state(live), live.match.round.view(other)))
    assert "draw from the stock or take the top discard." in text
    await tables.close()


async def test_the_board_is_one_layout_discord_takes_in_every_language(store: Store) -> None:
    """The board's layout passes the emulator's Components V2 rules (Discord's), with text
    cards and with card emojis; the pile's top card and the stock are the engine's."""
    tables, table_id, _ = await start_match(store)
    live = tables.get(table_id)
    state = tables.state(live)
    assert live.match is not None and state.public is not None
    top = state.public.discard_pile[-1]
    emojis = CardEmojis()
    arts = emoji_set()
    emojis.adopt(arts, {art.name: 1000 + i for i, art in enumerate(arts.distinct())})
    for locale in ("en", "es", "fr"):
        for cards in (None, emojis):
            board = board_layout.table_message(state, locale=locale, emojis=cards)
            assert isinstance(board.view, discord.ui.LayoutView)
            assert board.content is None and board.embed is None
            assert "content" not in board.send_kwargs() and "embed" not in board.send_kwargs()
            assert board.kwargs()["content"] is None and board.kwargs()["embed"] is None
            payload = {"flags": 1 << 15, "components": board.view.to_components()}
            validate_message(payload, n_files=0)
            text = text_of(board)
            assert t(locale, "cards", count=state.public.stock_size) in text
            assert f"**{label(top, locale)}**" in text
            assert (f"gin_{card_stem(top)}_" in text) == (cards is not None), text
            assert ("gin_back_" in text) == (cards is not None)
        finished = board_layout.table_message(state, locale=locale, finished=True)
        assert finished.view is not None and t(locale, "button-show-hand") not in text_of(finished)


def test_a_board_past_discords_text_limit_loses_its_last_lines() -> None:
    facts = ["### title", "a" * 1500, "b" * 1500, "c" * 1500]
    cut = board_layout._within(facts)
    assert sum(map(len, cut)) == board_layout.TEXT_LIMIT and cut[:3] == facts[:3]
    # A cut never leaves a text display empty (Discord wants 1 character at least).
    assert board_layout._within(["x" * 3999, "yy"]) == ["x" * 3999]
