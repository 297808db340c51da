"""The interaction routes: the callback that acknowledges an interaction, followups, and
the messages an interaction's token edits."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .http import Handler, json_response, no_content, read_body
from .models import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    FLAG_EPHEMERAL,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Interaction,
    Message,
)
from .state import State
from .validate import DiscordError, validate_choices, validate_modal

#: Callback types each interaction type accepts.
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {4, 5, 9},
    MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7},
}


class InteractionApi:
    """``/interactions/{id}/{token}/callback`` and ``/webhooks/{application_id}/{token}``:
    they authenticate by the token in the URL."""

    def __init__(self, state: State) -> None:
        self.world = state.world
        self.messages = state.messages
        self.interactions = state.interactions
        self.changes = state.changes
        self.options = state.options

    def routes(self) -> list[tuple[str, str, Handler]]:
        return [
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.callback),
            ("POST", "/webhooks/{application_id}/{token}", self.followup),
            (
                "GET",
                "/webhooks/{application_id}/{token}/messages/{message_id}",
                self.webhook_message,
            ),
            (
                "PATCH",
                "/webhooks/{application_id}/{token}/messages/{message_id}",
                self.webhook_message,
            ),
            (
                "DELETE",
                "/webhooks/{application_id}/{token}/messages/{message_id}",
                self.webhook_message,
            ),
        ]

    def _interaction_by_token(self, request: web.Request) -> Interaction:
        inter = self.interactions.by_token(request.match_info["token"])
        if inter is None or str(inter.application_id) != request.match_info["application_id"]:
            raise DiscordError(404, 10015, "Unknown Webhook")
        if self.world.clock.now() - inter.created_at > self.options.token_lifetime:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        if inter.ack_type is None or inter.ack_type in (8, 9):
            raise DiscordError(404, 10015, "Unknown Webhook")
        return inter

    async def callback(self, request: web.Request) -> web.Response:
        now = self.world.clock.now()
        try:
            inter = self.interactions.by_id(int(request.match_info["interaction_id"]))
        except ValueError:
            inter = None
        if inter is None or inter.token != request.match_info["token"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        if inter.ack_type is not None or self.interactions.being_acknowledged(inter):
            inter.refused.append((400, 40060))
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        if now - inter.created_at > self.options.ack_deadline:
            inter.refused.append((404, 10062))
            raise DiscordError(404, 10062, "Unknown interaction")
        with self.interactions.acknowledging(inter):
            body, files = await read_body(request)
            cb_type = body.get("type")
            if cb_type not in ALLOWED_CALLBACKS.get(inter.type, set()) or (
                cb_type in (6, 7) and inter.message is None
            ):
                raise DiscordError(
                    400,
                    50035,
                    "Invalid Form Body",
                    errors={
                        "type": {
                            "_errors": [
                                {
                                    "code": "INTERACTION_CALLBACK_TYPE_INVALID",
                                    "message": f"Callback type {cb_type} is not valid for interaction type {inter.type}",
                                }
                            ]
                        }
                    },
                )
            data = body.get("data") or {}
            message: Message | None = None
            if cb_type == 4:
                ephemeral = bool((data.get("flags") or 0) & FLAG_EPHEMERAL)
                message = self.messages.create(
                    inter.channel,
                    data,
                    files,
                    ephemeral_to=inter.user if ephemeral else None,
                    interaction=inter,
                    type=20 if inter.type == APPLICATION_COMMAND else 0,
                    check_permissions=False,
                )
                inter.response = message
            elif cb_type == 5:
                ephemeral = bool((data.get("flags") or 0) & FLAG_EPHEMERAL)
                message = self.messages.create(
                    inter.channel,
                    {"content": ""},
                    {},
                    ephemeral_to=inter.user if ephemeral else None,
                    interaction=inter,
                    type=20 if inter.type == APPLICATION_COMMAND else 0,
                    check_permissions=False,
                    loading=True,
                )
                inter.response = message
            elif cb_type == 7:
                assert inter.message is not None
                if inter.message.deleted:
                    raise DiscordError(404, 10008, "Unknown Message")
                message = self.messages.edit(inter.message, data, files)
            elif cb_type == 8:
                validate_choices(data.get("choices"))
                inter.choices = list(data.get("choices") or [])
            elif cb_type == 9:
                validate_modal(data)
                inter.modal = data
            inter.ack_type = cb_type
            inter.acked_at = now
            inter.acked.set()
        self.changes.notify()
        if request.query.get("with_response", "").lower() not in ("1", "true"):
            return no_content()
        result: dict[str, Any] = {
            "interaction": {
                "id": str(inter.id),
                "type": inter.type,
                "activity_instance_id": None,
                "response_message_id": str(message.id) if message is not None else None,
                "response_message_loading": cb_type == 5,
                "response_message_ephemeral": bool(message is not None and message.ephemeral),
            }
        }
        if message is not None:
            result["resource"] = {"type": cb_type, "message": message.to_dict()}
        return json_response(result)

    async def followup(self, request: web.Request) -> web.Response:
        inter = self._interaction_by_token(request)
        body, files = await read_body(request)
        placeholder = inter.response
        if (
            inter.ack_type == 5
            and placeholder is not None
            and placeholder.loading
            and not placeholder.deleted
        ):
            # Discord: the first followup after a deferred reply fills in the "thinking" message.
            body = {k: v for k, v in body.items() if k != "flags"}
            message = self.messages.edit(placeholder, body, files, require_content=True)
        else:
            ephemeral = bool((body.get("flags") or 0) & FLAG_EPHEMERAL)
            message = self.messages.create(
                inter.channel,
                body,
                files,
                ephemeral_to=inter.user if ephemeral else None,
                interaction=inter,
                type=0,
                check_permissions=False,
                original_response_id=inter.response.id if inter.response is not None else None,
            )
            inter.followups.append(message)
        self.changes.notify()
        if request.query.get("wait", "").lower() in ("1", "true"):
            return json_response(message.to_dict())
        return no_content()

    async def webhook_message(self, request: web.Request) -> web.Response:
        inter = self._interaction_by_token(request)
        raw = request.match_info["message_id"]
        target: Message | None
        if raw == "@original":
            target = inter.original
        else:
            try:
                wanted = int(raw)
            except ValueError:
                wanted = -1
            candidates = [*inter.messages]
            if inter.message is not None:
                candidates.append(inter.message)
            target = next((m for m in candidates if m.id == wanted), None)
        if target is None or target.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        if request.method == "GET":
            return json_response(target.to_dict())
        if request.method == "DELETE":
            self.messages.delete(target)
            return no_content()
        body, files = await read_body(request)
        message = self.messages.edit(target, body, files)
        return json_response(message.to_dict())
