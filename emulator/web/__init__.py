"""The sandbox page: a small Discord-like web client over the emulator (``docs/sandbox.md``)."""

from .app import SandboxPage, is_loopback

__all__ = ["SandboxPage", "is_loopback"]
