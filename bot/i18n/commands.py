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

from typing import Any

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n.catalog import DEFAULT, keys, t
from bot.i18n.command_keys import choice_key, command_key, slug
from bot.i18n.locales import resolve_locale

__all__ = [
    "CatalogTranslator",
    "choice_key",
    "command_key",
    "default_description",
    "key_for",
    "named_choice",
]


def key_for(
    string: app_commands.locale_str, context: app_commands.TranslationContext[Any, Any]
) -> str | None:
    """The catalog key of what discord.py asks to translate, or None if we don't translate it."""
    where, data = context.location, context.data
    if where in (Where.command_name, Where.group_name):
        if isinstance(data, app_commands.ContextMenu):
            return f"menu-{slug(data.name)}-name"
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


def named_choice(code: str) -> app_commands.locale_str:
    """A choice shown by its English name (``choice-<code>`` in the catalog: "Round robin"),
    carrying its code as the key the translator looks up for the other languages."""
    return app_commands.locale_str(t(DEFAULT, choice_key(code)), key=code)


def default_description(qualified_name: str) -> str:
    """A command's description in English, the code's own text (``commands.ftl``): for
    commands built at run time rather than declared with a literal."""
    return t(DEFAULT, command_key(qualified_name, "description"))


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
