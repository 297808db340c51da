"""A command as the reader types it: ``/gin registros estadisticas``."""

from __future__ import annotations

from bot.i18n import DEFAULT, Language, keys, t
from bot.i18n.command_keys import command_key

__all__ = ["shown_path"]


def shown_path(qualified_name: str, language: Language = DEFAULT) -> str:
    """``/gin records stats`` as a reader of `language` types it: each part by the name
    Discord shows them (``/gin registros estadisticas``), the code's own name where none is
    given."""
    parts = qualified_name.split()
    shown = []
    for end in range(1, len(parts) + 1):
        key = command_key(" ".join(parts[:end]), "name")
        shown.append(t(language, key) if key in keys(language) else parts[end - 1])
    return "/" + " ".join(shown)
