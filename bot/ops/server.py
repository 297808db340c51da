"""The bot's HTTP endpoint for operators (``GIN_METRICS_ADDRESS``): ``/healthz`` and
``/metrics``, served by aiohttp inside the bot's own event loop."""

from __future__ import annotations

import json
import logging
import os
from typing import Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from . import health
from .metrics import Metrics

log = logging.getLogger("gin")


class MetricsServerError(Exception):
    """The address cannot be listened on; the message is one sentence for the operator."""


class OpsServer:
    """``/healthz``: 200 when every check passes, else 503; the body says each check's state.
    ``/metrics``: Prometheus' text format."""

    def __init__(self, bot: Any, metrics: Metrics, address: tuple[str, int]) -> None:
        self.bot = bot
        self.metrics = metrics
        self.address = address
        self.watch = health.LoopWatch()
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/metrics", self.scrape)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        host, port = self.address
        try:
            await web.TCPSite(runner, host, port).start()
        except OSError as exc:
            await runner.cleanup()
            raise MetricsServerError(
                f"Could not listen on {host}:{port} for /healthz and /metrics "
                f"(GIN_METRICS_ADDRESS): {os.strerror(exc.errno) if exc.errno else exc}; choose a free port or unset it."
            ) from exc
        self._runner = runner
        self.watch.start()
        self.metrics.start()
        self.bot.add_listener(self._on_interaction, "on_interaction")
        self.metrics.gauge_source(
            "gin_live_tables", "Tables in play held by this process.", self._live_tables
        )
        self.metrics.gauge_source(
            "gin_gateway_connected",
            "1 when every shard of this process is connected, else 0.",
            lambda: float(health.gateway(self.bot).ok),
        )
        log.info("health and metrics on http://%s:%d/healthz and /metrics", host, port)

    async def _on_interaction(self, interaction: Any) -> None:
        self.metrics.interaction_received(interaction.id, interaction.type.name)

    def _live_tables(self) -> float:
        services = self.bot.services  # None until open: the gauge is then left out
        return float(len(services.tables.live_ids()))

    async def stop(self) -> None:
        self.bot.remove_listener(self._on_interaction, "on_interaction")
        self.metrics.stop()
        await self.watch.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def checks(self) -> list[health.Check]:
        services = getattr(self.bot, "services", None)
        return [
            health.gateway(self.bot),
            await health.store(None if services is None else services.store),
            self.watch.check(),
        ]

    async def healthz(self, request: web.Request) -> web.Response:
        checks = await self.checks()
        healthy = all(c.ok for c in checks)
        body = {
            "healthy": healthy,
            "checks": {c.name: {"ok": c.ok, "detail": c.detail} for c in checks},
        }
        return web.Response(
            status=200 if healthy else 503,
            text=json.dumps(body, indent=1),
            content_type="application/json",
        )

    async def scrape(self, request: web.Request) -> web.Response:
        self.metrics.loop_lag.set(self.watch.lag)
        return web.Response(
            body=self.metrics.render(), headers={"Content-Type": CONTENT_TYPE_LATEST}
        )
