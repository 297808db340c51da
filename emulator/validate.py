"""Discord's own rules for what a bot may send: commands, messages, components, modals.

Each check adds to a :class:`FormErrors`, which raises the same ``400 50035 Invalid Form
Body`` with nested ``errors`` that Discord answers, so discord.py shows the same messages.
"""

from __future__ import annotations

import math
import unicodedata
from typing import Any

from .models import (
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
)


class DiscordError(Exception):
    """An error response, as Discord writes it: HTTP status, JSON error code, message."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        errors: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.headers = headers or {}
        self.extra = extra or {}

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        data.update(self.extra)
        return data


class FormErrors:
    """Collects field errors; :meth:`check` raises them as one 50035."""

    def __init__(self) -> None:
        self.items: list[tuple[tuple[str, ...], str, str]] = []

    def add(self, path: tuple[Any, ...], code: str, message: str) -> None:
        self.items.append((tuple(str(p) for p in path), code, message))

    def __bool__(self) -> bool:
        return bool(self.items)

    def nested(self) -> dict[str, Any]:
        root: dict[str, Any] = {}
        for path, code, message in self.items:
            node = root
            for key in path:
                node = node.setdefault(key, {})
            node.setdefault("_errors", []).append({"code": code, "message": message})
        return root

    def check(self) -> None:
        if self.items:
            raise DiscordError(400, 50035, "Invalid Form Body", errors=self.nested())


def _length(
    errs: FormErrors, path: tuple[Any, ...], value: Any, low: int, high: int, *, required: bool
) -> None:
    if value is None:
        if required:
            errs.add(path, "BASE_TYPE_REQUIRED", "This field is required")
        return
    if not isinstance(value, str):
        errs.add(path, "STRING_TYPE_CONVERT", "Could not interpret value as string.")
        return
    if not low <= len(value) <= high:
        errs.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def _int_range(errs: FormErrors, path: tuple[Any, ...], value: Any, low: int, high: int) -> None:
    if value is None:
        return
    if not isinstance(value, int) or isinstance(value, bool):
        errs.add(path, "NUMBER_TYPE_COERCE", f'Value "{value}" is not int.')
        return
    if not low <= value <= high:
        errs.add(
            path,
            "NUMBER_TYPE_MAX" if value > high else "NUMBER_TYPE_MIN",
            f"int value should be between {low} and {high}.",
        )


# ---------------------------------------------------------------------------------------
# Application commands
# ---------------------------------------------------------------------------------------
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)
OPTION_TYPES = set(range(1, 12))
MAX_SAFE_INTEGER = 2**53


def _chat_name_ok(name: str) -> bool:
    """Discord's ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, lowercase where possible."""
    if not 1 <= len(name) <= 32:
        return False
    for ch in name:
        if ch in "-_'":
            continue
        if ch.lower() != ch:
            return False
        cp = ord(ch)
        if 0x0900 <= cp <= 0x097F or 0x0E00 <= cp <= 0x0E7F:
            continue
        if unicodedata.category(ch)[0] not in "LN":
            return False
    return True


def _check_chat_name(errs: FormErrors, path: tuple[Any, ...], name: Any) -> None:
    if not isinstance(name, str) or not name:
        errs.add(path, "BASE_TYPE_REQUIRED", "This field is required")
    elif not _chat_name_ok(name):
        errs.add(
            path,
            "APPLICATION_COMMAND_INVALID_NAME",
            f"Command name is invalid: {name!r} must be 1-32 lowercase letters, digits, - _ or '",
        )


def _command_chars(command: dict[str, Any]) -> int:
    """Characters counted against the 4000 per-command limit."""
    total = len(str(command.get("name", ""))) + len(str(command.get("description", "")))

    def walk(options: list[dict[str, Any]]) -> int:
        n = 0
        for opt in options:
            n += len(str(opt.get("name", ""))) + len(str(opt.get("description", "")))
            for choice in opt.get("choices") or []:
                n += len(str(choice.get("name", ""))) + len(str(choice.get("value", "")))
            n += walk(opt.get("options") or [])
        return n

    return total + walk(command.get("options") or [])


def _validate_choice_value(
    errs: FormErrors, path: tuple[Any, ...], opt_type: int, value: Any
) -> None:
    if opt_type == STRING:
        _length(errs, path, value, 1, 100, required=True)
    elif opt_type == INTEGER:
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_SAFE_INTEGER:
            errs.add(path, "NUMBER_TYPE_COERCE", f'Value "{value}" is not int.')
    elif opt_type == NUMBER and (
        not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value)
    ):
        errs.add(path, "NUMBER_TYPE_COERCE", f'Value "{value}" is not a valid number.')


def _validate_options(
    errs: FormErrors, path: tuple[Any, ...], options: Any, depth: int, parent_type: int | None
) -> None:
    if options is None:
        return
    if not isinstance(options, list):
        errs.add(path, "LIST_TYPE_CONVERT", "Must be a list.")
        return
    if len(options) > 25:
        errs.add(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    seen: set[str] = set()
    kinds = {opt.get("type") for opt in options if isinstance(opt, dict)}
    if kinds & {SUB_COMMAND, SUB_COMMAND_GROUP} and kinds - {SUB_COMMAND, SUB_COMMAND_GROUP}:
        errs.add(
            path,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Sub-command and sub-command group option types are mutually exclusive to all other types",
        )
    optional_seen = False
    for i, opt in enumerate(options):
        here = (*path, i)
        if not isinstance(opt, dict):
            errs.add(here, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
            continue
        opt_type = opt.get("type")
        if opt_type not in OPTION_TYPES:
            errs.add(
                (*here, "type"),
                "BASE_TYPE_CHOICES",
                f"Value must be one of {sorted(OPTION_TYPES)}.",
            )
            continue
        _check_chat_name(errs, (*here, "name"), opt.get("name"))
        name = opt.get("name")
        if isinstance(name, str):
            if name in seen:
                errs.add(
                    (*here, "name"),
                    "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                    "Option name already exists",
                )
            seen.add(name)
        _length(errs, (*here, "description"), opt.get("description"), 1, 100, required=True)
        if opt_type == SUB_COMMAND_GROUP:
            if parent_type is not None:
                errs.add(
                    (*here, "type"),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Sub-command groups cannot be nested",
                )
            sub = opt.get("options") or []
            if any(isinstance(o, dict) and o.get("type") != SUB_COMMAND for o in sub):
                errs.add(
                    (*here, "options"),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Sub-command groups may only hold sub-commands",
                )
            _validate_options(errs, (*here, "options"), sub, depth + 1, SUB_COMMAND_GROUP)
        elif opt_type == SUB_COMMAND:
            if parent_type == SUB_COMMAND:
                errs.add(
                    (*here, "type"),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Sub-commands cannot be nested",
                )
            _validate_options(errs, (*here, "options"), opt.get("options"), depth + 1, SUB_COMMAND)
        else:
            if opt.get("options"):
                errs.add(
                    (*here, "options"),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Only sub-commands may have options",
                )
            required = bool(opt.get("required", False))
            if required and optional_seen:
                errs.add(
                    (*here, "required"),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
            optional_seen = optional_seen or not required
            choices = opt.get("choices")
            if choices:
                if opt_type not in (STRING, INTEGER, NUMBER):
                    errs.add(
                        (*here, "choices"),
                        "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
                        "Only string, integer and number options may have choices",
                    )
                if len(choices) > 25:
                    errs.add(
                        (*here, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
                    )
                for j, choice in enumerate(choices):
                    if not isinstance(choice, dict):
                        errs.add(
                            (*here, "choices", j),
                            "DICT_TYPE_CONVERT",
                            "Only dictionaries may be used in a ModelType",
                        )
                        continue
                    _length(
                        errs,
                        (*here, "choices", j, "name"),
                        choice.get("name"),
                        1,
                        100,
                        required=True,
                    )
                    _validate_choice_value(
                        errs, (*here, "choices", j, "value"), opt_type, choice.get("value")
                    )
                if opt.get("autocomplete"):
                    errs.add(
                        (*here, "autocomplete"),
                        "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
                        "Autocomplete cannot be set with choices",
                    )
            if opt.get("autocomplete") and opt_type not in (STRING, INTEGER, NUMBER):
                errs.add(
                    (*here, "autocomplete"),
                    "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
                    "Only string, integer and number options may autocomplete",
                )
            for key in ("min_value", "max_value"):
                if key in opt and opt[key] is not None:
                    if opt_type not in (INTEGER, NUMBER):
                        errs.add(
                            (*here, key),
                            "APPLICATION_COMMAND_OPTION_INVALID",
                            f"{key} is only for integer and number options",
                        )
                    elif not isinstance(opt[key], (int, float)) or abs(opt[key]) > MAX_SAFE_INTEGER:
                        errs.add((*here, key), "NUMBER_TYPE_COERCE", f"{key} is out of range")
            lo, hi = opt.get("min_value"), opt.get("max_value")
            if isinstance(lo, (int, float)) and isinstance(hi, (int, float)) and lo > hi:
                errs.add(
                    (*here, "min_value"),
                    "APPLICATION_COMMAND_OPTION_INVALID",
                    "min_value must not exceed max_value",
                )
            for key, low in (("min_length", 0), ("max_length", 1)):
                if key in opt and opt[key] is not None:
                    if opt_type != STRING:
                        errs.add(
                            (*here, key),
                            "APPLICATION_COMMAND_OPTION_INVALID",
                            f"{key} is only for string options",
                        )
                    else:
                        _int_range(errs, (*here, key), opt[key], low, 6000)
            if opt.get("channel_types") and opt_type != CHANNEL:
                errs.add(
                    (*here, "channel_types"),
                    "APPLICATION_COMMAND_OPTION_INVALID",
                    "channel_types is only for channel options",
                )


def validate_commands(commands: Any) -> list[dict[str, Any]]:
    """Check a bulk-overwrite body as Discord does; return it, each command with defaults."""
    errs = FormErrors()
    if not isinstance(commands, list):
        errs.add((), "LIST_TYPE_CONVERT", "Must be a list.")
        errs.check()
    out: list[dict[str, Any]] = []
    names: dict[tuple[int, str], int] = {}
    counts = {1: 0, 2: 0, 3: 0, 4: 0}
    for i, cmd in enumerate(commands):
        if not isinstance(cmd, dict):
            errs.add((i,), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
            continue
        cmd_type = cmd.get("type", 1)
        if cmd_type not in counts:
            errs.add((i, "type"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4}.")
            continue
        counts[cmd_type] += 1
        name = cmd.get("name")
        if cmd_type == 1:
            _check_chat_name(errs, (i, "name"), name)
            _length(errs, (i, "description"), cmd.get("description"), 1, 100, required=True)
            _validate_options(errs, (i, "options"), cmd.get("options"), 0, None)
            if _command_chars(cmd) > 4000:
                errs.add(
                    (i,), "APPLICATION_COMMAND_TOO_LARGE", "Command exceeds maximum size (4000)"
                )
        else:
            _length(errs, (i, "name"), name, 1, 32, required=True)
            if cmd.get("description"):
                errs.add(
                    (i, "description"),
                    "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION",
                    "Context menu commands cannot have a description",
                )
            if cmd.get("options"):
                errs.add(
                    (i, "options"),
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Context menu commands cannot have options",
                )
        if isinstance(name, str):
            key = (cmd_type, name)
            if key in names:
                errs.add(
                    (i, "name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    f"Application command names must be unique: {name!r}",
                )
            names[key] = i
        for ctx in cmd.get("contexts") or []:
            if ctx not in (0, 1, 2):
                errs.add((i, "contexts"), "BASE_TYPE_CHOICES", "Value must be one of {0, 1, 2}.")
        for kind in cmd.get("integration_types") or []:
            if kind not in (0, 1):
                errs.add(
                    (i, "integration_types"), "BASE_TYPE_CHOICES", "Value must be one of {0, 1}."
                )
        perms = cmd.get("default_member_permissions")
        # A permission integer as a string, or a number (discord.py sends `Permissions.value`).
        if perms is not None and not (
            (isinstance(perms, str) and perms.isdigit())
            or (isinstance(perms, int) and not isinstance(perms, bool) and perms >= 0)
        ):
            errs.add(
                (i, "default_member_permissions"),
                "STRING_TYPE_CONVERT",
                "Must be a string of digits.",
            )
        out.append(cmd)
    if counts[1] > 100:
        errs.add(
            (),
            "APPLICATION_COMMANDS_TOO_MANY",
            "Maximum number of application commands reached (100)",
        )
    for kind in (2, 3):
        if counts[kind] > 15:
            errs.add(
                (),
                "APPLICATION_COMMANDS_TOO_MANY",
                "Maximum number of context menu commands reached (15)",
            )
    errs.check()
    return out


def validate_choices(choices: Any) -> None:
    """An autocomplete answer (callback 8): up to 25 choices with 1-100 character names."""
    errs = FormErrors()
    if not isinstance(choices, list):
        errs.add(("data", "choices"), "LIST_TYPE_CONVERT", "Must be a list.")
    else:
        if len(choices) > 25:
            errs.add(("data", "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for i, choice in enumerate(choices):
            if not isinstance(choice, dict):
                errs.add(
                    ("data", "choices", i),
                    "DICT_TYPE_CONVERT",
                    "Only dictionaries may be used in a ModelType",
                )
                continue
            _length(errs, ("data", "choices", i, "name"), choice.get("name"), 1, 100, required=True)
            if "value" not in choice:
                errs.add(
                    ("data", "choices", i, "value"), "BASE_TYPE_REQUIRED", "This field is required"
                )
    errs.check()


# ---------------------------------------------------------------------------------------
# Messages, embeds, components
# ---------------------------------------------------------------------------------------
ALLOWED_SEND_FLAGS = (
    FLAG_SUPPRESS_EMBEDS | FLAG_EPHEMERAL | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2
)
SELECT_TYPES = {3, 5, 6, 7, 8}
V2_TOP_LEVEL = {1, 9, 10, 12, 13, 14, 17}


def validate_embeds(errs: FormErrors, embeds: Any, path: tuple[Any, ...] = ("embeds",)) -> None:
    if embeds is None:
        return
    if not isinstance(embeds, list):
        errs.add(path, "LIST_TYPE_CONVERT", "Must be a list.")
        return
    if len(embeds) > 10:
        errs.add(path, "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        here = (*path, i)
        if not isinstance(embed, dict):
            errs.add(here, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
            continue
        for key, limit in (("title", 256), ("description", 4096)):
            if embed.get(key) is not None:
                _length(errs, (*here, key), embed[key], 0, limit, required=False)
                total += len(str(embed[key]))
        footer = embed.get("footer")
        if isinstance(footer, dict) and footer.get("text") is not None:
            _length(errs, (*here, "footer", "text"), footer["text"], 0, 2048, required=False)
            total += len(str(footer["text"]))
        author = embed.get("author")
        if isinstance(author, dict) and author.get("name") is not None:
            _length(errs, (*here, "author", "name"), author["name"], 0, 256, required=False)
            total += len(str(author["name"]))
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errs.add((*here, "fields"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for j, fld in enumerate(fields):
            _length(errs, (*here, "fields", j, "name"), fld.get("name"), 1, 256, required=True)
            _length(errs, (*here, "fields", j, "value"), fld.get("value"), 1, 1024, required=True)
            total += len(str(fld.get("name", ""))) + len(str(fld.get("value", "")))
        color = embed.get("color")
        if color is not None:
            _int_range(errs, (*here, "color"), color, 0, 0xFFFFFF)
    if total > 6000:
        errs.add(path, "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")


def _validate_button(
    errs: FormErrors, path: tuple[Any, ...], comp: dict[str, Any], custom_ids: set[str]
) -> None:
    style = comp.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        errs.add((*path, "style"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4, 5, 6}.")
        return
    _length(errs, (*path, "label"), comp.get("label"), 0, 80, required=False)
    if style == 5:
        if not comp.get("url"):
            errs.add((*path, "url"), "BASE_TYPE_REQUIRED", "This field is required")
        if comp.get("custom_id"):
            errs.add(
                (*path, "custom_id"),
                "COMPONENT_LINK_BUTTON_CUSTOM_ID",
                "Link buttons cannot have a custom_id",
            )
    elif style != 6:
        _check_custom_id(errs, (*path, "custom_id"), comp.get("custom_id"), custom_ids)
    if style != 6 and not comp.get("label") and not comp.get("emoji"):
        errs.add(
            path, "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A button needs a label or an emoji"
        )
    if comp.get("emoji") is not None:
        _check_emoji(errs, (*path, "emoji"), comp["emoji"])


def _check_emoji(errs: FormErrors, path: tuple[Any, ...], emoji: Any) -> None:
    """A partial emoji: a Unicode one by ``name``, or a custom one by ``id`` (a snowflake;
    its ``name`` optional), ``animated`` a boolean."""
    if not isinstance(emoji, dict):
        errs.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
        return
    emoji_id, name = emoji.get("id"), emoji.get("name")
    if emoji_id is None and not name:
        errs.add(path, "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji")
    if emoji_id is not None and not (
        (isinstance(emoji_id, str) and emoji_id.isdigit())
        or (isinstance(emoji_id, int) and not isinstance(emoji_id, bool) and emoji_id > 0)
    ):
        errs.add((*path, "id"), "NUMBER_TYPE_COERCE", f'Value "{emoji_id}" is not snowflake.')
    if name is not None and not isinstance(name, str):
        errs.add((*path, "name"), "STRING_TYPE_CONVERT", "Could not interpret value as string.")
    if emoji.get("animated") is not None and not isinstance(emoji.get("animated"), bool):
        errs.add((*path, "animated"), "BOOLEAN_TYPE_CONVERT", "Must be either true or false.")


def _check_custom_id(
    errs: FormErrors, path: tuple[Any, ...], custom_id: Any, custom_ids: set[str]
) -> None:
    _length(errs, path, custom_id, 1, 100, required=True)
    if isinstance(custom_id, str):
        if custom_id in custom_ids:
            errs.add(
                path, "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"
            )
        custom_ids.add(custom_id)


def _validate_select(
    errs: FormErrors, path: tuple[Any, ...], comp: dict[str, Any], custom_ids: set[str]
) -> None:
    _check_custom_id(errs, (*path, "custom_id"), comp.get("custom_id"), custom_ids)
    _length(errs, (*path, "placeholder"), comp.get("placeholder"), 0, 150, required=False)
    _int_range(errs, (*path, "min_values"), comp.get("min_values"), 0, 25)
    _int_range(errs, (*path, "max_values"), comp.get("max_values"), 1, 25)
    lo = comp.get("min_values", 1)
    hi = comp.get("max_values", 1)
    if isinstance(lo, int) and isinstance(hi, int) and lo > hi:
        errs.add(
            (*path, "min_values"),
            "SELECT_COMPONENT_MIN_GREATER_THAN_MAX",
            "min_values must not exceed max_values",
        )
    if comp.get("type") == 3:
        options = comp.get("options")
        if not isinstance(options, list) or not 1 <= len(options) <= 25:
            errs.add(
                (*path, "options"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length."
            )
            return
        values: set[str] = set()
        for i, option in enumerate(options):
            _length(
                errs, (*path, "options", i, "label"), option.get("label"), 1, 100, required=True
            )
            _length(
                errs, (*path, "options", i, "value"), option.get("value"), 1, 100, required=True
            )
            _length(
                errs,
                (*path, "options", i, "description"),
                option.get("description"),
                0,
                100,
                required=False,
            )
            if option.get("emoji") is not None:
                _check_emoji(errs, (*path, "options", i, "emoji"), option["emoji"])
            value = option.get("value")
            if value in values:
                errs.add(
                    (*path, "options", i, "value"),
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    "Select option values must be unique",
                )
            values.add(value)
        if isinstance(hi, int) and hi > len(options):
            errs.add(
                (*path, "max_values"),
                "SELECT_COMPONENT_MAX_VALUES_EXCEEDS_OPTIONS",
                "max_values cannot exceed the number of options",
            )


def _validate_row(
    errs: FormErrors, path: tuple[Any, ...], row: dict[str, Any], custom_ids: set[str]
) -> None:
    children = row.get("components")
    if not isinstance(children, list) or not 1 <= len(children) <= 5:
        errs.add(
            (*path, "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."
        )
        return
    kinds = [c.get("type") for c in children if isinstance(c, dict)]
    if any(k in SELECT_TYPES for k in kinds) and len(children) > 1:
        errs.add(
            (*path, "components"),
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width",
        )
    for i, comp in enumerate(children):
        here = (*path, "components", i)
        if not isinstance(comp, dict):
            errs.add(here, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
            continue
        kind = comp.get("type")
        if kind == 2:
            _validate_button(errs, here, comp, custom_ids)
        elif kind in SELECT_TYPES:
            _validate_select(errs, here, comp, custom_ids)
        else:
            errs.add(
                (*here, "type"),
                "UNION_TYPE_CHOICES",
                f'Value of field "type" must be one of (2, 3, 5, 6, 7, 8) in an action row, not {kind}.',
            )


def _count_components(components: list[Any]) -> int:
    """Every component counts toward the 40, nested ones (a row's buttons, an accessory)
    included."""
    n = 0
    for comp in components:
        if not isinstance(comp, dict):
            continue
        n += 1
        if isinstance(comp.get("components"), list):
            n += _count_components(comp["components"])
        if isinstance(comp.get("accessory"), dict):
            n += 1
    return n


def _text_length(components: list[Any]) -> int:
    """The characters of every text display of a layout, together (Discord: 4000 at most)."""
    n = 0
    for comp in components:
        if not isinstance(comp, dict):
            continue
        if comp.get("type") == 10 and isinstance(comp.get("content"), str):
            n += len(comp["content"])
        if isinstance(comp.get("components"), list):
            n += _text_length(comp["components"])
    return n


def _check_media(errs: FormErrors, path: tuple[Any, ...], media: Any) -> None:
    """An unfurled media item: a ``url`` of http(s) or an ``attachment://`` file name."""
    url = media.get("url") if isinstance(media, dict) else None
    if not isinstance(url, str) or not url:
        errs.add((*path, "url"), "BASE_TYPE_REQUIRED", "This field is required")
    elif not url.startswith(("https://", "http://", "attachment://")):
        errs.add((*path, "url"), "URL_TYPE_INVALID_SCHEME", "Scheme must be one of http, https.")


def _check_ids(
    errs: FormErrors, path: tuple[Any, ...], comp: dict[str, Any], ids: set[int]
) -> None:
    """A component's optional ``id``: a 32-bit integer, unique in the message."""
    comp_id = comp.get("id")
    if comp_id is None:
        return
    _int_range(errs, (*path, "id"), comp_id, 0, 2**31 - 1)
    if isinstance(comp_id, int) and comp_id in ids:
        errs.add((*path, "id"), "COMPONENT_ID_DUPLICATED", "Component id cannot be duplicated")
    if isinstance(comp_id, int):
        ids.add(comp_id)


_WHERE = {
    "top": "at the top level",
    "container": "in a container",
    "section": "in a section",
}
#: What each place of a layout may hold (Discord's component reference).
V2_ALLOWED = {
    "top": V2_TOP_LEVEL,
    "container": {1, 9, 10, 12, 13, 14},
    "section": {10},
}


def _validate_v2(
    errs: FormErrors,
    path: tuple[Any, ...],
    components: list[Any],
    custom_ids: set[str],
    ids: set[int],
    *,
    where: str = "top",
) -> None:
    for i, comp in enumerate(components):
        here = (*path, i)
        if not isinstance(comp, dict):
            errs.add(here, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
            continue
        kind = comp.get("type")
        _check_ids(errs, here, comp, ids)
        if kind not in V2_ALLOWED[where]:
            errs.add(
                (*here, "type"),
                "UNION_TYPE_CHOICES",
                f"Component type {kind} cannot be used {_WHERE[where]}.",
            )
            continue
        if kind == 1:
            _validate_row(errs, here, comp, custom_ids)
        elif kind == 10:
            _length(errs, (*here, "content"), comp.get("content"), 1, 4000, required=True)
        elif kind == 9:
            _validate_section(errs, here, comp, custom_ids, ids)
        elif kind == 12:
            items = comp.get("items")
            if not isinstance(items, list) or not 1 <= len(items) <= 10:
                errs.add(
                    (*here, "items"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 10 in length."
                )
                continue
            for j, item in enumerate(items):
                _check_media(errs, (*here, "items", j, "media"), (item or {}).get("media"))
                _length(
                    errs,
                    (*here, "items", j, "description"),
                    (item or {}).get("description"),
                    0,
                    1024,
                    required=False,
                )
        elif kind == 13:
            url = (
                (comp.get("file") or {}).get("url") if isinstance(comp.get("file"), dict) else None
            )
            if not isinstance(url, str) or not url.startswith("attachment://"):
                errs.add(
                    (*here, "file", "url"),
                    "COMPONENT_FILE_URL_INVALID",
                    "A file component only takes an attachment:// reference",
                )
        elif kind == 14:
            if comp.get("spacing") is not None and comp["spacing"] not in (1, 2):
                errs.add((*here, "spacing"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.")
        elif kind == 17:
            children = comp.get("components")
            if not isinstance(children, list) or not children:
                errs.add(
                    (*here, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."
                )
                continue
            if comp.get("accent_color") is not None:
                _int_range(errs, (*here, "accent_color"), comp["accent_color"], 0, 0xFFFFFF)
            _validate_v2(errs, (*here, "components"), children, custom_ids, ids, where="container")


def _validate_section(
    errs: FormErrors,
    path: tuple[Any, ...],
    comp: dict[str, Any],
    custom_ids: set[str],
    ids: set[int],
) -> None:
    """1-3 text displays and an accessory, which is required: a button or a thumbnail."""
    texts = comp.get("components")
    if not isinstance(texts, list) or not 1 <= len(texts) <= 3:
        errs.add(
            (*path, "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 3 in length."
        )
        texts = texts if isinstance(texts, list) else []
    _validate_v2(errs, (*path, "components"), texts, custom_ids, ids, where="section")
    accessory = comp.get("accessory")
    here = (*path, "accessory")
    if not isinstance(accessory, dict):
        errs.add(here, "BASE_TYPE_REQUIRED", "This field is required")
        return
    _check_ids(errs, here, accessory, ids)
    if accessory.get("type") == 2:
        _validate_button(errs, here, accessory, custom_ids)
    elif accessory.get("type") == 11:
        _check_media(errs, (*here, "media"), accessory.get("media"))
        _length(errs, (*here, "description"), accessory.get("description"), 0, 1024, required=False)
    else:
        errs.add(
            (*here, "type"),
            "UNION_TYPE_CHOICES",
            "A section's accessory is a button or a thumbnail.",
        )


def validate_components(
    errs: FormErrors, components: Any, flags: int, path: tuple[Any, ...] = ("components",)
) -> None:
    """Classic: up to 5 action rows of 5 buttons or one select. V2 (flag 1<<15): up to 40 components."""
    if components is None:
        return
    if not isinstance(components, list):
        errs.add(path, "LIST_TYPE_CONVERT", "Must be a list.")
        return
    custom_ids: set[str] = set()
    if flags & FLAG_COMPONENTS_V2:
        if _count_components(components) > 40:
            errs.add(
                path, "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED", "Must be 40 or fewer in total."
            )
        if _text_length(components) > 4000:
            errs.add(
                path,
                "COMPONENT_MAX_TOTAL_TEXT_LENGTH_EXCEEDED",
                "The text of all text displays together must be 4000 or fewer in length.",
            )
        _validate_v2(errs, path, components, custom_ids, set())
        return
    if len(components) > 5:
        errs.add(path, "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    for i, row in enumerate(components):
        here = (*path, i)
        if not isinstance(row, dict) or row.get("type") != 1:
            errs.add(
                (*here, "type"), "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1,).'
            )
            continue
        _validate_row(errs, here, row, custom_ids)


def validate_message(
    payload: dict[str, Any],
    *,
    n_files: int,
    existing: bool = False,
    allow_ephemeral: bool = False,
) -> None:
    """A message body for a send (or, with ``existing``, an edit whose result is checked later)."""
    errs = FormErrors()
    content = payload.get("content")
    if content is not None:
        _length(errs, ("content",), content, 0, 2000, required=False)
    validate_embeds(errs, payload.get("embeds"))
    flags = payload.get("flags") or 0
    if not isinstance(flags, int):
        errs.add(("flags",), "NUMBER_TYPE_COERCE", "Value is not int.")
        flags = 0
    allowed = ALLOWED_SEND_FLAGS if allow_ephemeral else ALLOWED_SEND_FLAGS & ~FLAG_EPHEMERAL
    if flags & ~allowed:
        errs.add(("flags",), "MESSAGE_FLAGS_INVALID", f"Invalid flags: {flags & ~allowed}")
    validate_components(errs, payload.get("components"), flags)
    if flags & FLAG_COMPONENTS_V2:
        for legacy in ("content", "embeds", "poll", "sticker_ids"):
            if payload.get(legacy):
                errs.add(
                    (legacy,),
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    "content, embeds, poll and stickers cannot be used with components v2",
                )
    errs.check()
    if not existing and flags & FLAG_COMPONENTS_V2 and not payload.get("components"):
        raise DiscordError(400, 50006, "Cannot send an empty message")
    if not existing and not (
        content
        or payload.get("embeds")
        or payload.get("components")
        or n_files
        or payload.get("poll")
        or payload.get("sticker_ids")
    ):
        raise DiscordError(400, 50006, "Cannot send an empty message")


def validate_modal(data: Any) -> None:
    """Callback 9: a title of 1-45, 1-5 rows of one text input each (or labels)."""
    errs = FormErrors()
    if not isinstance(data, dict):
        errs.add(("data",), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
        errs.check()
        return
    _length(errs, ("data", "title"), data.get("title"), 1, 45, required=True)
    _length(errs, ("data", "custom_id"), data.get("custom_id"), 1, 100, required=True)
    rows = data.get("components")
    if not isinstance(rows, list) or not 1 <= len(rows) <= 5:
        errs.add(
            ("data", "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."
        )
        errs.check()
        return
    custom_ids: set[str] = set()
    for i, row in enumerate(rows):
        here = ("data", "components", i)
        kind = row.get("type") if isinstance(row, dict) else None
        if kind == 1:
            children = row.get("components") or []
            if len(children) != 1:
                errs.add((*here, "components"), "BASE_TYPE_BAD_LENGTH", "Must be 1 in length.")
            for j, child in enumerate(children):
                if child.get("type") != 4:
                    errs.add(
                        (*here, "components", j, "type"),
                        "UNION_TYPE_CHOICES",
                        "Only text inputs may be in a modal row.",
                    )
                    continue
                _length(
                    errs,
                    (*here, "components", j, "label"),
                    child.get("label"),
                    1,
                    45,
                    required=True,
                )
                _validate_text_input(errs, (*here, "components", j), child, custom_ids)
        elif kind == 18:
            _length(errs, (*here, "label"), row.get("label"), 1, 45, required=True)
            _length(errs, (*here, "description"), row.get("description"), 0, 100, required=False)
            child = row.get("component")
            if not isinstance(child, dict):
                errs.add((*here, "component"), "BASE_TYPE_REQUIRED", "This field is required")
            elif child.get("type") == 4:
                _validate_text_input(errs, (*here, "component"), child, custom_ids)
            elif child.get("type") in SELECT_TYPES:
                _validate_select(errs, (*here, "component"), child, custom_ids)
            else:
                _check_custom_id(
                    errs, (*here, "component", "custom_id"), child.get("custom_id"), custom_ids
                )
        elif kind == 10:
            _length(errs, (*here, "content"), row.get("content"), 1, 4000, required=True)
        else:
            errs.add(
                (*here, "type"),
                "UNION_TYPE_CHOICES",
                "A modal holds action rows, labels or text displays.",
            )
    errs.check()


def _validate_text_input(
    errs: FormErrors, path: tuple[Any, ...], comp: dict[str, Any], custom_ids: set[str]
) -> None:
    _check_custom_id(errs, (*path, "custom_id"), comp.get("custom_id"), custom_ids)
    if comp.get("style", 1) not in (1, 2):
        errs.add((*path, "style"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.")
    _int_range(errs, (*path, "min_length"), comp.get("min_length"), 0, 4000)
    _int_range(errs, (*path, "max_length"), comp.get("max_length"), 1, 4000)
    _length(errs, (*path, "value"), comp.get("value"), 0, 4000, required=False)
    _length(errs, (*path, "placeholder"), comp.get("placeholder"), 0, 100, required=False)
