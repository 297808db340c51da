"""The pieces of /metrics and /healthz: route templates, the address setting, gauges a
component registers, the log's errors, the probes, an address already taken."""

from __future__ import annotations

import logging
import socket

import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.__main__ import explain
from bot.app.settings import Settings, SettingsError
from bot.ops import probes
from bot.ops.metrics import Metrics, route_of
from bot.ops.server import MetricsServerError, OpsServer


def values(metrics: Metrics) -> dict[str, float]:
    text = metrics.render().decode()
    return {
        s.name + "".join(f"|{k}={v}" for k, v in sorted(s.labels.items())): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


@pytest.mark.parametrize(
    ("method", "path", "route"),
    [
        ("POST", "/api/v10/channels/123/messages", "POST /channels/{id}/messages"),
        (
            "POST",
            "/api/v10/interactions/99/aW50ZXJhY3Rpb24.secret/callback",
            "POST /interactions/{id}/{token}/callback",
        ),
        (
            "PATCH",
            "/api/v10/webhooks/5/tok.en/messages/@original",
            "PATCH /webhooks/{id}/{token}/messages/@original",
        ),
        ("GET", "/api/v10/users/@me", "GET /users/@me"),
        ("GET", "/gateway", None),  # the websocket's handshake is not REST
    ],
)
def test_routes_are_templates_without_ids_or_tokens(method: str, path: str, route: str) -> None:
    assert route_of(method, path) == route


def test_rest_answers_count_by_route_bucket_status_and_the_invalid_ones() -> None:
    m = Metrics()
    m.rest_answered("GET", "/api/v10/users/@me", 200, {"X-RateLimit-Bucket": "abc"}, 0.01)
    m.rest_answered("POST", "/api/v10/channels/1/messages", 403, {}, 0.01)
    m.rest_answered(
        "POST", "/api/v10/channels/2/messages", 429, {"X-RateLimit-Scope": "shared"}, 0.01
    )
    got = values(m)
    assert got["gin_rest_requests_total|bucket=abc|route=GET /users/@me|status=200"] == 1
    assert (
        got["gin_rest_requests_total|bucket=unknown|route=POST /channels/{id}/messages|status=403"]
        == 1
    )
    assert got["gin_rest_invalid_requests_total|status=403"] == 1
    assert got["gin_rest_invalid_requests_total|status=429"] == 1
    assert got["gin_rest_rate_limited_total|route=POST /channels/{id}/messages|scope=shared"] == 1


def test_an_acknowledgement_is_timed_from_the_interaction_s_arrival() -> None:
    m = Metrics()
    m.interaction_received(77, "component")
    m.rest_answered("POST", "/api/v10/interactions/77/tok/callback", 204, {}, 0.01)
    m.rest_answered("POST", "/api/v10/interactions/77/tok/callback", 204, {}, 0.01)  # once
    got = values(m)
    assert got["gin_interactions_total|kind=component"] == 1
    assert got["gin_interaction_ack_seconds_count|kind=component"] == 1


def test_a_component_registers_gauges_and_a_failing_one_is_left_out(caplog) -> None:
    m = Metrics()
    depth = [3.0]
    m.gauge_source("gin_outbox_depth", "Items waiting in the outbox.", lambda: depth[0])
    m.gauge_source("gin_outbox_oldest_seconds", "Age of the oldest item.", lambda: 1 / 0)
    assert values(m)["gin_outbox_depth"] == 3
    depth[0] = 5
    got = values(m)
    assert got["gin_outbox_depth"] == 5
    assert "gin_outbox_oldest_seconds" not in got
    assert "gin_outbox_oldest_seconds: its source failed" in caplog.text
    m.remove_gauge_source("gin_outbox_depth")
    assert "gin_outbox_depth" not in values(m)


def test_errors_logged_and_probes_are_counted_while_started() -> None:
    m = Metrics()
    m.start()
    try:
        logging.getLogger("gin.somewhere").error("boom")
        logging.getLogger("discord.http").warning("not an error")
        probes.record(probes.STORE_COMMIT, 0.002)
        with probes.timed(probes.PICTURE):
            pass
    finally:
        m.stop()
    logging.getLogger("gin").error("after stop: not counted")
    probes.record(probes.STORE_COMMIT, 0.002)
    got = values(m)
    assert got["gin_errors_total|logger=gin"] == 1
    assert "gin_errors_total|logger=discord" not in got
    assert got["gin_store_commit_seconds_count"] == 1
    assert got["gin_picture_seconds_count"] == 1


@pytest.mark.parametrize(
    ("raw", "address"),
    [("9108", ("127.0.0.1", 9108)), ("0.0.0.0:9108", ("0.0.0.0", 9108)), ("[::1]:80", ("::1", 80))],
)
def test_the_address_setting(raw: str, address: tuple[str, int]) -> None:
    env = {"DISCORD_TOKEN": "x", "GIN_METRICS_ADDRESS": raw}
    assert Settings.from_env(env, env_file=None).metrics_address == address


@pytest.mark.parametrize("raw", ["host:", "localhost:99999", "x y:80", "nine"])
def test_a_wrong_address_is_one_sentence(raw: str) -> None:
    with pytest.raises(SettingsError, match=r"GIN_METRICS_ADDRESS must be a port or host:port"):
        Settings.from_env({"DISCORD_TOKEN": "x", "GIN_METRICS_ADDRESS": raw}, env_file=None)


def test_off_by_default() -> None:
    assert Settings.from_env({"DISCORD_TOKEN": "x"}, env_file=None).metrics_address is None


async def test_an_address_in_use_stops_the_start_with_one_sentence() -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        server = OpsServer(object(), Metrics(), ("127.0.0.1", port))
        with pytest.raises(MetricsServerError) as caught:
            await server.start()
    finally:
        taken.close()
    settings = Settings(token="x")
    assert explain(caught.value, settings) == (
        f"Could not listen on 127.0.0.1:{port} for /healthz and /metrics (GIN_METRICS_ADDRESS): "
        "Address already in use; choose a free port or unset it."
    )
