"""A match between a Spanish and a French reader in an English server (issue #17): each hand
DM in its reader's language, the board in the server's. The real bot against the emulator.

Alice's language is her Discord locale, which the cogs record as she uses a command; Bob's is
his `/gin me settings language` choice in the store, which wins over his Discord locale (de,
which the bot does not speak) even before he has used the bot: his invitation is in French.
"""

from __future__ import annotations

from bot.i18n import t

from .conftest import World


async def test_each_player_reads_their_own_language(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    a.locale, b.locale = "es-ES", "de"
    await world.bot.services.store.players.update_settings(b.id, language="fr")

    await emu.slash(a, ch, "gin challenge", opponent=b)
    invite = await emu.wait_for_dm(b, lambda m: t("fr", "button-accept") in m.button_labels)
    await emu.click(b, invite, t("fr", "button-accept"))

    spanish = await emu.wait_for_dm(a, lambda m: "Tu mano" in m.text)
    french = await emu.wait_for_dm(b, lambda m: "Votre main" in m.text)
    for words in ("Your hand", "Deadwood", "Discard pile"):
        assert words not in spanish.text and words not in french.text
    assert "Puntos sueltos" in spanish.text and "Défausse" in french.text
    board = await emu.wait_for(
        lambda: next((m for m in emu.messages(ch) if "Cards in hand" in m.text), None)
    )
    assert "Discard pile" in board.text and "Mazo" not in board.text
