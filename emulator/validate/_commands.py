"""Application commands: names, options, choices, and the limits on a command's size."""

from __future__ import annotations

import math
import unicodedata
from typing import Any

from ._errors import FormErrors, check_int_range, check_length

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
        check_length(errs, path, value, 1, 100, required=True)
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
        check_length(errs, (*here, "description"), opt.get("description"), 1, 100, required=True)
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
                    check_length(
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
                        check_int_range(errs, (*here, key), opt[key], low, 6000)
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
            check_length(errs, (i, "description"), cmd.get("description"), 1, 100, required=True)
            _validate_options(errs, (i, "options"), cmd.get("options"), 0, None)
            if _command_chars(cmd) > 4000:
                errs.add(
                    (i,), "APPLICATION_COMMAND_TOO_LARGE", "Command exceeds maximum size (4000)"
                )
        else:
            check_length(errs, (i, "name"), name, 1, 32, required=True)
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
            check_length(
                errs, ("data", "choices", i, "name"), choice.get("name"), 1, 100, required=True
            )
            if "value" not in choice:
                errs.add(
                    ("data", "choices", i, "value"), "BASE_TYPE_REQUIRED", "This field is required"
                )
    errs.check()
