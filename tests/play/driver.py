"""Scripted players that play only through what Discord shows them: their DMs and clicks."""

from __future__ import annotations

from bot.engine import Card, best_melds, parse_card
from emulator import Emulator, Message, User


def live_controls(emu: Emulator, user: User) -> Message | None:
    """The newest message `user` can see (DM or ephemeral) with an enabled game control."""
    for msg in reversed(emu.dms(user) + emu.ephemerals(user)):
        if any(
            b.custom_id and b.custom_id.startswith("gin:a:") and not b.disabled
            for b in msg.buttons()
        ):
            return msg
        if any(s.custom_id.startswith("gin:s:") and not s.disabled for s in msg.selects()):
            return msg
    return None


def _best_discard(labels: list[str]) -> str:
    cards = [parse_card(label) for label in labels]

    def left(card: Card) -> tuple[int, int]:
        rest = [c for c in cards if c != card]
        return best_melds(rest).deadwood_points, -card.points

    return min(cards, key=left).label


async def play_one(emu: Emulator, user: User) -> bool:
    """Make one move for `user` if it is their turn; False if they have nothing to do."""
    msg = live_controls(emu, user)
    if msg is None:
        return False
    labels = [b.label or "" for b in msg.buttons() if not b.disabled]
    for wanted in ("Big Gin",):
        if wanted in labels:
            await emu.click(user, msg, wanted)
            return True
    gin = [label for label in labels if label.startswith("Gin")]
    if gin:
        await emu.click(user, msg, gin[0])
        return True
    selects = {s.placeholder: s for s in msg.selects()}
    if "Knock with…" in selects:
        knock = selects["Knock with…"]
        await emu.select(user, msg, knock.labels[0], placeholder="Knock with…")
        return True
    if "Discard…" in selects:
        await emu.select(
            user, msg, _best_discard(selects["Discard…"].labels), placeholder="Discard…"
        )
        return True
    for wanted in ("Pass", "Draw from stock"):
        if wanted in labels:
            await emu.click(user, msg, wanted)
            return True
    return False
