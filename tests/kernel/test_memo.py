"""The bounded memo (`bot/kernel/memo.py`) and the tables of a click's hot path kept by it."""

from __future__ import annotations

import discord

from bot.kernel.memo import remember
from bot.ui import shown_buttons as shown
from bot.ui.components import GameButton


def test_a_memo_keeps_up_to_its_limit_then_forgets_everything_at_once() -> None:
    memo: dict[str, int] = {}
    assert remember(memo, "a", 1, 3) == 1
    remember(memo, "b", 2, 3)
    remember(memo, "c", 3, 3)
    assert memo == {"a": 1, "b": 2, "c": 3}
    assert remember(memo, "d", 4, 3) == 4  # full: the three go, the new one stays
    assert memo == {"d": 4}
    remember(memo, "e", 5, 1)
    assert memo == {"e": 5}


def test_an_emoji_payload_forgotten_is_written_again_the_same() -> None:
    """A card's emojis and their payloads are two memos: either may be forgotten alone."""
    button = shown.ShownButton(GameButton, "gin:1:1:d:QS", "Q♠", discord.ButtonStyle.secondary)
    button.emoji = shown.emoji("gin_qs_test", 123)
    first = button.to_component_dict()
    assert first["emoji"] == {"name": "gin_qs_test", "id": 123}
    shown._EMOJI_PAYLOADS.clear()
    again = button.to_component_dict()
    assert again == first
    assert shown._EMOJI_PAYLOADS[id(button.emoji)][0] is button.emoji  # kept again
    again["emoji"]["id"] = 0  # a payload handed out is a copy
    assert button.to_component_dict() == first
    shown._EMOJIS.clear()
    assert shown.emoji("gin_qs_test", 123) == button.emoji
