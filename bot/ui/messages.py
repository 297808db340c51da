"""Discord messages for the game: embeds and controls built from the services' plain data.

No game logic: which controls exist comes from the seat's own `RoundView.legal`, and the
cards shown in a DM come from that seat's own view only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.engine.actions import (
    BIG_GIN,
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    GIN,
    KNOCK,
    PASS,
    TAKE_UPCARD,
)
from bot.engine.view import RoundView
from bot.games import present
from bot.games.model import MatchSummary, TableState
from bot.ui.components import (
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
    """What to send or edit: text, one embed, the controls and pictures (name, PNG bytes)."""

    content: str | None
    embed: discord.Embed | None
    view: discord.ui.View | None
    files: tuple[tuple[str, bytes], ...] = ()

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
        return [discord.File(Upload(data), filename=name) for name, data in self.files]

    def kwargs(self) -> dict[str, Any]:
        """For an edit: pictures given replace the message's old ones."""
        out: dict[str, Any] = {"content": self.content, "embed": self.embed, "view": self.view}
        if self.files:
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

    def with_picture(self, name: str, data: bytes) -> Message:
        """The same message with a picture shown as the embed's image."""
        if self.embed is not None:
            self.embed.set_image(url=f"attachment://{name}")
        return Message(self.content, self.embed, self.view, (*self.files, (name, data)))


def _names(state: TableState) -> tuple[str, ...]:
    return tuple(s.name + (" 🤖" if s.computer else "") for s in state.seats)


def table_title(state: TableState) -> str:
    return f"Gin Rummy · table #{state.table_id} · {state.rules.name} to {state.target}"


def _scores_line(state: TableState) -> str:
    names = _names(state)
    unit = "penalty" if state.rules.scoring == "penalty" else "points"
    return " · ".join(f"{n}: {s}" for n, s in zip(names, state.scores, strict=False)) + f" ({unit})"


# ----- the public table -------------------------------------------------------------------


def table_message(state: TableState) -> Message:
    """The public table: players, scores, discard pile, stock, whose turn, last actions."""
    names = _names(state)
    embed = discord.Embed(title=table_title(state), colour=GREEN)
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
    turn = "Round over." if pub.to_move is None else _public_turn(pub.phase, names[pub.to_move])
    if pub.to_move is not None and state.turn_deadline_ts is not None:
        turn += f" (time runs out <t:{int(state.turn_deadline_ts)}:R>)"
    embed.add_field(name=f"Round {pub.round_no}", value=turn, inline=False)
    recent = present.recent_turns(pub.history, names, 4)
    if recent:
        embed.add_field(name="Last actions", value="\n".join(recent), inline=False)
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
    lines = present.result_text(pub.result, names, state.rules.scoring)
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


def summary_message(state: TableState, summary: MatchSummary) -> Message:
    names = _names(state)
    if summary.ended_by == "resign":
        how = "by resignation"
    elif summary.ended_by == "timeout":
        how = "because a player was away too long"
    else:
        how = ""
    winner = names[summary.winner] if summary.winner is not None else "nobody"
    unit = "penalty points" if summary.scoring == "penalty" else "points"
    lines = [f"🏆 **{winner}** wins the match {how}".rstrip() + "."]
    for seat, name in enumerate(names):
        won = summary.rounds_won[seat] if seat < len(summary.rounds_won) else 0
        lines.append(f"{name}: **{summary.totals[seat]}** {unit} ({won} rounds won)")
    if summary.scoring != "penalty" and summary.ended_by == "score":
        lines.append("Totals include the game, line and shutout bonuses.")
    embed = discord.Embed(
        title=f"Match over · table #{state.table_id}", description="\n".join(lines), colour=GOLD
    )
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(state.table_id))
    return Message(None, embed, view)


# ----- a player's private hand ---------------------------------------------------------------


def hand_message(
    state: TableState,
    view: RoundView,
    *,
    note: str | None = None,
    favorites: frozenset[int] = frozenset(),
) -> Message:
    """A player's hand with only the controls legal now (disabled out of turn). Players the
    reader marked as favorites get a heart."""
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
        lines.append(f"You drew {view.drawn.label}.")
    recent = present.recent_turns(view.history, names, 3)
    if recent:
        lines.append("*" + "; ".join(recent) + "*")
    if view.over:
        lines.append("The round is over: see the table for the reveal.")
    elif view.my_turn:
        lines.append("**Your turn:** " + _my_turn(view))
    else:
        lines.append(f"Waiting for {names[view.to_move] if view.to_move is not None else '—'}.")
    if note:
        lines.append(note)
    embed = discord.Embed(
        title=f"Table #{state.table_id} · {state.rules.name} · scores {_scores_line(state)}",
        description="\n".join(lines),
        colour=GREEN if view.my_turn else GREY,
    )
    return Message(None, embed, None if view.over else controls(state, view))


def _my_turn(view: RoundView) -> str:
    if view.phase == "first_turn":
        return "take the up-card or pass."
    if view.phase == "draw":
        return "draw from the stock or take the top discard."
    return "discard a card, or knock if you can."


def controls(state: TableState, view: RoundView) -> discord.ui.View:
    """Buttons and selects for exactly the legal actions; disabled when it isn't your turn."""
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
                GameButton(
                    tid, version, GIN, action.card, f"Gin (discard {action.card.label})", row=3
                )
            )
    if BIG_GIN in kinds:
        ui.add_item(GameButton(tid, version, BIG_GIN, None, "Big Gin", row=3))
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
            f"**{challenger}** challenges {opponent_mention} to a match of Gin Rummy "
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
