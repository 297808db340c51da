"""A server's own settings (its language for public messages): `ServerSettings`."""

from bot.servers.settings import ServerSettings

__all__ = ["ServerSettings"]
