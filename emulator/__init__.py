"""A loopback Discord (REST v10 + Gateway v10) for end-to-end tests and benchmarks.

Start one with ``async with Emulator() as emu:`` and see ``docs/emulator.md``.
"""

from .clock import Clock
from .core import (
    AnswerNotFilled,
    Emulator,
    EmulatorError,
    InteractionFailed,
    RequestRecord,
    UploadFile,
)
from .faults import Fault
from .models import (
    Attachment,
    Button,
    Channel,
    Guild,
    Interaction,
    Member,
    Message,
    MessageVersion,
    Role,
    Select,
    SelectOption,
    User,
)
from .state import State
from .threads import Thread
from .validate import DiscordError

__all__ = [
    "AnswerNotFilled",
    "Attachment",
    "Button",
    "Channel",
    "Clock",
    "DiscordError",
    "Emulator",
    "EmulatorError",
    "Fault",
    "Guild",
    "Interaction",
    "InteractionFailed",
    "Member",
    "Message",
    "MessageVersion",
    "RequestRecord",
    "Role",
    "Select",
    "SelectOption",
    "State",
    "Thread",
    "UploadFile",
    "User",
]
