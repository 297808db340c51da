"""Small wording helpers for the tournament texts."""

from __future__ import annotations

__all__ = ["plural"]


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 round``, ``3 rounds``, ``0 rounds`` (``many`` for irregular words)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"
