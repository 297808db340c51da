"""`/gin-admin` in the sandbox (issue 31): the seeded organizer (Manage Server) finds it in the
page's command list and sets the server's language; the others are not offered it, as on
Discord. The real bot, in-process, against the seeded emulator."""

from __future__ import annotations

from pathlib import Path

from bot.app.client import GinBot
from bot.app.local import seed
from bot.app.settings import Settings
from bot.i18n import t
from emulator import Emulator
from emulator.testing import running
from emulator.web.view import command_list


async def test_the_organizer_sets_the_servers_language_from_the_page(tmp_path: Path) -> None:
    async with Emulator() as emu:
        guild, channel, members = seed(emu)
        by_name = {u.username: u for u in members}
        settings = Settings(
            token=emu.token,
            database=tmp_path / "gin.sqlite3",
            dev_guild_id=guild.id,
            guild_ready_timeout=0.05,
            render_processes=0,
        )
        async with running(GinBot(settings), emu):
            alice, bob = by_name["alice"], by_name["bob"]
            offered = {c["path"]: c for c in command_list(emu, channel, alice)}
            (option,) = offered["gin-admin language"]["options"]
            assert option["name"] == "set"
            assert [c["value"] for c in option["choices"]] == ["en", "es", "fr", "discord"]
            assert "gin-admin language" not in {c["path"] for c in command_list(emu, channel, bob)}
            assert "gin rules" in {c["path"] for c in command_list(emu, channel, bob)}

            done = await emu.slash(alice, channel, "gin-admin language", set="fr")
            assert done.response is not None and done.response.ephemeral_to is alice
            assert "Français" in done.response.text
            rules = await emu.slash(by_name["carol"], channel, "gin table")
            assert rules.response is not None
            assert t("fr", "button-lobby-join") in rules.response.button_labels
