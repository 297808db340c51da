"""The server's options: where it listens, how strict its gateway and interactions are, its rate limits."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import ratelimits


@dataclass
class Options:
    """Set when the :class:`~emulator.Emulator` is made; ``port`` once it listens."""

    host: str = "127.0.0.1"
    port: int = 0
    #: None: zlib-stream when the client asks for it; False: never; True: when asked.
    compress: bool | None = None
    heartbeat_interval_ms: int = 41_250
    ack_deadline: float = 3.0
    #: Seconds after a deferral ("thinking...") the driver waits for its reply to be filled in.
    answer_timeout: float = 10.0
    token_lifetime: float = 15 * 60
    #: Privileged intents the application may use: any of "members", "presences", "message_content".
    privileged_intents: set[str] = field(default_factory=set)
    application_flags: int = 0
    #: The shard count ``GET /gateway/bot`` recommends (clients may IDENTIFY with any count).
    shard_count: int = 1
    #: Discord's REST rate limits (``ratelimits.py``); False: every request is served at once.
    rate_limits: bool = True
    global_per_second: int = ratelimits.GLOBAL_PER_SECOND
    #: "METHOD /template" (or "*", every route not in the table) -> (requests, per seconds).
    route_limits: dict[str, tuple[int, float]] = field(default_factory=dict)
    invalid_limit: int = ratelimits.INVALID_LIMIT
    invalid_window: float = ratelimits.INVALID_WINDOW
    ban_seconds: float = ratelimits.BAN_SECONDS

    @property
    def api_base(self) -> str:
        """The value for ``DISCORD_API_BASE`` (REST lives under ``/api/v10``)."""
        return f"http://{self.host}:{self.port}"

    @property
    def gateway_url(self) -> str:
        """The value for ``DISCORD_GATEWAY_URL``."""
        return f"ws://{self.host}:{self.port}/gateway"
