"""Discord's own rules for what a bot may send: commands, messages, components, modals.

Each check adds to a :class:`FormErrors`, which raises the same ``400 50035 Invalid Form
Body`` with nested ``errors`` that Discord answers, so discord.py shows the same messages.

Each part is a private module of its own: `_errors` (the error answers and the form errors,
the length and range checks), `_commands`, `_components` (buttons, selects, rows, v2
layouts), `_messages` (embeds and whole message bodies) and `_modals`.
"""

from ._commands import validate_choices, validate_commands
from ._components import validate_components
from ._errors import DiscordError, FormErrors
from ._messages import validate_embeds, validate_message
from ._modals import validate_modal

__all__ = [
    "DiscordError",
    "FormErrors",
    "validate_choices",
    "validate_commands",
    "validate_components",
    "validate_embeds",
    "validate_message",
    "validate_modal",
]
