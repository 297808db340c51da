"""What the page is handed for a reader: the commands in their language, a picture's alt text.

The walk of issue 31 (``bench/walk.py``) found Diego's (es-ES) and Fleur's (fr) tabs listing
``/gin challenge opponent`` where their Discord shows ``/gin desafiar rival`` and
``/gin defier adversaire``, and every picture's alt text replaced by the embed's title.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from emulator.models import Attachment
from emulator.web.view import Files, command_list, message_view

GIN = {
    "type": 1,
    "name": "gin",
    "name_localizations": {"es-ES": "gin", "fr": "gin"},
    "description": "Play Gin Rummy",
    "options": [
        {
            "type": 1,
            "name": "challenge",
            "name_localizations": {"es-419": "desafiar", "fr": "defier"},
            "description": "Challenge a member",
            "description_localizations": {"es-419": "Desafía a un miembro", "fr": "Défier"},
            "options": [
                {
                    "type": 6,
                    "name": "opponent",
                    "name_localizations": {"es-419": "rival", "fr": "adversaire"},
                    "description": "Whom to play",
                    "required": True,
                },
                {
                    "type": 3,
                    "name": "rules",
                    "description": "Rules",
                    "choices": [
                        {"name": "classic", "value": "classic"},
                        {
                            "name": "easy",
                            "name_localizations": {"fr": "facile"},
                            "value": "easy",
                        },
                    ],
                },
            ],
        }
    ],
}


class FakeEmulator:
    """The one thing ``command_list`` asks the emulator: the registered commands."""

    command_syncs = 1

    def commands(self, scope: Any) -> list[dict[str, Any]]:
        return [GIN] if scope is None else []


def commands(locale: str | None) -> dict[str, Any]:
    channel = SimpleNamespace(guild=None)
    (only,) = command_list(FakeEmulator(), channel, locale=locale)  # type: ignore[arg-type]
    return only


def test_a_reader_sees_the_commands_in_their_language_and_sends_the_codes_names() -> None:
    french = commands("fr")
    assert (french["path"], french["shown"]) == ("gin challenge", "gin defier")
    assert french["description"] == "Défier"
    opponent, rules = french["options"]
    assert (opponent["name"], opponent["label"]) == ("opponent", "adversaire")
    assert rules["choices"] == [
        {"name": "classic", "value": "classic"},
        {"name": "facile", "value": "easy"},
    ]
    # es-ES has no localization of its own: Discord shows it Spanish (es-419) ones.
    spanish = commands("es-ES")
    assert spanish["shown"] == "gin desafiar"
    assert spanish["options"][0]["label"] == "rival"
    english = commands("en-US")
    assert (english["shown"], english["options"][0]["label"]) == ("gin challenge", "opponent")
    assert english["description"] == "Challenge a member"


def test_a_picture_carries_its_alt_text() -> None:
    hand = Attachment(
        1, "hand.png", "image/png", b"png", "https://emu/hand.png", "Your hand: 7♣ 8♣ 9♣."
    )
    board = Attachment(2, "board.png", "image/png", b"png", "https://emu/board.png", "Pile: Q♣")
    msg = SimpleNamespace(
        id=5,
        history=[],
        channel=SimpleNamespace(id=3),
        author=SimpleNamespace(display_name="Gin Bot", bot=True),
        created=0.0,
        content="",
        embeds=[{"title": "Table #1", "image": {"url": "https://emu/hand.png"}}],
        attachments=[hand, board],
        components=[],
        ephemeral=False,
        loading=False,
        edited=None,
        interaction=None,
        original_response_id=None,
    )
    view = message_view(msg, Files())  # type: ignore[arg-type]
    assert view["embeds"][0]["image"]["description"] == "Your hand: 7♣ 8♣ 9♣."
    assert [a["description"] for a in view["attachments"]] == [
        "Your hand: 7♣ 8♣ 9♣.",
        "Pile: Q♣",
    ]


def test_the_used_line_names_the_command_as_the_reader_sees_it() -> None:
    msg = SimpleNamespace(
        id=6,
        history=[],
        channel=SimpleNamespace(id=3),
        author=SimpleNamespace(display_name="Gin Bot", bot=True),
        created=0.0,
        content="Hola",
        embeds=[],
        attachments=[],
        components=[],
        ephemeral=True,
        loading=False,
        edited=None,
        interaction=SimpleNamespace(
            command_name="gin challenge", user=SimpleNamespace(display_name="Diego")
        ),
        original_response_id=None,
    )
    paths = {c["path"]: c["shown"] for c in [commands("es-ES")]}
    view = message_view(msg, Files(), paths)  # type: ignore[arg-type]
    assert view["command"] == {"user": "Diego", "name": "gin desafiar"}
    assert message_view(msg, Files())["command"]["name"] == "gin challenge"  # type: ignore[arg-type]
