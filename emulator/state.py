"""The emulator's state, in one place for the parts that serve it (REST, gateway, driver).

Each part depends on this and the state modules, never on :class:`~emulator.Emulator`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .changes import Changes
from .clock import Clock
from .commands import CommandRegistry
from .config import Options
from .emojis import EmojiStore
from .interactions import InteractionLog
from .messages import MessageStore
from .world import World


@dataclass(frozen=True)
class State:
    options: Options
    changes: Changes
    world: World
    commands: CommandRegistry
    messages: MessageStore
    interactions: InteractionLog
    emojis: EmojiStore

    @classmethod
    def new(cls, options: Options, clock: Clock, *, bot_name: str = "Gin Bot") -> State:
        """An empty world for the bot named ``bot_name``."""
        changes = Changes()
        world = World(clock, changes, bot_name=bot_name)
        messages = MessageStore(world, changes, lambda: options.api_base)
        emojis = EmojiStore(world)
        messages.emoji_usable = emojis.usable
        return cls(
            options,
            changes,
            world,
            CommandRegistry(world, changes),
            messages,
            InteractionLog(world, changes, options),
            emojis,
        )
