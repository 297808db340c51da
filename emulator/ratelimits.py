"""Discord's REST rate limits (issue #30): the global limit, per-route buckets, invalid requests.

Discord publishes the model and the headers, not every figure ("Rate Limits" page); the
figures below are the ones bots commonly observe. discord.py paces itself from the headers and
retries a 429 that carries ``Via``, so the bot sees what it would see on Discord.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter, deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from aiohttp import web

from .http import json_response

if TYPE_CHECKING:
    from .clock import Clock
    from .config import Options


@dataclass(frozen=True)
class Limit:
    """``count`` requests per ``per`` seconds."""

    count: int
    per: float


# --- the figures ------------------------------------------------------------------------
#: Per-route buckets, "METHOD /template" (as in rest.py), each per top-level resource.
ROUTE_LIMITS: dict[str, Limit] = {
    "POST /channels/{channel_id}/messages": Limit(5, 5.0),
    "PATCH /channels/{channel_id}/messages/{message_id}": Limit(5, 5.0),
    "DELETE /channels/{channel_id}/messages/{message_id}": Limit(5, 1.0),
    # No top-level resource: one bucket for the bot (docs/emulator.md says why 5 per second).
    "POST /users/@me/channels": Limit(5, 1.0),
}
#: Every other route: its own bucket per top-level resource.
DEFAULT_LIMIT = Limit(5, 1.0)
#: Requests per second per bot token across routes; the exempt routes are not counted.
GLOBAL_PER_SECOND = 50
#: 401, 403 and 429 (except scope "shared") answers in a rolling window before a ban.
INVALID_LIMIT = 10_000
INVALID_WINDOW = 600.0
BAN_SECONDS = 3600.0

#: Answered without a bucket: the interaction's 3 s deadline is its limit, and discord.py
#: keys every callback to one bucket (no major parameter), so a bucket would pace them all.
UNLIMITED = frozenset({"POST /interactions/{interaction_id}/{token}/callback"})
#: Parameters that name a route's top-level resource, in Discord's order of precedence.
TOP_LEVEL = (("channel_id",), ("guild_id",), ("application_id", "token"))


def is_exempt(template: str) -> bool:
    """Interaction callbacks and interaction webhooks do not count against the global limit."""
    return template.startswith(("/interactions/", "/webhooks/"))


def bucket_hash(route: str) -> str:
    """The opaque ``X-RateLimit-Bucket`` of a route (the same for every top-level resource)."""
    return hashlib.sha1(route.encode()).hexdigest()[:16]


@dataclass
class Bucket:
    """A fixed window: ``limit.count`` requests from its first one, for ``limit.per`` s."""

    limit: Limit
    hash: str
    used: int = 0
    reset_at: float = 0.0

    def take(self, now: float) -> bool:
        if now >= self.reset_at:
            self.used, self.reset_at = 0, now + self.limit.per
        if self.used >= self.limit.count:
            return False
        self.used += 1
        return True


@dataclass
class RateStats:
    """What the limits did, for tests and the bench (counted whether or not they are on)."""

    #: "METHOD /template" -> requests counted against the global limit.
    global_limited: Counter[str] = field(default_factory=Counter)
    #: "METHOD /template" -> requests to the exempt interaction routes.
    exempt: Counter[str] = field(default_factory=Counter)
    #: ("METHOD /template" or "global", scope) -> 429s served by the limits.
    refused: Counter[tuple[str, str]] = field(default_factory=Counter)
    #: 401, 403 and 429 answers (not scope "shared"), all time.
    invalid: int = 0
    #: The most global-limited requests the bot sent in one second of the clock.
    peak_global_per_second: int = 0
    bans: int = 0


class RateLimiter:
    """Decides whether a request is served, stamps the headers, counts invalid requests."""

    def __init__(self, options: Options, clock: Clock) -> None:
        self.options = options
        self.clock = clock
        self.stats = RateStats()
        self.buckets: dict[tuple[str, tuple[str, ...]], Bucket] = {}
        self.banned_until = 0.0
        self._invalid_at: deque[float] = deque()
        self._global = Bucket(Limit(options.global_per_second, 1.0), "global")
        self._second, self._in_second = -1, 0

    @property
    def enabled(self) -> bool:
        return self.options.rate_limits

    def limit_of(self, route: str) -> Limit:
        """The route's figure: ``options.route_limits`` (``"*"``: the default) over the table."""
        custom = self.options.route_limits
        if route in custom:
            return Limit(*custom[route])
        if route in ROUTE_LIMITS:
            return ROUTE_LIMITS[route]
        return Limit(*custom["*"]) if "*" in custom else DEFAULT_LIMIT

    # --- before the handler -------------------------------------------------------------
    def ban_response(self) -> web.Response | None:
        """Cloudflare's answer while banned: 429 without ``Via``, plain text (discord.py raises)."""
        if not self.enabled or self.clock.now() >= self.banned_until:
            return None
        wait = math.ceil(self.banned_until - self.clock.now())
        return web.Response(
            status=429,
            text="error code: 1015",
            content_type="text/plain",
            headers={"Retry-After": str(wait)},
        )

    def admit(
        self, method: str, template: str, params: Mapping[str, str]
    ) -> tuple[web.Response | None, Bucket | None]:
        """(a 429 to serve instead of handling, the route's bucket to stamp the answer with)."""
        route = f"{method} {template}"
        now = self.clock.now()
        exempt = is_exempt(template)
        if exempt:
            self.stats.exempt[route] += 1
        else:
            self.stats.global_limited[route] += 1
            self._count_second(now)
        if not self.enabled or route in UNLIMITED:
            return None, None
        if not exempt:
            if self._global.limit.count != self.options.global_per_second:
                self._global.limit = Limit(self.options.global_per_second, 1.0)
            if not self._global.take(now):
                self.stats.refused["global", "global"] += 1
                return self._refusal(self._global.reset_at - now, scope="global"), None
        bucket = self._bucket(route, params)
        if not bucket.take(now):
            self.stats.refused[route, "user"] += 1
            resp = self._refusal(bucket.reset_at - now, scope="user")
            self.stamp(resp, bucket)
            return resp, None
        return None, bucket

    def _bucket(self, route: str, params: Mapping[str, str]) -> Bucket:
        resource: tuple[str, ...] = ()
        for names in TOP_LEVEL:
            if all(n in params for n in names):
                resource = tuple(params[n] for n in names)
                break
        key = (route, resource)
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= 20_000:
                self._forget_idle()
            bucket = self.buckets[key] = Bucket(self.limit_of(route), bucket_hash(route))
        return bucket

    def _forget_idle(self) -> None:
        """Drop buckets whose window is over (a new request starts a fresh one anyway)."""
        now = self.clock.now()
        for key in [k for k, b in self.buckets.items() if now >= b.reset_at]:
            del self.buckets[key]

    def _count_second(self, now: float) -> None:
        second = int(now)
        if second != self._second:
            self._second, self._in_second = second, 0
        self._in_second += 1
        self.stats.peak_global_per_second = max(self.stats.peak_global_per_second, self._in_second)

    @staticmethod
    def _refusal(wait: float, *, scope: str) -> web.Response:
        retry_after = math.ceil(max(wait, 0.001) * 1000) / 1000
        headers = {
            "Retry-After": str(math.ceil(retry_after)),
            "X-RateLimit-Scope": scope,
            "Via": "1.1 google",
        }
        if scope == "global":
            headers["X-RateLimit-Global"] = "true"
        body = {
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": scope == "global",
        }
        return json_response(body, 429, headers)

    # --- after the handler --------------------------------------------------------------
    def stamp(self, resp: web.StreamResponse, bucket: Bucket | None) -> None:
        """The ``X-RateLimit-*`` headers of ``bucket`` on an answer."""
        if bucket is None:
            return
        # Rounded up to the millisecond: a client must never come back before the reset.
        reset_after = math.ceil(max(bucket.reset_at - self.clock.now(), 0.0) * 1000) / 1000
        resp.headers.update(
            {
                "X-RateLimit-Limit": str(bucket.limit.count),
                "X-RateLimit-Remaining": str(max(bucket.limit.count - bucket.used, 0)),
                "X-RateLimit-Reset": f"{self.clock.time() + reset_after:.3f}",
                "X-RateLimit-Reset-After": f"{reset_after:.3f}",
                "X-RateLimit-Bucket": bucket.hash,
            }
        )

    def served(self, resp: web.StreamResponse) -> None:
        """Count an invalid answer; enough of them in the window start a ban."""
        if resp.status not in (401, 403, 429) or resp.headers.get("X-RateLimit-Scope") == "shared":
            return
        now = self.clock.now()
        if now < self.banned_until:
            return  # Cloudflare answers during a ban; Discord does not count them
        self.stats.invalid += 1
        window = self._invalid_at
        window.append(now)
        while window and window[0] <= now - self.options.invalid_window:
            window.popleft()
        if self.enabled and len(window) >= self.options.invalid_limit:
            self.banned_until = now + self.options.ban_seconds
            self.stats.bans += 1
            window.clear()

    def invalid_in_window(self) -> int:
        """Invalid answers in the last ``options.invalid_window`` seconds."""
        cutoff = self.clock.now() - self.options.invalid_window
        return sum(1 for at in self._invalid_at if at > cutoff)
