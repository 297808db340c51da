"""The emulator's world: users, guilds, channels, messages and interactions.

These objects are what tests read. They hold plain Python values (payload dicts for embeds
and components, bytes for files) and render themselves as Discord JSON with ``to_dict``.

One module per kind of thing: `_discord` (Discord's numbers: permissions, intents, flags,
types; its timestamps), `_people` (users, roles, members, guilds), `_channels` (channels,
attachments), `_components` (buttons, selects, the text of components and embeds),
`_messages` and `_interactions`.
"""

from ._channels import Attachment, Channel
from ._components import Button, Select, SelectOption, component_text, embed_text, walk_components
from ._discord import (
    ALL_INTENTS,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    BOT_ROLE_PERMISSIONS,
    DM,
    DM_PERMISSIONS,
    EVERYONE_PERMISSIONS,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    GUILD_TEXT,
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PERMISSIONS,
    PRIVILEGED_INTENTS,
    iso,
)
from ._interactions import Interaction
from ._messages import Message, MessageVersion
from ._people import ALL_PERMISSIONS, Guild, Member, Role, User

__all__ = [
    "ALL_INTENTS",
    "ALL_PERMISSIONS",
    "APPLICATION_COMMAND",
    "AUTOCOMPLETE",
    "BOT_ROLE_PERMISSIONS",
    "DM",
    "DM_PERMISSIONS",
    "EVERYONE_PERMISSIONS",
    "FLAG_COMPONENTS_V2",
    "FLAG_EPHEMERAL",
    "FLAG_LOADING",
    "FLAG_SUPPRESS_EMBEDS",
    "FLAG_SUPPRESS_NOTIFICATIONS",
    "GUILD_TEXT",
    "INTENT_DIRECT_MESSAGES",
    "INTENT_GUILDS",
    "INTENT_GUILD_MEMBERS",
    "INTENT_GUILD_MESSAGES",
    "MESSAGE_COMPONENT",
    "MODAL_SUBMIT",
    "PERMISSIONS",
    "PRIVILEGED_INTENTS",
    "Attachment",
    "Button",
    "Channel",
    "Guild",
    "Interaction",
    "Member",
    "Message",
    "MessageVersion",
    "Role",
    "Select",
    "SelectOption",
    "User",
    "component_text",
    "embed_text",
    "iso",
    "walk_components",
]
