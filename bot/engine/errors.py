"""Errors the engine raises for moves the rules forbid."""

from __future__ import annotations

__all__ = ["IllegalAction"]


class IllegalAction(Exception):
    """A move the rules forbid: a catalog key (``code``) and its values, no words.

    The engine speaks no language: ``bot.i18n`` turns ``code`` and ``values`` into a sentence
    for the reader (``errors.ftl``, key ``illegal-<code>``). ``str(error)`` is the code and
    values, for logs.
    """

    def __init__(self, code: str, **values: object) -> None:
        detail = ", ".join(f"{k}={v}" for k, v in sorted(values.items()))
        super().__init__(f"{code} ({detail})" if detail else code)
        self.code = code
        self.values = values
