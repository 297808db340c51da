"""Everything the bot writes to Discord, within Discord's limits (docs/architecture.md)."""

from bot.outbox.limits import Limits
from bot.outbox.outbox import Outbox
from bot.outbox.write import Priority

__all__ = ["Limits", "Outbox", "Priority"]
