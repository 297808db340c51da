"""``gin-bot healthcheck``: ask the running bot's ``/healthz`` (at ``GIN_METRICS_ADDRESS``)
and exit 0 when it is healthy, 1 otherwise: the image's ``HEALTHCHECK``, with no curl."""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request

from bot.app.settings import Settings, SettingsError

TIMEOUT = 4.0


def command() -> int:
    try:
        # The token is not needed to ask; a placeholder keeps the settings' own checks.
        settings = Settings.from_env({**os.environ, "DISCORD_TOKEN": "unused"})
    except SettingsError as exc:
        print(f"gin-bot: {exc}", file=sys.stderr)
        return 1
    if settings.metrics_address is None:
        print(
            "gin-bot: GIN_METRICS_ADDRESS is not set: the bot serves no /healthz.", file=sys.stderr
        )
        return 1
    host, port = settings.metrics_address
    if host in ("0.0.0.0", "::", ""):  # listening everywhere: ask on loopback
        host = "127.0.0.1"
    url = f"http://[{host}]:{port}/healthz" if ":" in host else f"http://{host}:{port}/healthz"
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as answer:
            print(answer.read().decode())
            return 0
    except urllib.error.HTTPError as exc:  # 503: the body says which check failed
        print(exc.read().decode(), file=sys.stderr)
    except OSError as exc:
        print(f"gin-bot: no answer from {url} ({exc}).", file=sys.stderr)
    return 1
