"""Discord messages for the game: embeds and controls built from the services' plain data.

No game logic: which controls exist comes from the seat's own `RoundView.legal`, and the
cards shown in a DM come from that seat's own view only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.engine import best_melds
from bot.engine.actions import (
    BIG_GIN,
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    GIN,
    KNOCK,
    PASS,
    TAKE_UPCARD,
    Action,
)
from bot.engine.view import RoundView
from bot.games import present
from bot.games.model import MatchSummary, SeatInfo, TableState
from bot.i18n import t
from bot.i18n.cards import label
from bot.ui.components import (
    AskButton,
    ChallengeButton,
    GameButton,
    GameSelect,
    LobbyButton,
)
from bot.ui.cycles import Upload, empty

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

    def release(self) -> None:
        """Once sent: break the cycle between the controls and their view (each item points
        back at it), so they are freed at once instead of by the garbage collector's full
        passes, which stop the bot for 100 ms and more under load. Views with items that
        discord.py keeps for dispatch (not `DynamicItem`s) are left alone."""
        view = self.view
        if view is None:
            return
        if all(
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
        """For an edit: the pictures given replace the message's old ones. A layout resets
        the text and the embed (null): Discord refuses to turn a classic message into a
        layout that keeps either."""
        if isinstance(self.view, discord.ui.LayoutView):
            out: dict[str, Any] = {"content": None, "embed": None, "view": self.view}
        else:
            out = {"content": self.content, "embed": self.embed, "view": self.view}
        # No pictures given: the old ones go too (a hand turned into the match's result).
        out["attachments"] = self._files()
        return out

    def send_kwargs(self) -> dict[str, Any]:
        """For a new message (or an interaction's first answer); no None values."""
        layout = isinstance(self.view, discord.ui.LayoutView)
        out: dict[str, Any] = {
            k: v
            for k, v in (("content", self.content), ("embed", self.embed), ("view", self.view))
            if v is not None and not (layout and k != "view")
        }
        if self.files:
            out["files"] = self._files()
        return out

    def with_picture(self, name: str, data: bytes, alt: str = "") -> Message:
        """The same message with a picture shown as the embed's image; `alt` says in words
        what it shows (by default the embed's own text)."""
        if self.embed is not None:
            self.embed.set_image(url=f"attachment://{name}")
        text = alt or plain(self.embed.description or "") if self.embed is not None else alt
        return Message(self.content, self.embed, self.view, (*self.files, (name, data, text)))


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


def table_title(state: TableState, locale: Any = "en") -> str:
    return t(
        locale, "table-title", table=state.table_id, rules=state.rules.name, target=state.target
    )


def _scores_line(state: TableState, locale: Any = "en") -> str:
    names = _names(state)
    scores = " · ".join(
        t(locale, "labelled", label=n, value=str(s))
        for n, s in zip(names, state.scores, strict=False)
    )
    return t(locale, "scores-line", scores=scores, penalty=state.rules.scoring == "penalty")


def _away(state: TableState) -> frozenset[int]:
    return frozenset(s.seat for s in state.seats if s.removed)


def _resigned(state: TableState) -> frozenset[int]:
    return frozenset(s.seat for s in state.seats if s.resigned)


def _out_marker(seat: SeatInfo, locale: Any) -> str:
    """A seat out of the match: resigned, or removed for being away."""
    if seat.resigned:
        return t(locale, "seat-resigned")
    return t(locale, "seat-away") if seat.removed else ""


def _deadline(state: TableState, locale: Any = "en") -> str:
    if state.turn_deadline_ts is None:
        return ""
    return t(locale, "deadline", when=f"<t:{int(state.turn_deadline_ts)}:R>")


# ----- the lobby and the results (the board: `bot/ui/board_layout.py`) ----------------


def _public_turn(phase: str, who: str, locale: Any = "en") -> str:
    if phase == "first_turn":
        return t(locale, "turn-first", who=who)
    if phase == "draw":
        return t(locale, "turn-draw", who=who)
    return t(locale, "turn-discard", who=who)


def lobby_message(state: TableState, *, closed: str | None = None, locale: Any = "en") -> Message:
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


def reveal_lines(state: TableState, locale: Any = "en") -> list[str]:
    """The end of a round in words: every hand with melds, lay-offs and deadwood, and the
    points (the reveal, `bot/ui/result_layout.py`)."""
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


def last_round_lines(state: TableState, locale: Any = "en") -> list[str]:
    """After the round that ended the match: it is over, and each final score with the
    bonuses that took it past the round points (the engine's breakdown)."""
    if not state.match_over:
        return []
    lines = [t(locale, "last-round-match-over", penalty=state.rules.scoring == "penalty")]
    for seat, name in enumerate(_names(state)):
        total = present.total_text(
            seat, state.breakdown, state.scores[seat], state.rules.scoring, locale
        )
        lines.append(t(locale, "last-round-total", name=name, total=total))
    return lines


def summary_lines(state: TableState, summary: MatchSummary, locale: Any = "en") -> list[str]:
    """The end of a match: who won and how, and every seat's final score with its parts
    (round points, shutout, game and line bonus), as the engine totalled them."""
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
    state: TableState, summary: MatchSummary, extra: Sequence[str] = (), locale: Any = "en"
) -> Message:
    """A player's hand message once the match is over: the result, no controls."""
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
    return Message(None, embed, None)


def called_off_message(state: TableState, note: str, locale: Any = "en") -> Message:
    """A hand message once its match was called off (it counts nowhere)."""
    embed = discord.Embed(
        title=t(locale, "table-rules-title", table=state.table_id, rules=state.rules.name),
        description=note or t(locale, "called-off"),
        colour=GREY,
    )
    return Message(None, embed, None)


def removed_message(state: TableState, seat: int, locale: Any = "en") -> Message:
    """What a player out of the match (away too long, or resigned) reads in their hand
    message."""
    others = [s.name for s in state.seats if not s.removed]
    embed = discord.Embed(
        title=t(locale, "table-rules-title", table=state.table_id, rules=state.rules.name),
        description=t(locale, "removed-resigned", others=", ".join(others))
        if state.seats[seat].resigned
        else t(locale, "removed-away"),
        colour=GREY,
    )
    return Message(None, embed, None)


# ----- a player's private hand ---------------------------------------------------------------


def hand_message(
    state: TableState,
    view: RoundView,
    *,
    note: str | None = None,
    favorites: frozenset[int] = frozenset(),
    confirm: Action | None = None,
    chat: Sequence[str] = (),
    locale: Any = "en",
) -> Message:
    """A player's hand with only the controls legal now (disabled out of turn). Players the
    reader marked as favorites get a heart. `confirm` is a knock or gin waiting for the
    player's confirmation; `chat` the table chat lines they may read. `locale`: the
    player's language (a private message)."""
    names = tuple(
        name + (" ♥" if seat.user_id in favorites else "")
        for name, seat in zip(_names(state), state.seats, strict=False)
    )
    me = view.seat
    text, deadwood = present.hand_text(view.hand, locale)
    opponents = ", ".join(
        t(locale, "opponent-holds", name=names[s], count=view.hand_sizes[s])
        for s in range(view.seats)
        if s != me
    )
    top = view.top_discard
    lines = [
        t(locale, "hand-your-hand", cards=text),
        t(locale, "hand-deadwood", deadwood=deadwood),
        t(
            locale,
            "hand-table",
            top=label(top, locale) if top else "—",
            stock=view.stock_size,
            opponents=opponents,
        ),
    ]
    if view.drawn is not None:
        lines.append(t(locale, "hand-drawn", how=_how_drawn(view), card=label(view.drawn, locale)))
    recent = present.recent_turns(
        view.history,
        names,
        3,
        auto=state.auto,
        away=_away(state),
        resigned=_resigned(state),
        locale=locale,
    )
    if recent:
        lines.append("*" + t(locale, "hand-actions-separator").join(recent) + "*")
    if view.over and view.result is not None:
        lines.append(t(locale, "hand-round-over", round=_round_no(state)))
        lines.extend(present.result_text(view.result, names, state.rules, locale))
        if state.match_over:
            lines.extend(last_round_lines(state, locale))
        else:
            lines.append(t(locale, "hand-next-round"))
    elif view.over:
        lines.append(t(locale, "turn-round-over"))
    elif view.my_turn:
        lines.append(
            t(locale, "hand-your-turn", what=_my_turn(view, locale)) + _deadline(state, locale)
        )
    else:
        waiting = names[view.to_move] if view.to_move is not None else "—"
        lines.append(t(locale, "hand-waiting", name=waiting))
    if confirm is not None and not view.over:
        lines.append(t(locale, "hand-confirm", question=_confirm_question(confirm, view, locale)))
    if state.previous is not None and not view.over:
        last = present.short_result(state.previous, names, state.rules, locale)
        lines.append(t(locale, "hand-last-round-result", result=last))
    lines.extend(chat)
    if note:
        lines.append(note)
    embed = discord.Embed(
        title=t(
            locale,
            "hand-title",
            table=state.table_id,
            rules=state.rules.name,
            scores=_scores_line(state, locale),
        ),
        description="\n".join(lines)[:4096],
        colour=GREEN if view.my_turn else GREY,
    )
    return Message(
        None, embed, None if view.over else controls(state, view, confirm=confirm, locale=locale)
    )


def _round_no(state: TableState) -> int:
    return state.public.round_no if state.public is not None else 0


def _how_drawn(view: RoundView) -> str:
    """ "took" for a card from the discard pile (everyone saw it), "drew" from the stock:
    a selector value of ``hand-drawn``."""
    mine = [e for e in view.history if e.seat == view.seat]
    if mine and mine[-1].kind in (DRAW_DISCARD, TAKE_UPCARD):
        return "took"
    return "drew"


def _my_turn(view: RoundView, locale: Any = "en") -> str:
    kinds = {a.kind for a in view.legal}
    if view.phase == "first_turn":
        return t(locale, "my-turn-first")
    if view.phase == "draw":
        # After both passed on the up-card the first draw is from the stock only.
        take = DRAW_DISCARD in kinds
        return t(locale, "my-turn-draw", big_gin=BIG_GIN in kinds, take=take)
    options = []
    if GIN in kinds:
        options.append("gin")
    if BIG_GIN in kinds:
        options.append("big_gin")
    if KNOCK in kinds:
        options.append("knock")
    if not options:
        return t(locale, "my-turn-discard")
    words = [t(locale, "my-turn-option-discard")] + [
        t(locale, f"my-turn-option-{o}") for o in options
    ]
    return t(locale, "my-turn-options", some=", ".join(words[:-1]), last=words[-1])


def _confirm_label(action: Action, locale: Any = "en") -> str:
    card = label(action.card, locale) if action.card is not None else ""
    if action.kind == KNOCK:
        return t(locale, "button-confirm-knock", card=card)
    if action.kind == GIN:
        return t(locale, "button-confirm-gin", card=card)
    return t(locale, "button-confirm-big-gin")


def _confirm_question(action: Action, view: RoundView, locale: Any = "en") -> str:
    card = label(action.card, locale) if action.card is not None else ""
    if action.kind == KNOCK and action.card is not None:
        left = best_melds([c for c in view.hand if c != action.card]).deadwood_points
        return t(locale, "confirm-knock", card=card, deadwood=left)
    if action.kind == GIN:
        return t(locale, "confirm-gin", card=card)
    return t(locale, "confirm-big-gin")


def controls(
    state: TableState, view: RoundView, *, confirm: Action | None = None, locale: Any = "en"
) -> discord.ui.View:
    """Buttons and selects for exactly the legal actions; disabled when it isn't your turn.
    Knocking and gin ask first (`AskButton`, the knock select); `confirm` adds the button
    that plays the move asked about."""
    ui = discord.ui.View(timeout=None)
    tid, version = state.table_id, state.version
    legal = view.legal
    kinds = {a.kind for a in legal}
    top = view.top_discard
    top_label = label(top, locale) if top else ""
    if not view.my_turn:
        waiting = (
            t(locale, "button-waiting-for", name=state.seats[view.to_move].name)
            if view.to_move is not None
            else t(locale, "button-waiting")
        )
        ui.add_item(GameButton(tid, version, DRAW_STOCK, None, waiting[:80], disabled=True))
        return ui
    if TAKE_UPCARD in kinds:
        ui.add_item(
            GameButton(tid, version, TAKE_UPCARD, None, t(locale, "button-take", card=top_label))
        )
    if PASS in kinds:
        ui.add_item(GameButton(tid, version, PASS, None, t(locale, "button-pass")))
    if DRAW_STOCK in kinds:
        ui.add_item(GameButton(tid, version, DRAW_STOCK, None, t(locale, "button-draw-stock")))
    if DRAW_DISCARD in kinds:
        ui.add_item(
            GameButton(tid, version, DRAW_DISCARD, None, t(locale, "button-take", card=top_label))
        )
    discards = [a.card for a in legal if a.kind == DISCARD and a.card is not None]
    if discards:
        ui.add_item(
            GameSelect(
                tid, version, DISCARD, discards, t(locale, "select-discard"), row=1, locale=locale
            )
        )
    knocks = [a.card for a in legal if a.kind == KNOCK and a.card is not None]
    if knocks:
        ui.add_item(
            GameSelect(tid, version, KNOCK, knocks, t(locale, "select-knock"), row=2, locale=locale)
        )
    for action in legal:
        if action.kind == GIN and action.card is not None:
            gin = t(locale, "button-gin", card=label(action.card, locale))
            ui.add_item(AskButton(tid, version, GIN, action.card, gin, row=3))
    if BIG_GIN in kinds:
        ui.add_item(AskButton(tid, version, BIG_GIN, None, t(locale, "button-big-gin"), row=3))
    if confirm is not None and confirm in legal:
        ui.add_item(
            GameButton(
                tid,
                version,
                confirm.kind,
                confirm.card,
                _confirm_label(confirm, locale),
                row=4,
                style=discord.ButtonStyle.danger,
            )
        )
    return ui


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
    locale: Any = "en",
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


def cards_list(cards: Sequence[object]) -> str:
    return ", ".join(str(c) for c in cards)
