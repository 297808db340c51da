"""A player's and a server's settings in words: `/gin me settings`, `/gin-admin language`."""

from __future__ import annotations

from bot.i18n import DEFAULT, LANGUAGES, Language, t
from bot.store.models import PlayerSettings
from bot.text.commands import shown_path

__all__ = ["LANGUAGE_NAMES", "player_settings_text", "server_language_text"]

#: The languages a player can choose, by their own names (each catalog's `language-name`).
LANGUAGE_NAMES: dict[Language, str] = {
    language: t(language, "language-name") for language in LANGUAGES
}


def player_settings_text(current: PlayerSettings, language: Language = DEFAULT) -> str:
    """What `/gin me settings` answers: every setting as it now is."""

    def on(flag: bool) -> str:
        return t(language, "reply-on" if flag else "reply-off")

    chosen = LANGUAGE_NAMES.get(current.language or "", t(language, "reply-language-discord"))
    return t(
        language,
        "reply-settings",
        images=on(current.images),
        four=on(current.four_colour),
        dark=on(current.dark),
        alerts=on(current.turn_alerts),
        language=chosen,
    )


def server_language_text(
    chosen: Language | None,
    discords: Language,
    *,
    changed: bool,
    command: str,
    language: Language = DEFAULT,
) -> str:
    """What `/gin-admin language` answers: the server's language `chosen` by an admin (None:
    it follows Discord's server language, `discords`), just `changed` or as it stands;
    `command` is the command's qualified name, shown as the reader types it."""
    follows = LANGUAGE_NAMES[discords]
    if changed:
        if chosen is None:
            return t(language, "reply-server-language-cleared", language=follows)
        return t(language, "reply-server-language-set", language=LANGUAGE_NAMES[chosen])
    shown = f"`{shown_path(command, language)}`"
    if chosen is None:
        return t(language, "reply-server-language-follows", language=follows, command=shown)
    return t(
        language, "reply-server-language-chosen", language=LANGUAGE_NAMES[chosen], command=shown
    )
