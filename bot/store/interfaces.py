"""Only for the `bot/ui` modules that still import `Storage` from here: import it from
`bot.store.repositories`. Delete this file with those imports (issue 32 item 2 takes the
store out of `bot/ui`)."""

from bot.store.repositories import Storage

__all__ = ["Storage"]
