"""A computer seat is stored with an English name ("Computer 1 (hard)", `bot/games/tables`)
and its level; a French reader reads it in French wherever the table is shown to them: the
lobby, the board, a busy channel's line, the hand and its waiting button, the resign
question and the message of a player who left (the board, hands, results and records of a
match against the computer: tests/play/test_languages_computer.py). Real store, real table
service, two computers seated from the lobby as its button seats them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games.tables import TableService
from bot.i18n import Language
from bot.store import Store, open_store
from bot.ui import board_layout, busy, hand_layout, messages, resign
from bot.usecases.play import PlayUseCase
from tests.games.test_shared import A, three_seat_lobby

from .test_messages import text_of

FR = Language("fr")
HARD, EASY = "Ordinateur 1 (difficile)", "Ordinateur 2 (facile)"


@pytest.fixture
async def tables(tmp_path: Path) -> AsyncIterator[TableService]:
    store: Store = await open_store(tmp_path / "gin.sqlite3")
    service = TableService(store)
    yield service
    await service.close()
    await store.close()


def french(text: str, *names: str) -> None:
    """`text` names the computers in French, never by their stored English names."""
    assert "Computer" not in text, text
    for name in names:
        assert name in text, text


async def test_computer_seats_read_in_french_wherever_the_table_is_shown(
    tables: TableService,
) -> None:
    table_id = await three_seat_lobby(tables)  # Alice alone in it
    lobby = await tables.add_computer(table_id, A, "hard")
    assert [s.name for s in lobby.state.seats] == ["Alice", "Computer 1 (hard)"]  # as stored
    french(text_of(messages.lobby_message(lobby.state, locale=FR)), HARD)

    started = await tables.add_computer(table_id, A, "easy")  # the table is full: dealt
    state = started.state
    assert state.public is not None
    french(text_of(board_layout.table_message(state, locale=FR)), HARD, EASY)
    french(busy.table_line(state, FR), HARD, EASY)
    (seat,) = [s.seat for s in state.seats if s.user_id == A]
    french(text_of(hand_layout.hand_message(state, started.views[seat], locale=FR)), HARD, EASY)

    record = await tables.store.tables.get(table_id)
    assert record is not None
    french(resign.table_label(record, A, FR), HARD, EASY)
    asked = resign.ConfirmResign(PlayUseCase(tables), A, record, FR)
    french(asked.question, HARD, EASY)
    left = await tables.resign(table_id, A)  # three seats: Alice leaves, they play on
    french(text_of(messages.removed_message(left.state, seat, locale=FR)), HARD, EASY)
