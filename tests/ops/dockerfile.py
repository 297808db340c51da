"""Read the Dockerfile's instructions, so tests check and replay the image's real steps."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).parents[2]


@dataclass(frozen=True)
class Instruction:
    op: str
    args: str

    def words(self) -> list[str]:
        """The arguments: the JSON (exec) form or shell words."""
        text = self.args.strip()
        if text.startswith("["):
            return list(json.loads(text))
        return shlex.split(text)


def instructions(path: Path = ROOT / "Dockerfile") -> list[Instruction]:
    """Each instruction, continuation lines joined, comments dropped."""
    found: list[Instruction] = []
    pending = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        if stripped.startswith("#"):
            continue
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        whole = pending + stripped
        pending = ""
        op, _, args = whole.partition(" ")
        found.append(Instruction(op.upper(), args))
    return found


def env(found: list[Instruction]) -> dict[str, str]:
    values: dict[str, str] = {}
    for ins in found:
        if ins.op == "ENV":
            for word in ins.words():
                key, _, value = word.partition("=")
                values[key] = value
    return values


def one(found: list[Instruction], op: str) -> Instruction:
    [ins] = [i for i in found if i.op == op]
    return ins
