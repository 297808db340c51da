"""Message components: buttons, selects, action rows, and the layouts of components v2."""

from __future__ import annotations

from typing import Any

from ..models import FLAG_COMPONENTS_V2
from ._errors import FormErrors, check_int_range, check_length

SELECT_TYPES = {3, 5, 6, 7, 8}
V2_TOP_LEVEL = {1, 9, 10, 12, 13, 14, 17}


def _validate_button(
    errs: FormErrors, path: tuple[Any, ...], comp: dict[str, Any], custom_ids: set[str]
) -> None:
    style = comp.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        errs.add((*path, "style"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4, 5, 6}.")
        return
    check_length(errs, (*path, "label"), comp.get("label"), 0, 80, required=False)
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
        check_custom_id(errs, (*path, "custom_id"), comp.get("custom_id"), custom_ids)
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


def check_custom_id(
    errs: FormErrors, path: tuple[Any, ...], custom_id: Any, custom_ids: set[str]
) -> None:
    check_length(errs, path, custom_id, 1, 100, required=True)
    if isinstance(custom_id, str):
        if custom_id in custom_ids:
            errs.add(
                path, "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"
            )
        custom_ids.add(custom_id)


def validate_select(
    errs: FormErrors, path: tuple[Any, ...], comp: dict[str, Any], custom_ids: set[str]
) -> None:
    check_custom_id(errs, (*path, "custom_id"), comp.get("custom_id"), custom_ids)
    check_length(errs, (*path, "placeholder"), comp.get("placeholder"), 0, 150, required=False)
    check_int_range(errs, (*path, "min_values"), comp.get("min_values"), 0, 25)
    check_int_range(errs, (*path, "max_values"), comp.get("max_values"), 1, 25)
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
            check_length(
                errs, (*path, "options", i, "label"), option.get("label"), 1, 100, required=True
            )
            check_length(
                errs, (*path, "options", i, "value"), option.get("value"), 1, 100, required=True
            )
            check_length(
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
            validate_select(errs, here, comp, custom_ids)
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


def _text_check_length(components: list[Any]) -> int:
    """The characters of every text display of a layout, together (Discord: 4000 at most)."""
    n = 0
    for comp in components:
        if not isinstance(comp, dict):
            continue
        if comp.get("type") == 10 and isinstance(comp.get("content"), str):
            n += len(comp["content"])
        if isinstance(comp.get("components"), list):
            n += _text_check_length(comp["components"])
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
    check_int_range(errs, (*path, "id"), comp_id, 0, 2**31 - 1)
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
            check_length(errs, (*here, "content"), comp.get("content"), 1, 4000, required=True)
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
                check_length(
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
                check_int_range(errs, (*here, "accent_color"), comp["accent_color"], 0, 0xFFFFFF)
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
        check_length(
            errs, (*here, "description"), accessory.get("description"), 0, 1024, required=False
        )
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
        if _text_check_length(components) > 4000:
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
