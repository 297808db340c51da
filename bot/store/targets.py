"""What a store's target names: a PostgreSQL URL or a SQLite file path, and how to log it."""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit


def is_postgres_url(target: str) -> bool:
    """A PostgreSQL URL (`postgresql://...` or `postgres://...`), not a SQLite file path."""
    return target.startswith(("postgresql://", "postgres://"))


def shown_target(target: str | os.PathLike[str]) -> str:
    """The store's target fit for logs: a URL without its password, a path as it is."""
    text = str(target)
    parts = urlsplit(text)
    if not is_postgres_url(text) or parts.password is None:
        return text
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))
