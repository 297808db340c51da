"""Command sync: stored as Discord stores them, refused as Discord refuses them."""

from __future__ import annotations

import copy
from typing import Any

import discord
import pytest
from discord import app_commands

from emulator import Emulator, EmulatorError
from emulator.testing import running

from .conftest import RawApi, World, make_client


def _cmd(**kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"name": "gin", "description": "Play", "type": 1, "options": []}
    base.update(kw)
    return base


def _opt(name: str = "x", type: int = 3, **kw: Any) -> dict[str, Any]:
    return {"name": name, "description": "d", "type": type, **kw}


GOOD = _cmd(
    options=[
        {
            "name": "challenge",
            "description": "Challenge someone",
            "type": 1,
            "options": [
                _opt("opponent", 6, required=True),
                _opt("rules", 3, choices=[{"name": "Card games", "value": "cardgames"}]),
                _opt("target", 4, min_value=10, max_value=500),
            ],
        },
        {
            "name": "admin",
            "description": "Admin",
            "type": 2,
            "options": [{"name": "reset", "description": "r", "type": 1}],
        },
    ]
)


def _bad(path: list[Any], value: Any) -> dict[str, Any]:
    cmd = copy.deepcopy(GOOD)
    node: Any = cmd
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return cmd


BAD_COMMANDS = {
    "uppercase name": ([_cmd(name="Gin")], "APPLICATION_COMMAND_INVALID_NAME"),
    "space in name": ([_cmd(name="gin rummy")], "APPLICATION_COMMAND_INVALID_NAME"),
    "33-character name": ([_cmd(name="g" * 33)], "APPLICATION_COMMAND_INVALID_NAME"),
    "empty description": ([_cmd(description="")], "BASE_TYPE_BAD_LENGTH"),
    "101-character description": ([_cmd(description="d" * 101)], "BASE_TYPE_BAD_LENGTH"),
    "26 options": ([_cmd(options=[_opt(f"o{i}") for i in range(26)])], "BASE_TYPE_MAX_LENGTH"),
    "26 choices": (
        [_cmd(options=[_opt(choices=[{"name": str(i), "value": str(i)} for i in range(26)])])],
        "BASE_TYPE_MAX_LENGTH",
    ),
    "choices on a boolean": (
        [_cmd(options=[_opt(type=5, choices=[{"name": "y", "value": True}])])],
        "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
    ),
    "required after optional": (
        [_cmd(options=[_opt("a"), _opt("b", required=True)])],
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
    ),
    "duplicate option names": (
        [_cmd(options=[_opt("a"), _opt("a")])],
        "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
    ),
    "subcommand beside an option": (
        [_cmd(options=[_opt("a"), {"name": "s", "description": "s", "type": 1}])],
        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    ),
    "autocomplete with choices": (
        [_cmd(options=[_opt(autocomplete=True, choices=[{"name": "a", "value": "a"}])])],
        "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
    ),
    "min_value on a string": (
        [_cmd(options=[_opt(min_value=1)])],
        "APPLICATION_COMMAND_OPTION_INVALID",
    ),
    "unknown option type": ([_cmd(options=[_opt(type=12)])], "BASE_TYPE_CHOICES"),
    "option description too long": (
        [_bad(["options", 0, "options", 0, "description"], "d" * 101)],
        "BASE_TYPE_BAD_LENGTH",
    ),
    "group nested in a subcommand": (
        [
            _bad(
                ["options", 0, "options"],
                [{"name": "g", "description": "g", "type": 2, "options": []}],
            )
        ],
        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    ),
    "duplicate command names": ([_cmd(), _cmd()], "APPLICATION_COMMANDS_DUPLICATE_NAME"),
    "context menu with a description": (
        [{"name": "Challenge", "type": 2, "description": "no"}],
        "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION",
    ),
    "101 commands": ([_cmd(name=f"c{i}") for i in range(101)], "APPLICATION_COMMANDS_TOO_MANY"),
}


def _codes(errors: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(errors, dict):
        for key, value in errors.items():
            if key == "_errors":
                found.update(e["code"] for e in value)
            else:
                found |= _codes(value)
    return found


@pytest.mark.parametrize("case", list(BAD_COMMANDS), ids=list(BAD_COMMANDS))
async def test_invalid_commands_are_refused_like_discord(
    emu: Emulator, world: World, api: RawApi, case: str
) -> None:
    body, code = BAD_COMMANDS[case]
    reply = await api(
        "PUT", f"/applications/{emu.application_id}/guilds/{world.guild.id}/commands", json=body
    )
    assert reply.status == 400
    assert reply.body["code"] == 50035 and reply.body["message"] == "Invalid Form Body"
    assert code in _codes(reply.body["errors"])
    assert emu.commands(world.guild) == []


async def test_valid_commands_are_stored_with_stable_ids(
    emu: Emulator, world: World, api: RawApi
) -> None:
    route = f"/applications/{emu.application_id}/commands"
    first = await api(
        "PUT", route, json=[GOOD, {"name": "Challenge", "type": 2, "description": ""}]
    )
    assert first.status == 200
    assert [c["name"] for c in first.body] == ["gin", "Challenge"]
    assert all(c["application_id"] == str(emu.application_id) for c in first.body)
    again = await api("PUT", route, json=[GOOD])
    assert again.body[0]["id"] == first.body[0]["id"]
    assert [c["name"] for c in emu.commands()] == ["gin"]
    assert emu.command_paths() == ["gin admin reset", "gin challenge"]
    assert (await api("GET", route)).body == again.body


async def test_guild_scope_needs_a_known_guild_and_the_right_application(
    emu: Emulator, api: RawApi
) -> None:
    assert (
        await api("PUT", f"/applications/{emu.application_id}/guilds/123/commands", json=[])
    ).body["code"] == 10004
    assert (await api("PUT", "/applications/1/commands", json=[])).status == 403


async def test_discord_py_tree_sync_round_trip(emu: Emulator, world: World) -> None:
    client = make_client()
    tree = app_commands.CommandTree(client)
    group = app_commands.Group(name="gin", description="Play")

    @group.command(name="challenge", description="Challenge someone")
    @app_commands.describe(opponent="Who", target="Points")
    async def challenge(
        interaction: discord.Interaction,
        opponent: discord.Member,
        target: app_commands.Range[int, 10, 500] = 100,
        rules: str = "cardgames",
    ) -> None: ...

    tree.add_command(group)
    async with running(client, emu):
        guild = discord.Object(world.guild.id)
        tree.copy_global_to(guild=guild)
        synced = await tree.sync(guild=guild)
        assert [c.name for c in synced] == ["gin"]
        fetched = await tree.fetch_commands(guild=guild)
        assert fetched[0].id == synced[0].id
        sub = fetched[0].options[0]
        assert isinstance(sub, app_commands.AppCommandGroup) and sub.name == "challenge"
        assert [o.name for o in sub.options] == ["opponent", "target", "rules"]
    assert emu.command_paths(world.guild) == ["gin challenge"]


async def test_default_permissions_as_discord_py_sends_them_and_a_servers_override(
    emu: Emulator, world: World, api: RawApi
) -> None:
    """discord.py sends `default_member_permissions` as a number; Discord stores a string. A
    member without them cannot use the command unless the server allows them (Integrations)."""
    admin = _cmd(name="gin-admin", default_member_permissions=1 << 5)
    route = f"/applications/{emu.application_id}/guilds/{world.guild.id}/commands"
    stored = await api("PUT", route, json=[admin])
    assert stored.status == 200 and stored.body[0]["default_member_permissions"] == "32"
    refused = await api("PUT", route, json=[_cmd(default_member_permissions="all")])
    assert refused.status == 400
    bob = world.bob
    with pytest.raises(EmulatorError, match="lacks the permissions"):
        await emu.slash(bob, world.channel, "gin-admin", wait=False)
    emu.allow_command(world.guild, "gin-admin", bob)
    sent = await emu.slash(bob, world.channel, "gin-admin", wait=False)
    assert sent.user is bob
