"""`/gin-admin language` (issue 31): an admin chooses the server's language for public
messages; each player's own messages stay in theirs. The real bot against the emulator."""

from __future__ import annotations

import pytest

from bot.app.client import GinBot
from bot.i18n import t
from emulator import EmulatorError
from emulator.testing import running

from .conftest import World
from .cups import make_admin


async def test_an_admin_sets_spanish_and_a_french_player_keeps_french(world: World) -> None:
    emu, a, b, c, ch = world.emu, world.alice, world.bob, world.carol, world.channel
    assert ch.guild is not None
    make_admin(emu, ch.guild, a)
    b.locale = "fr"
    answer = await emu.slash(a, ch, "gin-admin language", set="es")
    assert answer.response is not None and answer.response.ephemeral_to is a
    assert answer.response.text == t("en", "reply-server-language-set", language="Español")
    shown = await emu.slash(a, ch, "gin-admin language")
    assert shown.response is not None and "**Español**" in shown.response.text

    await emu.slash(b, ch, "gin me online")  # Bob's Discord locale is known
    challenge = await emu.slash(c, ch, "gin challenge", opponent=b)
    assert challenge.response is not None and challenge.response.ephemeral_to is None
    assert t("es", "button-accept") in challenge.response.text  # the public post
    invite = await emu.wait_for_dm(b, lambda m: bool(m.button_labels))
    assert t("fr", "button-accept") in invite.button_labels  # Bob's own: French
    await emu.click(b, invite, t("fr", "button-accept"))

    board = await emu.wait_for_message(ch, lambda m: t("es", "button-show-hand") in m.button_labels)
    assert t("es", "field-discard-pile") in board.text and "Discard pile" not in board.text
    french = await emu.wait_for_dm(b, lambda m: "Votre main" in m.text)
    assert "Your hand" not in french.text and "Tu mano" not in french.text

    (table_id,) = world.bot.services.tables.live_ids()  # type: ignore[union-attr]
    await emu.slash(c, ch, "gin resign")
    await emu.click(c, emu.last_ephemeral(c), t("en", "reply-resign-button"))
    title = t("es", "match-over-title", table=table_id)
    summary = await emu.wait_for_message(ch, lambda m: title in m.text)
    assert t("es", "summary-resigned", loser=c.display_name, winner=b.display_name) in (
        summary.text
    )
    assert "Match over" not in summary.text


async def test_only_manage_server_may_set_it_and_a_restart_keeps_it(world: World) -> None:
    emu, a, b, ch = world.emu, world.alice, world.bob, world.channel
    guild = ch.guild
    assert guild is not None
    make_admin(emu, guild, a)
    b.locale = "fr"
    # Discord does not offer the command to a member without Manage Server...
    with pytest.raises(EmulatorError, match="lacks the permissions"):
        await emu.slash(b, ch, "gin-admin language", set="es")
    # ...unless the server lets them in its Integrations settings: the bot refuses then.
    emu.allow_command(guild, "gin-admin", b)
    refused = await emu.slash(b, ch, "gin-admin language", set="es")
    assert refused.response is not None and refused.response.ephemeral_to is b
    assert refused.response.text == t("fr", "reply-admin-only")
    services = world.bot.services
    assert services is not None and services.servers.language(guild.id) is None

    await emu.slash(a, ch, "gin-admin language", set="fr")
    assert services.servers.language(guild.id) == "fr"
    await world.bot.close()
    async with running(GinBot(world.bot.settings), emu) as again:
        assert isinstance(again, GinBot) and again.services is not None
        assert again.services.servers.language(guild.id) == "fr"
        lobby = await emu.slash(a, ch, "gin table", seats=2)
        assert lobby.response is not None and lobby.response.ephemeral_to is None
        assert t("fr", "button-lobby-join") in lobby.response.button_labels
        assert t("en", "button-lobby-join") not in lobby.response.button_labels
        # Back to Discord's server language (English here), and the next post says so.
        cleared = await emu.slash(a, ch, "gin-admin language", set="discord")
        assert cleared.response is not None
        assert cleared.response.text == t("en", "reply-server-language-cleared", language="English")
        assert again.services.servers.language(guild.id) is None
