"""The bot's settings, read once from the environment and ``.env``.

The environment wins over ``.env``. Every problem is reported as one sentence that names the
variable and says what to put there. The token is never shown (``repr`` hides it).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import dotenv_values

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
DEFAULT_DATABASE = "data/gin.sqlite3"


class SettingsError(ValueError):
    """A setting is missing or wrong; the message says what to do."""


@dataclass(frozen=True)
class Settings:
    """Everything configurable about the bot (see ``docs/emulator.md`` for the table)."""

    token: str = field(repr=False)
    database: Path = Path(DEFAULT_DATABASE)
    #: Sync slash commands to this server only (instant), instead of globally.
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    #: REST endpoint base without ``/api/v10`` (a proxy in production, the emulator in tests).
    api_base: str | None = None
    #: Gateway websocket URL (``wss://...`` or ``ws://...``).
    gateway_url: str | None = None
    #: Seconds a player has for a turn before the reminder and the automatic move.
    turn_seconds: float = 180.0
    #: Seconds before the end of a turn when the player is reminded.
    reminder_seconds: float = 60.0
    #: Seconds between a round's reveal and the next deal.
    round_pause: float = 5.0
    #: Seconds a computer player "thinks" before it moves.
    computer_delay: float = 1.5
    #: Seconds before an unanswered challenge expires.
    challenge_seconds: float = 300.0
    #: Card pictures on messages (``GIN_PICTURES=off`` keeps text only, for very busy bots).
    pictures: bool = True
    #: Worker processes that draw the pictures (``GIN_RENDER_PROCESSES``; 0 draws them in
    #: threads of the bot's process, where they hold up its event loop while they draw).
    render_processes: int = 1
    #: discord.py's wait for the last GUILD_CREATE before ``on_ready`` (tests use ~0.1).
    guild_ready_timeout: float = 2.0

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, *, env_file: str | Path | None = ".env"
    ) -> Settings:
        """Read settings from ``environ`` (default ``os.environ``) over the ``env_file`` values."""
        values: dict[str, str] = {}
        if env_file is not None and Path(env_file).is_file():
            values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
        values.update(os.environ if environ is None else environ)

        def get(name: str) -> str | None:
            raw = values.get(name)
            if raw is None or not raw.strip():
                return None
            return raw.strip()

        token = get("DISCORD_TOKEN")
        if token is None:
            raise SettingsError(
                "DISCORD_TOKEN is not set: put your bot's token (Discord Developer Portal → your "
                "application → Bot → Reset Token) in DISCORD_TOKEN, in the environment or in .env."
            )
        if token.lower().startswith("bot "):
            token = token[4:].strip()  # people paste the header form; discord.py adds "Bot " itself

        dev_guild = get("GIN_DEV_GUILD_ID")
        dev_guild_id: int | None = None
        if dev_guild is not None:
            if not dev_guild.isdigit():
                raise SettingsError(
                    f"GIN_DEV_GUILD_ID must be a server id (digits only, right-click the server → Copy "
                    f"Server ID), not {dev_guild!r}."
                )
            dev_guild_id = int(dev_guild)

        level = (get("GIN_LOG_LEVEL") or "INFO").upper()
        if level not in LOG_LEVELS:
            raise SettingsError(
                f"GIN_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}."
            )

        api_base = get("DISCORD_API_BASE")
        if api_base is not None:
            if not api_base.startswith(("http://", "https://")):
                raise SettingsError(
                    f"DISCORD_API_BASE must start with http:// or https://, not {api_base!r}."
                )
            api_base = api_base.rstrip("/")
            if api_base.endswith("/api/v10"):
                api_base = api_base[: -len("/api/v10")]
        gateway_url = get("DISCORD_GATEWAY_URL")
        if gateway_url is not None and not gateway_url.startswith(("ws://", "wss://")):
            raise SettingsError(
                f"DISCORD_GATEWAY_URL must start with ws:// or wss://, not {gateway_url!r}."
            )

        def switch(name: str, default: bool) -> bool:
            raw = get(name)
            if raw is None:
                return default
            if raw.lower() in ("on", "true", "yes", "1"):
                return True
            if raw.lower() in ("off", "false", "no", "0"):
                return False
            raise SettingsError(f"{name} must be on or off, not {raw!r}.")

        def seconds(name: str, default: float) -> float:
            raw = get(name)
            if raw is None:
                return default
            try:
                value = float(raw)
            except ValueError:
                value = -1.0
            if not value >= 0:
                raise SettingsError(f"{name} must be a number of seconds (0 or more), not {raw!r}.")
            return value

        def count(name: str, default: int, *, most: int) -> int:
            raw = get(name)
            if raw is None:
                return default
            if not raw.isdigit() or int(raw) > most:
                raise SettingsError(f"{name} must be a whole number from 0 to {most}, not {raw!r}.")
            return int(raw)

        return cls(
            token=token,
            database=Path(get("GIN_DATABASE") or DEFAULT_DATABASE),
            dev_guild_id=dev_guild_id,
            log_level=level,
            api_base=api_base,
            gateway_url=gateway_url,
            turn_seconds=seconds("GIN_TURN_SECONDS", 180.0),
            reminder_seconds=seconds("GIN_REMINDER_SECONDS", 60.0),
            round_pause=seconds("GIN_ROUND_PAUSE", 5.0),
            computer_delay=seconds("GIN_COMPUTER_DELAY", 1.5),
            challenge_seconds=seconds("GIN_CHALLENGE_SECONDS", 300.0),
            pictures=switch("GIN_PICTURES", True),
            render_processes=count("GIN_RENDER_PROCESSES", 1, most=16),
            guild_ready_timeout=seconds("GIN_GUILD_READY_TIMEOUT", 2.0),
        )


def apply_endpoints(settings: Settings) -> None:
    """Point discord.py at the configured REST and gateway endpoints: the ONE place that does.

    Must run before login: each ``Route`` copies ``Route.BASE`` when it is built. Setting only
    REST would still send the gateway to Discord, so each is applied on its own when given.
    """
    import discord
    import yarl

    if settings.api_base is not None:
        discord.http.Route.BASE = f"{settings.api_base}/api/v10"
    if settings.gateway_url is not None:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)
