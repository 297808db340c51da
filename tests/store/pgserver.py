"""A throwaway PostgreSQL server for the tests and `bench/store.py`: `initdb` in a temporary
folder, `postgres` on a free 127.0.0.1 port, stopped and deleted at the end.

It uses the server binaries of Debian's `postgresql` package (`/usr/lib/postgresql/N/bin`,
installed by `.ci/run` and the README's test command). `initdb` refuses to run as root, so
when root the folder is handed to the `postgres` user and every server command runs as
that user (`runuser -u postgres --`).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

#: The role the tests connect as (trust authentication on 127.0.0.1 only).
USER = "gin"


def server_bin() -> Path:
    """The folder of `initdb` and `pg_ctl` (the newest installed major version)."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[4])
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb is None:
        raise RuntimeError(
            "PostgreSQL's server binaries are missing: apt-get install -y postgresql"
        )
    return Path(initdb).parent


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class PgServer:
    """One cluster; `start()` then `stop()` (or use as a context manager)."""

    def __init__(self, *, durable: bool = False) -> None:
        #: False (tests): no fsync, as a test's data need not survive a power cut. True
        #: (the bench): the server's production defaults, so commits are flushed.
        self.durable = durable
        self.bin = server_bin()
        self.as_postgres = os.geteuid() == 0
        self.root = Path(tempfile.mkdtemp(prefix="gin-pg-"))
        self.data = self.root / "data"
        self.port = 0

    def _run(self, *args: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_postgres else []
        subprocess.run(
            [*prefix, *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def start(self) -> PgServer:
        try:
            return self._start()
        except BaseException:
            self.port = -1  # stop() tries pg_ctl stop whatever happened, then deletes
            self.stop()
            raise

    def _start(self) -> PgServer:
        if self.as_postgres:
            shutil.chown(self.root, "postgres", "postgres")
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            USER,
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
            "--no-sync",
        )
        for attempt in range(3):
            port = free_port()
            try:
                self._pg_ctl_start(port)
                break
            except subprocess.CalledProcessError:
                # Another program took the free port between our look and the server's bind.
                if attempt == 2:
                    log = self.root / "server.log"
                    raise RuntimeError(
                        f"PostgreSQL did not start: {log.read_text() if log.exists() else ''}"
                    ) from None
        self.port = port
        return self

    def _pg_ctl_start(self, port: int) -> None:
        options = [
            f"-p {port}",
            "-c listen_addresses=127.0.0.1",
            f"-k {self.root}",  # the unix socket stays in our folder, not /var/run
            "-c max_connections=200",
        ]
        if not self.durable:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.root / "server.log"),
            "-o",
            " ".join(options),
            "-w",
            "-t",
            "60",
            "start",
        )

    def stop(self) -> None:
        try:
            if self.port and (self.data / "postmaster.pid").exists():
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "stop")
        finally:
            self.port = 0
            shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> PgServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
