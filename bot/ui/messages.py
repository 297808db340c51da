"""Discord messages for the game: embeds and controls built from the services' plain data.

No game logic: which controls exist comes from the seat's own `RoundView.legal`, and the
cards shown in a DM come from that seat's own view only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.games.model import MatchSummary, SeatInfo, TableState
from bot.i18n import DEFAULT, Language, t
from bot.kernel.memo import remember
from bot.outbox.write import strip_rows
from bot.text import hands as present
from bot.text.names import named
from bot.ui.components import (
    ChallengeButton,
    LobbyButton,
)
from bot.ui.cycles import Upload, empty
from bot.ui.written import WrittenLayout

GREEN = discord.Colour.dark_green()
GOLD = discord.Colour.gold()
GREY = discord.Colour.light_grey()


@dataclass(frozen=True, slots=True)
class Message:
    """What to send or edit: text, one embed, the controls and pictures (name, PNG bytes,
    alt text: the description Discord reads to screen readers). A `LayoutView` is the whole
    message (Components V2): no text, no embed."""

    content: str | None
    embed: discord.Embed | None
    view: discord.ui.View | discord.ui.LayoutView | None
    files: tuple[tuple[str, bytes, str], ...] = ()
    #: Its controls are all plain payloads (`bot/ui/shown_buttons.py`, a hand): none is kept
    #: by discord.py for dispatch, so `release` need not look (a hand is released at every
    #: move).
    payloads: bool = False

    @property
    def layout(self) -> bool:
        """A Components V2 message (flag ``1 << 15``): its text is in its components."""
        return isinstance(self.view, discord.ui.LayoutView)

    def release(self) -> None:
        """Once sent: break the cycle between the controls and their view (each item points
        back at it), so they are freed at once instead of by the garbage collector's full
        passes, which stop the bot for 100 ms and more under load. Views with items that
        discord.py keeps for dispatch (not `DynamicItem`s) are left alone."""
        view = self.view
        if view is None or isinstance(view, WrittenLayout):
            return  # a written layout holds no items: nothing in it points back at it
        if self.payloads or all(
            isinstance(item, discord.ui.DynamicItem) or not item.is_dispatchable()
            for item in _items(view)
        ):
            empty(view)

    def _files(self) -> list[discord.File]:
        return [
            discord.File(Upload(data), filename=name, description=alt[:1024] or None)
            for name, data, alt in self.files
        ]

    def kwargs(self) -> dict[str, Any]:
        """For an edit: the pictures given replace the message's old ones. A layout sends
        no text nor embed: both are cleared (null), which is how Discord turns a classic
        message into a Components V2 one (its Edit Message route: the flag can only be set,
        and the message's content and embeds must be null)."""
        out: dict[str, Any] = {"content": self.content, "embed": self.embed, "view": self.view}
        if self.layout:
            out["content"] = out["embed"] = None
        # No pictures given: the old ones go too (a hand turned into the match's result).
        out["attachments"] = self._files()
        return out

    def send_kwargs(self) -> dict[str, Any]:
        """For a new message (or an interaction's first answer); no None values, and for a
        layout neither text nor embed (Discord refuses them beside it)."""
        pairs = (("content", self.content), ("embed", self.embed), ("view", self.view))
        out: dict[str, Any] = {
            k: v for k, v in pairs if v is not None and not (self.layout and k != "view")
        }
        if self.files:
            out["files"] = self._files()
        return out

    def with_picture(self, name: str, data: bytes, alt: str = "") -> Message:
        """The same message with a picture shown as the embed's image (a layout: in a media
        gallery at the end of its container); `alt` says in words what it shows (by default
        the embed's own text)."""
        if isinstance(self.view, discord.ui.LayoutView):
            gallery: discord.ui.MediaGallery[Any] = discord.ui.MediaGallery(
                discord.MediaGalleryItem(f"attachment://{name}", description=alt[:1024] or None)
            )
            view = _items_of(self.view)
            box = next((i for i in view.children if isinstance(i, discord.ui.Container)), None)
            (box or view).add_item(gallery)
            return Message(None, None, view, (*self.files, (name, data, alt)))
        if self.embed is not None:
            self.embed.set_image(url=f"attachment://{name}")
        text = alt or plain(self.embed.description or "") if self.embed is not None else alt
        return Message(self.content, self.embed, self.view, (*self.files, (name, data, text)))

    def without_controls(self) -> Message:
        """The same message without its controls: a layout keeps its text and pictures and
        drops its rows of buttons (a Components V2 message cannot be left empty)."""
        if not isinstance(self.view, discord.ui.LayoutView):
            return Message(self.content, self.embed, None, self.files)
        return Message(None, None, strip_rows(_items_of(self.view)), self.files)


def _items_of(view: discord.ui.LayoutView) -> discord.ui.LayoutView:
    """`view` as discord.py's items (a hand is written as its payload: `bot/ui/written.py`)."""
    return view.tree() if isinstance(view, WrittenLayout) else view


def as_layout(message: Message) -> Message:
    """An embed message as a Components V2 layout (a container of its title, text and
    fields, then its controls): what a hand message, a layout since the cards became
    buttons, is edited into at the end (Discord cannot turn it back into an embed)."""
    embed = message.embed
    layout = discord.ui.LayoutView(timeout=None)
    if embed is not None:
        box: discord.ui.Container[Any] = discord.ui.Container(accent_colour=embed.colour)
        if embed.title:
            box.add_item(discord.ui.TextDisplay(f"### {embed.title}"[:4000]))
        if embed.description:
            box.add_item(discord.ui.TextDisplay(embed.description[:4000]))
        for field in embed.fields:
            box.add_item(discord.ui.TextDisplay(f"**{field.name}**\n{field.value}"[:4000]))
        layout.add_item(box)
    if message.content:
        layout.add_item(discord.ui.TextDisplay(message.content[:4000]))
    if message.view is not None:
        row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        for item in list(message.view.children):
            row.add_item(item)
        layout.add_item(row)
    return Message(None, None, layout, message.files)


def _items(view: discord.ui.View | discord.ui.LayoutView) -> list[discord.ui.Item[Any]]:
    """The view's controls and, in a layout, everything nested (rows, text, separators)."""
    if isinstance(view, discord.ui.LayoutView):
        return list(view.walk_children())
    return list(view.children)


def plain(text: str) -> str:
    """Markdown left out, for alt text: `**Gin** by Alice` reads `Gin by Alice`."""
    return text.replace("**", "").replace("*", "").replace("__", "")


def _names(state: TableState) -> tuple[str, ...]:
    return tuple(s.name + (" 🤖" if s.computer else "") for s in state.seats)


def table_title(state: TableState, locale: Language = DEFAULT) -> str:
    return t(
        locale, "table-title", table=state.table_id, rules=state.rules.name, target=state.target
    )


#: (names, scores, scoring, language) -> the scores line: the same at every move of a
#: round (a hand and a board show it at each).
_SCORES_LINES: dict[tuple[tuple[str, ...], tuple[int, ...], str, str], str] = {}
#: Lines kept at most (then forgotten at once).
_SCORES_LINES_KEPT = 4096


def _scores_line(state: TableState, locale: Language = DEFAULT) -> str:
    names = _names(state)
    key = (names, state.scores, state.rules.scoring, locale)
    found = _SCORES_LINES.get(key)
    if found is not None:
        return found
    scores = " · ".join(
        t(locale, "labelled", label=n, value=str(s))
        for n, s in zip(names, state.scores, strict=False)
    )
    line = t(locale, "scores-line", scores=scores, penalty=state.rules.scoring == "penalty")
    return remember(_SCORES_LINES, key, line, _SCORES_LINES_KEPT)


def _away(state: TableState) -> frozenset[int]:
    return frozenset(s.seat for s in state.seats if s.removed)


def _resigned(state: TableState) -> frozenset[int]:
    return frozenset(s.seat for s in state.seats if s.resigned)


def _out_marker(seat: SeatInfo, locale: Language) -> str:
    """A seat out of the match: resigned, or removed for being away."""
    if seat.resigned:
        return t(locale, "seat-resigned")
    return t(locale, "seat-away") if seat.removed else ""


def _deadline(state: TableState, locale: Language = DEFAULT) -> str:
    if state.turn_deadline_ts is None:
        return ""
    return t(locale, "deadline", when=f"<t:{int(state.turn_deadline_ts)}:R>")


# ----- the lobby and the results (the board: `bot/ui/board_layout.py`) ----------------


def _public_turn(phase: str, who: str, locale: Language = DEFAULT) -> str:
    if phase == "first_turn":
        return t(locale, "turn-first", who=who)
    if phase == "draw":
        return t(locale, "turn-draw", who=who)
    return t(locale, "turn-discard", who=who)


def lobby_message(
    state: TableState, *, closed: str | None = None, locale: Language = DEFAULT
) -> Message:
    state = named(state, locale)
    names = _names(state)
    embed = discord.Embed(title=table_title(state, locale), colour=GOLD)
    seated = "\n".join(f"{i + 1}. {n}" for i, n in enumerate(names)) or "—"
    embed.add_field(
        name=t(locale, "field-players", seated=len(names), seats=state.seat_count), value=seated
    )
    if closed:
        embed.description = closed
        return Message(None, embed, None)
    embed.description = t(locale, "lobby-join")
    view = discord.ui.View(timeout=None)
    for op, style in (
        ("join", discord.ButtonStyle.success),
        ("leave", discord.ButtonStyle.secondary),
        ("start", discord.ButtonStyle.primary),
        ("computer", discord.ButtonStyle.secondary),
    ):
        view.add_item(LobbyButton(state.table_id, op, t(locale, f"button-lobby-{op}"), style))
    return Message(None, embed, view)


def reveal_lines(state: TableState, locale: Language = DEFAULT) -> list[str]:
    """The end of a round in words: every hand with melds, lay-offs and deadwood, and the
    points (the reveal, `bot/ui/result_layout.py`)."""
    state = named(state, locale)
    pub = state.public
    assert pub is not None and pub.result is not None
    names = _names(state)
    lines = present.result_text(pub.result, names, state.rules, locale)
    if pub.result.settlement is None and pub.result.hands:
        for seat, hand in enumerate(pub.result.hands):
            text, dw = present.hand_text(hand, locale)
            lines.append(t(locale, "reveal-line", name=names[seat], cards=text, deadwood=dw))
    lines.extend(last_round_lines(state, locale))
    return lines


def last_round_lines(state: TableState, locale: Language = DEFAULT) -> list[str]:
    """After the round that ended the match: it is over, and each final score with the
    bonuses that took it past the round points (the engine's breakdown)."""
    if not state.match_over:
        return []
    state = named(state, locale)
    lines = [t(locale, "last-round-match-over", penalty=state.rules.scoring == "penalty")]
    for seat, name in enumerate(_names(state)):
        total = present.total_text(
            seat, state.breakdown, state.scores[seat], state.rules.scoring, locale
        )
        lines.append(t(locale, "last-round-total", name=name, total=total))
    return lines


def summary_lines(
    state: TableState, summary: MatchSummary, locale: Language = DEFAULT
) -> list[str]:
    """The end of a match: who won and how, and every seat's final score with its parts
    (round points, shutout, game and line bonus), as the engine totalled them."""
    state = named(state, locale)
    names = _names(state)
    winner = names[summary.winner] if summary.winner is not None else t(locale, "nobody")
    loser = names[summary.loser] if summary.loser is not None else None
    if summary.ended_by == "resign" and loser is not None:
        head = t(locale, "summary-resigned", loser=loser, winner=winner)
    elif summary.ended_by in ("timeout", "forfeit") and loser is not None:
        head = t(locale, "summary-forfeit", loser=loser, winner=winner)
    else:
        head = t(locale, "summary-wins", winner=winner)
    lines = [head]
    for seat, name in enumerate(names):
        won = summary.rounds_won[seat] if seat < len(summary.rounds_won) else 0
        total = present.total_text(
            seat, summary.breakdown, summary.totals[seat], summary.scoring, locale
        )
        line = t(locale, "summary-seat", name=name, total=total, won=won)
        if seat in summary.resigned:
            line += t(locale, "summary-left")
        elif seat in summary.removed:
            line += t(locale, "summary-removed")
        lines.append(line)
    if summary.tie_break is not None and summary.winner is not None:
        lines.append(t(locale, f"summary-tie-{summary.tie_break.replace('_', '-')}", winner=winner))
    return lines


def final_hand_message(
    state: TableState, summary: MatchSummary, extra: Sequence[str] = (), locale: Language = DEFAULT
) -> Message:
    """A player's hand message once the match is over: the result, no controls."""
    state = named(state, locale)
    lines = summary_lines(state, summary, locale)
    pub = state.public
    if pub is not None and pub.result is not None and summary.ended_by == "score":
        result = present.short_result(pub.result, _names(state), state.rules, locale)
        lines.insert(0, t(locale, "final-round", round=pub.round_no, result=result))
    lines.extend(extra)
    embed = discord.Embed(
        title=t(locale, "match-over-rules-title", table=state.table_id, rules=state.rules.name),
        description="\n".join(lines)[:4096],
        colour=GOLD,
    )
    return as_layout(Message(None, embed, None))


def called_off_message(state: TableState, note: str, locale: Language = DEFAULT) -> Message:
    """A hand message once its match was called off (it counts nowhere)."""
    embed = discord.Embed(
        title=t(locale, "table-rules-title", table=state.table_id, rules=state.rules.name),
        description=note or t(locale, "called-off"),
        colour=GREY,
    )
    return as_layout(Message(None, embed, None))


def removed_message(state: TableState, seat: int, locale: Language = DEFAULT) -> Message:
    """What a player out of the match (away too long, or resigned) reads in their hand
    message."""
    others = [s.name for s in named(state, locale).seats if not s.removed]
    embed = discord.Embed(
        title=t(locale, "table-rules-title", table=state.table_id, rules=state.rules.name),
        description=t(locale, "removed-resigned", others=", ".join(others))
        if state.seats[seat].resigned
        else t(locale, "removed-away"),
        colour=GREY,
    )
    return as_layout(Message(None, embed, None))


# ----- challenges ----------------------------------------------------------------------------


def challenge_message(
    challenge_id: int,
    challenger: str,
    opponent_mention: str,
    rules: str,
    target: int,
    expires_ts: int,
    *,
    status: str | None = None,
    for_opponent: bool = False,
    locale: Language = DEFAULT,
) -> Message:
    """A challenge: in the server's language in the channel, in the opponent's own by DM
    (`for_opponent`)."""
    embed = discord.Embed(
        title=t(locale, "challenge-title"),
        description=t(
            locale,
            "challenge-text",
            challenger=challenger,
            opponent="" if for_opponent else opponent_mention,
            you=for_opponent,
            rules=rules,
            target=target,
        ),
        colour=GOLD,
    )
    if status is not None:
        embed.add_field(name=t(locale, "field-status"), value=status)
        return Message(None, embed, None)
    embed.add_field(name=t(locale, "field-expires"), value=f"<t:{expires_ts}:R>")
    view = discord.ui.View(timeout=None)
    view.add_item(
        ChallengeButton(
            challenge_id, "accept", t(locale, "button-accept"), discord.ButtonStyle.success
        )
    )
    view.add_item(
        ChallengeButton(
            challenge_id, "decline", t(locale, "button-decline"), discord.ButtonStyle.danger
        )
    )
    if not for_opponent:
        view.add_item(
            ChallengeButton(
                challenge_id, "cancel", t(locale, "button-cancel"), discord.ButtonStyle.secondary
            )
        )
    return Message(None, embed, view)
