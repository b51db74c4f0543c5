"""systemd's notification protocol (sd_notify) in plain Python, so no new dependency.

A message is one datagram of `KEY=value` lines sent to the AF_UNIX socket named
by NOTIFY_SOCKET (a leading "@" means Linux's abstract namespace). Sending
never raises: systemd may be gone during shutdown, and neither the game nor
the supervisor may fall over because a status line could not be delivered.
This module only speaks the protocol; deciding when to speak is the caller's.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping

ENV_SOCKET = "NOTIFY_SOCKET"
ENV_WATCHDOG_USEC = "WATCHDOG_USEC"
ENV_WATCHDOG_PID = "WATCHDOG_PID"


def socket_address(path: str) -> str | bytes:
    """The address to send to: abstract names ("@name") become a leading NUL byte."""
    if path.startswith("@"):
        return b"\0" + path[1:].encode()
    return path


def format_message(fields: Mapping[str, str | int]) -> bytes:
    """KEY=value lines; a newline inside a value would start a bogus key, so it is refused."""
    lines = []
    for key, value in fields.items():
        text = str(value)
        if "\n" in text or not key or "=" in key or "\n" in key:
            raise ValueError(f"sd_notify field {key!r}={text!r} cannot be sent on one line")
        lines.append(f"{key}={text}")
    return ("\n".join(lines) + "\n").encode()


def parse_message(data: bytes) -> dict[str, str]:
    """The fields of a received datagram; lines without "=" are ignored, as systemd does."""
    fields: dict[str, str] = {}
    for line in data.decode("utf-8", "replace").splitlines():
        key, sep, value = line.partition("=")
        if sep and key:
            fields[key] = value
    return fields


def watchdog_interval(env: Mapping[str, str] | None = None, pid: int | None = None) -> float | None:
    """Seconds between systemd's watchdog deadlines for this process, or None when off.

    Like sd_watchdog_enabled(): WATCHDOG_PID, when set, must name this process,
    because a child inherits the variables but is not the one being watched.
    """
    env = os.environ if env is None else env
    usec = env.get(ENV_WATCHDOG_USEC, "")
    if not usec.isdigit() or int(usec) == 0:
        return None
    watched = env.get(ENV_WATCHDOG_PID, "")
    if watched and watched != str(os.getpid() if pid is None else pid):
        return None
    return int(usec) / 1_000_000


class Notifier:
    """A sender bound to one notification socket; a Notifier without a socket sends nothing."""

    def __init__(self, path: str | None) -> None:
        self.path = path or None
        self._sock: socket.socket | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Notifier:
        env = os.environ if env is None else env
        return cls(env.get(ENV_SOCKET))

    @property
    def enabled(self) -> bool:
        return self.path is not None

    def send(self, **fields: str | int) -> bool:
        """True when the datagram left; False when there is no socket or nobody listens."""
        if self.path is None:
            return False
        data = format_message(fields)
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._sock.sendto(data, socket_address(self.path))
        except OSError:
            return False
        return True

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None
