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
from bot.games.model import MatchSummary, TableState
from bot.ui.components import (
    AskButton,
    ChallengeButton,
    GameButton,
    GameSelect,
    LobbyButton,
    RematchButton,
    ShowHandButton,
)
from bot.ui.cycles import Upload

GREEN = discord.Colour.dark_green()
GOLD = discord.Colour.gold()
GREY = discord.Colour.light_grey()


@dataclass(frozen=True, slots=True)
class Message:
    """What to send or edit: text, one embed, the controls and pictures (name, PNG bytes,
    alt text: the description Discord reads to screen readers)."""

    content: str | None
    embed: discord.Embed | None
    view: discord.ui.View | None
    files: tuple[tuple[str, bytes, str], ...] = ()

    def release(self) -> None:
        """Once sent: break the cycle between the controls and their view (each item points
        back at it), so they are freed at once instead of by the garbage collector's full
        passes, which stop the bot for 100 ms and more under load. Views with items that
        discord.py keeps for dispatch (not `DynamicItem`s) are left alone."""
        view = self.view
        if view is not None and all(
            isinstance(item, discord.ui.DynamicItem) for item in view.children
        ):
            view.clear_items()

    def _files(self) -> list[discord.File]:
        return [
            discord.File(Upload(data), filename=name, description=alt[:1024] or None)
            for name, data, alt in self.files
        ]

    def kwargs(self) -> dict[str, Any]:
        """For an edit: the pictures given replace the message's old ones."""
        out: dict[str, Any] = {"content": self.content, "embed": self.embed, "view": self.view}
        # No pictures given: the old ones go too (a hand turned into the match's result).
        out["attachments"] = self._files()
        return out

    def send_kwargs(self) -> dict[str, Any]:
        """For a new message (or an interaction's first answer); no None values."""
        out: dict[str, Any] = {
            k: v
            for k, v in (("content", self.content), ("embed", self.embed), ("view", self.view))
            if v is not None
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


def plain(text: str) -> str:
    """Markdown left out, for alt text: `**Gin** by Alice` reads `Gin by Alice`."""
    return text.replace("**", "").replace("*", "").replace("__", "")


def _names(state: TableState) -> tuple[str, ...]:
    return tuple(s.name + (" 🤖" if s.computer else "") for s in state.seats)


def table_title(state: TableState) -> str:
    return f"Gin Rummy · table #{state.table_id} · {state.rules.name} to {state.target}"


def _scores_line(state: TableState) -> str:
    names = _names(state)
    unit = "penalty points" if state.rules.scoring == "penalty" else "points"
    return " · ".join(f"{n}: {s}" for n, s in zip(names, state.scores, strict=False)) + f" ({unit})"


def _away(state: TableState) -> frozenset[int]:
    return frozenset(s.seat for s in state.seats if s.removed)


def _deadline(state: TableState) -> str:
    if state.turn_deadline_ts is None:
        return ""
    return f" (time runs out <t:{int(state.turn_deadline_ts)}:R>)"


# ----- the public table -------------------------------------------------------------------


def table_message(state: TableState, *, finished: bool = False) -> Message:
    """The public table: players, scores, discard pile, stock, whose turn, last actions.
    A `finished` board (an older round's, or the match is over) has no controls."""
    names = _names(state)
    embed = discord.Embed(title=table_title(state), colour=GREEN if not finished else GREY)
    pub = state.public
    if pub is None:
        return lobby_message(state)
    embed.add_field(name="Scores", value=_scores_line(state), inline=False)
    pile = pub.discard_pile
    top = pile[-1].label if pile else "—"
    below = present.cards_text(pile[-5:-1][::-1]) if len(pile) > 1 else "—"
    embed.add_field(name="Discard pile", value=f"**{top}** (below: {below})", inline=True)
    embed.add_field(name="Stock", value=f"{pub.stock_size} cards", inline=True)
    counts = ", ".join(
        f"{n}: {c}" + (" (away)" if s.removed else "")
        for n, c, s in zip(names, pub.hand_sizes, state.seats, strict=False)
    )
    embed.add_field(name="Cards in hand", value=counts, inline=False)
    if pub.result is not None:
        turn = "Round over: " + present.short_result(pub.result, names, state.rules)
    elif pub.to_move is None:
        turn = "Round over."
    else:
        turn = _public_turn(pub.phase, names[pub.to_move]) + _deadline(state)
    embed.add_field(name=f"Round {pub.round_no}", value=turn[:1024], inline=False)
    recent = present.recent_turns(pub.history, names, 4, auto=state.auto, away=_away(state))
    if recent:
        embed.add_field(name="Last actions", value="\n".join(recent)[:1024], inline=False)
    if finished or state.status != "playing":
        return Message(None, embed, None)
    view = discord.ui.View(timeout=None)
    view.add_item(ShowHandButton(state.table_id))
    return Message(None, embed, view)


def _public_turn(phase: str, who: str) -> str:
    if phase == "first_turn":
        return f"{who} may take the up-card or pass."
    if phase == "draw":
        return f"{who} to draw."
    return f"{who} to discard."


def lobby_message(state: TableState, *, closed: str | None = None) -> Message:
    names = _names(state)
    embed = discord.Embed(title=table_title(state), colour=GOLD)
    seated = "\n".join(f"{i + 1}. {n}" for i, n in enumerate(names)) or "—"
    embed.add_field(name=f"Players ({len(names)}/{state.seat_count})", value=seated)
    if closed:
        embed.description = closed
        return Message(None, embed, None)
    embed.description = (
        "Join to play. The game starts when the table is full, or when the host starts it."
    )
    view = discord.ui.View(timeout=None)
    for op, label, style in (
        ("join", "Join", discord.ButtonStyle.success),
        ("leave", "Leave", discord.ButtonStyle.secondary),
        ("start", "Start", discord.ButtonStyle.primary),
        ("computer", "Add computer", discord.ButtonStyle.secondary),
    ):
        view.add_item(LobbyButton(state.table_id, op, label, style))
    return Message(None, embed, view)


def reveal_message(state: TableState) -> Message:
    """The end of a round: every hand with melds, lay-offs and deadwood, and the points."""
    pub = state.public
    assert pub is not None and pub.result is not None
    names = _names(state)
    lines = present.result_text(pub.result, names, state.rules)
    if pub.result.settlement is None and pub.result.hands:
        for seat, hand in enumerate(pub.result.hands):
            text, dw = present.hand_text(hand)
            lines.append(f"{names[seat]}: {text} — deadwood {dw}")
    embed = discord.Embed(
        title=f"Round {pub.round_no} · table #{state.table_id}",
        description="\n".join(lines),
        colour=GOLD,
    )
    embed.add_field(name="Scores", value=_scores_line(state), inline=False)
    return Message(None, embed, None)


def summary_lines(state: TableState, summary: MatchSummary) -> list[str]:
    """The end of a match: who won and how, and every seat's final score with its parts
    (round points, shutout, game and line bonus), as the engine totalled them."""
    names = _names(state)
    winner = names[summary.winner] if summary.winner is not None else "Nobody"
    loser = names[summary.loser] if summary.loser is not None else None
    if summary.ended_by == "resign" and loser is not None:
        head = f"{loser} resigned: 🏆 **{winner}** wins the match."
    elif summary.ended_by in ("timeout", "forfeit") and loser is not None:
        head = f"{loser} did not play in time: 🏆 **{winner}** wins by forfeit."
    else:
        head = f"🏆 **{winner}** wins the match."
    lines = [head]
    for seat, name in enumerate(names):
        won = summary.rounds_won[seat] if seat < len(summary.rounds_won) else 0
        total = present.total_text(seat, summary.breakdown, summary.totals[seat], summary.scoring)
        line = f"{name}: {total} · {present.plural(won, 'round')} won"
        if seat in summary.removed:
            line += " · removed for being away"
        lines.append(line)
    return lines


def summary_message(state: TableState, summary: MatchSummary) -> Message:
    embed = discord.Embed(
        title=f"Match over · table #{state.table_id}",
        description="\n".join(summary_lines(state, summary)),
        colour=GOLD,
    )
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(state.table_id))
    return Message(None, embed, view)


def final_hand_message(
    state: TableState, summary: MatchSummary, extra: Sequence[str] = ()
) -> Message:
    """A player's hand message once the match is over: the result, no controls."""
    lines = summary_lines(state, summary)
    pub = state.public
    if pub is not None and pub.result is not None and summary.ended_by == "score":
        lines.insert(
            0,
            f"Round {pub.round_no}: "
            + present.short_result(pub.result, _names(state), state.rules),
        )
    lines.extend(extra)
    embed = discord.Embed(
        title=f"Match over · table #{state.table_id} · {state.rules.name}",
        description="\n".join(lines)[:4096],
        colour=GOLD,
    )
    return Message(None, embed, None)


def called_off_message(state: TableState, note: str) -> Message:
    """A hand message once its match was called off (it counts nowhere)."""
    embed = discord.Embed(
        title=f"Table #{state.table_id} · {state.rules.name}",
        description=note or "This match was called off.",
        colour=GREY,
    )
    return Message(None, embed, None)


def removed_message(state: TableState) -> Message:
    """What a player removed for being away reads in their hand message."""
    embed = discord.Embed(
        title=f"Table #{state.table_id} · {state.rules.name}",
        description=(
            "You were away too long and have been removed from this match. Your hand is "
            "played automatically until the match ends, and you can't win it."
        ),
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
) -> Message:
    """A player's hand with only the controls legal now (disabled out of turn). Players the
    reader marked as favorites get a heart. `confirm` is a knock or gin waiting for the
    player's confirmation; `chat` the table chat lines they may read."""
    names = tuple(
        name + (" ♥" if seat.user_id in favorites else "")
        for name, seat in zip(_names(state), state.seats, strict=False)
    )
    me = view.seat
    text, deadwood = present.hand_text(view.hand)
    opponents = ", ".join(
        f"{names[s]} holds {view.hand_sizes[s]}" for s in range(view.seats) if s != me
    )
    top = view.top_discard
    lines = [
        f"**Your hand:** {text}",
        f"**Deadwood:** {deadwood}",
        f"**Discard pile:** {top.label if top else '—'} · **Stock:** {view.stock_size} · {opponents}",
    ]
    if view.drawn is not None:
        lines.append(f"You {_how_drawn(view)} {view.drawn.label}.")
    recent = present.recent_turns(view.history, names, 3, auto=state.auto, away=_away(state))
    if recent:
        lines.append("*" + "; ".join(recent) + "*")
    if view.over and view.result is not None:
        lines.append(f"**Round {_round_no(state)} is over.**")
        lines.extend(present.result_text(view.result, names, state.rules))
        lines.append(
            "That was the last round: the result follows."
            if state.match_over
            else "The next round is dealt in a moment."
        )
    elif view.over:
        lines.append("The round is over.")
    elif view.my_turn:
        lines.append("**Your turn:** " + _my_turn(view) + _deadline(state))
    else:
        lines.append(f"Waiting for {names[view.to_move] if view.to_move is not None else '—'}.")
    if confirm is not None and not view.over:
        lines.append(
            f"**{_confirm_question(confirm, view)}** Press **Confirm**, or choose another move."
        )
    if state.previous is not None and not view.over:
        lines.append("*Last round:* " + present.short_result(state.previous, names, state.rules))
    lines.extend(chat)
    if note:
        lines.append(note)
    embed = discord.Embed(
        title=f"Table #{state.table_id} · {state.rules.name} · scores {_scores_line(state)}",
        description="\n".join(lines)[:4096],
        colour=GREEN if view.my_turn else GREY,
    )
    return Message(None, embed, None if view.over else controls(state, view, confirm=confirm))


def _round_no(state: TableState) -> int:
    return state.public.round_no if state.public is not None else 0


def _how_drawn(view: RoundView) -> str:
    """ "took" for a card from the discard pile (everyone saw it), "drew" from the stock."""
    mine = [e for e in view.history if e.seat == view.seat]
    if mine and mine[-1].kind in (DRAW_DISCARD, TAKE_UPCARD):
        return "took"
    return "drew"


def _my_turn(view: RoundView) -> str:
    kinds = {a.kind for a in view.legal}
    if view.phase == "first_turn":
        return "take the up-card or pass."
    if view.phase == "draw":
        text = "draw from the stock or take the top discard."
        return text if BIG_GIN not in kinds else text + " You can go **Big Gin**."
    options = ["discard a card"]
    if GIN in kinds:
        options.append("go **gin**")
    if BIG_GIN in kinds:
        options.append("go **Big Gin**")
    if KNOCK in kinds:
        options.append("**knock**")
    if len(options) == 1:
        return "discard a card."
    return "you can " + ", ".join(options[:-1]) + " or " + options[-1] + "."


def _confirm_label(action: Action) -> str:
    card = action.card.label if action.card is not None else ""
    if action.kind == KNOCK:
        return f"Confirm: knock with {card}"
    if action.kind == GIN:
        return f"Confirm: gin (discard {card})"
    return "Confirm: Big Gin"


def _confirm_question(action: Action, view: RoundView) -> str:
    card = action.card.label if action.card is not None else ""
    if action.kind == KNOCK and action.card is not None:
        left = best_melds([c for c in view.hand if c != action.card]).deadwood_points
        return f"Knock with {card} face down, keeping {left} deadwood?"
    if action.kind == GIN:
        return f"Go gin, discarding {card} face down?"
    return "Go Big Gin with all your cards?"


def controls(
    state: TableState, view: RoundView, *, confirm: Action | None = None
) -> discord.ui.View:
    """Buttons and selects for exactly the legal actions; disabled when it isn't your turn.
    Knocking and gin ask first (`AskButton`, the knock select); `confirm` adds the button
    that plays the move asked about."""
    ui = discord.ui.View(timeout=None)
    tid, version = state.table_id, state.version
    legal = view.legal
    kinds = {a.kind for a in legal}
    top = view.top_discard
    top_label = top.label if top else ""
    if not view.my_turn:
        waiting = (
            f"Waiting for {state.seats[view.to_move].name}"
            if view.to_move is not None
            else "Waiting"
        )
        ui.add_item(GameButton(tid, version, DRAW_STOCK, None, waiting[:80], disabled=True))
        return ui
    if TAKE_UPCARD in kinds:
        ui.add_item(GameButton(tid, version, TAKE_UPCARD, None, f"Take {top_label}"))
    if PASS in kinds:
        ui.add_item(GameButton(tid, version, PASS, None, "Pass"))
    if DRAW_STOCK in kinds:
        ui.add_item(GameButton(tid, version, DRAW_STOCK, None, "Draw from stock"))
    if DRAW_DISCARD in kinds:
        ui.add_item(GameButton(tid, version, DRAW_DISCARD, None, f"Take {top_label}"))
    discards = [a.card for a in legal if a.kind == DISCARD and a.card is not None]
    if discards:
        ui.add_item(GameSelect(tid, version, DISCARD, discards, "Discard…", row=1))
    knocks = [a.card for a in legal if a.kind == KNOCK and a.card is not None]
    if knocks:
        ui.add_item(GameSelect(tid, version, KNOCK, knocks, "Knock with…", row=2))
    for action in legal:
        if action.kind == GIN and action.card is not None:
            ui.add_item(
                AskButton(
                    tid, version, GIN, action.card, f"Gin (discard {action.card.label})", row=3
                )
            )
    if BIG_GIN in kinds:
        ui.add_item(AskButton(tid, version, BIG_GIN, None, "Big Gin", row=3))
    if confirm is not None and confirm in legal:
        ui.add_item(
            GameButton(
                tid,
                version,
                confirm.kind,
                confirm.card,
                _confirm_label(confirm),
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
) -> Message:
    embed = discord.Embed(
        title="Gin Rummy challenge",
        description=(
            f"**{challenger}** challenges {'you' if for_opponent else opponent_mention} to a "
            "match of Gin Rummy "
            f"({rules}, to {target} points)."
        ),
        colour=GOLD,
    )
    if status is not None:
        embed.add_field(name="Status", value=status)
        return Message(None, embed, None)
    embed.add_field(name="Expires", value=f"<t:{expires_ts}:R>")
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton(challenge_id, "accept", "Accept", discord.ButtonStyle.success))
    view.add_item(ChallengeButton(challenge_id, "decline", "Decline", discord.ButtonStyle.danger))
    if not for_opponent:
        view.add_item(
            ChallengeButton(challenge_id, "cancel", "Cancel", discord.ButtonStyle.secondary)
        )
    return Message(None, embed, view)


def cards_list(cards: Sequence[object]) -> str:
    return ", ".join(str(c) for c in cards)
