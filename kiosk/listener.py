"""The supervisor's end of the heartbeat: a private sd_notify socket for the game.

The game cannot talk to systemd itself: it runs inside cage, a child of the
unit's main process, and systemd accepts only the main process's
notifications here (PAMName= moves children into a session scope, where
NotifyAccess=all would not reach the unit). So the supervisor binds its own
datagram socket, hands its path to the game as NOTIFY_SOCKET, and relays.
"""

from __future__ import annotations

import contextlib
import os
import select
import socket
from pathlib import Path

from kiosk.sdnotify import parse_message

MAX_DATAGRAM = 4096


class HeartbeatListener:
    def __init__(self, path: Path) -> None:
        self.path = path
        if path.exists() or path.is_symlink():
            path.unlink()
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
        self.sock.bind(str(path))
        os.chmod(path, 0o600)

    def receive(self, timeout: float) -> list[dict[str, str]]:
        """Waits up to `timeout` for a message, then returns every message queued."""
        ready, _, _ = select.select([self.sock], [], [], max(0.0, timeout))
        return self.drain() if ready else []

    def drain(self) -> list[dict[str, str]]:
        """Everything queued now; the supervisor discards a dead game's last words this way."""
        messages: list[dict[str, str]] = []
        while True:
            try:
                data = self.sock.recv(MAX_DATAGRAM, socket.MSG_DONTWAIT)
            except BlockingIOError:
                return messages
            messages.append(parse_message(data))

    def close(self) -> None:
        self.sock.close()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
