"""What a tournament's messages look like: the sign-up message (an embed with the persistent
Join / Leave buttons) and the standings embed, in the language asked for."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.app.command_group import GROUP_NAME
from bot.i18n import t
from bot.text.tournaments import bracket_text, standings_text
from bot.tournaments._model import TournamentInfo
from bot.ui.components import NUM, handled, handlers_of

#: The tournament commands' group under /gin, and how players type it.
GROUP = "tournament"
PATH = f"{GROUP_NAME} {GROUP}"
EMBED_COLOUR = 0x2E7D32


def _code(text: str) -> str:
    return f"```\n{text}\n```"


class SignupButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"gin:tj:(?P<id>{NUM}):(?P<op>join|leave)",
):
    """Join / Leave on a sign-up message (persistent: works after a restart)."""

    def __init__(self, tournament_id: int, op: str, locale: str = "en") -> None:
        self.tournament_id, self.op = tournament_id, op
        style = discord.ButtonStyle.success if op == "join" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=t(locale, f"signup-{op}"),
                style=style,
                custom_id=f"gin:tj:{tournament_id}:{op}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SignupButton:
        return cls(int(match["id"]), match["op"])

    @handled
    async def callback(self, interaction: discord.Interaction) -> None:
        await handlers_of(self, interaction).on_signup(interaction, self.tournament_id, self.op)


def signup_view(tournament_id: int, locale: str = "en") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SignupButton(tournament_id, "join", locale))
    view.add_item(SignupButton(tournament_id, "leave", locale))
    return view


def command_path(path: str, sub: str, locale: str) -> str:
    """How a reader of ``locale`` types a tournament command: ``/gin torneo empezar`` (the
    names Discord shows them, from commands.ftl); the code's own names when the group is
    not under /gin."""
    if path.split() != [GROUP_NAME, GROUP]:
        return f"/{path} {sub}"
    keys = ("cmd-gin-name", "cmd-gin-tournament-name", f"cmd-gin-tournament-{sub}-name")
    return "/" + " ".join(t(locale, key) for key in keys)


def signup_embed(info: TournamentInfo, locale: str, path: str = PATH) -> discord.Embed:
    """The sign-up message (``path``: how the tournament commands are typed)."""
    head = t(
        locale, "signup-format", format=t(locale, "tournament-format", format=info.format.value)
    )
    extras = [head]
    if info.rounds:
        extras.append(t(locale, "signup-rounds", count=info.rounds))
    if info.duplicate:
        extras.append(t(locale, "signup-duplicate"))
    details = [
        ", ".join(extras),
        t(locale, "signup-rules", rules=info.rules, target=info.target),
    ]
    if info.max_players:
        details.append(t(locale, "signup-places", count=len(info.entrants), most=info.max_players))
    names = ", ".join(name for _, name in info.entrants) or t(locale, "signup-nobody")
    details.append(t(locale, "signup-entrants", count=len(info.entrants), names=names))
    if info.status == "signup":
        command = command_path(path, "start", locale)
        details.append(t(locale, "signup-press-join", command=command))
    else:
        status = t(locale, "tournament-status-word", status=info.status)
        details.append(t(locale, "signup-closed", status=status))
    return discord.Embed(
        title=f"🏆 {info.name} (#{info.id})", description="\n".join(details), colour=EMBED_COLOUR
    )


def standings_embed(
    info: TournamentInfo, locale: str = "en", *, final: bool = False
) -> discord.Embed:
    if final:
        head = t(locale, "standings-final")
    elif info.total_rounds:
        head = t(locale, "standings-after-of", round=info.round_no, total=info.total_rounds)
    else:
        head = t(locale, "standings-after", round=info.round_no)
    parts = [f"**{head}**", _code(standings_text(info, locale) or t(locale, "standings-none"))]
    bracket = bracket_text(info, locale)
    if bracket:
        parts.append(_code(bracket))
    text = "\n".join(parts)
    return discord.Embed(title=f"🏆 {info.name}", description=text[:4000], colour=EMBED_COLOUR)
