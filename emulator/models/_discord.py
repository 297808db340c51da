"""Discord's numbers (permission and intent bits, message flags, channel and
interaction types) and its timestamps."""

from __future__ import annotations

import datetime as dt
import functools

# Permission bits (https://discord.com/developers/docs/topics/permissions).
PERMISSIONS: dict[str, int] = {
    "create_instant_invite": 1 << 0,
    "kick_members": 1 << 1,
    "ban_members": 1 << 2,
    "administrator": 1 << 3,
    "manage_channels": 1 << 4,
    "manage_guild": 1 << 5,
    "add_reactions": 1 << 6,
    "view_channel": 1 << 10,
    "send_messages": 1 << 11,
    "manage_messages": 1 << 13,
    "embed_links": 1 << 14,
    "attach_files": 1 << 15,
    "read_message_history": 1 << 16,
    "mention_everyone": 1 << 17,
    "use_external_emojis": 1 << 18,
    "change_nickname": 1 << 26,
    "use_application_commands": 1 << 31,
    "manage_threads": 1 << 34,
    "create_public_threads": 1 << 35,
    "create_private_threads": 1 << 36,
    "send_messages_in_threads": 1 << 38,
}

#: What @everyone may do in a fresh server.
EVERYONE_PERMISSIONS = sum(
    PERMISSIONS[name]
    for name in (
        "create_instant_invite",
        "add_reactions",
        "view_channel",
        "send_messages",
        "embed_links",
        "attach_files",
        "read_message_history",
        "use_external_emojis",
        "change_nickname",
        "use_application_commands",
        "create_public_threads",
        "send_messages_in_threads",
    )
)
#: What the bot's managed role adds (what an invite link would ask for).
BOT_ROLE_PERMISSIONS = (
    EVERYONE_PERMISSIONS | PERMISSIONS["manage_messages"] | PERMISSIONS["manage_threads"]
)
#: What an app may do in a DM with a user.
DM_PERMISSIONS = sum(
    PERMISSIONS[name]
    for name in (
        "add_reactions",
        "view_channel",
        "send_messages",
        "embed_links",
        "attach_files",
        "read_message_history",
        "use_external_emojis",
        "use_application_commands",
    )
)

# Intent bits (https://discord.com/developers/docs/events/gateway#gateway-intents).
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
PRIVILEGED_INTENTS: dict[str, int] = {
    "members": 1 << 1,
    "presences": 1 << 8,
    "message_content": 1 << 15,
}
ALL_INTENTS = (1 << 26) - 1

# Message flags.
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15

# Channel types.
GUILD_TEXT = 0
DM = 1

# Interaction types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5


@functools.lru_cache(maxsize=4096)
def iso(ts: float) -> str:
    """An ISO-8601 timestamp as Discord writes it (a message's, written again at each read)."""
    return dt.datetime.fromtimestamp(ts, dt.UTC).isoformat()
