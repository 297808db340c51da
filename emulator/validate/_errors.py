"""Discord's error answers, the form errors a check collects, and the checks of a
length and of an integer range every part uses."""

from __future__ import annotations

from typing import Any


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


def check_length(
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


def check_int_range(
    errs: FormErrors, path: tuple[Any, ...], value: Any, low: int, high: int
) -> None:
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
