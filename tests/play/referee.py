"""The referee: checks every message players and the channel can see against the engine's own
record of the match (scores, boards, whose turn, who knocked or undercut, live controls).

It reads only what the emulator recorded of what the bot sent, and compares it with the
engine (`Match` in play, or rebuilt from the store's final record): the numbers come from
the engine, never from the bot's formatting code.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Card, Match, best_melds, parse_card
from bot.engine.breakdown import round_points
from bot.render.emojis import card_stem
from emulator import Channel, Emulator, Message, User
from emulator.models import walk_components

from .reading import desc_of, hand_cards

#: One line per audited match, printed at the end of the test run (tests/play/conftest.py).
REPORT: list[str] = []


@dataclass
class Counts:
    """What a match cost in messages and clicks (the figures docs/playing.md quotes)."""

    rounds: int = 0
    channel_posts: int = 0
    new_dms: dict[str, int] = field(default_factory=dict)
    own_turns: dict[str, int] = field(default_factory=dict)
    clicks: dict[str, int] = field(default_factory=dict)

    def line(self) -> str:
        def n(count: int, word: str) -> str:
            return f"{count} {word}" + ("" if count == 1 else "s")

        dms = ", ".join(
            f"{u}: {n(k, 'new DM')} / {n(self.own_turns.get(u, 0), 'own turn')}"
            for u, k in self.new_dms.items()
        )
        clicks = sum(self.clicks.values())
        turns = sum(self.own_turns.values()) or 1
        return (
            f"{n(self.rounds, 'round')}; channel {n(self.channel_posts, 'post')} "
            f"({self.channel_posts / max(self.rounds, 1):.1f} per round); {dms}; "
            f"{clicks / turns:.2f} clicks per own turn"
        )


def names_of(match_seats: Iterable[Any]) -> list[str]:
    """Seat names as every message writes them (computers with their robot)."""
    return [s.display_name + (" 🤖" if s.computer_level else "") for s in match_seats]


def board_fields(msg: Message) -> dict[str, str]:
    """A board's facts by name: a classic embed's fields, or a layout's text displays
    written ``**Name**`` over the value (`bot/ui/board_layout.py`)."""
    if msg.embed is not None:
        return {f["name"]: f["value"] for f in msg.embed.get("fields", [])}
    out: dict[str, str] = {}
    for text in _displays(msg):
        head, _, value = text.partition("\n")
        if head.startswith("**") and head.endswith("**") and len(head) > 4:
            out[head[2:-2]] = value
    return out


def _displays(msg: Message) -> list[str]:
    return [
        str(c.get("content", "")) for c in walk_components(msg.components) if c.get("type") == 10
    ]


#: A card emoji in text (``<:gin_qs_1a2b3c:123>``): its name says the card.
EMOJI = re.compile(r"<a?:gin_(?P<card>back|(?:10|[2-9ajqk])[cdhs])4?_[0-9a-f]{6}:\d+>\s*")


def shown_card(value: str) -> tuple[str | None, str]:
    """The card an emoji at the start of a value shows (``qs``, ``back``), and the text."""
    found = EMOJI.match(value)
    if found is None:
        return None, value
    return found["card"], value[found.end() :]


def _title(msg: Message) -> str:
    """The embed's title, or a layout's heading (``### …``: the board, reveal, summary)."""
    if msg.embed is not None:
        return str(msg.embed.get("title", ""))
    heads = [x.removeprefix("### ") for x in _displays(msg) if x.startswith("### ")]
    return heads[0] if heads else ""


def _desc(msg: Message) -> str:
    return desc_of(msg)


def boards(emu: Emulator, channel: Channel, table_id: int) -> list[Message]:
    """The table's boards in the channel, oldest first (not the lobby, reveals or summary)."""
    return [
        m
        for m in emu.messages(channel)
        if _title(m).startswith(f"Gin Rummy · table #{table_id} ·")
        and "Cards in hand" in board_fields(m)
    ]


def live(msg: Message) -> bool:
    """Whether a message still has an enabled control."""
    return any(not b.disabled for b in msg.buttons()) or any(not s.disabled for s in msg.selects())


def _about(msg: Message, table_id: int) -> bool:
    ids = [b.custom_id or "" for b in msg.buttons()] + [s.custom_id for s in msg.selects()]
    return any(re.search(rf"^gin:[a-z]+:{table_id}(:|$)", i) for i in ids)


def hand_dms(emu: Emulator, user: User, table_id: int) -> list[Message]:
    """The player's hand messages of this table still in their DMs, oldest first."""
    return [m for m in emu.dms(user) if re.search(rf"[Tt]able #{table_id}\b", _title(m))]


def _hand_cards(msg: Message) -> set[str]:
    line = next(x for x in _desc(msg).splitlines() if x.startswith("**Your hand:**"))
    text = line.removeprefix("**Your hand:**").replace("|", " ")
    return {parse_card(t).label for t in text.split() if t != "—"}


def _in_order(hand: list[Card]) -> list[Card]:
    """The engine's arrangement of a hand: its best melds, then the deadwood."""
    arrangement = best_melds(hand)
    return [c for meld in arrangement.melds for c in meld] + list(arrangement.deadwood)


def _score_in(text: str, name: str, score: int) -> bool:
    return re.search(rf"{re.escape(name)}: {score}\b", text) is not None


def check_live(emu: Emulator, channel: Channel, users: dict[int, User], table: Any) -> None:
    """Mid-match: the live board is the newest, shows the current round, the engine's
    scores, stock and whose turn; each player's one live hand holds exactly their cards and
    says whether it is their turn. Call after `TableService.wait_idle()`, in a draw phase
    (after a draw the table shows the whole turn only once the discard is made)."""
    match: Match = table.match
    record = table.record
    names = names_of(record.seats)
    rnd = match.round
    view = rnd.view(0)
    found = boards(emu, channel, record.id)
    assert found, "no board"
    live_boards = [m for m in found if live(m)]
    assert live_boards == [found[-1]], "the live board is not the newest one, or not the only one"
    board = board_fields(found[-1])
    assert f"Round {len(match.rounds)}" in board, f"board shows {list(board)}"
    for name, score in zip(names, match.scores, strict=True):
        assert _score_in(board["Scores"], name, score), (board["Scores"], name, score)
    back, stock = shown_card(board["Stock"])
    assert stock == f"{view.stock_size} cards" and back in (None, "back"), board["Stock"]
    face, pile = shown_card(board["Discard pile"])
    top = view.top_discard
    if top is None:
        assert pile.startswith("**—**") and face is None, pile
    else:
        assert pile.startswith(f"**{top.label}**"), (pile, top.label)
        assert face in (None, card_stem(top)), (face, top.label)
    turn = board[f"Round {len(match.rounds)}"]
    if rnd.to_move is not None:
        assert turn.startswith(names[rnd.to_move] + " "), (turn, names[rnd.to_move])
    for seat in record.seats:
        if seat.user_id is None or seat.removed:
            continue
        hands = hand_dms(emu, users[seat.user_id], record.id)
        assert hands, f"{seat.display_name} has no hand message"
        assert sum(1 for m in hands if live(m)) <= 1, f"{seat.display_name} has two live hands"
        newest = hands[-1]
        assert _hand_cards(newest) == {c.label for c in rnd.hand(seat.seat_no)}
        # The cards on the buttons are the hand, in the engine's order (melds, deadwood).
        assert hand_cards(newest) == _in_order(list(rnd.hand(seat.seat_no))), (
            seat.display_name,
            hand_cards(newest),
        )
        my_turn = rnd.to_move == seat.seat_no
        assert ("**Your turn:**" in _desc(newest)) == my_turn, (seat.display_name, _desc(newest))
        for name, score in zip(names, match.scores, strict=True):
            assert _score_in(_title(newest), name, score), (_title(newest), name, score)


async def check_live_soon(
    emu: Emulator, channel: Channel, users: dict[int, User], table: Any, within: float = 5.0
) -> None:
    """`check_live` once what players see has caught up: the outbox sends the board and the
    others' hands after the move is answered, so they agree with the engine within a few
    seconds, not at the instant the table's updates were handed over."""

    def agrees() -> bool:
        try:
            check_live(emu, channel, users, table)
        except AssertionError:
            return False
        return True

    with contextlib.suppress(TimeoutError):
        await emu.wait_for(agrees, timeout=within, what="the screens to show the table")
    check_live(emu, channel, users, table)


def final_match(state_json: str) -> Match:
    return Match.from_dict(json.loads(state_json))


def check_end(
    emu: Emulator,
    channel: Channel,
    users: dict[int, User],
    record: Any,
    match: Match,
    ended_by: str,
    *,
    resigned: Collection[str] = (),
) -> list[str]:
    """After the match: the summary's winner and every total (and round points) equal the
    engine's; every reveal names who knocked, who won and the engine's points; no control of
    the match is live anywhere but Rematch; each player's hand message shows the result.
    Returns the kinds of round endings seen (knock, gin, undercut, draw...)."""
    names = names_of(record.seats)
    tid = record.id
    summary = next(m for m in emu.messages(channel) if _title(m) == f"Match over · table #{tid}")
    text = summary.text
    assert match.winner is not None
    assert f"**{names[match.winner]}** wins" in text, text
    for seat, name in enumerate(names):
        assert re.search(rf"^{re.escape(name)}: \*\*{match.scores[seat]}\*\* ", text, re.M), (
            text,
            name,
            match.scores[seat],
        )
        part = match.breakdown.seats[seat] if match.breakdown.seats else None
        if part is not None and (part.shutout or part.game_bonus or part.line_bonus):
            assert re.search(
                rf"^{re.escape(name)}: .*\({match.totals[seat]} round points?\b", text, re.M
            ), text
    if ended_by == "timeout" and match.forfeited is not None:
        assert f"{names[match.forfeited]} did not play in time" in text
    for seat in match.withdrawn:
        why = "resigned, could not win" if names[seat] in resigned else "removed for being away"
        assert re.search(rf"^{re.escape(names[seat])}: .*{why}", text, re.M), text
    # A tie on the best final score is broken by the documented rule, which the result names.
    tie = {
        "round_points": "wins the tie with more round points",
        "latest_round": "wins the tie by having won the latest round of those tied",
        "seat": "wins the tie as the first seated at the table",
    }
    for rule, words in tie.items():
        said = "Tied on the final score" in text and f"{names[match.winner]} {words}" in text
        assert said == (match.tie_break == rule), (rule, match.tie_break, text)
    kinds = []
    for number, rnd in enumerate(match.rounds, start=1):
        result = rnd.result
        if result is None:
            continue
        kinds.append(result.kind)
        reveal = next(
            (m for m in emu.messages(channel) if _title(m) == f"Round {number} · table #{tid}"),
            None,
        )
        assert reveal is not None, f"no reveal of round {number}"
        _check_reveal(reveal.text, result, names, match)
        # The channel reads in order though the hands do not wait for it: the round's
        # board, its reveal below it, then the next round's board (docs/playing.md).
        rounds = [(round_of(b), b.id) for b in boards(emu, channel, tid)]
        assert any(n == number and i < reveal.id for n, i in rounds), (number, rounds)
        assert all(i > reveal.id for n, i in rounds if n > number), (number, rounds)
    if ended_by == "score":
        # The round that ended the match says so, with each final total and its bonuses
        # (the engine's breakdown), not only a jump to the total on the next message.
        last = len(match.rounds)
        reveal = next(
            m for m in emu.messages(channel) if _title(m) == f"Round {last} · table #{tid}"
        )
        assert "That was the last round: it ends the match." in reveal.text, reveal.text
        for seat, name in enumerate(names):
            _check_total(reveal.text, name, seat, match)
        for seat in record.seats:
            if seat.user_id is not None and not seat.removed:
                hands = hand_dms(emu, users[seat.user_id], tid)
                versions = [v.text for v in hands[-1].versions()]
                said = "That was the last round: it ends the match."
                told = next((v for v in reversed(versions[:-1]) if said in v), None)
                if told is None:
                    # The outbox sends a message's newest state (latest wins): the round's
                    # result may have been replaced before it went out, so the final hand
                    # the player reads must hold the last round and every total.
                    told = versions[-1]
                    assert f"Round {last}: " in told, versions
                for other, name in enumerate(names):
                    _check_total(told, name, other, match)
    # A rematch is a challenge between two: no Rematch button at a table of three or four.
    rematch = "Rematch" in summary.button_labels
    assert rematch == (len(record.seats) == 2), (len(record.seats), summary.button_labels)
    _check_no_live_controls(emu, channel, users, tid)
    for seat in record.seats:
        if seat.user_id is None:
            continue
        hands = hand_dms(emu, users[seat.user_id], tid)
        assert hands and "Match over" in _title(hands[-1]), f"{seat.display_name}: no result DM"
        assert f"**{names[match.winner]}** wins" in hands[-1].text
        assert not hands[-1].attachments, "the result still shows the last hand's picture"
        assert "next round is dealt" not in hands[-1].versions()[-2].text
    return kinds


def _check_total(text: str, name: str, seat: int, match: Match) -> None:
    """`name: **total** …` with the round points and each bonus of the engine's breakdown."""
    line = re.search(rf"^{re.escape(name)}: \*\*{match.scores[seat]}\*\* (.*)$", text, re.M)
    assert line is not None, (text, name, match.scores[seat])
    part = match.breakdown.seats[seat] if match.breakdown.seats else None
    if part is None or not (part.shutout or part.game_bonus or part.line_bonus):
        return
    words = line.group(1)
    assert f"({part.round_points} round point" in words, words
    for points, kind in (
        (part.shutout, "shutout"),
        (part.game_bonus, "game bonus"),
        (part.line_bonus, "line bonus"),
    ):
        assert (f"{points} {kind}" in words) == bool(points), (words, kind, points)


def round_of(board: Message) -> int:
    """The round a board shows ("Round 2" in English; the play tests' language)."""
    name = next((k for k in board_fields(board) if re.match(r"Round \d+$", k)), "Round 0")
    return int(name.split()[1])


def _check_reveal(text: str, result: Any, names: list[str], match: Match) -> None:
    s = result.settlement
    if s is None:
        assert "Nobody scores" in text or "thrown in" in text.lower() or "Re-deal" in text, text
        return
    knocker, winner = names[s.knocker], names[s.winner]
    if s.kind == "undercut":
        assert f"{knocker} knocked" in text and f"{winner} undercut" in text, text
        assert f"Undercut** by {knocker}" not in text
    else:
        title = {"knock": "Knock", "gin": "Gin", "big_gin": "Big Gin"}[s.kind]
        assert f"**{title}** by {knocker}" in text, text
    parts = round_points(s, match.rules)
    if match.rules.scoring == "penalty":
        for p in parts:
            if p.points:
                unit = "penalty point" if p.points == 1 else "penalty points"
                assert f"{names[p.seat]} takes {p.points} {unit}" in text, (text, p)
        assert "+" + str(max(s.points)) + " " not in text
    else:
        points = s.points[s.winner]
        unit = "point" if points == 1 else "points"
        assert f"{winner} scores {points} {unit}" in text, (text, points)
        if parts[s.winner].bonus:
            assert f"{parts[s.winner].bonus} " in text
    assert not re.search(r"(?<![\d.])1 (points|rounds|penalty points)\b", text), text


def _check_no_live_controls(
    emu: Emulator, channel: Channel, users: dict[int, User], table_id: int
) -> None:
    seen: list[Message] = list(emu.messages(channel))
    for user in users.values():
        seen += emu.dms(user)
    for msg in seen:
        if not _about(msg, table_id):
            continue
        for b in msg.buttons():
            assert b.disabled or (b.custom_id or "").startswith("gin:r:"), (
                f"live control {b.label!r} left on a finished match"
            )
        assert not any(not s.disabled for s in msg.selects())


def count(
    emu: Emulator,
    channel: Channel,
    users: dict[int, User],
    record: Any,
    match: Match,
    counts: Counts,
) -> Counts:
    """Channel posts, new DMs (deleted ones too) and own turns per player for this table."""
    names = names_of(record.seats)
    tid = record.id
    counts.rounds = len(match.rounds)
    counts.channel_posts = sum(
        1
        for m in channel.messages.values()
        if not m.ephemeral and re.search(rf"#{tid}\b", m.versions()[0].text)
    )
    for seat in record.seats:
        if seat.user_id is None:
            continue
        user = users[seat.user_id]
        dm = emu.dm_channel(user)
        counts.new_dms[names[seat.seat_no]] = sum(
            1
            for m in dm.messages.values()
            if re.search(rf"[Tt]able #{tid}\b", m.versions()[0].text)
        )
        turns = 0
        for rnd in match.rounds:
            previous = None
            for event in rnd.history:
                if event.seat == seat.seat_no and previous != seat.seat_no:
                    turns += 1
                if event.seat is not None:
                    previous = event.seat
        counts.own_turns[names[seat.seat_no]] = turns
    return counts
