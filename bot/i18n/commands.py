"""Slash commands in the user's language: a ``discord.app_commands.Translator``.

discord.py asks the translator, when it syncs the tree, for each command's name and
description, each option's and each choice's name, in every Discord locale; what we return
becomes ``name_localizations`` / ``description_localizations``. The catalog keys
(``commands.ftl``) come from the command's qualified name:

- a command or group: ``cmd-gin-challenge-name``, ``cmd-gin-challenge-description``
- an option: ``cmd-gin-challenge-opt-opponent-name``, ``...-opt-opponent-description``
- a choice (shared by every option that offers it): ``choice-cardgames``
- a context menu (right-click on a member): ``menu-challenge-name``

English is the code's own text (Discord's default), so the translator answers only for the
other languages; a key missing there gives None and Discord shows the English.
"""

from __future__ import annotations

import re
from typing import Any

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n.catalog import DEFAULT, keys, t
from bot.i18n.locales import Language, resolve_locale

__all__ = ["CatalogTranslator", "choice_key", "command_key", "key_for", "shown_path"]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9_-]+", "-", text.lower()).strip("-")


def command_key(qualified_name: str, part: str) -> str:
    """``("gin challenge", "name")`` → ``cmd-gin-challenge-name``."""
    return f"cmd-{qualified_name.replace(' ', '-')}-{part}"


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


def choice_key(name: str) -> str:
    """``"round_robin"`` → ``choice-round_robin``."""
    return f"choice-{_slug(name)}"


def key_for(
    string: app_commands.locale_str, context: app_commands.TranslationContext[Any, Any]
) -> str | None:
    """The catalog key of what discord.py asks to translate, or None if we don't translate it."""
    where, data = context.location, context.data
    if where in (Where.command_name, Where.group_name):
        if isinstance(data, app_commands.ContextMenu):
            return f"menu-{_slug(data.name)}-name"
        return command_key(data.qualified_name, "name")
    if where in (Where.command_description, Where.group_description):
        return command_key(data.qualified_name, "description")
    if where in (Where.parameter_name, Where.parameter_description):
        part = "name" if where is Where.parameter_name else "description"
        return command_key(data.command.qualified_name, f"opt-{data.name}-{part}")
    if where is Where.choice_name:
        # A choice named in words carries the key of its value (``Round robin``: round_robin).
        return choice_key(str(string.extras.get("key") or string.message))
    return None


class CatalogTranslator(app_commands.Translator):
    """Command names and descriptions from the catalogs (``bot.tree.set_translator(...)``)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        language = resolve_locale(locale)
        if language == DEFAULT:
            return None  # English is the default text; other locales we don't speak fall back
        key = key_for(string, context)
        if key is None or key not in keys(language):
            return None
        return t(language, key)
