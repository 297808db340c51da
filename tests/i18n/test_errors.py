"""Errors carry a key and values; the words are the reader's."""

from __future__ import annotations

import discord

from bot.engine.cards import Card
from bot.engine.errors import IllegalAction
from bot.errors import GENERIC_APOLOGY, PlayerError, player_message
from bot.games.errors import GameError, MoveRefused


def test_a_player_error_is_english_by_default_and_the_readers_language_on_request() -> None:
    error = GameError("challenge-offline", name="Zoë")
    assert str(error) == error.message == "Zoë is offline and not taking challenges right now."
    assert error.text("es-ES") == "Zoë está desconectado y ahora no acepta desafíos."
    assert error.text(discord.Locale.french) == (
        "Zoë est hors ligne et n'accepte pas de défis pour le moment."
    )
    assert player_message(error, "fr") == error.text("fr")


def test_a_sentence_not_converted_yet_is_shown_as_written() -> None:
    assert PlayerError("It's not your turn.").text("fr") == "It's not your turn."


def test_an_engine_refusal_names_the_card_in_the_readers_language() -> None:
    refusal = IllegalAction("not-in-hand", card=Card("S", 12))
    assert refusal.code == "not-in-hand" and str(refusal) == "not-in-hand (card=S12)"
    assert player_message(refusal, "fr") == "Vous n'avez pas D♠."
    assert player_message(refusal, "en-US") == "You don't have Q♠."
    moved = MoveRefused(refusal)
    assert isinstance(moved, IllegalAction) and isinstance(moved, GameError)
    assert str(moved) == "You don't have Q♠."
    assert moved.text("es") == "No tienes Q♠."
    assert moved.code == "not-in-hand"


def test_the_apology_is_english_by_default() -> None:
    assert GENERIC_APOLOGY.startswith("Sorry, something went wrong")


def test_a_service_answer_is_a_key_and_its_values_said_in_the_readers_language() -> None:
    from bot.circle import REACTIONS
    from bot.i18n import Coded

    answer = Coded("relation-block-done", {"name": "Bob"})
    assert answer.text() == "You blocked Bob. They can't challenge you or join your tables."
    assert answer.text("es") == "Has bloqueado a Bob. No podrá desafiarte ni unirse a tus mesas."
    assert [r.text("fr") for r in REACTIONS][0] == "Bonne partie !"
    assert REACTIONS[0].text() == "Good game!"
    error = GameError("challenge-offline", name="Zoë")
    assert error.coded == Coded("challenge-offline", {"name": "Zoë"})
    assert error.coded.text("es") == error.text("es")


def test_achievements_in_each_language() -> None:
    from bot.circle.achievements import ACHIEVEMENTS, BY_KEY
    from bot.text.achievements import achievement_text, title, titles

    comeback = BY_KEY["comeback"]
    assert title(comeback) == "Comeback"
    assert achievement_text(comeback, "es") == (
        "🏆 **LOGRO DESBLOQUEADO: Remontada**\n"
        "Gana una partida después de ir perdiendo por 50 puntos o más."
    )
    assert titles(["first_win", "retired_key"], "fr") == ["Première victoire", "retired_key"]
    for language in ("en", "es", "fr"):
        assert len({title(a, language) for a in ACHIEVEMENTS}) == len(ACHIEVEMENTS)


def test_discords_own_check_failures_are_in_the_readers_words() -> None:
    from discord import app_commands

    missing = app_commands.MissingPermissions(["attach_files", "embed_links"])
    spanish = player_message(missing, "es")
    assert spanish is not None and "Adjuntar archivos" in spanish and "Insertar" in spanish
    assert "attach" not in spanish.lower()
    bot_missing = app_commands.BotMissingPermissions(["attach_files"])
    french = player_message(bot_missing, "fr")
    assert french is not None and "Joindre des fichiers" in french
    assert player_message(app_commands.NoPrivateMessage(), "fr") == (
        "Cette commande ne fonctionne que sur un serveur."
    )
    english = player_message(app_commands.MissingRole("Organizer"), "en")
    assert english is not None and "role" in english
