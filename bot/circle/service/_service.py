"""`CircleService`: its parts put together."""

from __future__ import annotations

from ._chat import Chat
from ._privacy import Privacy
from ._records import Records
from ._relations import Relations
from ._unlocks import Unlocks


class CircleService(Relations, Chat, Records, Unlocks, Privacy):
    """Everything about players and their circle, on top of the store."""
