"""The bot's Prometheus metrics: one registry per bot, filled from discord.py's public hooks
(``http_trace``, the ``interaction`` event), the log, the probes and registered gauges.

REST routes are labelled as templates (``POST /channels/{id}/messages``): never a token,
never an id, so the label set stays small. See ``docs/deploy.md``, "Health and metrics".
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from types import SimpleNamespace
from typing import Any

import aiohttp
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from . import probes

#: Discord allows 3 s to acknowledge an interaction; the buckets are dense below that.
ACK_BUCKETS = (0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0)
FAST_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
#: Interactions received and not yet acknowledged that are remembered (oldest dropped).
PENDING_LIMIT = 10_000
#: Discord's "invalid requests": too many in 10 minutes and Cloudflare bans the IP for a while.
INVALID = (401, 403, 429)

_API_PREFIX = re.compile(r"^/api/v\d+")
_TOKEN_AFTER = ("interactions", "webhooks")


def route_of(method: str, path: str) -> str | None:
    """``POST /channels/{id}/messages`` for a REST path; None for what is not the API."""
    found = _API_PREFIX.match(path)
    if found is None:
        return None
    parts = path[found.end() :].split("/")
    for i, part in enumerate(parts):
        if part.isdigit():
            parts[i] = "{id}"
        elif i >= 2 and parts[i - 2] in _TOKEN_AFTER and parts[i - 1] == "{id}":
            parts[i] = "{token}"  # an interaction's or webhook's token: a secret
    return f"{method} {'/'.join(parts)}"


class Metrics:
    """Counters, histograms and gauges of one bot, and the hooks that feed them."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.interactions = Counter(
            "gin_interactions", "Interactions received, by kind.", ["kind"], registry=r
        )
        self.ack_seconds = Histogram(
            "gin_interaction_ack_seconds",
            "From receiving an interaction to Discord accepting its acknowledgement.",
            ["kind"],
            buckets=ACK_BUCKETS,
            registry=r,
        )
        self.rest = Counter(
            "gin_rest_requests",
            "REST requests to Discord, by route template, rate-limit bucket and status.",
            ["route", "bucket", "status"],
            registry=r,
        )
        self.rest_seconds = Histogram(
            "gin_rest_request_seconds", "REST request time.", buckets=FAST_BUCKETS, registry=r
        )
        self.rate_limited = Counter(
            "gin_rest_rate_limited",
            "429 answers from Discord, by route template and scope.",
            ["route", "scope"],
            registry=r,
        )
        self.invalid = Counter(
            "gin_rest_invalid_requests",
            "Discord's invalid requests (401, 403, 429), which it limits per IP.",
            ["status"],
            registry=r,
        )
        self.commit_seconds = Histogram(
            "gin_store_commit_seconds", "Store COMMIT time.", buckets=FAST_BUCKETS, registry=r
        )
        self.picture_seconds = Histogram(
            "gin_picture_seconds", "Time to draw a picture.", buckets=FAST_BUCKETS, registry=r
        )
        self.errors = Counter(
            "gin_errors", "Log records at ERROR or above, by logger.", ["logger"], registry=r
        )
        self.loop_lag = Gauge(
            "gin_event_loop_lag_seconds",
            "How late the event loop last ran a timer (a stalled loop: seconds).",
            registry=r,
        )
        self._sources = _Sources()
        r.register(self._sources)
        self._pending: OrderedDict[int, tuple[float, str]] = OrderedDict()
        self._pending_lock = threading.Lock()
        self._errors = _ErrorCounter(self.errors)
        self._probe_sink = self._on_probe

    # --- what other components register ------------------------------------------------
    def gauge_source(self, name: str, documentation: str, value: Callable[[], float]) -> None:
        """A gauge whose value ``value()`` gives at each scrape: how a component exposes its
        own state (the outbox's depth and oldest item, issue #21) without knowing Prometheus.
        Registering a name again replaces its source."""
        self._sources.add(name, documentation, value)

    def remove_gauge_source(self, name: str) -> None:
        self._sources.remove(name)

    def render(self) -> bytes:
        """The text a Prometheus scrape gets."""
        return generate_latest(self.registry)

    # --- feeding ------------------------------------------------------------------------
    def start(self) -> None:
        """Listen to the log and the probes (undone by :meth:`stop`)."""
        logging.getLogger().addHandler(self._errors)
        probes.add_sink(self._probe_sink)

    def stop(self) -> None:
        logging.getLogger().removeHandler(self._errors)
        probes.remove_sink(self._probe_sink)

    def _on_probe(self, name: str, seconds: float) -> None:
        if name == probes.STORE_COMMIT:
            self.commit_seconds.observe(seconds)
        elif name == probes.PICTURE:
            self.picture_seconds.observe(seconds)

    def interaction_received(self, interaction_id: int, kind: str) -> None:
        self.interactions.labels(kind).inc()
        with self._pending_lock:
            self._pending[interaction_id] = (time.monotonic(), kind)
            while len(self._pending) > PENDING_LIMIT:
                self._pending.popitem(last=False)

    def rest_answered(
        self, method: str, path: str, status: int, headers: Any, seconds: float
    ) -> None:
        route = route_of(method, path)
        if route is None:
            return
        bucket = headers.get("X-RateLimit-Bucket") or "unknown"
        self.rest.labels(route, bucket, str(status)).inc()
        self.rest_seconds.observe(seconds)
        if status in INVALID:
            self.invalid.labels(str(status)).inc()
        if status == 429:
            self.rate_limited.labels(route, headers.get("X-RateLimit-Scope") or "unknown").inc()
        if status < 400 and route == "POST /interactions/{id}/{token}/callback":
            self._acknowledged(int(path.split("/interactions/")[1].split("/")[0]))

    def _acknowledged(self, interaction_id: int) -> None:
        with self._pending_lock:
            received = self._pending.pop(interaction_id, None)
        if received is not None:
            self.ack_seconds.labels(received[1]).observe(time.monotonic() - received[0])

    def trace_config(self) -> aiohttp.TraceConfig:
        """For discord.py's ``http_trace``: every REST request's outcome."""
        trace = aiohttp.TraceConfig()

        async def on_start(
            session: aiohttp.ClientSession, ctx: SimpleNamespace, params: Any
        ) -> None:
            ctx.started = time.perf_counter()

        async def on_end(
            session: aiohttp.ClientSession,
            ctx: SimpleNamespace,
            params: aiohttp.TraceRequestEndParams,
        ) -> None:
            seconds = time.perf_counter() - getattr(ctx, "started", time.perf_counter())
            response = params.response
            self.rest_answered(
                params.method, params.url.path, response.status, response.headers, seconds
            )

        trace.on_request_start.append(on_start)
        trace.on_request_end.append(on_end)
        return trace


class _Sources(Collector):
    """The registered gauge sources; a failing source is left out of that scrape."""

    def __init__(self) -> None:
        self._sources: dict[str, tuple[str, Callable[[], float]]] = {}

    def add(self, name: str, documentation: str, value: Callable[[], float]) -> None:
        self._sources[name] = (documentation, value)

    def remove(self, name: str) -> None:
        self._sources.pop(name, None)

    def describe(self) -> Iterable[Metric]:
        return []  # checked at each scrape, not at registration: sources come and go

    def collect(self) -> Iterator[Metric]:
        for name, (documentation, value) in list(self._sources.items()):
            try:
                current = float(value())
            except Exception:
                logging.getLogger("gin").warning("metric %s: its source failed", name)
                continue
            yield GaugeMetricFamily(name, documentation, value=current)


class _ErrorCounter(logging.Handler):
    def __init__(self, counter: Counter) -> None:
        super().__init__(level=logging.ERROR)
        self._counter = counter

    def emit(self, record: logging.LogRecord) -> None:
        self._counter.labels(record.name.split(".")[0]).inc()
