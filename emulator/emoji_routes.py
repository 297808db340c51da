"""The application-emoji routes (see ``emojis.py`` for what they check)."""

from __future__ import annotations

from aiohttp import web

from .http import Handler, json_response, no_content, read_body
from .state import State
from .validate import DiscordError

EMOJIS = "/applications/{application_id}/emojis"


class EmojiApi:
    """List, create, get, rename and delete the application's emojis."""

    def __init__(self, state: State) -> None:
        self.world = state.world
        self.emojis = state.emojis
        self.changes = state.changes

    def routes(self) -> list[tuple[str, str, Handler]]:
        one = EMOJIS + "/{emoji_id}"
        return [
            ("GET", EMOJIS, self.list),
            ("POST", EMOJIS, self.create),
            ("GET", one, self.get),
            ("PATCH", one, self.edit),
            ("DELETE", one, self.delete),
        ]

    def _app(self, request: web.Request) -> None:
        if request.match_info["application_id"] != str(self.world.application_id):
            raise DiscordError(403, 50001, "Missing Access")

    async def list(self, request: web.Request) -> web.Response:
        self._app(request)
        return json_response({"items": [e.to_dict() for e in self.emojis.all()]})

    async def create(self, request: web.Request) -> web.Response:
        self._app(request)
        body, _ = await read_body(request)
        if not isinstance(body, dict):
            raise DiscordError(400, 50035, "Invalid Form Body")
        emoji = self.emojis.create(body)
        self.changes.notify()
        return json_response(emoji.to_dict(), 201)

    async def get(self, request: web.Request) -> web.Response:
        self._app(request)
        return json_response(self.emojis.get(request.match_info["emoji_id"]).to_dict())

    async def edit(self, request: web.Request) -> web.Response:
        self._app(request)
        emoji = self.emojis.get(request.match_info["emoji_id"])
        body, _ = await read_body(request)
        if not isinstance(body, dict):
            raise DiscordError(400, 50035, "Invalid Form Body")
        self.emojis.rename(emoji, body)
        self.changes.notify()
        return json_response(emoji.to_dict())

    async def delete(self, request: web.Request) -> web.Response:
        self._app(request)
        self.emojis.delete(self.emojis.get(request.match_info["emoji_id"]))
        self.changes.notify()
        return no_content()
