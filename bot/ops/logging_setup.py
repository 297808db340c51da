"""Logging for ``python -m bot``: one stream to stderr, secrets redacted."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable

FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"


class RedactSecrets(logging.Filter):
    """Replace secrets (the token) in every record, whoever logs it."""

    def __init__(self, secrets: Iterable[str]) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.secrets:
            return True
        text = record.getMessage()
        if any(s in text for s in self.secrets):
            for secret in self.secrets:
                text = text.replace(secret, "[redacted]")
            record.msg = text
            record.args = None
        return True


def setup_logging(level: str = "INFO", *, secrets: Iterable[str] = ()) -> None:
    """Send every logger to stderr at ``level``; discord.py stays at INFO or quieter."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(RedactSecrets(secrets))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # discord.py's DEBUG logs every gateway frame; keep it out unless asked for explicitly.
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLevelName(level)))
