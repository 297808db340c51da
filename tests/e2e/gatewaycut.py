"""A TCP forwarder in front of the emulator's gateway that can cut it like a network would:
every socket dropped and new ones refused until restored. Only the gateway may go through
it: aiohttp can upgrade a pooled keep-alive connection to a websocket, so a connection's
first request does not tell what it carries."""

from __future__ import annotations

import asyncio
import contextlib


class GatewayCut:
    """Listens on its own port and forwards to ``upstream``; ``cut()``/``restore()``."""

    def __init__(self, upstream_port: int, host: str = "127.0.0.1") -> None:
        self.host = host
        self.upstream_port = upstream_port
        self.port = 0
        self.is_cut = False
        self.refused = 0
        #: Set at each connection refused while cut (`refusals`).
        self._refusal = asyncio.Event()
        #: The emulator's REST base, which bypasses the proxy.
        self.rest = ""
        self._sockets: set[asyncio.StreamWriter] = set()
        self._server: asyncio.Server | None = None

    async def start(self) -> GatewayCut:
        self._server = await asyncio.start_server(self._serve, self.host, 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        for writer in list(self._sockets):
            writer.close()

    def cut(self) -> None:
        self.is_cut = True
        for writer in list(self._sockets):
            writer.transport.abort()  # a reset, as when a route drops

    def restore(self) -> None:
        self.is_cut = False

    async def refusals(self, count: int, timeout: float) -> None:  # noqa: ASYNC109
        """Until `count` connections were refused while cut (a client that tried to
        reconnect); TimeoutError after `timeout` seconds."""

        async def reached() -> None:
            while self.refused < count:
                self._refusal.clear()
                await self._refusal.wait()

        await asyncio.wait_for(reached(), timeout)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.is_cut:
            self.refused += 1
            self._refusal.set()
            writer.transport.abort()
            return
        up_reader, up_writer = await asyncio.open_connection(self.host, self.upstream_port)
        self._sockets.add(writer)
        try:
            await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))
        finally:
            self._sockets.discard(writer)
            for w in (writer, up_writer):
                w.close()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError, OSError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    with contextlib.suppress(ConnectionError, OSError, RuntimeError):
        writer.close()  # one side ended: end the other, as a proxy does
