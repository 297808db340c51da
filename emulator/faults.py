"""Injected failures: what `Emulator.inject_fault` arms and the middleware serves."""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field

from aiohttp import web

from .http import json_response


@dataclass
class Fault:
    """An injected failure: the next ``times`` requests matching ``route`` get ``status``."""

    route: str
    status: int
    times: int
    retry_after: float = 0.1
    global_: bool = False
    via: bool = True
    code: int = 0
    message: str | None = None
    hits: int = 0
    served: list[str] = field(default_factory=list)

    def matches(self, method: str, template: str, path: str) -> bool:
        if self.hits >= self.times:
            return False
        pattern = self.route if " " in self.route else f"* {self.route}"
        return fnmatch.fnmatchcase(f"{method} {template}", pattern) or fnmatch.fnmatchcase(
            f"{method} {path}", pattern
        )

    def response(self) -> web.Response:
        if self.status == 429:
            body = {
                "message": self.message or "You are being rate limited.",
                "retry_after": self.retry_after,
                "global": self.global_,
                "code": self.code,
            }
            headers = {
                "Retry-After": str(max(1, int(self.retry_after + 0.999))),
                "X-RateLimit-Scope": "global" if self.global_ else "user",
            }
            if self.global_:
                headers["X-RateLimit-Global"] = "true"
            if self.via:
                headers["Via"] = "1.1 google"
            return json_response(body, 429, headers)
        text = self.message or {
            500: "500: Internal Server Error",
            502: "502: Bad Gateway",
            503: "503: Service Unavailable",
            504: "504: Gateway Timeout",
        }.get(self.status, f"{self.status}: Error")
        return json_response({"message": text, "code": self.code}, self.status)
