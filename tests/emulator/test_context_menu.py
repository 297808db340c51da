"""User context-menu commands (Apps → entry on a member) reach an unmodified discord.py client
with the target user resolved, as Discord sends them."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

from emulator import Emulator, EmulatorError
from emulator.testing import running

from .conftest import World, make_client


async def test_user_context_menu_resolves_the_target(emu: Emulator, world: World) -> None:
    client = make_client()
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(client)
    seen: list[tuple[str, int, str, bool]] = []

    @tree.context_menu(name="Wave at")
    async def wave(interaction: discord.Interaction, user: discord.User) -> None:
        seen.append((type(user).__name__, user.id, user.name, interaction.command is not None))
        await interaction.response.send_message(f"waved at {user.name}", ephemeral=True)

    async with running(client, emu):
        await tree.sync()
        inter = await emu.user_command(world.alice, world.channel, "Wave at", target=world.bob)
        assert inter.response is not None and inter.response.text == "waved at bob"
        # In a server the target arrives as a Member of that server.
        assert seen == [("Member", world.bob.id, "bob", True)]
        with pytest.raises(EmulatorError, match="no command"):
            await emu.user_command(world.alice, world.channel, "Hug", target=world.bob)
