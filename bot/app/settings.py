"""The bot's settings, read once from the environment and ``.env``.

The environment wins over ``.env``. Every problem is reported as one sentence that names the
variable and says what to put there. The token is never shown (``repr`` hides it).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dotenv import dotenv_values

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
DEFAULT_DATABASE = "data/gin.sqlite3"
MAX_RENDER_PROCESSES = 16
#: Far above any real bot (Discord: about one shard per 1,000 servers); bounds GIN_SHARDS.
MAX_SHARDS = 100_000
#: ``GIN_EVENT_LOOP``: uvloop (the default, where installed) or Python's own asyncio loop.
EVENT_LOOPS = ("uvloop", "asyncio")


class SettingsError(ValueError):
    """A setting is missing or wrong; the message says what to do."""


@dataclass(frozen=True)
class Settings:
    """Everything configurable about the bot (see ``docs/emulator.md`` for the table)."""

    token: str = field(repr=False)
    #: A SQLite file, or a PostgreSQL URL kept as text (a `Path` would fold its `//`).
    database: Path | str = Path(DEFAULT_DATABASE)
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
    #: Several processes on PostgreSQL: seconds a process holds a timer it claimed; a dead
    #: process's timers are fired by another after this (``GIN_TIMER_LEASE``).
    timer_lease: float = 30.0
    #: Card pictures on messages (``GIN_PICTURES=off`` keeps text only, for very busy bots).
    pictures: bool = True
    #: Card emojis owned by the application, uploaded at start when missing
    #: (``GIN_CARD_EMOJIS=off``: cards as text with suit symbols, nothing uploaded).
    card_emojis: bool = True
    #: The outbox keeps within Discord's rate limits (``GIN_REST_LIMITS=off``: it sends at
    #: once, for tests against an emulator that does not enforce them).
    rest_limits: bool = True
    #: The share of the token's global REST budget (Discord: 50 requests a second per bot,
    #: all processes together) this process spends (``GIN_REST_SHARE``, above 0 and up to 1);
    #: None: its shards' share of all the shards to start with (``global_share``), then,
    #: on a shared store, what it borrows by demand (``bot/outbox/budget.py``).
    rest_share: float | None = None
    #: PostgreSQL only: connections per bot process (``GIN_PG_POOL_SIZE``, 2 or more).
    pg_pool_size: int = 10
    #: Worker processes that draw the pictures (``GIN_RENDER_PROCESSES``; 0 draws them in
    #: threads of the bot's process, where they hold up its event loop while they draw).
    render_processes: int = 1
    #: discord.py's wait for the last GUILD_CREATE before ``on_ready`` (tests use ~0.1).
    guild_ready_timeout: float = 2.0
    #: The shards this process connects (``GIN_SHARDS``, e.g. ``0,1`` or ``0-3``); None: all
    #: of ``shard_count``.
    shards: tuple[int, ...] | None = None
    #: How many shards the bot has in all (``GIN_SHARD_COUNT``); None: no sharding (one
    #: connection that gets every server, as before).
    shard_count: int | None = None
    #: Tournaments: seconds a round's players have to make a first move before a no-show
    #: forfeit (``GIN_TOURNAMENT_NO_SHOW_SECONDS``), and the pause after a round's last
    #: result before the next is paired (``GIN_TOURNAMENT_ROUND_PAUSE``).
    tournament_no_show: float = 15 * 60.0
    tournament_round_pause: float = 30.0
    #: Where ``/healthz`` and ``/metrics`` are served (``GIN_METRICS_ADDRESS``, host and
    #: port; a port alone is on loopback); None: not served.
    metrics_address: tuple[str, int] | None = None
    #: The event loop of ``python -m bot`` (``GIN_EVENT_LOOP``): "uvloop", where installed
    #: (less CPU per click, docs/performance.md), or "asyncio", Python's own.
    event_loop: str = "uvloop"

    def __post_init__(self) -> None:
        if self.shards is not None and self.shard_count is None:
            raise SettingsError(
                "GIN_SHARDS needs GIN_SHARD_COUNT: set how many shards the bot has in all "
                "(the same number in every process)."
            )
        if self.shard_count is not None and self.shard_count < 1:
            raise SettingsError(f"GIN_SHARD_COUNT must be 1 or more, not {self.shard_count}.")
        outside = sorted(i for i in self.shards or () if not 0 <= i < (self.shard_count or 0))
        if outside:
            raise SettingsError(
                f"GIN_SHARDS must name shards from 0 to {(self.shard_count or 1) - 1} "
                f"(GIN_SHARD_COUNT is {self.shard_count}), not {outside[0]}."
            )

    @property
    def sharded(self) -> bool:
        """Whether the bot connects by shards (``GIN_SHARD_COUNT`` is set)."""
        return self.shard_count is not None

    @property
    def global_share(self) -> float:
        """The share of the token's global REST budget this process spends: the setting,
        else as many shares as it connects shards out of them all (the processes of one
        token split Discord's global limit, docs/deploy.md, "One token, several
        processes"); 1 for a bot that is not sharded or connects every shard."""
        if self.rest_share is not None:
            return self.rest_share
        if self.shard_count is None or self.shards is None:
            return 1.0
        return len(self.shards) / self.shard_count

    @property
    def process_role(self) -> str:
        """This process's place among the bot's processes, the same across its restarts and
        different from every other process's: its shards (``shards 0,1 of 2``; unsharded:
        ``all shards``). On a shared store a restarted process takes over what the one
        before it left (docs/deploy.md, "When a process dies")."""
        if self.shard_count is None:
            return "all shards"
        ids = self.shards if self.shards is not None else range(self.shard_count)
        return f"shards {','.join(map(str, ids))} of {self.shard_count}"

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, *, env_file: str | Path | None = ".env"
    ) -> Settings:
        """Read settings from ``environ`` (default ``os.environ``) over the ``env_file`` values."""
        values: dict[str, str] = {}
        if env_file is not None and Path(env_file).is_file():
            values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
        values.update(os.environ if environ is None else environ)
        if not (values.get("DISCORD_TOKEN") or "").strip():
            raise SettingsError(
                "DISCORD_TOKEN is not set: put your bot's token (Discord Developer Portal → your "
                "application → Bot → Reset Token) in DISCORD_TOKEN, in the environment or in .env."
            )
        given: dict[str, Any] = {}
        for attribute, name, parse in VARIABLES:
            raw = (values.get(name) or "").strip()
            if raw:  # unset or blank: the default
                given[attribute] = parse(name, raw)
        return cls(**given)


# --- one parser per kind of value: (variable name, stripped non-empty text) -> value ---------


def _token(name: str, raw: str) -> str:
    # People paste the header form; discord.py adds "Bot " itself.
    return raw[4:].strip() if raw.lower().startswith("bot ") else raw


def _database(name: str, raw: str) -> Path | str:
    if "://" not in raw:
        return Path(raw)
    if not raw.startswith(("postgresql://", "postgres://")):
        scheme = raw.partition("://")[0]
        raise SettingsError(
            f"{name} must be a SQLite file path or a postgresql:// URL; {scheme}:// is not "
            "a database this bot can use."
        )
    return raw


def _server_id(name: str, raw: str) -> int:
    if not raw.isdigit():
        raise SettingsError(
            f"{name} must be a server id (digits only, right-click the server → Copy "
            f"Server ID), not {raw!r}."
        )
    return int(raw)


def _log_level(name: str, raw: str) -> str:
    level = raw.upper()
    if level not in LOG_LEVELS:
        raise SettingsError(f"{name} must be one of {', '.join(LOG_LEVELS)}, not {level!r}.")
    return level


def _api_base(name: str, raw: str) -> str:
    if not raw.startswith(("http://", "https://")):
        raise SettingsError(f"{name} must start with http:// or https://, not {raw!r}.")
    base = raw.rstrip("/")
    return base[: -len("/api/v10")] if base.endswith("/api/v10") else base


def _gateway_url(name: str, raw: str) -> str:
    if not raw.startswith(("ws://", "wss://")):
        raise SettingsError(f"{name} must start with ws:// or wss://, not {raw!r}.")
    return raw


def _switch(name: str, raw: str) -> bool:
    if raw.lower() in ("on", "true", "yes", "1"):
        return True
    if raw.lower() in ("off", "false", "no", "0"):
        return False
    raise SettingsError(f"{name} must be on or off, not {raw!r}.")


def _event_loop(name: str, raw: str) -> str:
    choice = raw.lower()
    if choice not in EVENT_LOOPS:
        raise SettingsError(f"{name} must be one of {', '.join(EVENT_LOOPS)}, not {raw!r}.")
    return choice


def _seconds(name: str, raw: str) -> float:
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not value >= 0:  # also refuses nan
        raise SettingsError(f"{name} must be a number of seconds (0 or more), not {raw!r}.")
    return value


def _share(name: str, raw: str) -> float:
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0 < value <= 1:  # also refuses nan
        raise SettingsError(
            f"{name} must be a number above 0 and up to 1 (0.5: half), not {raw!r}."
        )
    return value


def _processes(name: str, raw: str) -> int:
    if not raw.isdigit() or int(raw) > MAX_RENDER_PROCESSES:
        raise SettingsError(
            f"{name} must be a whole number from 0 to {MAX_RENDER_PROCESSES}, not {raw!r}."
        )
    return int(raw)


def _pool_size(name: str, raw: str) -> int:
    if not raw.isdigit() or int(raw) < 2:
        raise SettingsError(f"{name} must be a whole number of 2 or more, not {raw!r}.")
    return int(raw)


def _shard_ids(name: str, raw: str) -> tuple[int, ...]:
    ids: list[int] = []
    for part in raw.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        last = last if dash else first
        if not (first.isdigit() and last.isdigit() and int(first) <= int(last) < MAX_SHARDS):
            raise SettingsError(
                f"{name} must list shard ids like 0,1 or 0-3 (whole numbers, lowest first), "
                f"not {raw!r}."
            )
        ids += range(int(first), int(last) + 1)
    if not ids or len(set(ids)) != len(ids):
        raise SettingsError(f"{name} must list each shard id once, not {raw!r}.")
    return tuple(sorted(ids))


def _shard_count(name: str, raw: str) -> int:
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_SHARDS:
        raise SettingsError(
            f"{name} must be a whole number of shards from 1 to {MAX_SHARDS}, not {raw!r}."
        )
    return int(raw)


def _address(name: str, raw: str) -> tuple[str, int]:
    host, colon, port = raw.rpartition(":")
    host = host.strip("[]") if colon else "127.0.0.1"  # a port alone: loopback
    if not (port.isdigit() and 1 <= int(port) <= 65535 and host and " " not in host):
        raise SettingsError(
            f"{name} must be a port or host:port to serve /healthz and /metrics on "
            f"(e.g. 127.0.0.1:9108), not {raw!r}."
        )
    return host, int(port)


#: Each setting: the ``Settings`` attribute, its environment variable, and how its text is
#: read. Unset or blank means the attribute's default.
VARIABLES: tuple[tuple[str, str, Callable[[str, str], Any]], ...] = (
    ("token", "DISCORD_TOKEN", _token),
    ("database", "GIN_DATABASE", _database),
    ("dev_guild_id", "GIN_DEV_GUILD_ID", _server_id),
    ("log_level", "GIN_LOG_LEVEL", _log_level),
    ("api_base", "DISCORD_API_BASE", _api_base),
    ("gateway_url", "DISCORD_GATEWAY_URL", _gateway_url),
    ("turn_seconds", "GIN_TURN_SECONDS", _seconds),
    ("reminder_seconds", "GIN_REMINDER_SECONDS", _seconds),
    ("round_pause", "GIN_ROUND_PAUSE", _seconds),
    ("computer_delay", "GIN_COMPUTER_DELAY", _seconds),
    ("challenge_seconds", "GIN_CHALLENGE_SECONDS", _seconds),
    ("timer_lease", "GIN_TIMER_LEASE", _seconds),
    ("pictures", "GIN_PICTURES", _switch),
    ("card_emojis", "GIN_CARD_EMOJIS", _switch),
    ("rest_limits", "GIN_REST_LIMITS", _switch),
    ("rest_share", "GIN_REST_SHARE", _share),
    ("render_processes", "GIN_RENDER_PROCESSES", _processes),
    ("pg_pool_size", "GIN_PG_POOL_SIZE", _pool_size),
    ("guild_ready_timeout", "GIN_GUILD_READY_TIMEOUT", _seconds),
    ("shards", "GIN_SHARDS", _shard_ids),
    ("shard_count", "GIN_SHARD_COUNT", _shard_count),
    ("tournament_no_show", "GIN_TOURNAMENT_NO_SHOW_SECONDS", _seconds),
    ("tournament_round_pause", "GIN_TOURNAMENT_ROUND_PAUSE", _seconds),
    ("metrics_address", "GIN_METRICS_ADDRESS", _address),
    ("event_loop", "GIN_EVENT_LOOP", _event_loop),
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
