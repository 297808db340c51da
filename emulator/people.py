"""Acting as people: slash commands, context menus, clicks, selects and modals.

Each method builds the interaction Discord's client would send (checking what a person could
do: the command exists for them, the button is on a message they see, the option values fit)
and sends it to the bot through the :class:`~emulator.interactions.InteractionLog`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import EmulatorError
from .interactions import Wait
from .models import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Channel,
    Guild,
    Interaction,
    Message,
    Role,
    User,
)
from .state import State

#: Application command type of a user context-menu entry (data.type of its interaction).
USER_COMMAND = 2


@dataclass
class UploadFile:
    """An attachment a user passes to an ATTACHMENT option."""

    filename: str
    data: bytes
    content_type: str | None = None


class People:
    """The driver's hands: what the people of the world do to the bot."""

    def __init__(self, state: State) -> None:
        self.state = state

    def option_value(
        self,
        opt: dict[str, Any],
        value: Any,
        guild: Guild | None,
        resolved: dict[str, dict[str, Any]],
        *,
        check: bool,
    ) -> Any:
        """``value`` as option ``opt`` carries it (ids for users, channels and files, which go
        into ``resolved``); ``check``: refuse what the client would not let a person type."""
        kind = opt["type"]
        name = opt["name"]
        if kind == 3:
            if not isinstance(value, str):
                raise EmulatorError(f"option {name!r} takes a string")
            if check:
                lo, hi = opt.get("min_length", 0), opt.get("max_length", 6000)
                if not lo <= len(value) <= hi:
                    raise EmulatorError(f"option {name!r} must be {lo}-{hi} characters")
        elif kind in (4, 10):
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or (kind == 4 and not isinstance(value, int))
            ):
                raise EmulatorError(
                    f"option {name!r} takes {'an integer' if kind == 4 else 'a number'}"
                )
            if check:
                lo, hi = opt.get("min_value"), opt.get("max_value")
                if (lo is not None and value < lo) or (hi is not None and value > hi):
                    raise EmulatorError(f"option {name!r} must be between {lo} and {hi}")
        elif kind == 5:
            if not isinstance(value, bool):
                raise EmulatorError(f"option {name!r} takes a boolean")
        elif kind in (6, 9) and isinstance(value, User):
            resolved.setdefault("users", {})[str(value.id)] = value.to_dict()
            member = guild.members.get(value.id) if guild is not None else None
            if member is not None:
                resolved.setdefault("members", {})[str(value.id)] = {
                    **member.to_dict(with_user=False),
                    "permissions": str(member.permissions),
                }
            return str(value.id)
        elif kind in (8, 9) and isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.to_dict()
            return str(value.id)
        elif kind == 7 and isinstance(value, Channel):
            data = value.to_dict()
            data["permissions"] = str(self.state.world.bot_permissions(value))
            resolved.setdefault("channels", {})[str(value.id)] = data
            return str(value.id)
        elif kind == 11 and isinstance(value, UploadFile):
            att = self.state.messages.upload(value.filename, value.data, value.content_type)
            resolved.setdefault("attachments", {})[str(att.id)] = att.to_dict()
            return str(att.id)
        else:
            raise EmulatorError(f"option {name!r} (type {kind}) cannot take {value!r}")
        if check and opt.get("choices") and value not in [c["value"] for c in opt["choices"]]:
            raise EmulatorError(
                f"option {name!r} must be one of {[c['value'] for c in opt['choices']]}"
            )
        return value

    def command_data(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: Mapping[str, Any],
        *,
        focused: str | None = None,
        focused_value: str = "",
    ) -> tuple[dict[str, Any], str]:
        """The ``data`` of ``/command`` with ``options``, and the command's full name;
        ``focused``: an autocomplete request for that option, typed ``focused_value``."""
        cmd, path, defs = self.state.commands.resolve(user, channel, command)
        by_name = {d["name"]: d for d in defs}
        given: dict[str, Any] = {}
        for key, value in options.items():
            name = key if key in by_name else key.replace("_", "-")
            if name not in by_name:
                raise EmulatorError(f"/{command} has no option {key!r}; options: {list(by_name)}")
            given[name] = value
        resolved: dict[str, dict[str, Any]] = {}
        built: list[dict[str, Any]] = []
        for d in defs:
            name = d["name"]
            if name == focused:
                built.append(
                    {"name": name, "type": d["type"], "value": focused_value, "focused": True}
                )
            elif name in given:
                value = self.option_value(
                    d, given[name], channel.guild, resolved, check=focused is None
                )
                built.append({"name": name, "type": d["type"], "value": value})
            elif d.get("required") and focused is None:
                raise EmulatorError(f"/{command} needs option {name!r}")
        if focused is not None and focused not in by_name:
            raise EmulatorError(f"/{command} has no option {focused!r}")
        for sub in reversed(path):
            built = [{"name": sub["name"], "type": sub["type"], "options": built}]
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": built}
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        full = " ".join([cmd["name"], *(p["name"] for p in path)])
        return data, full

    async def slash(
        self,
        user: User,
        channel: Channel | None,
        command: str,
        *,
        wait: Wait = True,
        raise_on_failure: bool = True,
        **options: Any,
    ) -> Interaction:
        """Run ``/command`` as ``user`` in ``channel`` (None: the user's DM with the bot).

        ``command`` is the full path, e.g. ``"gin challenge"``; options are keyword arguments
        (users as :class:`User`, channels as :class:`Channel`, files as :class:`UploadFile`).
        Waits for the answer: :class:`InteractionFailed` if it is not acknowledged in 3 s,
        :class:`AnswerNotFilled` if a deferred reply is not filled in (``wait="ack"``: back
        at the acknowledgement; False: at once).
        """
        target = channel if channel is not None else self.state.world.dm_channel(user)
        data, full = self.command_data(user, target, command, options)
        inter = self.state.interactions.new(
            APPLICATION_COMMAND, user, target, data, command_name=full
        )
        return await self.state.interactions.send(
            inter, wait=wait, raise_on_failure=raise_on_failure
        )

    async def user_command(
        self,
        user: User,
        channel: Channel | None,
        name: str,
        *,
        target: User,
        wait: Wait = True,
        raise_on_failure: bool = True,
    ) -> Interaction:
        """Pick ``name`` from ``target``'s user context menu (Apps) as ``user`` in ``channel``.

        Sends an application command of type 2 (USER) with ``data.target_id`` and the target
        in ``resolved.users`` (and ``resolved.members`` in a server where they are a member).
        """
        where = channel if channel is not None else self.state.world.dm_channel(user)
        cmd = self.state.commands.find(user, where, name, kind=USER_COMMAND)
        resolved: dict[str, dict[str, Any]] = {}
        self.option_value({"type": 6, "name": "target"}, target, where.guild, resolved, check=False)
        data: dict[str, Any] = {
            "id": cmd["id"],
            "name": cmd["name"],
            "type": USER_COMMAND,
            "target_id": str(target.id),
            "resolved": resolved,
        }
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        inter = self.state.interactions.new(
            APPLICATION_COMMAND, user, where, data, command_name=name
        )
        return await self.state.interactions.send(
            inter, wait=wait, raise_on_failure=raise_on_failure
        )

    async def autocomplete(
        self,
        user: User,
        channel: Channel | None,
        command: str,
        option: str,
        value: str = "",
        **options: Any,
    ) -> list[dict[str, Any]]:
        """Type ``value`` into ``option`` of ``/command``; returns the bot's choices."""
        target = channel if channel is not None else self.state.world.dm_channel(user)
        data, full = self.command_data(
            user, target, command, options, focused=option, focused_value=value
        )
        inter = self.state.interactions.new(AUTOCOMPLETE, user, target, data, command_name=full)
        await self.state.interactions.send(inter, wait=True, raise_on_failure=True)
        return list(inter.choices or [])

    def visible_message(self, user: User, message: Message | int) -> Message:
        msg = self.state.messages.get(message) if isinstance(message, int) else message
        if msg is None:
            raise EmulatorError(f"no message {message}")
        if not self.state.messages.can_see(user, msg):
            raise EmulatorError(f"{user.username} cannot see {msg!r}")
        return msg

    async def click(
        self,
        user: User,
        message: Message | int,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        wait: Wait = True,
        raise_on_failure: bool = True,
    ) -> Interaction:
        """Click the button labelled ``label`` (or with ``custom_id``) on a message ``user`` can see."""
        msg = self.visible_message(user, message)
        button = msg.button(label, custom_id=custom_id)
        if button.disabled:
            raise EmulatorError(f"button {label or custom_id!r} is disabled on {msg!r}")
        if button.style in (5, 6) or button.custom_id is None:
            raise EmulatorError(f"button {label or custom_id!r} is a link, not an interaction")
        data: dict[str, Any] = {"custom_id": button.custom_id, "component_type": 2}
        if "id" in button.raw:
            data["id"] = button.raw["id"]
        inter = self.state.interactions.new(MESSAGE_COMPONENT, user, msg.channel, data, message=msg)
        return await self.state.interactions.send(
            inter, wait=wait, raise_on_failure=raise_on_failure
        )

    async def select(
        self,
        user: User,
        message: Message | int,
        *labels: str,
        placeholder: str | None = None,
        custom_id: str | None = None,
        values: Iterable[Any] | None = None,
        wait: Wait = True,
        raise_on_failure: bool = True,
    ) -> Interaction:
        """Choose options by label in a select menu (``values=`` for raw values or users).

        With several selects on the message, name one by ``placeholder`` or ``custom_id``.
        """
        msg = self.visible_message(user, message)
        menu = msg.select(placeholder, custom_id=custom_id)
        if menu.disabled:
            raise EmulatorError(f"select {menu.placeholder or menu.custom_id!r} is disabled")
        resolved: dict[str, dict[str, Any]] = {}
        chosen: list[str] = []
        if menu.type == 3:
            by_label = {o.label: o.value for o in menu.options}
            for label in labels:
                if label not in by_label:
                    raise EmulatorError(
                        f"no option {label!r} in select {menu.placeholder!r}; options: {list(by_label)}"
                    )
                chosen.append(by_label[label])
            for value in values or []:
                if str(value) not in by_label.values():
                    raise EmulatorError(f"no option value {value!r} in select {menu.placeholder!r}")
                chosen.append(str(value))
        else:
            fake_opt = {"type": {5: 6, 6: 8, 7: 9, 8: 7}[menu.type], "name": "values"}
            for value in values or []:
                chosen.append(
                    self.option_value(fake_opt, value, msg.channel.guild, resolved, check=False)
                )
        if not menu.min_values <= len(chosen) <= menu.max_values:
            raise EmulatorError(
                f"select {menu.placeholder!r} takes {menu.min_values}-{menu.max_values} values, got {len(chosen)}"
            )
        data: dict[str, Any] = {
            "custom_id": menu.custom_id,
            "component_type": menu.type,
            "values": chosen,
        }
        if resolved:
            data["resolved"] = resolved
        inter = self.state.interactions.new(MESSAGE_COMPONENT, user, msg.channel, data, message=msg)
        return await self.state.interactions.send(
            inter, wait=wait, raise_on_failure=raise_on_failure
        )

    async def forge_component(
        self,
        user: User,
        message: Message | int,
        custom_id: str,
        *,
        values: Iterable[str] | None = None,
        wait: Wait = True,
        raise_on_failure: bool = False,
    ) -> Interaction:
        """A component interaction Discord's own client could never send, for security tests.

        ``user`` "clicks" ``custom_id`` on ``message`` whoever the message belongs to (another
        user's DM or ephemeral reply included), whether or not the component is on it or
        enabled; ``values`` makes it a string select. The channel is the message's channel.
        Callbacks are answered as for a real click (a type 6/7 answer edits ``message``), so a
        test sees exactly what the bot would do to that message.
        """
        msg = self.state.messages.get(message) if isinstance(message, int) else message
        if msg is None:
            raise EmulatorError(f"no message {message}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data.update(component_type=3, values=[str(v) for v in values])
        inter = self.state.interactions.new(
            MESSAGE_COMPONENT, user, msg.channel, data, message=msg, forged=True
        )
        return await self.state.interactions.send(
            inter, wait=wait, raise_on_failure=raise_on_failure
        )

    async def submit_modal(
        self,
        user: User,
        source: Interaction,
        values: Mapping[str, Any] | None = None,
        *,
        wait: Wait = True,
        raise_on_failure: bool = True,
    ) -> Interaction:
        """Fill in and submit the modal the bot opened in answer to ``source``.

        ``values`` maps each field's label (or custom_id) to the text typed (selects: a list).
        """
        if source.modal is None:
            raise EmulatorError(f"{source!r} did not open a modal")
        if source.user is not user:
            raise EmulatorError(f"only {source.user.username} sees that modal")
        values = dict(values or {})
        used: set[str] = set()

        def answer(comp: dict[str, Any], label: str | None) -> dict[str, Any]:
            cid = comp.get("custom_id")
            key = next((k for k in (label, cid) if k is not None and k in values), None)
            if comp.get("type") == 4:
                if key is not None:
                    used.add(key)
                    text = str(values[key])
                else:
                    text = str(comp.get("value") or "")
                if not text and comp.get("required", True):
                    raise EmulatorError(f"modal field {label or cid!r} is required")
                return {"type": 4, "custom_id": cid, "value": text}
            chosen = values.get(key, []) if key is not None else []
            if key is not None:
                used.add(key)
            return {"type": comp.get("type"), "custom_id": cid, "values": [str(v) for v in chosen]}

        submitted: list[dict[str, Any]] = []
        for row in source.modal.get("components") or []:
            if row.get("type") == 1:
                child = row["components"][0]
                submitted.append({"type": 1, "components": [answer(child, child.get("label"))]})
            elif row.get("type") == 18:
                submitted.append(
                    {"type": 18, "component": answer(row["component"], row.get("label"))}
                )
        unknown = set(values) - used
        if unknown:
            raise EmulatorError(f"the modal has no fields {sorted(unknown)}")
        data = {"custom_id": source.modal.get("custom_id"), "components": submitted}
        inter = self.state.interactions.new(
            MODAL_SUBMIT, user, source.channel, data, message=source.message
        )
        return await self.state.interactions.send(
            inter, wait=wait, raise_on_failure=raise_on_failure
        )
