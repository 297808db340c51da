"""Modals: their rows, labels, text inputs and selects."""

from __future__ import annotations

from typing import Any

from ._components import SELECT_TYPES, check_custom_id, validate_select
from ._errors import FormErrors, check_int_range, check_length


def validate_modal(data: Any) -> None:
    """Callback 9: a title of 1-45, 1-5 rows of one text input each (or labels)."""
    errs = FormErrors()
    if not isinstance(data, dict):
        errs.add(("data",), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
        errs.check()
        return
    check_length(errs, ("data", "title"), data.get("title"), 1, 45, required=True)
    check_length(errs, ("data", "custom_id"), data.get("custom_id"), 1, 100, required=True)
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
                check_length(
                    errs,
                    (*here, "components", j, "label"),
                    child.get("label"),
                    1,
                    45,
                    required=True,
                )
                _validate_text_input(errs, (*here, "components", j), child, custom_ids)
        elif kind == 18:
            check_length(errs, (*here, "label"), row.get("label"), 1, 45, required=True)
            check_length(
                errs, (*here, "description"), row.get("description"), 0, 100, required=False
            )
            child = row.get("component")
            if not isinstance(child, dict):
                errs.add((*here, "component"), "BASE_TYPE_REQUIRED", "This field is required")
            elif child.get("type") == 4:
                _validate_text_input(errs, (*here, "component"), child, custom_ids)
            elif child.get("type") in SELECT_TYPES:
                validate_select(errs, (*here, "component"), child, custom_ids)
            else:
                check_custom_id(
                    errs, (*here, "component", "custom_id"), child.get("custom_id"), custom_ids
                )
        elif kind == 10:
            check_length(errs, (*here, "content"), row.get("content"), 1, 4000, required=True)
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
    check_custom_id(errs, (*path, "custom_id"), comp.get("custom_id"), custom_ids)
    if comp.get("style", 1) not in (1, 2):
        errs.add((*path, "style"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.")
    check_int_range(errs, (*path, "min_length"), comp.get("min_length"), 0, 4000)
    check_int_range(errs, (*path, "max_length"), comp.get("max_length"), 1, 4000)
    check_length(errs, (*path, "value"), comp.get("value"), 0, 4000, required=False)
    check_length(errs, (*path, "placeholder"), comp.get("placeholder"), 0, 100, required=False)
