"""The commands as Discord shows them: the groups of `/gin`, `/gin help`, the choices offered."""

from __future__ import annotations

from bot.engine import PRESETS
from bot.engine.players.levels import LEVELS

from .conftest import World

GROUPS = {
    "player": {
        "block",
        "unblock",
        "mute",
        "unmute",
        "favorite",
        "unfavorite",
        "relations",
        "friends",
    },
    "me": {"settings", "online", "offline", "forget-me"},
    "records": {"stats", "leaderboard", "history", "replay"},
    "tournament": {
        "create",
        "start",
        "pause",
        "resume",
        "cancel",
        "kick",
        "standings",
        "organizer-role",
    },
}
TOP = {"challenge", "table", "computer", "hand", "resign", "say", "rules", "help", "about"}


async def test_gin_has_its_groups_and_room_to_grow(world: World) -> None:
    paths = [p for p in world.emu.command_paths(world.channel.guild) if p.split()[0] == "gin"]
    top = {p.split()[1] for p in paths if len(p.split()) == 2}
    assert top == TOP
    for group, names in GROUPS.items():
        assert {
            p.split()[2] for p in paths if p.split()[1] == group and len(p.split()) == 3
        } == names
    (gin,) = [c for c in world.emu.commands(world.channel.guild) if c["name"] == "gin"]
    assert len(gin["options"]) == len(TOP) + len(GROUPS) <= 15  # Discord allows 25


async def test_help_lists_every_command_and_how_a_game_goes(world: World) -> None:
    emu, a, ch = world.emu, world.alice, world.channel
    answer = await emu.slash(a, ch, "gin help")
    assert answer.response is not None and answer.response.ephemeral_to is a
    text = answer.response.text
    assert "Your hand comes by direct message" in text
    missing = [p for p in emu.command_paths(world.channel.guild) if f"`/{p}`" not in text]
    assert missing == []


async def test_rule_and_level_choices_are_the_engines(world: World) -> None:
    (gin,) = [c for c in world.emu.commands(world.channel.guild) if c["name"] == "gin"]
    options = {o["name"]: o for o in gin["options"]}
    computer = {o["name"]: o for o in options["computer"]["options"]}
    assert [c["value"] for c in computer["level"]["choices"]] == list(LEVELS)
    assert [c["value"] for c in computer["rules"]["choices"]] == list(PRESETS)
    table = {o["name"]: o for o in options["table"]["options"]}
    assert [c["value"] for c in table["rules"]["choices"]] == list(PRESETS)


async def test_gin_admin_is_a_command_of_its_own_for_manage_server(world: World) -> None:
    """`/gin-admin` holds what no longer fits under `/gin` (Discord's 4,000 characters):
    servers only, shown by default to members with Manage Server."""
    paths = world.emu.command_paths(world.channel.guild)
    assert [p for p in paths if p.startswith("gin-admin")] == ["gin-admin language"]
    (admin,) = [c for c in world.emu.commands(world.channel.guild) if c["name"] == "gin-admin"]
    assert admin["default_member_permissions"] == str(1 << 5)  # Manage Server
    assert admin["dm_permission"] is False or admin["contexts"] == [0]
