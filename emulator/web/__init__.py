"""The sandbox page: a small Discord-like web client over the emulator (``docs/sandbox.md``)."""

from .app import SandboxPage

__all__ = ["SandboxPage"]
