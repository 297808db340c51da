"""``python -m bot`` against the emulator: startup, command sync, an answer, clean stops,
and the one-sentence failures; plus the settings and startup-error pieces it is built from."""

from __future__ import annotations

import logging
import signal
from pathlib import Path

import discord
import pytest
import yarl

from bot.__main__ import INTENTS_REFUSED, TOKEN_REJECTED, explain
from bot.app.settings import Settings, SettingsError, apply_endpoints
from bot.ops.logging_setup import RedactSecrets
from emulator import Emulator

from .botproc import BotProcess
from .conftest import World


async def test_bot_starts_syncs_answers_and_stops_cleanly(
    emu: Emulator, world: World, bot: BotProcess
) -> None:
    commands, guilds = await bot.wait_ready()
    assert guilds == 1
    # Synced to the dev server only; every player's slash command lives under /gin, the
    # server admins' under /gin-admin (Manage Server by default).
    assert emu.commands(None) == []
    synced = emu.commands(world.guild)
    assert sorted(c["name"] for c in synced if c["type"] == 1) == ["gin", "gin-admin"]
    # Besides /gin, only the member context menu (type 2): Challenge, Block, Favorite.
    assert sorted(c["name"] for c in synced if c["type"] != 1) == ["Block", "Challenge", "Favorite"]
    paths = emu.command_paths(world.guild)
    assert {"gin about", "gin challenge", "gin table", "gin hand"} <= set(paths)
    assert commands == len(paths)

    rules = await emu.slash(world.alice, world.channel, "gin rules", preset="classic")
    assert rules.ack_type == 4
    assert rules.response is not None and "**classic**" in rules.response.content
    assert rules.response.ephemeral_to is world.alice
    assert rules.response not in emu.visible_to(world.bob)

    about = await emu.slash(world.bob, world.channel, "gin about")
    assert about.response is not None and about.response.embed is not None
    assert about.response.embed["title"] == "Gin Rummy"

    emu.assert_no_unknown_routes()
    assert await bot.stop() == 0
    log = bot.log()
    assert "gin-bot stopped" in log
    assert "Traceback" not in log
    assert emu.token not in log


async def test_a_rejected_token_ends_with_one_sentence(start_bot, emu: Emulator) -> None:
    bot = await start_bot(wait_ready=False, DISCORD_TOKEN="MTIz.bad.token")
    assert await bot.wait_exit() == 1
    out = bot.output()
    assert TOKEN_REJECTED in out
    assert "Traceback" not in out
    assert "MTIz.bad.token" not in out
    assert emu.commands(None) == [] and emu.gateway.identifies == 0


async def test_a_missing_token_ends_with_one_sentence(start_bot) -> None:
    bot = await start_bot(wait_ready=False, DISCORD_TOKEN="")
    assert await bot.wait_exit() == 2
    out = bot.output()
    assert "DISCORD_TOKEN is not set" in out
    assert "Traceback" not in out


async def test_sigterm_also_stops_cleanly(bot: BotProcess) -> None:
    assert bot.proc is not None
    bot.proc.send_signal(signal.SIGTERM)
    assert await bot.wait_exit() == 0
    assert "Traceback" not in bot.log()


async def test_sigint_stops_a_bot_started_in_the_background(start_bot) -> None:
    # A shell starts background jobs with SIGINT ignored; the bot must still stop on it.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        bot = await start_bot(wait_ready=False)
    finally:
        signal.signal(signal.SIGINT, previous)
    await bot.wait_ready()
    assert await bot.stop() == 0
    assert "Traceback" not in bot.log()


async def test_restart_after_sigkill_serves_again(
    emu: Emulator, world: World, bot: BotProcess
) -> None:
    await bot.restart()
    assert bot.starts == 2
    assert emu.gateway.identifies == 2
    about = await emu.slash(world.carol, world.channel, "gin about")
    assert about.response is not None and about.response.embed is not None
    assert "Gateway latency" in about.response.text


# --- the pieces -------------------------------------------------------------------------


def test_settings_read_environment_over_dotenv(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\nGIN_DEV_GUILD_ID=42\nGIN_TURN_SECONDS=30\n")
    settings = Settings.from_env({"DISCORD_TOKEN": "Bot from-env"}, env_file=env_file)
    assert settings.token == "from-env"  # the environment wins, "Bot " is dropped
    assert settings.dev_guild_id == 42
    assert settings.turn_seconds == 30.0
    assert settings.database == Path("data/gin.sqlite3")
    assert settings.api_base is None and settings.gateway_url is None
    assert "from-env" not in repr(settings)


def test_settings_normalise_endpoints() -> None:
    settings = Settings.from_env(
        {
            "DISCORD_TOKEN": "t",
            "DISCORD_API_BASE": "http://proxy:8080/api/v10/",
            "DISCORD_GATEWAY_URL": "ws://gw:9/",
        },
        env_file=None,
    )
    assert settings.api_base == "http://proxy:8080"
    assert settings.gateway_url == "ws://gw:9/"


@pytest.mark.parametrize(
    ("env", "needle"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        (
            {"DISCORD_TOKEN": "t", "GIN_DEV_GUILD_ID": "my server"},
            "GIN_DEV_GUILD_ID must be a server id",
        ),
        ({"DISCORD_TOKEN": "t", "GIN_LOG_LEVEL": "loud"}, "GIN_LOG_LEVEL must be one of"),
        (
            {"DISCORD_TOKEN": "t", "DISCORD_API_BASE": "discord.com"},
            "DISCORD_API_BASE must start with http",
        ),
        (
            {"DISCORD_TOKEN": "t", "DISCORD_GATEWAY_URL": "http://x"},
            "DISCORD_GATEWAY_URL must start with ws",
        ),
        ({"DISCORD_TOKEN": "t", "GIN_TURN_SECONDS": "soon"}, "GIN_TURN_SECONDS must be a number"),
    ],
)
def test_settings_errors_say_what_to_do(env: dict[str, str], needle: str) -> None:
    with pytest.raises(SettingsError, match=needle):
        Settings.from_env(env, env_file=None)


def test_apply_endpoints_sets_rest_and_gateway_together() -> None:
    old_base = discord.http.Route.BASE
    old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    try:
        apply_endpoints(
            Settings(
                token="t", api_base="http://127.0.0.1:1", gateway_url="ws://127.0.0.1:1/gateway"
            )
        )
        assert discord.http.Route.BASE == "http://127.0.0.1:1/api/v10"
        assert discord.http.Route("GET", "/users/@me").url == "http://127.0.0.1:1/api/v10/users/@me"
        assert (
            yarl.URL("ws://127.0.0.1:1/gateway") == discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        )
    finally:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway


def test_startup_failures_become_sentences() -> None:
    settings = Settings(token="t")
    assert explain(discord.LoginFailure("Improper token"), settings) == TOKEN_REJECTED
    assert explain(discord.PrivilegedIntentsRequired(None), settings) == INTENTS_REFUSED
    assert explain(RuntimeError("bug"), settings) is None


def test_the_token_is_redacted_from_logs() -> None:
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "token is %s", ("s3cret",), None)
    assert RedactSecrets(["s3cret"]).filter(record)
    assert record.getMessage() == "token is [redacted]"
