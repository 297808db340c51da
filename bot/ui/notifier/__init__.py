"""Shows table updates in Discord: the public board, the reveal, the private hands.

One live board per round (the newest; older boards and the lobby lose their controls) and
one live hand message per player: a new DM only when the player's own turn starts (that is
the notification; the previous hand message is deleted) unless the live hand was itself
posted moments ago and has not carried a turn yet, otherwise the live hand is edited,
with the opponents' moves, table chat, the round's result and at the end the match's result
and achievements gathered into it (docs/playing.md).

Every write goes through the outbox (`bot/outbox`): the board's edits are queued and not
waited for (the newest content wins), a hand is waited for only when its message id is
needed. Every Discord call may fail (closed DMs, deleted messages, outages); a failure is
logged and the game goes on. Players whose DMs are closed are remembered (their profile,
`bot.circle.profiles`) and not retried until they interact again.

Its parts, each a class the next builds on: `base` (what they share), `languages`,
`boards` (the public writes), `hands` (the private ones), `core` (`Notifier`, each update).
"""

from bot.ui.notifier.base import Unlocks
from bot.ui.notifier.core import Notifier
from bot.ui.notifier.hands import CHAT_LINES, FRESH_SECONDS

__all__ = ["CHAT_LINES", "FRESH_SECONDS", "Notifier", "Unlocks"]
