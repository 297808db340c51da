"""`/gin settings language`: the choice is stored, survives a restart, and wins."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.i18n import pick_language
from bot.store import open_store
from bot.store.players import FOLLOW_DISCORD


async def test_the_chosen_language_is_kept_across_a_restart_and_can_be_forgotten(
    tmp_path: Path,
) -> None:
    path = tmp_path / "gin.sqlite3"
    store = await open_store(path)
    try:
        assert (await store.players.settings(7)).language is None
        changed = await store.players.update_settings(7, language="es")
        assert changed.language == "es"
        # Another setting leaves the language alone.
        assert (await store.players.update_settings(7, dark=True)).language == "es"
    finally:
        await store.close()

    store = await open_store(path)  # a restart: nothing kept in memory
    try:
        saved = (await store.players.settings(7)).language
        assert saved == "es" and (await store.players.settings(7)).dark is True
        assert pick_language(discord.Locale.french, saved) == "es"
        cleared = await store.players.update_settings(7, language=FOLLOW_DISCORD)
        assert cleared.language is None and cleared.dark is True
        assert pick_language(discord.Locale.french, cleared.language) == "fr"
        await store.players.update_settings(7, language="fr")
        # What /gin forget-me shows the player includes the choice.
        assert (await store.privacy.export_player(7))["settings"]["language"] == "fr"
    finally:
        await store.close()


def test_whose_language_a_private_message_is_in() -> None:
    assert pick_language("es-ES") == "es"
    assert pick_language("de", None, "fr") == "fr"  # a language we don't speak: the server's
    assert pick_language("de", None, "ja") == "en"
    assert pick_language("en-GB", None, "fr") == "en"  # English is spoken, not a fallback
    assert pick_language(None, "fr", "es-ES") == "fr"
