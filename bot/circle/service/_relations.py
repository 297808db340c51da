"""Relations (block, mute, favorite), presence and settings."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import Coded
from bot.store.models import Favorite, PlayerSettings, RelationKind

from ._model import HEART, CircleError, Person, RelationsView, name_of
from ._part import Part


class Relations(Part):
    """Blocks, mutes, favorites, presence and a player's settings."""

    async def _relate(
        self, user: Person, target: Person, kind: RelationKind, add: bool, *, is_bot: bool = False
    ) -> Coded:
        if user.user_id == target.user_id:
            raise CircleError("circle-self", relation=kind, add=add)
        if is_bot and add:
            raise CircleError("circle-bot")
        await self.store.players.upsert(user.user_id, user.name)
        # Known by name from now on, for `/gin player relations` and `/gin player friends`.
        await self.store.players.upsert(target.user_id, target.name)
        if add:
            changed = await self.store.relations.add(user.user_id, target.user_id, kind)
            return Coded(
                f"relation-{kind}-{'done' if changed else 'already'}", {"name": target.name}
            )
        changed = await self.store.relations.remove(user.user_id, target.user_id, kind)
        return Coded(f"relation-un{kind}-{'done' if changed else 'already'}", {"name": target.name})

    async def block(self, user: Person, target: Person, *, is_bot: bool = False) -> Coded:
        return await self._relate(user, target, "block", True, is_bot=is_bot)

    async def unblock(self, user: Person, target: Person) -> Coded:
        return await self._relate(user, target, "block", False)

    async def mute(self, user: Person, target: Person, *, is_bot: bool = False) -> Coded:
        return await self._relate(user, target, "mute", True, is_bot=is_bot)

    async def unmute(self, user: Person, target: Person) -> Coded:
        return await self._relate(user, target, "mute", False)

    async def favorite(self, user: Person, target: Person, *, is_bot: bool = False) -> Coded:
        return await self._relate(user, target, "favorite", True, is_bot=is_bot)

    async def unfavorite(self, user: Person, target: Person) -> Coded:
        return await self._relate(user, target, "favorite", False)

    async def set_online(self, user: Person, online: bool) -> Coded:
        """`/gin me online`, `/gin me offline`: offline players can't be challenged."""
        await self.store.players.upsert(user.user_id, user.name, online=online)
        return Coded("presence-online" if online else "presence-offline")

    async def update_settings(
        self,
        user: Person,
        *,
        images: bool | None = None,
        four_colour: bool | None = None,
        dark: bool | None = None,
        turn_alerts: bool | None = None,
        language: str | None = None,
    ) -> PlayerSettings:
        """`/gin me settings`: change those given (None keeps one); return them all.
        `language`: en, es, fr, or :data:`FOLLOW_DISCORD` (the Discord client's)."""
        await self.store.players.upsert(user.user_id, user.name)
        return await self.store.players.update_settings(
            user.user_id,
            images=images,
            four_colour=four_colour,
            dark=dark,
            turn_alerts=turn_alerts,
            language=language,
        )

    async def friends(self, user_id: int) -> list[Favorite]:
        """Favorites with whether they are online (unknown players count as online)."""
        return await self.store.relations.favorites(user_id)

    async def relations(self, user_id: int) -> RelationsView:
        mine = await self.store.relations.of(user_id)
        ids = [r.target_id for r in mine]
        players = await self.store.players.get_many([user_id, *ids])

        def people(kind: str) -> tuple[Person, ...]:
            return tuple(
                Person(r.target_id, name_of(players.get(r.target_id), r.target_id))
                for r in mine
                if r.kind == kind
            )

        me = players.get(user_id)
        return RelationsView(
            blocked=people("block"),
            muted=people("mute"),
            favorites=tuple(await self.store.relations.favorites(user_id)),
            online=True if me is None else me.online,
        )

    async def blocked_at_table(self, user_id: int, seated: Iterable[int | None]) -> set[int]:
        """Seated players `user_id` has blocked (ask "Join anyway?" before joining)."""
        others = [u for u in seated if u is not None and u != user_id]
        return await self.store.relations.targets_among(user_id, "block", others)

    async def check_join(self, user_id: int, seated: Iterable[int | None]) -> None:
        """Refuse a join when a seated player blocked the joiner."""
        others = [u for u in seated if u is not None and u != user_id]
        if await self.store.relations.sources_among(user_id, "block", others):
            raise CircleError("circle-cant-join")

    async def decorate_names(self, viewer_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """A heart for each of `user_ids` the viewer favorited ("" for the others)."""
        ids = list(user_ids)
        hearts = await self.store.relations.targets_among(viewer_id, "favorite", ids)
        return {u: (HEART if u in hearts else "") for u in ids}
