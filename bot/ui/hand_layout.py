"""A player's private hand as one Components V2 message: a header, the hand as one button
per card (melds together, deadwood last, the drawn card marked), the turn's moves as
buttons, what the others did, the deadline, the round's result (docs/playing.md, "Your
hand").

No game logic: which buttons are live comes from the seat's own `RoundView.legal`, and the
cards come from that seat's own view only. A click on a card discards it; "Knock with…"
turns the card buttons into "knock with this card" (the legal ones only), which is the
knock's one confirmation; gin and Big Gin are asked first, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import discord

from bot.engine import Arrangement, Card, best_melds
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
from bot.engine.round import RoundResult
from bot.engine.view import RoundView
from bot.games.card_emojis import EmojiRef
from bot.games.model import TableState
from bot.i18n import DEFAULT, Language, t
from bot.i18n.cards import label
from bot.kernel.memo import remember
from bot.text import hands as present
from bot.text.names import named
from bot.ui import shown_buttons as shown
from bot.ui import written
from bot.ui.components import AskButton, GameButton
from bot.ui.messages import (
    GREEN,
    GREY,
    Message,
    _away,
    _deadline,
    _names,
    _resigned,
    _scores_line,
    last_round_lines,
)
from bot.ui.written import WrittenLayout

#: Discord's limit of buttons in one row.
ROW = 5
#: Gin buttons shown at most (one per card that gins; a row holds five buttons).
MAX_GINS = 3


class HandLayout(WrittenLayout):
    """A hand as sent: a container of its title, its text and, while the round is on, its
    rows of card buttons and its row of moves (`rows`, `moves`; None once it is over)."""

    def __init__(
        self,
        accent: discord.Colour,
        title: str,
        text: str,
        rows: list[list[shown.WrittenButton]] | None,
        moves: list[shown.WrittenButton],
    ) -> None:
        super().__init__()
        self.accent = accent
        self.title = title
        self.text = text
        self.rows = rows
        self.moves = moves

    def to_components(self) -> list[dict[str, Any]]:
        inner = [written.text_display(self.title), written.text_display(self.text)]
        if self.rows is not None:
            inner.append(dict(written.SEPARATOR))
            for row in self.rows:
                inner.append(written.action_row([b.payload for b in row]))
            if self.moves:  # a discard with nothing else to do has no other move
                inner.append(dict(written.HIDDEN_SEPARATOR))
                inner.append(written.action_row([b.payload for b in self.moves]))
        return [written.container(self.accent.value, inner)]

    def tree(self) -> discord.ui.LayoutView:
        box: discord.ui.Container[Any] = discord.ui.Container(accent_colour=self.accent)
        box.add_item(discord.ui.TextDisplay(self.title))
        box.add_item(discord.ui.TextDisplay(self.text))
        if self.rows is not None:
            box.add_item(discord.ui.Separator())
            for buttons in self.rows:
                box.add_item(_row([b.shown() for b in buttons]))
            if self.moves:
                box.add_item(discord.ui.Separator(visible=False))
                box.add_item(_row([b.shown() for b in self.moves]))
        layout = discord.ui.LayoutView(timeout=None)
        layout.add_item(box)
        return layout


def _row(buttons: Sequence[discord.ui.Item[Any]]) -> discord.ui.ActionRow[Any]:
    row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
    for button in buttons:
        row.add_item(button)
    return row


def hand_message(
    state: TableState,
    view: RoundView,
    *,
    note: str | None = None,
    favorites: frozenset[int] = frozenset(),
    confirm: Action | None = None,
    chat: Sequence[str] = (),
    locale: Language = DEFAULT,
) -> Message:
    """A player's hand with only the moves legal now (the cards disabled out of turn).
    Players the reader marked as favorites get a heart. `confirm` is a knock or gin waiting
    for the player's confirmation (a knock: the cards knock); `chat` the table chat lines
    they may read. `locale`: the player's language (a private message)."""
    state = named(state, locale)
    names = _names(state)
    if favorites:
        names = tuple(
            name + (" ♥" if seat.user_id in favorites else "")
            for name, seat in zip(names, state.seats, strict=False)
        )
    confirm = confirm if confirm is not None and confirm in view.legal else None
    held = _held(view.hand, locale)  # the text's groups and the buttons' rows
    lines = _lines(state, view, names, confirm, locale, held)
    lines.extend(chat)
    if note:
        lines.append(note)
    title = _title(state, locale)
    rows = None
    moves: list[shown.WrittenButton] = []
    if not view.over:
        rows = _card_rows(state, view, confirm, held)
        moves = _moves(state, view, confirm, locale)
    layout = HandLayout(
        GREEN if view.my_turn else GREY,
        title,
        "\n".join(lines)[:4000],
        rows,
        moves,
    )
    return Message(None, None, layout, payloads=True)


#: (table, rules, scores line, language) -> the hand's header: the same at every move of a
#: round.
_TITLES: dict[tuple[int, str, str, str], str] = {}
#: Headers kept at most (then forgotten at once).
_TITLES_KEPT = 4096


def _title(state: TableState, locale: Language) -> str:
    """The header: the table, its rules and the scores."""
    scores = _scores_line(state, locale)
    key = (state.table_id, state.rules.name, scores, locale)
    found = _TITLES.get(key)
    if found is None:
        title = t(locale, "hand-title", table=state.table_id, rules=state.rules.name, scores=scores)
        found = remember(_TITLES, key, f"### {title}"[:4000], _TITLES_KEPT)
    return found


#: A card button's card, move, move's encoding and label (`_card_move`).
_CardMove = tuple[Card, Action, str, str]


class _Held:
    """A hand as the message shows it in one language: its groups (best melds, then the
    deadwood), its first two lines (the cards, the deadwood) and its rows of card buttons'
    moves for each kind of move (`rows`)."""

    __slots__ = ("_groups", "_rows", "cards", "deadwood", "locale", "text")

    def __init__(self, cards: tuple[Card, ...], locale: Language) -> None:
        arrangement = best_melds(cards)
        self.cards = cards
        self.locale = locale
        self._rows: dict[str, list[list[_CardMove]]] = {}
        self._groups = _groups(arrangement)
        text = present.melds_text(arrangement.melds, arrangement.deadwood, locale)
        self.text = t(locale, "hand-your-hand", cards=text)
        self.deadwood = t(locale, "hand-deadwood", deadwood=arrangement.deadwood_points)

    def rows(self, kind: str) -> list[list[_CardMove]]:
        """A row per meld and for the deadwood (five a row at most), each card with its
        `kind` move (a discard, or a knock with it)."""
        found = self._rows.get(kind)
        if found is None:
            moves = _CARD_MOVES.get((kind, self.locale))
            if moves is None:
                moves = remember(_CARD_MOVES, (kind, self.locale), {}, _CARD_MOVES_KEPT)
            found = self._rows[kind] = [
                [_card_move(moves, kind, card, self.locale) for card in group[start : start + ROW]]
                for group in self._groups
                for start in range(0, len(group), ROW)
            ]
        return found


#: (the cards' ids, language) -> the hand as shown (`_Held`): a player's hand is the same
#: at each move of the others (the next player's hand is built at every click). Read by the
#: cards' ids (a card's hash is a Python call), checked against the cards kept.
_HELD: dict[tuple[tuple[int, ...], Language], _Held] = {}
#: Hands kept at most (then forgotten at once).
_HELD_KEPT = 4096


def _held(cards: tuple[Card, ...], locale: Language) -> _Held:
    key = (tuple(map(id, cards)), locale)
    found = _HELD.get(key)
    if found is None or found.cards != cards:
        found = remember(_HELD, key, _Held(cards, locale), _HELD_KEPT)
    return found


def _lines(
    state: TableState,
    view: RoundView,
    names: Sequence[str],
    confirm: Action | None,
    locale: Language,
    held: _Held,
) -> list[str]:
    """The message's text: the same facts and words as the hand embed had (the hand in
    words too, for screen readers and once the round is over and the buttons gone)."""
    me = view.seat
    opponents = ", ".join(
        t(locale, "opponent-holds", name=names[s], count=view.hand_sizes[s])
        for s in range(view.seats)
        if s != me
    )
    top = view.top_discard
    lines = [
        held.text,
        held.deadwood,
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
        round_no = state.public.round_no if state.public is not None else 0
        lines.append(t(locale, "hand-round-over", round=round_no))
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
        question = _confirm_question(confirm, view, locale)
        key = "hand-knock-choose" if confirm.kind == KNOCK else "hand-confirm"
        lines.append(t(locale, key, question=question))
    if state.previous is not None and not view.over:
        lines.append(_last_round(state, state.previous, names, locale))
    return lines


#: (id(round result), names, language) -> the result and its line: a hand repeats its last
#: round's result at every move of the next round (each player's in their language, with
#: their favorites' hearts).
_LAST_ROUNDS: dict[tuple[int, tuple[str, ...], Language], tuple[RoundResult, str]] = {}
#: Results kept in words at most (then forgotten at once).
_LAST_ROUNDS_KEPT = 1024


def _last_round(
    state: TableState, result: RoundResult, names: Sequence[str], locale: Language
) -> str:
    key = (id(result), tuple(names), locale)
    kept = _LAST_ROUNDS.get(key)
    # The result itself is kept with its line, so its id is not another's meanwhile.
    if kept is not None and kept[0] is result:
        return kept[1]
    last = present.short_result(result, names, state.rules, locale)
    line = t(locale, "hand-last-round-result", result=last)
    remember(_LAST_ROUNDS, key, (result, line), _LAST_ROUNDS_KEPT)
    return line


def arranged(hand: Sequence[Card]) -> list[list[Card]]:
    """The hand as it is sorted on the message: its best melds, then the deadwood."""
    return _groups(best_melds(hand))


def _groups(arrangement: Arrangement) -> list[list[Card]]:
    groups = [list(m) for m in arrangement.melds]
    if arrangement.deadwood:
        groups.append(list(arrangement.deadwood))
    return groups


def _card_rows(
    state: TableState, view: RoundView, confirm: Action | None, held: _Held
) -> list[list[shown.WrittenButton]]:
    """One button per card, a row per meld and for the deadwood (five a row at most). In
    the turn's discard phase a click discards the card; in knock mode (`confirm` a knock)
    it knocks with it; any other time the cards are shown disabled."""
    knocking = confirm is not None and confirm.kind == KNOCK
    kind = KNOCK if knocking else DISCARD
    # By identity (one instance per card): a card's hash is a Python call.
    playable = {id(a.card) for a in view.legal if a.kind == kind} if view.my_turn else set[int]()
    drawn = view.drawn
    # Each button's custom id is `GameButton.custom_id_of`: this prefix, then its move.
    prefix = GameButton.custom_id_of(state.table_id, state.version, Action(PASS))[: -len(PASS)]
    button = shown.WrittenButton
    rows = []
    secondary = _SECONDARY
    for planned in held.rows(kind):
        row = []
        for card, action, code, name in planned:
            live = id(card) in playable
            if knocking and live:
                style = _DANGER
            elif card is drawn:  # the card just drawn (one instance per card)
                style = _PRIMARY
            else:
                style = secondary
            # As discord.py's `Button` writes it (`ShownButton`), the emoji added later.
            payload = {
                "type": 2,
                "style": style,
                "disabled": not live,
                "custom_id": prefix + code,
                "label": name,
            }
            row.append(button(payload, action))
        rows.append(row)
    return rows


#: A card button's styles, as its payload gives them.
_DANGER = discord.ButtonStyle.danger.value
_PRIMARY = discord.ButtonStyle.primary.value
_SECONDARY = discord.ButtonStyle.secondary.value

#: (move kind, language) -> id(card) -> the card, the card button's move, its encoding and
#: its label: the same for every hand (a hand has 10-11 card buttons and a click builds 1.5
#: hands). Read by the card's id, checked against the card kept (a card's hash is a Python
#: call; there is one instance per card).
_CARD_MOVES: dict[tuple[str, str], dict[int, _CardMove]] = {}
#: Kept at most in each, and kinds and languages at most (two kinds of 52 cards a language).
_CARD_MOVES_KEPT = 256


def _card_move(moves: dict[int, _CardMove], kind: str, card: Card, locale: Language) -> _CardMove:
    found = moves.get(id(card))
    if found is None or found[0] is not card:
        action = Action(kind, card)
        found = (card, action, action.encode(), label(card, locale))
        remember(moves, id(card), found, _CARD_MOVES_KEPT)
    return found


def _moves(
    state: TableState, view: RoundView, confirm: Action | None, locale: Language
) -> list[shown.WrittenButton]:
    tid, version = state.table_id, state.version
    legal = view.legal
    kinds = {a.kind for a in legal}
    if not view.my_turn:
        waiting = (
            t(locale, "button-waiting-for", name=state.seats[view.to_move].name)
            if view.to_move is not None
            else t(locale, "button-waiting")
        )
        return [shown.move(tid, version, DRAW_STOCK, None, waiting[:80], disabled=True)]
    if confirm is not None and confirm.kind == KNOCK:
        return [shown.back(tid, version, t(locale, "button-back"))]
    top = view.top_discard
    take = t(locale, "button-take", card=label(top, locale) if top else "")
    out: list[shown.WrittenButton] = []
    if TAKE_UPCARD in kinds:
        out.append(shown.move(tid, version, TAKE_UPCARD, None, take))
    if PASS in kinds:
        out.append(shown.move(tid, version, PASS, None, t(locale, "button-pass")))
    if DRAW_STOCK in kinds:
        out.append(shown.move(tid, version, DRAW_STOCK, None, t(locale, "button-draw-stock")))
    if DRAW_DISCARD in kinds:
        out.append(shown.move(tid, version, DRAW_DISCARD, None, take))
    knocks = [a.card for a in legal if a.kind == KNOCK and a.card is not None]
    if knocks:
        best = min(knocks, key=lambda c: _left(view, c))
        out.append(
            shown.move(
                tid,
                version,
                KNOCK,
                best,
                t(locale, "select-knock"),
                style=discord.ButtonStyle.danger,
                control=AskButton,
            )
        )
    gins = [a.card for a in legal if a.kind == GIN and a.card is not None]
    for card in gins[:MAX_GINS]:
        gin = t(locale, "button-gin", card=label(card, locale))
        out.append(shown.move(tid, version, GIN, card, gin, control=AskButton))
    if BIG_GIN in kinds:
        big = t(locale, "button-big-gin")
        out.append(shown.move(tid, version, BIG_GIN, None, big, control=AskButton))
    if confirm is not None:
        # The confirmation is the one button the asked player needs: it keeps its place
        # when knock, three gins and Big Gin already fill the row.
        out = out[: ROW - 1]
        out.append(
            shown.move(
                tid,
                version,
                confirm.kind,
                confirm.card,
                _confirm_label(confirm, locale),
                style=discord.ButtonStyle.danger,
            )
        )
    return out[:ROW]


def _left(view: RoundView, card: Card) -> int:
    """The deadwood kept when `card` goes face down."""
    return best_melds([c for c in view.hand if c != card]).deadwood_points


def _how_drawn(view: RoundView) -> str:
    """ "took" for a card from the discard pile (everyone saw it), "drew" from the stock:
    a selector value of ``hand-drawn``."""
    mine = [e for e in view.history if e.seat == view.seat]
    if mine and mine[-1].kind in (DRAW_DISCARD, TAKE_UPCARD):
        return "took"
    return "drew"


def _my_turn(view: RoundView, locale: Language = DEFAULT) -> str:
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


def _confirm_label(action: Action, locale: Language = DEFAULT) -> str:
    card = label(action.card, locale) if action.card is not None else ""
    if action.kind == KNOCK:
        return t(locale, "button-confirm-knock", card=card)
    if action.kind == GIN:
        return t(locale, "button-confirm-gin", card=card)
    return t(locale, "button-confirm-big-gin")


def _confirm_question(action: Action, view: RoundView, locale: Language = DEFAULT) -> str:
    card = label(action.card, locale) if action.card is not None else ""
    if action.kind == KNOCK and action.card is not None:
        return t(locale, "confirm-knock", card=card, deadwood=_left(view, action.card))
    if action.kind == GIN:
        return t(locale, "confirm-gin", card=card)
    return t(locale, "confirm-big-gin")


def is_card(item: object) -> bool:
    """One of the hand's card buttons (a click discards or knocks with its card), not the
    "Knock with…" button that asks."""
    if isinstance(item, shown.ShownButton):
        return (
            item.control is GameButton
            and item.action is not None
            and item.action.kind
            in (
                DISCARD,
                KNOCK,
            )
        )
    return (
        isinstance(item, GameButton)
        and not isinstance(item, AskButton)
        and item.action.kind in (DISCARD, KNOCK)
    )


def show_card_emojis(message: Message, emoji_of: Callable[[Card], EmojiRef | None]) -> None:
    """The card buttons of `message` show each card's emoji beside its short name (the
    label, which screen readers read)."""
    layout = message.view
    if layout is None:
        return
    if isinstance(layout, HandLayout):  # its rows hold only card buttons (`_card_rows`)
        for row in layout.rows or ():
            for button in row:
                action = button.action
                assert action is not None and action.card is not None  # a card's
                ref = emoji_of(action.card)
                if ref is not None:
                    button.show_emoji(ref.name, ref.id)
        return
    for item in layout.walk_children():
        if not isinstance(item, shown.ShownButton | GameButton) or not is_card(item):
            continue
        assert item.action is not None  # a card's
        card = item.action.card
        ref = emoji_of(card) if card is not None else None
        if ref is not None:
            item.item.emoji = shown.emoji(ref.name, ref.id)


def custom_ids(message: discord.Message) -> set[str]:
    """Every control's custom id on a message, however deep in its layout."""
    return set(_controls(message))


def has_control(message: discord.Message, custom_id: str) -> bool:
    """Whether a control with `custom_id` is on `message` (read at every click: the walk
    stops at it)."""
    return any(found == custom_id for found in _controls(message))


def _controls(message: discord.Message) -> Iterator[str]:
    stack: list[Any] = list(message.components)
    while stack:
        comp = stack.pop()
        custom_id = getattr(comp, "custom_id", None)
        if isinstance(custom_id, str):
            yield custom_id
            continue  # a control holds no other component
        stack.extend(getattr(comp, "children", None) or ())
        stack.extend(getattr(comp, "components", None) or ())
        accessory = getattr(comp, "accessory", None)
        if accessory is not None:
            stack.append(accessory)
