"""The server's options: where it listens and how strict its gateway and interactions are."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Options:
    """Set when the :class:`~emulator.Emulator` is made; ``port`` once it listens."""

    host: str = "127.0.0.1"
    port: int = 0
    #: None: zlib-stream when the client asks for it; False: never; True: when asked.
    compress: bool | None = None
    heartbeat_interval_ms: int = 41_250
    ack_deadline: float = 3.0
    token_lifetime: float = 15 * 60
    #: Privileged intents the application may use: any of "members", "presences", "message_content".
    privileged_intents: set[str] = field(default_factory=set)
    application_flags: int = 0
    #: The shard count ``GET /gateway/bot`` recommends (clients may IDENTIFY with any count).
    shard_count: int = 1

    @property
    def api_base(self) -> str:
        """The value for ``DISCORD_API_BASE`` (REST lives under ``/api/v10``)."""
        return f"http://{self.host}:{self.port}"

    @property
    def gateway_url(self) -> str:
        """The value for ``DISCORD_GATEWAY_URL``."""
        return f"ws://{self.host}:{self.port}/gateway"
