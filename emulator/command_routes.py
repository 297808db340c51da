"""The application command routes: list, overwrite, create, read, edit, delete."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .http import Handler, json_response, no_content, read_body
from .state import State
from .validate import DiscordError, validate_commands


class CommandApi:
    """``/applications/{application_id}/(guilds/{guild_id}/)commands``."""

    def __init__(self, state: State) -> None:
        self.world = state.world
        self.commands = state.commands

    def routes(self) -> list[tuple[str, str, Handler]]:
        return [
            ("GET", "/applications/{application_id}/commands", self.list_commands),
            ("PUT", "/applications/{application_id}/commands", self.put_commands),
            ("POST", "/applications/{application_id}/commands", self.post_command),
            ("GET", "/applications/{application_id}/commands/{command_id}", self.get_command),
            ("PATCH", "/applications/{application_id}/commands/{command_id}", self.patch_command),
            ("DELETE", "/applications/{application_id}/commands/{command_id}", self.delete_command),
            (
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self.list_commands,
            ),
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self.put_commands),
            (
                "POST",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self.post_command,
            ),
            (
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands/permissions",
                self.command_permissions,
            ),
            (
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
                self.get_command,
            ),
            (
                "PATCH",
                "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
                self.patch_command,
            ),
            (
                "DELETE",
                "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
                self.delete_command,
            ),
        ]

    def _app(self, request: web.Request) -> None:
        if int(request.match_info["application_id"]) != self.world.application_id:
            raise DiscordError(403, 50001, "Missing Access")

    def _scope(self, request: web.Request) -> int | None:
        self._app(request)
        raw = request.match_info.get("guild_id")
        if raw is None:
            return None
        guild_id = int(raw)
        if guild_id not in self.world.guilds:
            raise DiscordError(404, 10004, "Unknown Guild")
        return guild_id

    async def list_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        return json_response(self.commands.listing(scope))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body, _ = await read_body(request)
        commands = validate_commands(body)
        return json_response(self.commands.store(scope, commands, replace=True))

    async def post_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body, _ = await read_body(request)
        existing = [
            c
            for c in self.commands.listing(scope)
            if not (c["name"] == body.get("name") and c["type"] == body.get("type", 1))
        ]
        validate_commands([*existing, body])
        stored = self.commands.store(scope, [body], replace=False)
        return json_response(stored[-1] if stored else {}, 201)

    def _find_command(self, request: web.Request) -> tuple[int | None, dict[str, Any]]:
        scope = self._scope(request)
        cmd_id = request.match_info["command_id"]
        for cmd in self.commands.listing(scope):
            if cmd["id"] == cmd_id:
                return scope, cmd
        raise DiscordError(404, 10063, "Unknown application command")

    async def get_command(self, request: web.Request) -> web.Response:
        _, cmd = self._find_command(request)
        return json_response(cmd)

    async def patch_command(self, request: web.Request) -> web.Response:
        scope, cmd = self._find_command(request)
        body, _ = await read_body(request)
        merged = {**cmd, **body}
        others = [c for c in self.commands.listing(scope) if c["id"] != cmd["id"]]
        validate_commands([*others, merged])
        stored = self.commands.store(scope, [merged], replace=False)
        return json_response(stored[-1])

    async def delete_command(self, request: web.Request) -> web.Response:
        scope, cmd = self._find_command(request)
        self.commands.delete(scope, cmd["id"])
        return no_content()

    async def command_permissions(self, request: web.Request) -> web.Response:
        self._scope(request)
        return json_response([])
