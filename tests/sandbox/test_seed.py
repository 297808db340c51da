"""The sandbox's seeded server (issue 31, item 10): an organizer can try tournaments, members
read Spanish and French, and `tournament create` offers its formats by name with the usual
default target. The real bot, in-process, against the seeded emulator."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.app.client import GinBot
from bot.app.local import seed
from bot.app.settings import Settings
from emulator import Emulator
from emulator.testing import running


def create_options(emu: Emulator, guild: Any) -> dict[str, dict[str, Any]]:
    (gin,) = [c for c in emu.commands(guild) if c["name"] == "gin"]
    (group,) = [o for o in gin["options"] if o["name"] == "tournament"]
    (create,) = [o for o in group["options"] if o["name"] == "create"]
    return {o["name"]: o for o in create["options"]}


async def test_the_seeded_sandbox_can_run_a_tournament_in_three_languages(
    tmp_path: Path,
) -> None:
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
            options = create_options(emu, guild)
            formats = {c["value"]: c for c in options["format"]["choices"]}
            assert formats["round_robin"]["name"] == "Round robin"
            assert formats["round_robin"]["name_localizations"]["es-ES"] == "todos contra todos"
            assert formats["round_robin"]["name_localizations"]["fr"] == "toutes rondes"
            assert not options["target"].get("required")
            # Alice organizes: a tournament without a target plays to 100, like a challenge.
            made = await emu.slash(
                by_name["alice"],
                channel,
                "gin tournament create",
                name="Sandbox Cup",
                format="round_robin",
                rules="cardgames",
            )
            assert made.response is not None
            shown = made.response.text
            assert "Sandbox Cup" in shown and "100" in shown, shown
            # Bob may not: he has no Manage Server.
            refused = await emu.slash(
                by_name["bob"],
                channel,
                "gin tournament create",
                name="Bob Cup",
                format="swiss",
                rules="cardgames",
            )
            assert refused.response is not None and "Manage Server" in refused.response.text
            # Diego's and Fleur's Discord speaks Spanish and French: so does the bot.
            rules_es = await emu.slash(by_name["diego"], channel, "gin rules")
            rules_fr = await emu.slash(by_name["fleur"], channel, "gin rules")
            assert rules_es.response is not None and rules_fr.response is not None
            english = (await emu.slash(by_name["carol"], channel, "gin rules")).response
            assert english is not None
            assert len({rules_es.response.text, rules_fr.response.text, english.text}) == 3
