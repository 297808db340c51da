"""Words people read, in their language: English, Spanish and French (Project Fluent catalogs).

- :func:`t` — ``t("es", "not-your-turn")`` → ``"No es tu turno."``
- :func:`resolve_locale` — a Discord locale (``"es-419"``) → one of :data:`LANGUAGES`
- :mod:`bot.i18n.cards` — card names and suits in each language
- :mod:`bot.i18n.commands` — the slash commands' names and descriptions (an app_commands
  Translator)

See docs/i18n.md for the catalogs, the keys and how to add a language.
"""

from bot.i18n.catalog import DEFAULT, LANGUAGES, keys, t
from bot.i18n.locales import pick_language, resolve_locale
from bot.i18n.sentences import Coded, Said, render, said

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "Coded",
    "Said",
    "keys",
    "pick_language",
    "render",
    "said",
    "resolve_locale",
    "t",
]
