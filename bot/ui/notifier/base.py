"""The notifier's state: what every part of it reads and keeps (`bot.ui.notifier`)."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable, Sequence

import discord

from bot.circle.profiles import Profiles
from bot.games.model import TableState
from bot.games.tables import TableService
from bot.i18n import Coded, Language
from bot.i18n.catalog import warm
from bot.outbox import Outbox
from bot.ui import images, messages
from bot.ui.busy import TablesInPlay
from bot.ui.busy_shared import SharedTablesInPlay
from bot.ui.dms import DirectMessages
from bot.ui.private_hands import PrivateHands

#: `unlocks(table_id)` -> (user id, announcement) for what a finished match earned, said in
#: each player's language in their final hand.
Unlocks = Callable[[int], Awaitable[Sequence[tuple[int, Coded]]]]


class Base:
    """The clients, services and memory the notifier's parts share."""

    def __init__(
        self,
        client: discord.Client,
        profiles: Profiles,
        tables: TableService,
        pictures: images.Pictures | None = None,
        *,
        unlocks: Unlocks | None = None,
        outbox: Outbox | None = None,
        chosen_language: Callable[[int | None], str | None] | None = None,
    ) -> None:
        self.client = client
        #: The players' settings, languages, DMs and favorites; the tables' message ids.
        self.profiles = profiles
        self.tables = tables
        #: guild -> the language its admins chose (`/gin-admin language`), or None.
        self.chosen_language = chosen_language or (lambda guild_id: None)
        self.outbox = outbox or Outbox(client)
        self.dms = DirectMessages(client, profiles, self.outbox)
        #: Busy channels' one message for their tables' moves (`bot/ui/busy.py`; several
        #: processes share it through the store, `bot/ui/busy_shared.py`).
        self.in_play: TablesInPlay | SharedTablesInPlay = (
            SharedTablesInPlay(self.outbox, self.board_language, tables)
            if tables.shared
            else TablesInPlay(self.outbox, self.board_language)
        )
        self.pictures = pictures or images.Pictures(profiles)
        #: The ephemeral copies of each hand (`/gin hand`), whose controls go at the end.
        self.private = PrivateHands(self.outbox)
        self.unlocks = unlocks
        # (table, seat) -> (DM channel id, message id) of the live hand message.
        self.hands: dict[tuple[int, int], tuple[int, int]] = {}
        # table -> the live board's message id (the newest round's).
        self.boards: dict[int, int] = {}
        # table -> what its live board last showed (its layout is edited whole once done).
        self._shown: dict[int, TableState] = {}
        # table -> its new board on its way (not waited for: the hands go meanwhile), and
        # the newest edit of it to make once it is there.
        self._board_posts: dict[int, asyncio.Task[None]] = {}
        self._board_later: dict[asyncio.Task[None], messages.Message] = {}
        self._board_tasks: set[asyncio.Task[None]] = set()
        #: table -> its newest public write on its way, which the next one waits for.
        self._public: dict[int, asyncio.Task[None]] = {}
        self._turn_shown: dict[tuple[int, int], bool] = {}
        #: (table, seat) -> the live hand's id while it has not carried a turn since this
        #: process posted it (`_just_notified`).
        self._unturned: dict[tuple[int, int], int] = {}
        self._told_closed: set[tuple[int, int]] = set()
        self._looked_up: set[tuple[int, int]] = set()
        self._favorites: dict[tuple[int, int], frozenset[int]] = {}
        self._chat: dict[int, deque[tuple[frozenset[int], str]]] = {}
        #: user -> their Discord client's locale, as last seen (`saw_locale`).
        self.discord_locales: dict[int, str] = {}
        warm()  # the catalogs, before the first game rather than during it

    def board_language(self, state: TableState) -> Language:
        """A public message's language (`Languages.board_language`)."""
        raise NotImplementedError
